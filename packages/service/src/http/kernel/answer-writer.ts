import type { FastifyReply, FastifyRequest } from 'fastify';
import { codingFor, codingHeaders, etagInCoding } from './compression.js';
import { matchesIfNoneMatch, type HeaderList, type Responder, type ResponseBody } from './response-policy.js';

const VARY_ACCEPT: HeaderList = ['vary', 'Accept'];

/** A 200 answer as its route has it: what it is, the ETag that names its bytes, how it may be sent. */
export interface TaggedAnswer {
  /** The metrics label: the operation id, or the route's own label. */
  readonly operation: string;
  readonly contentType: string;
  readonly body: ResponseBody;
  /** The strong ETag naming the body: a request that names it gets 304, and it keys the body's compressed forms. */
  readonly etag: string;
  /** Sent with the 200 and with the 304 (Cache-Control, the pages' security headers, …). */
  readonly headers: HeaderList;
  /** The media type was negotiated from Accept: both representations say Vary: Accept. */
  readonly variesOnAccept?: boolean;
  /** Never compressed: files a reader verifies byte for byte, as they are. */
  readonly identityOnly?: boolean;
  /** Replaces the JSON answers' Content-Security-Policy (the HTML pages'). */
  readonly csp?: string;
}

/**
 * The one way a route writes a 200 answer: under its strong ETag, or 304 when If-None-Match names
 * it; a large body in the coding the request prefers, compressed once per ETag and validated against
 * that coding's own ETag (`"…+br"`); a small one as it is.
 */
export function writeAnswer(responder: Responder, request: FastifyRequest, reply: FastifyReply, answer: TaggedAnswer): void | Promise<void> {
  const { operation, body, csp } = answer;
  const coding = answer.identityOnly === true ? undefined : codingFor(request, body);
  const etag = coding === undefined ? answer.etag : etagInCoding(answer.etag, coding);
  // The answer's own headers, then its shared list and the coding's, written after them without
  // being copied into one list first (OutgoingResponse.moreHeaders).
  const lastHeaders = coding !== undefined ? codingHeaders(coding, answer.variesOnAccept === true) : answer.variesOnAccept === true ? VARY_ACCEPT : undefined;
  const moreHeaders = answer.headers;
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    responder.write(request, reply, { operation, status: 304, headers: ['etag', etag], moreHeaders, lastHeaders, csp });
    return;
  }
  const headers = ['content-type', answer.contentType, 'etag', etag];
  if (coding === undefined) {
    responder.write(request, reply, { operation, status: 200, headers, moreHeaders, lastHeaders, body, csp });
    return;
  }
  const encoded = responder.encodedBodies.get(answer.etag, coding, body);
  if (!(encoded instanceof Promise)) {
    responder.write(request, reply, { operation, status: 200, headers, moreHeaders, lastHeaders, body: encoded, csp });
    return;
  }
  return encoded.then((bytes) => {
    responder.write(request, reply, { operation, status: 200, headers, moreHeaders, lastHeaders, body: bytes, csp });
  });
}
