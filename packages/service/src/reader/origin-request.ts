import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';
import { redactedUrl } from '../outbound/redacted-url.js';
import { SERVICE_VERSION } from '../settings/service-version.js';

/** What one GET of an origin's file gave: the file, its validators, or that it has not changed or is not there. */
export type OriginAnswer =
  | { readonly status: 200; readonly body: Buffer; readonly etag: string | undefined; readonly lastModified: string | undefined; readonly date: string | undefined }
  | { readonly status: 200; readonly refused: string }
  | { readonly status: 304 | 404 };

/** The origin could not be asked (network, timeout, an answer other than 200, 304 or 404, a redirect elsewhere): the poll failed. */
export class OriginError extends Error {
  override name = 'OriginError';
}

export interface OriginClient {
  /** GET `name` under the folder URL, with conditional headers; bodies of at most `maxBytes`. */
  get(name: string, options: { readonly maxBytes: number; readonly headers?: Readonly<Record<string, string>> }): Promise<OriginAnswer>;
  close(): Promise<void>;
}

const MAX_REDIRECTS = 3;
const USER_AGENT = `china-holiday-calendar-service/${SERVICE_VERSION} (a reader following a published calendar dataset)`;

/**
 * HTTP to a reader's origin, which is untrusted: every request bounded in time (`timeoutMs` from
 * the request to the last byte), every body in size, redirects followed only within the origin
 * (scheme, host and port), TLS certificates verified (Node's defaults, NODE_EXTRA_CA_CERTS
 * included), through HTTPS_PROXY / HTTP_PROXY unless NO_PROXY names the host.
 */
export function createOriginClient(folderUrl: string, timeoutMs: number): OriginClient {
  const dispatcher: Dispatcher = new EnvHttpProxyAgent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connect: { timeout: timeoutMs } });
  const base = new URL(folderUrl);
  const origin = base.origin;
  // A user name and password in DATA_URL are sent as Basic authentication, to this origin only;
  // the URLs asked for, logged and shown carry none.
  const authorization =
    base.username === '' && base.password === '' ? {} : { authorization: `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}` };
  const folder = withoutCredentials(base);
  return {
    async get(name, { maxBytes, headers = {} }) {
      const signal = AbortSignal.timeout(timeoutMs);
      let url = new URL(name, folder);
      for (let redirects = 0; ; redirects += 1) {
        let answer: Dispatcher.ResponseData;
        try {
          answer = await request(url, { method: 'GET', dispatcher, signal, headers: { 'user-agent': USER_AGENT, accept: 'application/json, text/plain', ...authorization, ...headers } });
        } catch (error) {
          throw new OriginError(`${shown(url)}: ${describe(error, timeoutMs)}`);
        }
        const { statusCode } = answer;
        if (statusCode === 200) return readBounded(answer, maxBytes, url, timeoutMs);
        await answer.body.dump().catch(() => undefined);
        if (statusCode === 304 || statusCode === 404) return { status: statusCode };
        const location = header(answer, 'location');
        if (statusCode < 300 || statusCode >= 400 || location === undefined) throw new OriginError(`${shown(url)}: answered ${statusCode}`);
        const next = URL.canParse(location, url.href) ? new URL(location, url) : undefined;
        if (next?.origin !== origin) throw new OriginError(`${shown(url)}: redirected to another origin (${next === undefined ? 'an unusable Location' : shown(next)}); not followed`);
        if (redirects >= MAX_REDIRECTS) throw new OriginError(`${shown(url)}: more than ${MAX_REDIRECTS} redirects`);
        url = next;
      }
    },
    close: () => dispatcher.close(),
  };
}

/** The body, unless it is larger than `maxBytes` (announced or counted): then the file is refused, unread beyond the limit. */
async function readBounded(answer: Dispatcher.ResponseData, maxBytes: number, url: URL, timeoutMs: number): Promise<OriginAnswer> {
  const tooLarge = { status: 200, refused: `over the limit of ${maxBytes} bytes a file may have; not read` } as const;
  if (Number(header(answer, 'content-length') ?? 0) > maxBytes) {
    answer.body.destroy();
    return tooLarge;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        answer.body.destroy();
        return tooLarge;
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw new OriginError(`${shown(url)}: ${describe(error, timeoutMs)}`);
  }
  return { status: 200, body: Buffer.concat(chunks), etag: header(answer, 'etag'), lastModified: header(answer, 'last-modified'), date: header(answer, 'date') };
}

function header(answer: Dispatcher.ResponseData, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A URL without its user name and password: what is asked for (the credentials go in a header). */
function withoutCredentials(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

/** A URL as an error names it (the log, /readyz): redacted as every configured URL is. */
function shown(url: URL): string {
  return redactedUrl(url.href);
}

function describe(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (error.name === 'TimeoutError' || error.name === 'AbortError' || (code?.endsWith('_TIMEOUT') ?? false)) return `no complete answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : error.message;
  return code === undefined ? detail : `${detail} (${code})`;
}
