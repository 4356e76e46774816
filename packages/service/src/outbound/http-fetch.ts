import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { redactedUrl } from './redacted-url.js';
import { SERVICE_VERSION } from '../settings/service-version.js';
import { hostOf, isPrivateAddress, type AddressPolicy } from './address-policy.js';
import { describeNetworkError, getFollowingRedirects as getUntrusted, headerOf, readBoundedBody, untrustedDispatcher, UntrustedHttpError } from './untrusted-http.js';

/**
 * The one way sync talks to the network: bounded in time, size and number, retried with backoff
 * and jitter, identified by a descriptive User-Agent, through HTTPS_PROXY / HTTP_PROXY unless
 * NO_PROXY exempts the host, and refusing hosts and addresses the policy does not allow (checked on
 * every redirect, and on the address a name resolves to when connecting directly).
 */
export interface FetchLimits {
  /** One attempt, whole: connecting, the headers and the whole body (a dripped answer ends here). */
  readonly timeoutMs: number;
  readonly maxBytes: number;
  /** Attempts after the first, for network errors, timeouts, 429 and 5xx answers. */
  readonly retries: number;
  /** The first retry waits about this long; each further one twice as long, with jitter. */
  readonly backoffMs: number;
  /** Requests a whole run may make, retries and redirects included. */
  readonly maxRequests: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, retries: 3, backoffMs: 1000, maxRequests: 120 };

/** Who asks, and where to read about it: what SYNC_USER_AGENT replaces. */
export const DEFAULT_USER_AGENT = `china-holiday-calendar-sync/${SERVICE_VERSION} (+https://www.npmjs.com/package/china-holiday-calendar; the mainland-China holiday calendar service, reading the State Council holiday notices a few times a day)`;

/** Why a request failed; its message names the URL redacted (docs/operators.md, "Security"). */
export class FetchError extends Error {
  override name = 'FetchError';
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${redactedUrl(url)}: ${reason}`);
  }
}

export interface FetchedText {
  /** The address the answer came from, after redirects. */
  readonly url: string;
  readonly contentType: string;
  readonly text: string;
}

export interface Fetcher {
  /** GET, from an address the policy allows (the first URL and every redirect). */
  getText(url: string, accept: string): Promise<FetchedText>;
  /** POST a body (webhooks): one attempt, the status, never a throw for an HTTP status. */
  post(url: string, body: string, headers: Readonly<Record<string, string>>): Promise<number>;
  /** Requests made so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export interface FetcherOptions {
  /** Ends every request under way, and refuses new ones, when it aborts (the run's deadline). */
  readonly signal?: AbortSignal;
  /** Connections open at once to one host (webhook receivers: a slow one cannot pile them up). */
  readonly connectionsPerHost?: number;
  /** The User-Agent sent (SYNC_USER_AGENT); DEFAULT_USER_AGENT when unset. */
  readonly userAgent?: string;
}

class Budget {
  used = 0;
  constructor(private readonly max: number) {}
  take(url: string): void {
    if (this.used >= this.max) throw new FetchError(url, `not requested: this run reached its limit of ${this.max} requests`);
    this.used += 1;
  }
}

export function createFetcher(policy: AddressPolicy, limits: FetchLimits = DEFAULT_FETCH_LIMITS, options: FetcherOptions = {}): Fetcher {
  const dispatcher = untrustedDispatcher({ timeoutMs: limits.timeoutMs, connections: options.connectionsPerHost, lookup: guardedLookup(policy) });
  const budget = new Budget(limits.maxRequests);
  const run = options.signal;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const ended = (): boolean => run?.aborted === true;
  /** The signal of one attempt: its own deadline, or the run's. */
  const attemptSignal = (): AbortSignal => (run === undefined ? AbortSignal.timeout(limits.timeoutMs) : AbortSignal.any([run, AbortSignal.timeout(limits.timeoutMs)]));
  return {
    get requests() {
      return budget.used;
    },
    async getText(url, accept) {
      let lastError: FetchError | undefined;
      for (let attempt = 0; attempt <= limits.retries; attempt += 1) {
        if (attempt > 0) await sleep(backoff(limits.backoffMs, attempt), undefined, run === undefined ? {} : { signal: run }).catch(() => undefined);
        if (ended()) throw new FetchError(url, RUN_ENDED);
        try {
          return await getFollowingRedirects(url, { accept, 'user-agent': userAgent }, policy, limits, dispatcher, budget, attemptSignal());
        } catch (error) {
          if (ended()) throw new FetchError(url, RUN_ENDED);
          if (!(error instanceof RetryableError)) throw error;
          lastError = new FetchError(error.url, `${error.message} (after ${attempt + 1} attempt${attempt === 0 ? '' : 's'})`);
          if (budget.used >= limits.maxRequests) break;
        }
      }
      throw lastError ?? new FetchError(url, 'not fetched');
    },
    async post(url, body, headers) {
      budget.take(url);
      const signal = attemptSignal();
      try {
        const answer = await request(url, { method: 'POST', dispatcher, signal, headers: { 'user-agent': userAgent, 'content-type': 'application/json', ...headers }, body });
        // The status is the answer: the body is read to free the connection, but a slow or long
        // one only until the attempt's deadline.
        await answer.body.dump({ limit: 64 * 1024, signal }).catch(() => undefined);
        return answer.statusCode;
      } catch (error) {
        throw new FetchError(url, describeNetworkError(error, limits.timeoutMs, signal));
      }
    },
    close: () => dispatcher.close(),
  };
}

/** An attempt that may succeed if tried again: a network error, a timeout, 429 or 5xx. */
class RetryableError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(reason);
  }
}

async function getFollowingRedirects(
  first: string,
  headers: { readonly accept: string; readonly 'user-agent': string },
  policy: AddressPolicy,
  limits: FetchLimits,
  dispatcher: Dispatcher,
  budget: Budget,
  signal: AbortSignal,
): Promise<FetchedText> {
  checkAddress(first, policy);
  let reached: { readonly url: URL; readonly answer: Dispatcher.ResponseData };
  try {
    reached = await getUntrusted(new URL(first), {
      dispatcher,
      signal,
      timeoutMs: limits.timeoutMs,
      headers,
      admit: (url) => {
        checkAddress(url.href, policy);
        budget.take(url.href);
      },
    });
  } catch (error) {
    if (!(error instanceof UntrustedHttpError)) throw error;
    if (error.network) throw new RetryableError(error.url.href, error.message);
    throw new FetchError(error.url.href, error.message);
  }
  const { answer } = reached;
  const url = reached.url.href;
  const { statusCode } = answer;
  if (statusCode === 429 || statusCode >= 500) {
    await answer.body.dump();
    throw new RetryableError(url, `answered ${statusCode}`);
  }
  if (statusCode !== 200) {
    await answer.body.dump({ limit: 64 * 1024, signal }).catch(() => undefined);
    // gov.cn's firewall has refused some clients by their User-Agent.
    throw new FetchError(url, statusCode === 403 ? 'answered 403 (refused; if it refuses this User-Agent, set SYNC_USER_AGENT)' : `answered ${statusCode}`);
  }
  const text = await readLimited(reached.url, answer, limits, signal);
  return { url, contentType: headerOf(answer, 'content-type') ?? '', text };
}

/** The body, refused once it exceeds `maxBytes` (announced or counted), and refused unless it is UTF-8. */
async function readLimited(url: URL, answer: Dispatcher.ResponseData, limits: FetchLimits, signal: AbortSignal): Promise<string> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readBoundedBody(url, answer, limits.maxBytes, limits.timeoutMs, signal);
  } catch (error) {
    if (error instanceof UntrustedHttpError) throw new RetryableError(url.href, error.message);
    throw error;
  }
  if (bytes === undefined) throw new FetchError(url.href, `the answer is over the limit of ${limits.maxBytes} bytes; not read`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new FetchError(url.href, 'the answer is not UTF-8 text');
  }
}

function checkAddress(url: string, policy: AddressPolicy): void {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new FetchError(url, 'not an http(s) address');
  const refusal = policy.refusal(new URL(url));
  if (refusal !== undefined) throw new FetchError(url, refusal);
  const host = hostOf(url);
  if (isPrivateAddress(host) && !policy.allowsPrivateAddressFor(host)) throw new FetchError(url, `${host} is a private or loopback address; not fetched`);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup, refusing private addresses unless the policy allows them: a public name that resolves inward is refused too. */
function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error !== null) {
        callback(error, []);
        return;
      }
      const refused = policy.allowsPrivateAddressFor(hostname.toLowerCase()) ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused !== undefined) {
        callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, a private or loopback address; not fetched`), { code: 'EPRIVATEADDRESS' }), []);
        return;
      }
      if ((options as { all?: boolean }).all === true) callback(null, addresses);
      else {
        const [firstAddress] = addresses;
        if (firstAddress === undefined) callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
        else callback(null, firstAddress.address, firstAddress.family);
      }
    });
  };
}

function backoff(baseMs: number, attempt: number): number {
  const exponential = baseMs * 2 ** (attempt - 1);
  return exponential / 2 + Math.random() * (exponential / 2);
}

/** The reason a request ends when the run's deadline passes. */
export const RUN_ENDED = "not finished: the run's time is up (SYNC_RUN_TIMEOUT_SECONDS)";
