import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** One HTTP answer, however it was obtained (inject, node:http, a raw socket). Header names are lowercase. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
}

export function fromInject(response: LightMyRequestResponse): HttpAnswer {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
  }
  return { status: response.statusCode, headers, body: response.body };
}

/** The headers of an answer without Date, which differs between two answers of the same request. */
export function headersWithoutDate(answer: HttpAnswer): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(answer.headers).filter(([name]) => name !== 'date'));
}

export async function inject(app: FastifyInstance, options: InjectOptions | string): Promise<HttpAnswer> {
  return fromInject(await app.inject(options));
}

/** GET through inject. */
export async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return inject(app, { method: 'GET', url, headers });
}

/**
 * Writes raw bytes to a fresh connection and reads until the server closes it (requests sent
 * here ask `Connection: close`, and a rejected request is answered then closed), so nothing waits
 * on a clock. Returns every byte received, decoded as latin1 so that bytes map one to one.
 */
export function rawExchange(port: number, data: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
}

/** Parses one HTTP/1.1 response (Content-Length framed, or no body) out of raw bytes. */
export function parseRawAnswer(raw: string): HttpAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no complete HTTP response in ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine = '', ...headerLines] = raw.slice(0, end).split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (match === null) throw new Error(`bad status line ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const bodyBytes = Buffer.from(raw.slice(end + 4), 'latin1');
  const length = headers['content-length'];
  const body = (length === undefined ? bodyBytes : bodyBytes.subarray(0, Number(length))).toString('utf8');
  return { status: Number(match[1]), headers, body };
}

export async function rawRequest(port: number, data: string | Buffer): Promise<HttpAnswer> {
  return parseRawAnswer(await rawExchange(port, data));
}

/** A GET (or other method) over node:http, optionally through a keep-alive agent. */
export function httpCall(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; agent?: Agent } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(baseUrl);
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The port a listening Fastify app is bound to. */
export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return address.port;
}
