import type { FastifyReply, FastifyRequest } from 'fastify';
import { codingFor, codingHeaders, etagInCoding } from './compression.js';
import { matchesIfNoneMatch, type HeaderList, type Responder, type ResponseBody } from './response-policy.js';

const VARY_ACCEPT: HeaderList = ['vary', 'Accept'];

/**
 * Writes a 200 answer under its strong ETag, or 304 when If-None-Match names it: a large body in
 * the coding the request prefers, compressed once per ETag (which names the bytes) and validated
 * against that coding's own ETag; a small one as it is. `headers` (Cache-Control, …) go with both.
 * An answer whose media type was negotiated says Vary: Accept (with Accept-Encoding when large).
 */
export function writeValidatedAnswer(
  responder: Responder,
  request: FastifyRequest,
  reply: FastifyReply,
  label: string,
  etag: string,
  headers: HeaderList,
  contentType: string,
  body: ResponseBody,
  variesOnAccept: boolean,
  csp?: string,
): void | Promise<void> {
  const coding = codingFor(request, body);
  if (coding === undefined) {
    const validators = ['etag', etag, ...headers, ...(variesOnAccept ? VARY_ACCEPT : [])];
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      responder.write(request, reply, label, 304, validators, undefined, csp);
      return;
    }
    responder.write(request, reply, label, 200, ['content-type', contentType, ...validators], body, csp);
    return;
  }
  const codingEtag = etagInCoding(etag, coding);
  const validators = ['etag', codingEtag, ...headers, ...codingHeaders(coding, variesOnAccept)];
  if (matchesIfNoneMatch(request.headers['if-none-match'], codingEtag)) {
    responder.write(request, reply, label, 304, validators, undefined, csp);
    return;
  }
  const encoded = responder.encodedBodies.get(etag, coding, body);
  if (!(encoded instanceof Promise)) {
    responder.write(request, reply, label, 200, ['content-type', contentType, ...validators], encoded, csp);
    return;
  }
  return encoded.then((bytes) => {
    responder.write(request, reply, label, 200, ['content-type', contentType, ...validators], bytes, csp);
  });
}
