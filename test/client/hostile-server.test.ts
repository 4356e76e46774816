import assert from 'node:assert/strict';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { CalendarError, CalendarNetworkError, CalendarProblemError, createCalendarClient, type CalendarClientOptions } from 'china-holiday-calendar/client';
import { CalendarInputError } from 'china-holiday-calendar';
import { freePort } from '../helpers/free-port.js';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server.js';

/*
 * The typed client against local servers that fail in every way a service or what stands before
 * it can, over real sockets: unreachable, resetting connections, never answering, dripping a body,
 * an endless body, a 503 with and without Retry-After, an answer that is not the service's JSON.
 * Every failure is a CalendarNetworkError (a CalendarError) with its cause, within the deadline,
 * and only the failures worth it are tried again.
 */

const DAY = {
  date: '2024-02-04',
  dayOfWeek: 'SUNDAY',
  workStatus: 'WORKDAY',
  dayStatus: 'ADJUSTED_WORKDAY',
  holidays: [{ code: 'SPRING_FESTIVAL', name: '春节', statutoryDate: false }],
  datasetVersion: '2025.11.04-56279d56',
};
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r-1' };

const servers: { close(): Promise<void> }[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function hostile(behave: Parameters<typeof startHostileServer>[0]): Promise<HostileServer> {
  const server = await startHostileServer(behave);
  servers.push(server);
  return server;
}

const clientOf = (url: string, options: Partial<CalendarClientOptions> = {}) => createCalendarClient({ baseUrl: url, ...options });

/** What a call rejected with, and how long it took. */
async function failure(call: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await call;
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  assert.fail('the call answered');
}

function assertNetworkError(error: unknown, code: string): CalendarNetworkError {
  assert.ok(error instanceof CalendarNetworkError, `a CalendarNetworkError, got ${String(error)}`);
  assert.ok(error instanceof CalendarError);
  assert.equal(error.code, code, error.message);
  assert.equal(error.name, 'CalendarNetworkError');
  return error;
}

describe('the service cannot be reached', () => {
  it('nothing listens: NETWORK_ERROR with the cause (ECONNREFUSED), after the retries', async () => {
    const port = await freePort();
    const { error } = await failure(clientOf(`http://127.0.0.1:${port}`).dateStatus('2024-02-04'));
    const networkError = assertNetworkError(error, 'NETWORK_ERROR');
    assert.ok(networkError.cause instanceof Error, 'the cause is kept');
    assert.match(networkError.message, /ECONNREFUSED/);
    assert.equal(networkError.url, `http://127.0.0.1:${port}/v1/china-calendar/dates/2024-02-04`);
  });

  it('every connection is reset: tried 1 + retries times, with backoff, then NETWORK_ERROR', async () => {
    let connections = 0;
    const server = createTcpServer((socket: Socket) => {
      connections++;
      socket.resetAndDestroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({ close: () => new Promise((resolve) => server.close(() => { resolve(); })) });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { error, ms } = await failure(clientOf(url).dateStatus('2024-02-04'));
    assertNetworkError(error, 'NETWORK_ERROR');
    assert.equal(connections, 3, 'the first attempt and two retries');
    assert.ok(ms >= 100 + 200, `backoff between attempts (${ms.toFixed(0)} ms)`);
    connections = 0;
    assertNetworkError((await failure(clientOf(url, { retries: 0 }).dateStatus('2024-02-04'))).error, 'NETWORK_ERROR');
    assert.equal(connections, 1, 'retries: 0 tries once');
  });

  it('a connection that breaks off mid-answer is tried again, and the next answer is taken', async () => {
    const server = await hostile((_request, response, number) => {
      const body = JSON.stringify(DAY);
      response.writeHead(200, { ...JSON_HEADERS, 'content-length': String(Buffer.byteLength(body)) });
      if (number === 1) {
        response.write(body.slice(0, 20));
        response.socket?.destroy();
        return;
      }
      response.end(body);
    });
    assert.deepEqual(await clientOf(server.url).dateStatus('2024-02-04'), DAY);
    assert.equal(server.requests.length, 2);
  });
});

describe('the service does not answer in time', () => {
  it('no headers ever: TIMEOUT at timeoutMs, not tried again', async () => {
    const server = await hostile(() => undefined);
    const { error, ms } = await failure(clientOf(server.url, { timeoutMs: 400 }).dateStatus('2024-02-04'));
    assertNetworkError(error, 'TIMEOUT');
    // Never answered, so the call ends by the deadline alone; not before it.
    assert.ok(ms >= 390, `${ms.toFixed(0)} ms`);
    assert.equal(server.requests.length, 1);
  });

  it('a body dripped a byte at a time: TIMEOUT at timeoutMs, the whole call counted, not the gaps', async () => {
    const server = await hostile((_request, response) => {
      const body = JSON.stringify(DAY);
      response.writeHead(200, { ...JSON_HEADERS, 'content-length': String(Buffer.byteLength(body)) });
      let at = 0;
      const drip = setInterval(() => {
        if (at >= body.length || response.destroyed) {
          clearInterval(drip);
          return;
        }
        response.write(body[at]);
        at++;
      }, 20);
      response.on('close', () => {
        clearInterval(drip);
      });
    });
    // The drip would end the body after several seconds; a deadline that counted only the gaps
    // between bytes would let it through, so TIMEOUT alone shows the whole call was counted.
    const { error } = await failure(clientOf(server.url, { timeoutMs: 600 }).dateStatus('2024-02-04'));
    assertNetworkError(error, 'TIMEOUT');
  });

  it('a fetch of the caller’s own that ignores its signal still cannot hold the call past the deadline', async () => {
    const stuck: typeof fetch = () => new Promise<Response>(() => undefined);
    // The fetch never settles: only the client's own deadline can end the call.
    const { error } = await failure(createCalendarClient({ baseUrl: 'http://calendar.invalid', fetch: stuck, timeoutMs: 300 }).dateStatus('2024-02-04'));
    assertNetworkError(error, 'TIMEOUT');
  });

  it('the caller’s own abort: ABORTED at once, not tried again', async () => {
    // The caller gives up once the request has arrived (not after a time, which a busy machine can
    // reach before the request does); the server never answers: ABORTED, not the default
    // deadline's TIMEOUT, shows that the abort ended the call.
    const controller = new AbortController();
    const server = await hostile(() => {
      controller.abort(new Error('the user left'));
    });
    const { error } = await failure(clientOf(server.url).withResponse.dateStatus('2024-02-04', { signal: controller.signal }));
    assertNetworkError(error, 'ABORTED');
    assert.equal(server.requests.length, 1);
  });
});

describe('the answer is too large', () => {
  it('an endless body: RESPONSE_TOO_LARGE as soon as it passes the bound, memory bounded', async () => {
    const server = await hostile((_request, response) => {
      response.writeHead(200, JSON_HEADERS);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = (): void => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    const before = process.memoryUsage().rss;
    // The body never ends: the bound alone can end the call.
    const { error } = await failure(clientOf(server.url).dateStatus('2024-02-04'));
    assertNetworkError(error, 'RESPONSE_TOO_LARGE');
    assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, 'the client did not keep the endless body');
    assert.equal(server.requests.length, 1, 'not tried again');
  });

  it('a Content-Length beyond the bound is refused before the body is read', async () => {
    const server = await hostile((_request, response) => {
      response.writeHead(200, { ...JSON_HEADERS, 'content-length': String(10 * 1024 ** 3) });
      response.write('{');
    });
    const { error } = await failure(clientOf(server.url).dateStatus('2024-02-04'));
    assert.match(assertNetworkError(error, 'RESPONSE_TOO_LARGE').message, /says it is 10737418240 bytes/);
  });
});

describe('503 and Retry-After', () => {
  it('a 503 with Retry-After is tried again then, and its answer taken', async () => {
    const server = await hostile((_request, response, number) => {
      if (number === 1) {
        response.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1' });
        response.end(JSON.stringify({ type: 'x', title: 'Calendar data unavailable', status: 503, detail: 'd', instance: '/', code: 'CALENDAR_DATA_UNAVAILABLE', requestId: 'r' }));
        return;
      }
      response.writeHead(200, JSON_HEADERS).end(JSON.stringify(DAY));
    });
    const started = performance.now();
    assert.deepEqual(await clientOf(server.url).dateStatus('2024-02-04'), DAY);
    assert.ok(performance.now() - started >= 990, 'waited as Retry-After said');
    assert.deepEqual(
      server.requests.map((request) => request.method),
      ['GET', 'GET'],
    );
  });

  it('a Retry-After past the deadline, or none, is the service’s problem at once', async () => {
    const problem = { type: 'x', title: 'Calendar data unavailable', status: 503, detail: 'd', instance: '/', code: 'CALENDAR_DATA_UNAVAILABLE', requestId: 'r' };
    for (const retryAfter of ['30', undefined]) {
      const server = await hostile((_request, response) => {
        response.writeHead(503, { 'content-type': 'application/problem+json', ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }) });
        response.end(JSON.stringify(problem));
      });
      const { error, ms } = await failure(clientOf(server.url).dateStatus('2024-02-04'));
      assert.ok(error instanceof CalendarProblemError && error.code === 'CALENDAR_DATA_UNAVAILABLE' && error.status === 503);
      assert.ok(ms < 1000, `${ms.toFixed(0)} ms: no wait that cannot end before the deadline`);
      assert.equal(server.requests.length, 1);
    }
  });
});

describe('an answer that is not the service’s', () => {
  it('a proxy’s HTML error page, JSON that does not parse or is no object, a problem that does not parse or lacks the service’s fields: UNEXPECTED_RESPONSE, not tried again', async () => {
    for (const [status, headers, body] of [
      [502, { 'content-type': 'text/html' }, '<html>bad gateway</html>'],
      [200, JSON_HEADERS, '{"date":"2024-02-04",'],
      [400, { 'content-type': 'application/problem+json' }, 'not json'],
      [200, { 'content-type': 'text/plain' }, JSON.stringify(DAY)],
      // JSON, but not an answer of the service's: a bare value, a problem without its fields or with another status.
      [200, JSON_HEADERS, '42'],
      [200, JSON_HEADERS, 'null'],
      [400, { 'content-type': 'application/problem+json' }, '{"code":"INVALID_DATE_FORMAT"}'],
      [400, { 'content-type': 'application/problem+json' }, JSON.stringify({ type: 'x', title: 't', status: 500, detail: 'd', instance: '/', code: 'INTERNAL_ERROR', requestId: 'r' })],
    ] as const) {
      const server = await hostile((_request, response) => {
        response.writeHead(status, headers).end(body);
      });
      const { error } = await failure(clientOf(server.url).dateStatus('2024-02-04'));
      assertNetworkError(error, 'UNEXPECTED_RESPONSE');
      assert.equal(server.requests.length, 1, `${status} ${body}`);
    }
  });
});

describe('the options', () => {
  it('refuses a timeoutMs or retries that is not a bound, as CalendarInputError', () => {
    for (const options of [
      { timeoutMs: 0 },
      { timeoutMs: -1 },
      { timeoutMs: Number.NaN },
      { timeoutMs: Number.POSITIVE_INFINITY },
      { timeoutMs: 2 ** 31 },
      { timeoutMs: '1000' },
      { retries: -1 },
      { retries: 1.5 },
      { retries: 11 },
      { retries: '2' },
    ]) {
      assert.throws(() => createCalendarClient({ baseUrl: 'http://127.0.0.1', ...(options as object) }), (error: unknown) => error instanceof CalendarInputError && error.code === 'INVALID_PARAMETER', JSON.stringify(options));
    }
    assert.ok(createCalendarClient({ baseUrl: 'http://127.0.0.1', timeoutMs: 1, retries: 0 }));
  });

  it('reads its own option properties only: what Object.prototype holds changes nothing', async () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.timeoutMs = 'not a number';
    prototype.retries = -1;
    prototype.fetch = 'not a function';
    try {
      const server = await hostile((_request, response) => {
        response.writeHead(200, JSON_HEADERS).end(JSON.stringify(DAY));
      });
      assert.deepEqual(await createCalendarClient({ baseUrl: server.url }).dateStatus('2024-02-04'), DAY);
    } finally {
      delete prototype.timeoutMs;
      delete prototype.retries;
      delete prototype.fetch;
    }
  });
});
