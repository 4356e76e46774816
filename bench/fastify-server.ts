/**
 * Baseline 2: a minimal Fastify server with one route sending the same precomputed Buffer: the
 * framework's own floor.
 *   node dist/bench/fastify-server.js <port> <body-file>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port = '0', bodyFile = ''] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const app = Fastify({ logger: false, keepAliveTimeout: 65_000 });
app.get('/*', (_request, reply) => reply.send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');

// Exit normally on a signal, so that profilers and coverage tools write their output.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
