import type { AssociatedHoliday } from '../calendar/day-status.js';
import { jsonString } from '../calendar/json-string.js';

/** The workday-count resource, as the service's API answers it. */
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

/** The JSON of a working-day offset, byte for byte what JSON.stringify writes (the dates need no escaping). */
export function workdayOffsetJson(offset: WorkdayOffset): string {
  return offset.status === 'FOUND'
    ? `{"fromDate":"${offset.fromDate}","days":${offset.days},"status":"FOUND","date":"${offset.date}","datasetVersion":${jsonString(offset.datasetVersion)}}`
    : `{"fromDate":"${offset.fromDate}","days":${offset.days},"status":"UNKNOWN","date":null,"datasetVersion":null}`;
}

/** A working-day offset whose day would fall before the earliest supported date. */
export interface BeforeSupportedRange {
  readonly beforeSupportedRange: true;
}

export function isBeforeSupportedRange(answer: unknown): answer is BeforeSupportedRange {
  return typeof answer === 'object' && answer !== null && 'beforeSupportedRange' in answer;
}
