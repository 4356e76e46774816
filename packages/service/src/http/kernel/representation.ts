import Negotiator from 'negotiator';
import { InputProblem, quote } from '@china-holiday-calendar/core/questions/input-problem.js';

/**
 * The media types an operation with a CSV representation offers, JSON first: JSON unless the
 * request prefers CSV. With their parameters, so that an Accept naming some (charset=utf-8, or
 * RFC 7111's header=present) matches, and one naming others (charset=gbk) does not.
 */
const OFFERED = ['application/json; charset=utf-8', 'text/csv; charset=utf-8; header=present'] as const;

export type Representation = 'json' | 'csv';

/** An Accept header that could prefer CSV names it, or `text/*`: anything else is JSON, read without a parse. */
const MAY_PREFER_CSV = /csv|text\/\*/i;

/**
 * The representation the request's Accept prefers (RFC 9110, section 12.5.1, read by the
 * negotiator module): CSV when it ranks text/csv above application/json, JSON otherwise, JSON
 * also when the header accepts neither (the answer the client most likely reads, rather than a 406).
 */
export function preferredRepresentation(accept: string | undefined): Representation {
  if (accept === undefined || !MAY_PREFER_CSV.test(accept)) return 'json';
  return new Negotiator({ headers: { accept } }).mediaType([...OFFERED]) === OFFERED[1] ? 'csv' : 'json';
}

/** The query parameter that asks a CSV answer to begin with a UTF-8 byte-order mark. */
export const BYTE_ORDER_MARK_PARAMETER = 'bom';

/** `bom`: absent or 0, no mark; 1, the mark (for Excel on Windows); anything else INVALID_PARAMETER. */
export function readByteOrderMark(value: unknown): boolean | InputProblem {
  if (value === undefined || value === '0') return false;
  if (value === '1') return true;
  if (typeof value !== 'string') return new InputProblem('INVALID_PARAMETER', `${BYTE_ORDER_MARK_PARAMETER} is given more than once; give it once.`);
  return new InputProblem(
    'INVALID_PARAMETER',
    `${BYTE_ORDER_MARK_PARAMETER} must be 1 (begin the CSV with a UTF-8 byte-order mark, which Excel on Windows reads as "this file is UTF-8") or 0; got ${quote(value)}.`,
  );
}
