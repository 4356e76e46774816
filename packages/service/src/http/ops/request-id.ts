import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** 1 to 128 visible ASCII characters: an incoming id we can safely echo and log. */
const WELL_FORMED_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

export interface RequestIds {
  /** The id of a request: its well-formed `X-Request-Id`, or a new one. */
  forRequest(request: IncomingMessage): string;
  next(): string;
}

/**
 * Request ids: a well-formed incoming `X-Request-Id` is reused, so a caller can follow its own id
 * through our logs; otherwise a new id is a random per-process prefix plus a counter, unique
 * without the cost of a random UUID per request.
 */
export function createRequestIds(): RequestIds {
  const prefix = randomBytes(6).toString('hex');
  let counter = 0;
  const next = (): string => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    return `${prefix}-${counter.toString(36)}`;
  };
  return {
    next,
    forRequest(request) {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : next();
    },
  };
}
