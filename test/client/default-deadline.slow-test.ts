import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { CalendarNetworkError, createCalendarClient } from 'china-holiday-calendar/client';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server.js';

/*
 * A client created with nothing but its address still bounds every call: a server that never
 * answers, or drips its answer, over a real socket, meets the default deadline of 10 s (a slow
 * suite: it waits those 10 seconds).
 */

const servers: HostileServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

describe('the default deadline', () => {
  it('ends a call to a silent server, and one to a dripping server, after 10 s, without any option set', async () => {
    const silent = await startHostileServer(() => undefined);
    const dripping = await startHostileServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      const drip = setInterval(() => response.write(' '), 500);
      response.on('close', () => {
        clearInterval(drip);
      });
    });
    servers.push(silent, dripping);
    const timed = async (url: string): Promise<number> => {
      const started = performance.now();
      await assert.rejects(createCalendarClient({ baseUrl: url }).dateStatus('2024-02-04'), (error: unknown) => error instanceof CalendarNetworkError && error.code === 'TIMEOUT');
      return performance.now() - started;
    };
    const [silentMs, drippingMs] = await Promise.all([timed(silent.url), timed(dripping.url)]);
    for (const ms of [silentMs, drippingMs]) assert.ok(ms >= 9_900 && ms < 12_000, `${ms.toFixed(0)} ms`);
  });
});
