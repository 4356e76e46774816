import { civilFromDayNumber, daysInMonth } from '../calendar/civil-date.js';
import { DAYS_OF_WEEK, isoWeekdayIndex } from '../calendar/day-of-week.js';
import { DAY_STATUSES, workStatusOf, type AssociatedHoliday, type DayStatusValue } from '../calendar/day-status.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import { DAY_CODE } from './day-codes.js';
import type { DayStatus } from './day-json.js';

/** How many days a build in slices handles between pauses. */
export const DAYS_PER_SLICE = 512;
const TWO_DIGITS = Array.from({ length: 32 }, (_, value) => String(value).padStart(2, '0'));
const NO_HOLIDAYS: readonly AssociatedHoliday[] = Object.freeze([]);

/**
 * The ISO text of every day of the tables, by position (a generator that pauses every
 * DAYS_PER_SLICE days, for a build in slices): counted forward rather than converted, since this
 * runs at every start and reload.
 */
export function* isoDates(size: number): Generator<void, string[], void> {
  const dates = new Array<string>(size);
  let { year, month, day } = civilFromDayNumber(FIRST_SUPPORTED_DAY);
  let yearText = String(year);
  let monthEnd = daysInMonth(year, month);
  for (let at = 0; at < size; at++) {
    if (at % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) yield;
    dates[at] = `${yearText}-${TWO_DIGITS[month] ?? ''}-${TWO_DIGITS[day] ?? ''}`;
    if (day < monthEnd) {
      day += 1;
      continue;
    }
    day = 1;
    if (month < 12) month += 1;
    else {
      month = 1;
      year += 1;
      yearText = String(year).padStart(4, '0');
    }
    monthEnd = daysInMonth(year, month);
  }
  return dates;
}

/** The record of the day at a position of the tables (not an unreadable one), frozen: callers share it. */
export function dayStatusRecordAt(
  at: number,
  codes: Uint8Array,
  dates: readonly string[],
  holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>,
  version: string,
): DayStatus {
  const status = DAY_STATUSES[codes[at] ?? DAY_CODE.UNKNOWN] as DayStatusValue;
  return Object.freeze({
    date: dates[at] ?? '',
    dayOfWeek: DAYS_OF_WEEK[isoWeekdayIndex(FIRST_SUPPORTED_DAY + at)] ?? 'MONDAY',
    workStatus: workStatusOf(status),
    dayStatus: status,
    holidays: holidaysAt.get(at) ?? NO_HOLIDAYS,
    datasetVersion: status === 'UNKNOWN' ? null : version,
  });
}
