import { CalendarNetworkError } from '../library/errors.js';

/**
 * One GET as the client sends it, bounded in time and size whatever the server does: the whole
 * call (every attempt, the waits between them and the reading of the body) ends by its deadline;
 * a body is read as it arrives and refused past MAX_RESPONSE_BYTES; a connection that fails and a
 * 503 that says when to come back (Retry-After) are tried again, with backoff, while the deadline
 * allows. Only GETs are sent, so trying again never does anything twice. Every failure is a
 * CalendarNetworkError with its cause, never a bare TypeError.
 */

/** The longest a call may take by default, retries included. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** How many times a call is tried again by default after its first attempt. */
export const DEFAULT_RETRIES = 2;
/** The largest answer read: many times the largest the service sends (the whole calendar feed, about 140 KB). */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** The first wait before trying again after a network error; each further wait doubles, with jitter. */
const FIRST_BACKOFF_MS = 200;
/** The longest timeoutMs a timer can wait for (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

export interface TransportOptions {
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly retries: number;
}

/** An answer read whole: its status, headers and body text. */
export interface ReadAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** Why the attempt in flight was stopped: the call's deadline, or the caller's signal. */
type Stop = 'deadline' | 'caller';

/** GETs `url` within the call's deadline, trying again where that is safe and useful. */
export async function getWithin(url: string, headers: Readonly<Record<string, string>>, options: TransportOptions, signal?: AbortSignal): Promise<ReadAnswer> {
  const deadline = Date.now() + options.timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const mayRetry = attempt < options.retries;
    let answer: ReadAnswer;
    try {
      answer = await attemptOnce(url, headers, options.fetch, deadline, signal);
    } catch (error) {
      if (!(error instanceof RetryableFailure) || !mayRetry) throw error instanceof RetryableFailure ? error.failure : error;
      await waitBefore(deadline, backoffMs(attempt), signal, url, error.failure);
      continue;
    }
    const retryAfter = answer.status === 503 ? retryAfterMs(answer.headers.get('retry-after')) : undefined;
    // A 503 that says when to come back is tried again then, if that is before the deadline.
    if (retryAfter === undefined || !mayRetry || Date.now() + retryAfter >= deadline) return answer;
    await waitBefore(deadline, retryAfter, signal, url, undefined);
  }
}

/** A failure worth trying again (the connection failed or broke): its error, should no try be left. */
class RetryableFailure extends Error {
  constructor(readonly failure: CalendarNetworkError) {
    super(failure.message);
  }
}

async function attemptOnce(
  url: string,
  headers: Readonly<Record<string, string>>,
  fetchFrom: typeof fetch,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<ReadAnswer> {
  const controller = new AbortController();
  let stopped: Stop | undefined;
  // Settles when the attempt is stopped: raced against every step, so that even a fetch that
  // ignores its signal (a user's own) cannot hold the call past its deadline.
  let interrupt: (reason: unknown) => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => {
    interrupt = reject;
  });
  interrupted.catch(() => undefined);
  const stop = (why: Stop): void => {
    stopped ??= why;
    controller.abort();
    interrupt(new Error(why));
  };
  const timer = setTimeout(() => {
    stop('deadline');
  }, Math.max(0, deadline - Date.now()));
  const onAbort = (): void => {
    stop('caller');
  };
  if (signal?.aborted === true) stop('caller');
  signal?.addEventListener('abort', onAbort);
  const step = <T>(work: Promise<T>): Promise<T> => Promise.race([work, interrupted]);
  try {
    let response: Response;
    try {
      response = await step(fetchFrom(url, { headers, signal: controller.signal }));
    } catch (error) {
      throw failureOf(error, stopped, url, 'fetching');
    }
    try {
      const text = await readBounded(url, response, controller, step);
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      if (error instanceof CalendarNetworkError) throw error;
      throw failureOf(error, stopped, url, 'reading the answer');
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** What a failed fetch or read was: the deadline, the caller's abort, or the network (worth another try). */
function failureOf(error: unknown, stopped: Stop | undefined, url: string, doing: string): Error {
  if (stopped === 'deadline') return new CalendarNetworkError('TIMEOUT', `${url} did not answer in time (${doing})`, url, error);
  if (stopped === 'caller') return new CalendarNetworkError('ABORTED', `the request to ${url} was aborted`, url, error);
  return new RetryableFailure(new CalendarNetworkError('NETWORK_ERROR', `${url} could not be reached (${doing}): ${describeCause(error)}`, url, error));
}

/** The cause of a network failure in a few words: undici's "fetch failed" hides it one level down. */
function describeCause(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (inner instanceof Error) {
    const code = (inner as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${inner.message}` : inner.message;
  }
  return String(error);
}

/** The body as text, read piece by piece and refused as soon as it passes MAX_RESPONSE_BYTES (or says it will). */
async function readBounded(url: string, response: Response, controller: AbortController, step: <T>(work: Promise<T>) => Promise<T>): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > MAX_RESPONSE_BYTES) {
    controller.abort();
    throw tooLarge(url, `says it is ${declared} bytes`);
  }
  if (response.body === null) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  for (;;) {
    const { done, value } = await step(reader.read());
    if (done) return text + decoder.decode();
    received += value.byteLength;
    if (received > MAX_RESPONSE_BYTES) {
      controller.abort();
      void reader.cancel().catch(() => undefined);
      throw tooLarge(url, `went on past ${MAX_RESPONSE_BYTES} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

function tooLarge(url: string, how: string): CalendarNetworkError {
  return new CalendarNetworkError('RESPONSE_TOO_LARGE', `the answer of ${url} ${how}; the service's answers are far smaller (at most ${MAX_RESPONSE_BYTES} bytes are read)`, url);
}

/** Waits `ms` before the next attempt, unless that would pass the deadline (then `failure`, or a timeout) or the caller aborts. */
async function waitBefore(deadline: number, ms: number, signal: AbortSignal | undefined, url: string, failure: CalendarNetworkError | undefined): Promise<void> {
  if (Date.now() + ms >= deadline) throw failure ?? new CalendarNetworkError('TIMEOUT', `${url} did not answer in time`, url);
  if (signal?.aborted === true) throw new CalendarNetworkError('ABORTED', `the request to ${url} was aborted`, url, signal.reason);
  await new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CalendarNetworkError('ABORTED', `the request to ${url} was aborted`, url, signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wait before try number `attempt + 2`: 200 ms, 400 ms, 800 ms… each between half and all of it (jitter). */
function backoffMs(attempt: number): number {
  const full = FIRST_BACKOFF_MS * 2 ** attempt;
  return full / 2 + Math.random() * (full / 2);
}

/** A Retry-After value in milliseconds from now (delay-seconds or an HTTP date, RFC 9110 section 10.2.3), or undefined. */
function retryAfterMs(value: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const when = Date.parse(text);
  return Number.isNaN(when) ? undefined : Math.max(0, when - Date.now());
}
