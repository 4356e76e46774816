/**
 * Baseline 1: bare node:http answering one precomputed body (the same bytes the service sends
 * for the scenario), with the same content type. The floor of HTTP on Node.
 *   node dist/bench/bare-server.js <port> <body-file> <content-type>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port = '0', bodyFile = '', contentType = 'application/json; charset=utf-8'] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = ['content-type', contentType, 'content-length', String(body.length)];

createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
})
  .listen(Number(port), '127.0.0.1', () => {
    process.send?.('ready');
  })
  .keepAliveTimeout = 65_000;

// Exit normally on a signal, so that profilers and coverage tools write their output.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
