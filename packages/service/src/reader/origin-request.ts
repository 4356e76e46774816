import type { Dispatcher } from 'undici';
import { redactedUrl } from '../outbound/redacted-url.js';
import { getFollowingRedirects, headerOf, readBoundedBody, untrustedDispatcher, UntrustedHttpError } from '../outbound/untrusted-http.js';
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

const USER_AGENT = `china-holiday-calendar-service/${SERVICE_VERSION} (a reader following a published calendar dataset)`;

/**
 * HTTP to a reader's origin, which is untrusted: every request bounded in time (`timeoutMs` from
 * the request to the last byte), every body in size, redirects followed only within the origin
 * (scheme, host and port), TLS certificates verified (Node's defaults, NODE_EXTRA_CA_CERTS
 * included), through HTTPS_PROXY / HTTP_PROXY unless NO_PROXY names the host.
 */
export function createOriginClient(folderUrl: string, timeoutMs: number): OriginClient {
  const dispatcher = untrustedDispatcher({ timeoutMs });
  const base = new URL(folderUrl);
  const origin = base.origin;
  // A user name and password in DATA_URL are sent as Basic authentication, to this origin only;
  // the URLs asked for, logged and shown carry none.
  const authorization =
    base.username === '' && base.password === '' ? {} : { authorization: `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}` };
  const folder = withoutCredentials(base);
  const sameOrigin = (url: URL): void => {
    if (url.origin !== origin) throw new OriginError(`redirected to another origin (${shown(url)}); not followed`);
  };
  return {
    async get(name, { maxBytes, headers = {} }) {
      const signal = AbortSignal.timeout(timeoutMs);
      const headersSent = { 'user-agent': USER_AGENT, accept: 'application/json, text/plain', ...authorization, ...headers };
      let reached: { readonly url: URL; readonly answer: Dispatcher.ResponseData };
      try {
        reached = await getFollowingRedirects(new URL(name, folder), { dispatcher, signal, timeoutMs, headers: headersSent, admit: sameOrigin });
      } catch (error) {
        throw error instanceof UntrustedHttpError ? new OriginError(`${shown(error.url)}: ${error.message}`) : error;
      }
      const { url, answer } = reached;
      const { statusCode } = answer;
      if (statusCode === 200) return readWhole(answer, maxBytes, url, timeoutMs);
      await answer.body.dump().catch(() => undefined);
      if (statusCode === 304 || statusCode === 404) return { status: statusCode };
      throw new OriginError(`${shown(url)}: answered ${statusCode}`);
    },
    close: () => dispatcher.close(),
  };
}

/** The body, unless it is larger than `maxBytes` (announced or counted): then the file is refused, unread beyond the limit. */
async function readWhole(answer: Dispatcher.ResponseData, maxBytes: number, url: URL, timeoutMs: number): Promise<OriginAnswer> {
  let body: Buffer | undefined;
  try {
    body = await readBoundedBody(url, answer, maxBytes, timeoutMs);
  } catch (error) {
    throw error instanceof UntrustedHttpError ? new OriginError(`${shown(url)}: ${error.message}`) : error;
  }
  if (body === undefined) return { status: 200, refused: `over the limit of ${maxBytes} bytes a file may have; not read` };
  return { status: 200, body, etag: headerOf(answer, 'etag'), lastModified: headerOf(answer, 'last-modified'), date: headerOf(answer, 'date') };
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
