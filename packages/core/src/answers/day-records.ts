import { DAYS_OF_WEEK, isoWeekdayIndex } from '../calendar/day-of-week.js';
import { DAY_STATUSES, workStatusOf, type AssociatedHoliday, type DayStatusValue } from '../calendar/day-status.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import { DAY_CODE } from './day-codes.js';
import type { DayStatus } from './day-json.js';

const NO_HOLIDAYS: readonly AssociatedHoliday[] = Object.freeze([]);

/** The record of the day at a position of the tables (not an unreadable one), frozen: callers share it. */
export function dayStatusRecordAt(
  at: number,
  date: string,
  codes: Uint8Array,
  holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>,
  version: string,
): DayStatus {
  const status = DAY_STATUSES[codes[at] ?? DAY_CODE.UNKNOWN] as DayStatusValue;
  return Object.freeze({
    date,
    dayOfWeek: DAYS_OF_WEEK[isoWeekdayIndex(FIRST_SUPPORTED_DAY + at)] ?? 'MONDAY',
    workStatus: workStatusOf(status),
    dayStatus: status,
    holidays: holidaysAt.get(at) ?? NO_HOLIDAYS,
    datasetVersion: status === 'UNKNOWN' ? null : version,
  });
}
