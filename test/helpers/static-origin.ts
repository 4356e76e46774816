import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/**
 * An origin a reader follows, over a real socket: the files of a folder under /data/, served as a
 * static web server, an object store or a CDN would, and misbehaving as the test asks. Every
 * request is recorded (path and the conditional headers it carried).
 */
export type OriginBehaviour =
  /** ETag and Last-Modified, 304 on a match. */
  | 'etag'
  /** Last-Modified only (like `python3 -m http.server`), 304 on If-Modified-Since. */
  | 'last-modified'
  /** No validator at all: every request a full 200. */
  | 'plain'
  | 'error-500'
  /** Headers, then the body a byte a second. */
  | 'dripping'
  /** Every file redirected to another origin. */
  | 'redirect-elsewhere'
  /** Every file redirected to the same path under /moved/ on this origin. */
  | 'redirect-here';

export interface OriginRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly ifModifiedSince: string | undefined;
}

export interface StaticOrigin {
  /** The folder URL a reader's DATA_URL names: `http://127.0.0.1:<port>/data/`. */
  readonly url: string;
  readonly requests: OriginRequest[];
  behave(behaviour: OriginBehaviour): void;
  close(): Promise<void>;
}

export async function startStaticOrigin(dir: string, behaviour: OriginBehaviour = 'etag'): Promise<StaticOrigin> {
  let current = behaviour;
  const requests: OriginRequest[] = [];
  let base = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://origin.invalid').pathname;
    const header = (name: string): string | undefined => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    requests.push({ path, authorization: header('authorization'), ifNoneMatch: header('if-none-match'), ifModifiedSince: header('if-modified-since') });
    if (current === 'error-500') return void response.writeHead(500).end('trouble');
    const name = /^\/(?:moved\/)?data\/([\w.]+)$/.exec(path)?.[1];
    if (current === 'redirect-elsewhere') return void response.writeHead(302, { location: `http://localhost:1/data/${name ?? ''}` }).end();
    if (current === 'redirect-here' && !path.startsWith('/moved/')) return void response.writeHead(301, { location: `/moved${path}` }).end();
    let body: Buffer;
    let modified: Date;
    try {
      if (name === undefined) throw new Error('not a file');
      body = readFileSync(join(dir, name));
      modified = statSync(join(dir, name)).mtime;
    } catch {
      return void response.writeHead(404).end('not found');
    }
    serve(response, body, modified, header('if-none-match'), header('if-modified-since'));
  });
  const serve = (response: ServerResponse, body: Buffer, modified: Date, ifNoneMatch: string | undefined, ifModifiedSince: string | undefined): void => {
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    const lastModified = modified.toUTCString();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (current === 'etag') headers.etag = etag;
    if (current === 'etag' || current === 'last-modified') headers['last-modified'] = lastModified;
    const notModified =
      (current === 'etag' && ifNoneMatch === etag) ||
      (current === 'last-modified' && ifModifiedSince !== undefined && Math.floor(modified.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000));
    if (notModified) return void response.writeHead(304, headers).end();
    if (current !== 'dripping') return void response.writeHead(200, headers).end(body);
    response.writeHead(200, { ...headers, 'content-length': String(body.length) });
    let at = 0;
    const drip = setInterval(() => {
      if (at >= body.length || response.destroyed) {
        clearInterval(drip);
        response.end();
        return;
      }
      response.write(body.subarray(at, at + 1));
      at += 1;
    }, 1000);
    response.on('close', () => clearInterval(drip));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/data/`,
    requests,
    behave(next) {
      current = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
