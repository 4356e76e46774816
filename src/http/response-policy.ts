import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What every response carries besides its body: the request id, headers that fit a JSON API
 * (no sniffing, no framing, no referrer, no framework fingerprint), and CORS for browser clients.
 */
export interface ResponsePolicy {
  /** Base of the problem type URIs, without a trailing slash. */
  readonly docsUrl: string;
  /** `*` (any origin), a set of allowed origins, or none (an empty set). */
  readonly corsOrigins: '*' | ReadonlySet<string>;
}

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** Cache-Control of answers that cannot change until the data does, and of answers containing UNKNOWN days. */
export const CACHE_SETTLED = 'public, max-age=86400';
export const CACHE_UNSETTLED = 'public, max-age=300';
export const CACHE_NEVER = 'no-store';

export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
} as const;

const CORS_EXPOSED = 'X-Request-Id, ETag, Retry-After';

/** Sets the headers every response carries. */
export function applyCommonHeaders(reply: FastifyReply, request: FastifyRequest, policy: ResponsePolicy): FastifyReply {
  reply.headers(SECURITY_HEADERS).header('x-request-id', request.id);
  const origin = allowedOrigin(request, policy);
  if (origin !== undefined) {
    reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', CORS_EXPOSED);
    if (origin !== '*') reply.header('vary', 'Origin');
  }
  return reply;
}

/** The Access-Control-Allow-Origin value for this request, or undefined when CORS does not apply. */
export function allowedOrigin(request: FastifyRequest, policy: ResponsePolicy): string | undefined {
  if (policy.corsOrigins === '*') return '*';
  const origin = request.headers.origin;
  return origin !== undefined && policy.corsOrigins.has(origin) ? origin : undefined;
}

/**
 * OPTIONS on a known path: a CORS preflight for GET or HEAD from an allowed origin gets the
 * preflight headers; any OPTIONS gets 204 with Allow.
 */
export function sendOptions(reply: FastifyReply, request: FastifyRequest, policy: ResponsePolicy): FastifyReply {
  applyCommonHeaders(reply, request, policy).header('allow', ALLOWED_METHODS).header('cache-control', CACHE_NEVER);
  const requestedMethod = request.headers['access-control-request-method'];
  if (allowedOrigin(request, policy) !== undefined && (requestedMethod === 'GET' || requestedMethod === 'HEAD')) {
    reply
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'X-Request-Id, If-None-Match')
      .header('access-control-max-age', '86400');
  }
  return reply.code(204).send();
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
