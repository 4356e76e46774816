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

/** How a connection ended: `end` when the server closed it cleanly, else the socket error (ECONNRESET: a reset). */
export interface ConnectionEnd {
  readonly how: string;
  /** Bytes received after the last answer read (latin1). */
  readonly unread: string;
  /** performance.now() when it ended. */
  readonly at: number;
}

/**
 * A raw keep-alive connection: `request` writes bytes and resolves with the next whole answer
 * (Content-Length framed); `ended` resolves when the connection ends, however it ends.
 */
export interface RawConnection {
  request(data: string): Promise<HttpAnswer>;
  write(data: string | Buffer): void;
  readonly ended: Promise<ConnectionEnd>;
  destroy(): void;
}

export function openRawConnection(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = Buffer.alloc(0);
    let waiting: { resolve: (answer: HttpAnswer) => void; reject: (error: Error) => void } | undefined;
    const takeAnswer = (): void => {
      const text = received.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (waiting === undefined || headEnd === -1) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      const answer = parseRawAnswer(text.slice(0, headEnd + 4 + length));
      received = received.subarray(headEnd + 4 + length);
      const { resolve: answered } = waiting;
      waiting = undefined;
      answered(answer);
    };
    let endedAs: string | undefined;
    let end: (how: string) => void = () => undefined;
    const ended = new Promise<ConnectionEnd>((resolveEnd) => {
      end = (how) => {
        endedAs ??= how;
        resolveEnd({ how, unread: received.toString('latin1'), at: performance.now() });
        waiting?.reject(new Error(`the connection ended (${how}) before the answer`));
        waiting = undefined;
      };
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      takeAnswer();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => end(error.code ?? error.message));
    socket.on('close', () => end('end'));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve({
        request(data) {
          return new Promise((answered, failed) => {
            if (endedAs !== undefined) {
              failed(new Error(`the connection had ended (${endedAs}) before the request`));
              return;
            }
            waiting = { resolve: answered, reject: failed };
            socket.write(Buffer.from(data, 'latin1'));
            takeAnswer();
          });
        },
        write(data) {
          if (!socket.destroyed) socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
        },
        ended,
        destroy: () => socket.destroy(),
      });
    });
  });
}

export async function rawRequest(port: number, data: string | Buffer): Promise<HttpAnswer> {
  return parseRawAnswer(await rawExchange(port, data));
}

/** A GET (or other method, with a body) over node:http, optionally through a keep-alive agent. */
export function httpCall(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; agent?: Agent; body?: string } = {},
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
    req.end(options.body);
  });
}

/** The port a listening Fastify app is bound to. */
export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return address.port;
}
