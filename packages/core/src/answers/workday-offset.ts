import { DAY_CODE, isWorkingCode } from './day-codes.js';

/**
 * Where the walk of a working-day offset ends, as one number so that a request allocates nothing:
 * a position in the window (>= 0) where it finds its working day, or one of the outcomes below.
 * A position where the walk meets an unreadable day is encoded as `UNAVAILABLE_FROM - at`.
 */
export const OFFSET_UNKNOWN = -1;
export const OFFSET_BEFORE_SUPPORTED_RANGE = -2;
const UNAVAILABLE_FROM = -3;

/** The position of the unreadable day an outcome below UNAVAILABLE_FROM + 1 met, or undefined. */
export function unavailablePositionOf(outcome: number): number | undefined {
  return outcome <= UNAVAILABLE_FROM ? UNAVAILABLE_FROM - outcome : undefined;
}

/**
 * What answers "which day is N working days from D" in O(1) for every N: the position of the k-th
 * working day of the window, the count of working days before each position (the core's prefix
 * sums), and the nearest undetermined day (UNKNOWN or unreadable) on either side of each position.
 */
export interface OffsetTables {
  readonly codes: Uint8Array;
  /** workBefore[at]: working days in positions [0, at); length codes.length + 1. */
  readonly workBefore: Int32Array;
  /** workdayAt[k]: the position of the k-th working day (0-based). */
  readonly workdayAt: Int32Array;
  /** nextUndetermined[at]: the first position >= at whose day is undetermined; length codes.length + 1. */
  readonly nextUndetermined: Int32Array;
  /** previousUndetermined[at]: the last position <= at whose day is undetermined, or -1. */
  readonly previousUndetermined: Int32Array;
}

export function buildOffsetTables(codes: Uint8Array, workBefore: Int32Array): OffsetTables {
  const size = codes.length;
  const workdayAt = new Int32Array(workBefore[size] ?? 0);
  const nextUndetermined = new Int32Array(size + 1);
  const previousUndetermined = new Int32Array(size);
  let previous = -1;
  for (let at = 0; at < size; at++) {
    const code = codes[at] ?? DAY_CODE.UNKNOWN;
    if (isWorkingCode(code)) workdayAt[workBefore[at] ?? 0] = at;
    if (isUndetermined(code)) previous = at;
    previousUndetermined[at] = previous;
  }
  let next = size;
  nextUndetermined[size] = size;
  for (let at = size - 1; at >= 0; at--) {
    if (isUndetermined(codes[at] ?? DAY_CODE.UNKNOWN)) next = at;
    nextUndetermined[at] = next;
  }
  return { codes, workBefore, workdayAt, nextUndetermined, previousUndetermined };
}

/**
 * The working-day offset (docs/design.md (Beyond the interface), the "following business day" convention): for N > 0 the
 * N-th working day after D, D not counted; for N < 0 the |N|-th working day before D; for N = 0
 * D itself if it is a working day, else the first working day after it. The walk stops at the
 * first undetermined day it would need: UNKNOWN, or the position of an unreadable day.
 *
 * `at` is D's position in the window (>= 0); a position at or past its end is an UNKNOWN day.
 */
export function locateWorkdayOffset(tables: OffsetTables, at: number, days: number): number {
  const { codes, workBefore, workdayAt, nextUndetermined, previousUndetermined } = tables;
  const size = codes.length;
  // Past the window every day is UNKNOWN, and so are the last days of the window before it.
  if (at >= size) return OFFSET_UNKNOWN;
  if (days === 0 && isWorkingCode(codes[at] ?? DAY_CODE.UNKNOWN)) return at;
  if (days >= 0) {
    // The first working day after D, or the N-th: the k-th working day of the window overall.
    const k = (workBefore[at + 1] ?? 0) + Math.max(days, 1) - 1;
    const target = k < workdayAt.length ? (workdayAt[k] ?? size) : size;
    // With N = 0 and D not a working day, D itself must be determined too.
    const stop = nextUndetermined[days === 0 ? at : at + 1] ?? size;
    return stop < target ? undeterminedOutcome(codes, stop) : target < size ? target : OFFSET_UNKNOWN;
  }
  const k = (workBefore[at] ?? 0) + days;
  const target = k >= 0 ? (workdayAt[k] ?? -1) : -1;
  const stop = at > 0 ? (previousUndetermined[at - 1] ?? -1) : -1;
  if (stop > target) return undeterminedOutcome(codes, stop);
  return k < 0 ? OFFSET_BEFORE_SUPPORTED_RANGE : target;
}

function undeterminedOutcome(codes: Uint8Array, at: number): number {
  return codes[at] === DAY_CODE.UNAVAILABLE ? UNAVAILABLE_FROM - at : OFFSET_UNKNOWN;
}

function isUndetermined(code: number): boolean {
  return code === DAY_CODE.UNKNOWN || code === DAY_CODE.UNAVAILABLE;
}
