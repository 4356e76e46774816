import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';

/** A request body read whole, or why not: larger than allowed, not all there in time, or the client gone. */
export type BodyRead = { readonly body: Buffer } | { readonly refused: 'too-large' | 'timeout' | 'aborted' };

/**
 * Reads a request body of at most `limit` bytes within `timeoutMs`. A declared Content-Length over
 * the limit is refused before anything is read; a body that grows past it (chunked) is refused
 * as soon as it does. Nothing is kept of a refused body.
 */
export async function readRequestBody(request: IncomingMessage, limit: number, timeoutMs: number): Promise<BodyRead> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<BodyRead>((resolve) => {
    timer = setTimeout(() => resolve({ refused: 'timeout' }), Math.max(0, timeoutMs));
  });
  const read = getRawBody(request, { length: request.headers['content-length'] ?? null, limit }).then(
    (body): BodyRead => ({ body }),
    (error: unknown): BodyRead => ({ refused: (error as Partial<getRawBody.RawBodyError>).type === 'entity.too.large' ? 'too-large' : 'aborted' }),
  );
  try {
    return await Promise.race([read, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
