import type { FastifyReply, FastifyRequest } from 'fastify';
// Imported, not the global: node's global Buffer is read through a global IC call (about 150
// instructions a read on Node 24, several reads per answer), an imported binding is a constant.
import { Buffer } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import { EncodedBodies } from './compression.js';
import type { HeaderList, ResponseBody } from './response-body.js';

/**
 * What every response carries besides its body: the request id, headers that fit a JSON API
 * (no sniffing, no framing, no referrer, no framework fingerprint), and CORS for browser clients.
 */
export interface ResponsePolicy {
  /** Base of the problem type URIs, without a trailing slash. */
  readonly docsUrl: string;
  /** `*` (any origin), a set of allowed origins, or none (an empty set). */
  readonly corsOrigins: '*' | ReadonlySet<string>;
  /** Request headers a CORS preflight allows besides API_REQUEST_HEADERS. */
  readonly corsAllowedHeaders: readonly string[];
}

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Cache-Control of answers that cannot change until the data does, and of answers containing UNKNOWN days. */
export const CACHE_SETTLED = 'public, max-age=86400';
export const CACHE_UNSETTLED = 'public, max-age=300';
export const CACHE_NEVER = 'no-store';

/**
 * The headers OWASP's REST Security Cheat Sheet asks of a JSON API that also fit ours: no MIME
 * sniffing, and a policy under which a JSON answer loads nothing and cannot be framed. (The
 * documentation pages add X-Frame-Options and Referrer-Policy, which only documents use; each
 * header costs every answer its validation in node:http: BENCHMARKS.md.)
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
} as const;

/** The Content-Security-Policy of everything but the documentation pages: JSON loads nothing. */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

export const CORS_EXPOSED = 'X-Request-Id, ETag, Retry-After';

/** The request headers the API itself reads: a preflight always allows them. */
export const API_REQUEST_HEADERS = ['X-Request-Id', 'If-None-Match'] as const;

/** Header names and values in one flat list, as node:http's writeHead takes them: no per-request object. */
export type { HeaderList, ResponseBody } from './response-body.js';

/**
 * The one way the service writes a response. Each response is written straight to Node with a
 * flat header list, most of it computed once per app, and counted in the metrics here: the hot
 * path runs no hooks and builds no header objects.
 */
/** One response as a route writes it. */
export interface OutgoingResponse {
  /** The metrics label: the operation id, or the route's own label ("none" before routing). */
  readonly operation: string;
  readonly status: number;
  readonly headers: HeaderList;
  /**
   * Lists sent after `headers`, in order, without being copied into it first: lists shared by
   * many answers (Cache-Control, a problem's Retry-After, the coding's Vary). Each copy of a list
   * into a longer one costs a copy and a growth of the array, measured at about 300 instructions.
   */
  readonly moreHeaders?: HeaderList | undefined;
  readonly lastHeaders?: HeaderList | undefined;
  readonly body?: ResponseBody | undefined;
  /** Replaces the JSON answers' Content-Security-Policy (the HTML pages'). */
  readonly csp?: string | undefined;
}

export interface Responder {
  readonly policy: ResponsePolicy;
  /** Large bodies compressed once each, for the answers that are sent compressed (compression.ts). */
  readonly encodedBodies: EncodedBodies;
  /**
   * Writes status, the common headers, the response's headers and its body (left out for HEAD,
   * whose content-length still says what GET would send).
   */
  write(request: FastifyRequest, reply: FastifyReply, response: OutgoingResponse): void;
  /** The Access-Control-Allow-Origin value for this request, or undefined when CORS does not apply. */
  allowedOrigin(request: FastifyRequest): string | undefined;
  /**
   * Counts an answer written without Fastify (client-errors.ts: what Node's parser rejects, the
   * request timeout, CONNECT, a failed expectation), so that /metrics shows every answer. Such
   * answers have no request received whole to time: they count in http_requests_total only.
   */
  countRawAnswer(operation: string, status: number): void;
}

/**
 * Where the responder counts each answer it writes: the service's metrics (http/ops/metrics.ts).
 * Only this is asked of them, so that the kernel every route uses needs nothing of the room above it.
 */
export interface AnswerCounter {
  observeRequest(operation: string, status: number, seconds?: number): void;
}

export function createResponder(policy: ResponsePolicy, metrics?: AnswerCounter): Responder {
  const anyOrigin = policy.corsOrigins === '*';
  const common: string[] = Object.entries(SECURITY_HEADERS).flat();
  // With a list of origins, the answer depends on the Origin header even where none is echoed,
  // so every response says so to caches (Fetch standard, "CORS protocol and HTTP caches").
  if (anyOrigin) common.push('access-control-allow-origin', '*', 'access-control-expose-headers', CORS_EXPOSED);
  else if (policy.corsOrigins.size > 0) common.push('vary', 'Origin');

  const allowedOrigin = (request: FastifyRequest): string | undefined => {
    if (policy.corsOrigins === '*') return '*';
    const origin = request.headers.origin;
    return origin !== undefined && policy.corsOrigins.has(origin) ? origin : undefined;
  };

  const commonForJson = common.concat('content-security-policy', JSON_CSP);

  return {
    policy,
    encodedBodies: new EncodedBodies(),
    allowedOrigin,
    countRawAnswer(operation, status) {
      metrics?.observeRequest(operation, status);
    },
    write(request, reply, { operation, status, headers, moreHeaders, lastHeaders, body, csp }) {
      const base = csp === undefined ? commonForJson : [...common, 'content-security-policy', csp];
      const origin = anyOrigin ? undefined : allowedOrigin(request);
      // A body the route read to its end (the MCP endpoint's) leaves the connection reusable.
      const close = declaresBody(request.raw) && !request.raw.readableEnded;
      // One array of the final length, filled in place: spreading the lists into a literal and
      // pushing the rest copied and grew it on every answer (BENCHMARKS.md, the ~700 instructions).
      // Not Array.prototype.concat either: V8 runs concat of mixed arguments in its C++ runtime.
      const list = new Array<string>(
        base.length + 2 + headers.length + (moreHeaders?.length ?? 0) + (lastHeaders?.length ?? 0) + (origin === undefined ? 0 : 4) + (body === undefined ? 0 : 2) + (close ? 2 : 0),
      );
      let at = copyInto(list, 0, base);
      list[at++] = 'x-request-id';
      list[at++] = request.id;
      at = copyInto(list, at, headers);
      if (moreHeaders !== undefined) at = copyInto(list, at, moreHeaders);
      if (lastHeaders !== undefined) at = copyInto(list, at, lastHeaders);
      if (origin !== undefined) {
        list[at++] = 'access-control-allow-origin';
        list[at++] = origin;
        list[at++] = 'access-control-expose-headers';
        list[at++] = CORS_EXPOSED;
      }
      if (body !== undefined) {
        list[at++] = 'content-length';
        list[at++] = String(byteLength(body));
      }
      if (close) {
        list[at++] = 'connection';
        list[at] = 'close';
      }
      // A handler that wrote twice is a bug: fail loudly (logged as INTERNAL_ERROR) rather than lose it.
      if (reply.sent) throw new Error(`a second answer was written for request ${request.id}`);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(status, list);
      // Node leaves the body out of a HEAD answer by itself.
      if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
        response.end(body);
      } else {
        // Corked, the pieces leave with the headers in one writev: zero-copy, one system call.
        response.cork();
        for (let at = 0; at < body.length - 1; at++) response.write(body[at]);
        response.end(body.at(-1));
      }
      metrics?.observeRequest(operation, status, reply.elapsedTime / 1000);
    },
  };
}

/**
 * Whether a request announces a body (RFC 9112 section 6.3). The service reads none (but the MCP
 * endpoint's), and Node would keep the connection open after the answer to read and discard it,
 * however long it is (Content-Length: 1073741824) or however slowly it comes: such a request is
 * answered, then its connection is closed.
 */
function declaresBody(request: IncomingMessage): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/** Copies a header list into `list` from `at`; returns the position after it. */
function copyInto(list: string[], at: number, headers: HeaderList): number {
  let next = at;
  for (let from = 0; from < headers.length; from++) list[next++] = headers[from] as string;
  return next;
}

function byteLength(body: ResponseBody): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (Buffer.isBuffer(body)) return body.length;
  let length = 0;
  for (const chunk of body) length += chunk.length;
  return length;
}

/** The methods a route answers, and the request headers a CORS preflight allows for them beyond the API's own. */
export interface RouteMethods {
  /** As Allow lists them, OPTIONS included. */
  readonly allow: string;
  /** The methods a preflight may ask for. */
  readonly methods: readonly string[];
  readonly requestHeaders: readonly string[];
}

/** Every route's methods but the MCP endpoint's: GET and HEAD, with the API's request headers. */
export const GET_METHODS: RouteMethods = { allow: ALLOWED_METHODS, methods: ['GET', 'HEAD'], requestHeaders: [] };

/**
 * OPTIONS on a known path: a CORS preflight for one of the route's methods from an allowed origin
 * gets the preflight headers (the allowed request headers whatever it asks for: the browser checks
 * them); any OPTIONS gets 204 with Allow.
 */
export function sendOptions(responder: Responder, request: FastifyRequest, reply: FastifyReply, operation: string, rule: RouteMethods = GET_METHODS): void {
  const headers = ['allow', rule.allow, 'cache-control', CACHE_NEVER];
  const requestedMethod = request.headers['access-control-request-method'];
  if (responder.allowedOrigin(request) !== undefined && requestedMethod !== undefined && rule.methods.includes(requestedMethod)) {
    headers.push(
      'access-control-allow-methods',
      rule.methods.join(', '),
      'access-control-allow-headers',
      [...API_REQUEST_HEADERS, ...rule.requestHeaders, ...responder.policy.corsAllowedHeaders].join(', '),
      'access-control-max-age',
      '86400',
    );
  }
  responder.write(request, reply, { operation, status: 204, headers });
}

/** Whether an If-None-Match header matches a strong ETag (weak comparison, as RFC 9110 requires for it). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}
