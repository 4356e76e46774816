import type { AssociatedHoliday } from './day-status.js';

/** The workday-count resource of spec section 2.3. */
export interface WorkdayCount {
  readonly startDate: string;
  readonly endDate: string;
  readonly totalDays: number;
  readonly workdayCount: number;
  readonly restDayCount: number;
  readonly unknownDayCount: number;
}

/**
 * The JSON of a workday count, byte for byte what JSON.stringify writes (its two strings are
 * ISO dates: nothing to escape). Written out because it runs on every count request, where
 * JSON.stringify of these six fields measured at several thousand instructions.
 */
export function workdayCountJson(count: WorkdayCount): string {
  return `{"startDate":"${count.startDate}","endDate":"${count.endDate}","totalDays":${count.totalDays},"workdayCount":${count.workdayCount},"restDayCount":${count.restDayCount},"unknownDayCount":${count.unknownDayCount}}`;
}

/** The next-holiday resource of spec section 2.4. */
export type NextHoliday =
  | {
      readonly status: 'FOUND';
      readonly date: string;
      readonly holidays: readonly AssociatedHoliday[];
      readonly datasetVersion: string;
    }
  | { readonly status: 'UNKNOWN'; readonly date: null; readonly holidays: readonly []; readonly datasetVersion: null };

/** An answer that needs a published year whose data cannot be read right now. */
export interface Unavailable {
  readonly unavailable: true;
  /** The published year whose data is missing. */
  readonly year: number;
}

export function isUnavailable(answer: unknown): answer is Unavailable {
  return typeof answer === 'object' && answer !== null && 'unavailable' in answer;
}
