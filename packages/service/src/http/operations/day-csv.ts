import type { Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { DAY_STATUS_CSV_COLUMNS, dayStatusCsvRecord } from '@china-holiday-calendar/core/answers/answer-json.js';
import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { dayOfWeek } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { DAY_STATUSES, workStatusOf, type AssociatedHoliday } from '@china-holiday-calendar/core/calendar/day-status.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { BYTE_ORDER_MARK, csvRecord } from '../kernel/csv.js';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The header row: the day-status fields a spreadsheet needs, holidays as their codes (the columns are generated from the resource schemas). */
const HEADER = csvRecord(DAY_STATUS_CSV_COLUMNS);
const NO_HOLIDAYS: readonly AssociatedHoliday[] = [];

/**
 * One row a day from `start` to `end` (docs/interface.md, CSV), the statuses the JSON answers
 * hold, each row as `recordOf` gives it (the byte view keeps the rows of the days in its tables:
 * AnswerBytes.dayCsvRecord). A published year that cannot be read is Unavailable, as for the JSON.
 */
export function dayRowsCsv(core: CalendarCore, recordOf: (day: DayNumber) => string, start: DayNumber, end: DayNumber, byteOrderMark: boolean): string | Unavailable {
  const blocked = core.unreadableIn(start, end);
  if (blocked !== undefined) return blocked;
  let text = byteOrderMark ? BYTE_ORDER_MARK + HEADER : HEADER;
  for (let day = start; day <= end; day++) text += recordOf(day);
  return text;
}

/**
 * A day's record: `holidays` the codes joined with `;` in the notice's order, `statutoryDate` true
 * when the day is a statutory day of one of them, false otherwise, and empty on an UNKNOWN day
 * (nothing is decided about it). Dates, weekday names, statuses, holiday codes and booleans never
 * need quoting, so the record is written as it is (dayStatusCsvRecord), without csvRecord's look at each field.
 */
export function dayCsvRecord(core: CalendarCore, day: DayNumber): string {
  // A day's code is the index of its status (an unreadable day is refused before any row is written).
  const status = DAY_STATUSES[core.dayCode(day)] ?? 'UNKNOWN';
  const holidays = (day < core.windowEnd ? core.holidaysAt.get(day - FIRST_SUPPORTED_DAY) : undefined) ?? NO_HOLIDAYS;
  return dayStatusCsvRecord({
    date: core.isoDate(day),
    dayOfWeek: dayOfWeek(day),
    workStatus: workStatusOf(status),
    dayStatus: status,
    holidays: holidays.map((holiday) => holiday.code).join(';'),
    statutoryDate: status === 'UNKNOWN' ? '' : holidays.some((holiday) => holiday.statutoryDate) ? 'true' : 'false',
  });
}
