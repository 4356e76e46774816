import type { NextHoliday } from './answer-json.js';

// The resources the API answers, generated from its schemas with their writers, are named here
// too, beside what else an answer may be.
export type { NextHoliday, WorkdayCount, WorkdayOffset } from './answer-json.js';

/** The next-holiday answer when no holiday is published on or after the date (frozen: every answer shares it). */
export const UNKNOWN_NEXT_HOLIDAY: NextHoliday = Object.freeze({ status: 'UNKNOWN', date: null, holidays: Object.freeze([]), datasetVersion: null });

/** An answer that needs a published year whose data cannot be read right now. */
export interface Unavailable {
  readonly unavailable: true;
  /** The published year whose data is missing. */
  readonly year: number;
}

export function isUnavailable(answer: unknown): answer is Unavailable {
  return typeof answer === 'object' && answer !== null && 'unavailable' in answer;
}

/** A working-day offset whose day would fall before the earliest supported date. */
export interface BeforeSupportedRange {
  readonly beforeSupportedRange: true;
}

export function isBeforeSupportedRange(answer: unknown): answer is BeforeSupportedRange {
  return typeof answer === 'object' && answer !== null && 'beforeSupportedRange' in answer;
}
