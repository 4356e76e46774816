import type { FastifyReply, FastifyRequest } from 'fastify';
import { codingFor, codingHeaders } from './compression.js';
import type { HeaderList, Responder, ResponseBody } from './response-policy.js';

/**
 * Writes a 200 answer whose body stays the same under `key` (a document, an asset): a large one
 * in the coding the request prefers, compressed once, with Vary; a small one as it is.
 */
export function writeStableAnswer(
  responder: Responder,
  request: FastifyRequest,
  reply: FastifyReply,
  operation: string,
  headers: HeaderList,
  body: ResponseBody,
  key: string,
  csp?: string,
): void | Promise<void> {
  const coding = codingFor(request, body);
  if (coding === undefined) {
    responder.write(request, reply, operation, 200, headers, body, csp);
    return;
  }
  const encoded = responder.encodedBodies.get(key, coding, body);
  const allHeaders = [...headers, ...codingHeaders(coding)];
  if (!(encoded instanceof Promise)) {
    responder.write(request, reply, operation, 200, allHeaders, encoded, csp);
    return;
  }
  return encoded.then((bytes) => {
    responder.write(request, reply, operation, 200, allHeaders, bytes, csp);
  });
}
