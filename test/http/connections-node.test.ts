import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { test } from 'node:test';
import { responseUnderWay } from 'china-holiday-calendar-service/internal/http/ops/connections.js';

/*
 * The drain and the client-error handler learn whether an answer is under way on a connection from
 * the property Node's own server keeps for it (http/ops/connections.ts: no public equivalent).
 * This holds every Node line CI runs to that: if a release renames it, this fails before a drain
 * starts losing requests.
 */
test('responseUnderWay: the response Node is computing on a connection, and none once it is sent', async () => {
  let during: ServerResponse | undefined;
  let mine: ServerResponse | undefined;
  let connection: Socket | undefined;
  const server = createServer((request, response) => {
    mine = response;
    connection = request.socket;
    during = responseUnderWay(request.socket);
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let after: ServerResponse | undefined | 'unset' = 'unset';
  await new Promise<void>((resolve, reject) => {
    const sent = httpRequest({ port, host: '127.0.0.1', path: '/', agent: false }, (answer) => {
      answer.resume();
      answer.on('end', () => {
        setImmediate(() => {
          after = connection === undefined ? 'unset' : responseUnderWay(connection);
          resolve();
        });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
  server.close();
  assert.ok(mine !== undefined && during === mine, 'the response under way is the one being computed');
  assert.equal(after, undefined, 'none once it has been sent, on the same connection');
});
