/**
 * The same-bytes floor: bare node:http answering with the service's own response for a scenario,
 * its status, every header in the service's order (a fresh X-Request-Id each time, made as the
 * service makes it) and its body. What the service sends, at the least cost node:http allows.
 *   node dist/bench/same-headers-server.js <port> <answer-file>
 * where the answer file is JSON: { "status": 200, "headers": ["name", "value", …], "body": "<base64>" }.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface RecordedAnswer {
  readonly status: number;
  readonly headers: readonly string[];
  readonly body: string;
}

const [port = '0', answerFile = ''] = process.argv.slice(2);
const answer = JSON.parse(readFileSync(answerFile, 'utf8')) as RecordedAnswer;
const body = Buffer.from(answer.body, 'base64');
const idAt = answer.headers.findIndex((name, at) => at % 2 === 0 && name.toLowerCase() === 'x-request-id');
const prefix = randomBytes(6).toString('hex');
let counter = 0;

createServer((_request, response) => {
  const headers = [...answer.headers];
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  if (idAt >= 0) headers[idAt + 1] = `${prefix}-${counter.toString(36)}`;
  response.writeHead(answer.status, headers);
  response.end(body);
})
  .listen(Number(port), '127.0.0.1', () => {
    process.send?.('ready');
  })
  .keepAliveTimeout = 65_000;

// Exit normally on a signal, so that profilers write their output.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
