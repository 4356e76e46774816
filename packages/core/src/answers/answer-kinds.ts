import type { AssociatedHoliday } from '../calendar/day-status.js';

/** The workday-count resource, as the service's API answers it. */
export interface WorkdayCount {
  readonly startDate: string;
  readonly endDate: string;
  readonly totalDays: number;
  readonly workdayCount: number;
  readonly restDayCount: number;
  readonly unknownDayCount: number;
}

/** The next-holiday resource, as the service's API answers it. */
export type NextHoliday =
  | {
      readonly status: 'FOUND';
      readonly date: string;
      readonly holidays: readonly AssociatedHoliday[];
      readonly datasetVersion: string;
    }
  // Always empty; typed as the generated client types it (an array), so that both are one type.
  | { readonly status: 'UNKNOWN'; readonly date: null; readonly holidays: readonly AssociatedHoliday[]; readonly datasetVersion: null };

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

/** The working-day offset resource, as the service's API answers it: shaped like the next-holiday one. */
export type WorkdayOffset =
  | {
      readonly fromDate: string;
      readonly days: number;
      readonly status: 'FOUND';
      readonly date: string;
      readonly datasetVersion: string;
    }
  | { readonly fromDate: string; readonly days: number; readonly status: 'UNKNOWN'; readonly date: null; readonly datasetVersion: null };

/** A working-day offset whose day would fall before the earliest supported date. */
export interface BeforeSupportedRange {
  readonly beforeSupportedRange: true;
}

export function isBeforeSupportedRange(answer: unknown): answer is BeforeSupportedRange {
  return typeof answer === 'object' && answer !== null && 'beforeSupportedRange' in answer;
}
