/**
 * Baseline 2: a minimal Fastify server with one route sending the same precomputed Buffer: the
 * framework's own floor. With a header file (a JSON object), it sends those headers as well, the
 * way a Fastify route would: `bench:instructions` uses it to price the service's headers alone.
 * With JSON_LOGGER=1 it logs as a minimal production app does (Fastify's `logger: true`: pino's
 * JSON lines, one per request and answer): the floor of the start-up and memory section.
 *   [JSON_LOGGER=1] node dist/bench/fastify-server.js <port> <body-file> [<headers-file>]
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port = '0', bodyFile = '', headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = headersFile === undefined ? undefined : (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>);
const app = Fastify({ logger: process.env.JSON_LOGGER === '1', keepAliveTimeout: 65_000 });
app.get('/*', (_request, reply) => (headers === undefined ? reply.send(body) : reply.headers(headers).send(body)));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');

// Exit normally on a signal, so that profilers and coverage tools write their output.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
