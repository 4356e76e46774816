import type { LookupFunction } from 'node:net';
import { EnvHttpProxyAgent, request, type Dispatcher } from 'undici';

/**
 * What every request to a server the service does not trust shares (sync's sites and webhook
 * receivers through http-fetch.ts, a reader's origin through reader/origin-request.ts): one
 * undici dispatcher bounded in time (connecting, the headers, the body) and honouring HTTPS_PROXY
 * / HTTP_PROXY / NO_PROXY, at most MAX_REDIRECTS redirects, each target admitted by the caller
 * before it is asked (an address policy, the origin, a request budget), bodies read no further
 * than a limit, and one description of what went wrong on the network.
 */

/** Redirects followed at most. */
export const MAX_REDIRECTS = 3;

/** A request that failed: where, and why; `network` when the network failed (a timeout included), which a caller may try again. */
export class UntrustedHttpError extends Error {
  override name = 'UntrustedHttpError';
  constructor(
    readonly url: URL,
    reason: string,
    readonly network: boolean,
  ) {
    super(reason);
  }
}

export interface UntrustedDispatcherOptions {
  /** Connecting, the headers, and the gap between two pieces of the body. */
  readonly timeoutMs: number;
  /** Connections open at once to one host. */
  readonly connections?: number | undefined;
  /** The name lookup for direct connections (an address policy refusing private addresses). */
  readonly lookup?: LookupFunction | undefined;
}

/** The dispatcher of untrusted requests: through the environment's proxy, bounded in time. */
export function untrustedDispatcher({ timeoutMs, connections, lookup }: UntrustedDispatcherOptions): Dispatcher {
  return new EnvHttpProxyAgent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    ...(connections === undefined ? {} : { connections }),
    // Used for direct connections only: through a proxy, the proxy resolves and connects.
    connect: { timeout: timeoutMs, ...(lookup === undefined ? {} : { lookup }) },
  });
}

export interface UntrustedGet {
  readonly dispatcher: Dispatcher;
  /** Ends the request (the whole of it, redirects included) when it aborts. */
  readonly signal: AbortSignal;
  /** The request's time limit, as a timeout names it. */
  readonly timeoutMs: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Each address, the first and every redirect's target, before it is asked: throws to refuse it. */
  readonly admit: (url: URL) => void;
}

/** A GET following redirects: the first answer that is not one (a 304 included), and where it came from. The caller reads or dumps its body. */
export async function getFollowingRedirects(first: URL, get: UntrustedGet): Promise<{ readonly url: URL; readonly answer: Dispatcher.ResponseData }> {
  let url = first;
  for (let redirects = 0; ; redirects += 1) {
    get.admit(url);
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(url, { method: 'GET', dispatcher: get.dispatcher, signal: get.signal, headers: { ...get.headers } });
    } catch (error) {
      throw new UntrustedHttpError(url, describeNetworkError(error, get.timeoutMs, get.signal), true);
    }
    const { statusCode } = answer;
    if (statusCode < 300 || statusCode >= 400 || statusCode === 304) return { url, answer };
    await answer.body.dump().catch(() => undefined);
    const location = headerOf(answer, 'location');
    if (location === undefined || !URL.canParse(location, url.href)) throw new UntrustedHttpError(url, `redirect ${statusCode} without a usable Location`, false);
    if (redirects >= MAX_REDIRECTS) throw new UntrustedHttpError(url, `more than ${MAX_REDIRECTS} redirects`, false);
    url = new URL(location, url);
  }
}

/**
 * The body's bytes, or undefined when it is larger than `maxBytes` (announced, or counted as it
 * comes): then it is read no further. A network failure while reading throws (`network`).
 */
export async function readBoundedBody(url: URL, answer: Dispatcher.ResponseData, maxBytes: number, timeoutMs: number, signal?: AbortSignal): Promise<Buffer | undefined> {
  if (Number(headerOf(answer, 'content-length') ?? 0) > maxBytes) {
    answer.body.destroy();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of answer.body) {
      const bytes = chunk as Buffer;
      size += bytes.length;
      if (size > maxBytes) {
        answer.body.destroy();
        return undefined;
      }
      chunks.push(bytes);
    }
  } catch (error) {
    throw new UntrustedHttpError(url, describeNetworkError(error, timeoutMs, signal), true);
  }
  return Buffer.concat(chunks);
}

/** A response header's (first) value. */
export function headerOf(answer: Dispatcher.ResponseData, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Why a request failed on the network, as the log and /readyz say it: a timeout by its limit, otherwise the cause and its code. */
export function describeNetworkError(error: unknown, timeoutMs: number, signal?: AbortSignal): string {
  const timedOut = `no complete answer within ${timeoutMs / 1000} s`;
  if (signal?.aborted === true) return timedOut;
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (error.name === 'TimeoutError' || error.name === 'AbortError' || (code?.endsWith('_TIMEOUT') ?? false)) return timedOut;
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : error.message;
  return code === undefined ? detail : `${detail} (${code})`;
}
