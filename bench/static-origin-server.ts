/**
 * The origin a benchmarked reader follows: the files of folders, each under a path of its own, as a
 * static web server or a bucket would serve them. A `friendly` folder answers with an ETag and a
 * 304 on a match, as any static server does; a `hostile` one ignores conditional requests and
 * sends every file whole at every poll, with no validator, as an attacker would.
 *   node dist/bench/static-origin-server.js <port> <name>=<folder>:<friendly|hostile> ...
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const [port = '0', ...mounts] = process.argv.slice(2);
const folders = new Map(
  mounts.map((mount) => {
    const match = /^([\w-]+)=(.+):(friendly|hostile)$/.exec(mount);
    if (match === null) throw new Error(`not <name>=<folder>:<friendly|hostile>: ${mount}`);
    const [, name = '', folder = '', behaviour = ''] = match;
    return [name, { folder, hostile: behaviour === 'hostile' }];
  }),
);

createServer((request, response) => {
  const [, name = '', file = ''] = /^\/([\w-]+)\/([\w.]+)$/.exec(request.url ?? '') ?? [];
  const mount = folders.get(name);
  let body: Buffer;
  try {
    if (mount === undefined || file === '') throw new Error('no such file');
    // Read at every request: a folder changed meanwhile is served as it is now.
    body = readFileSync(join(mount.folder, file));
  } catch {
    response.writeHead(404).end();
    return;
  }
  if (mount.hostile) {
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    return;
  }
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, { etag }).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json', etag }).end(body);
}).listen(Number(port), '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
