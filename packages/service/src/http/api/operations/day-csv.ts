import type { Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { DAYS_OF_WEEK, isoWeekdayIndex } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { DAY_STATUSES, workStatusOf, type AssociatedHoliday } from '@china-holiday-calendar/core/calendar/day-status.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { BYTE_ORDER_MARK, csvRecord } from '../csv.js';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The header row: the day-status fields a spreadsheet needs, holidays as their codes. */
export const DAY_CSV_COLUMNS = ['date', 'dayOfWeek', 'workStatus', 'dayStatus', 'holidays', 'statutoryDate'] as const;

const HEADER = csvRecord(DAY_CSV_COLUMNS);
const NO_HOLIDAYS: readonly AssociatedHoliday[] = [];

/**
 * One row a day from `start` to `end` (docs/interface.md, CSV), the statuses
 * the JSON answers hold: `holidays` the codes joined with `;` in the notice's order, `statutoryDate`
 * true when the day is a statutory day of one of them, false otherwise, and empty on an UNKNOWN
 * day (nothing is decided about it). A published year that cannot be read is Unavailable, as
 * for the JSON.
 */
export function dayRowsCsv(core: CalendarCore, start: DayNumber, end: DayNumber, byteOrderMark: boolean): string | Unavailable {
  const blocked = core.unreadableIn(start, end);
  if (blocked !== undefined) return blocked;
  // Days of one holiday entry share their list, and so their two fields.
  const fieldsOf = new Map<readonly AssociatedHoliday[], readonly [string, string]>();
  let text = byteOrderMark ? BYTE_ORDER_MARK + HEADER : HEADER;
  let weekday = isoWeekdayIndex(start);
  for (let day = start; day <= end; day++) {
    // A day's code is the index of its status (no code here is UNAVAILABLE: checked above).
    const status = DAY_STATUSES[core.dayCode(day)] ?? 'UNKNOWN';
    const holidays = (day < core.windowEnd ? core.holidaysAt.get(day - FIRST_SUPPORTED_DAY) : undefined) ?? NO_HOLIDAYS;
    let fields = fieldsOf.get(holidays);
    if (fields === undefined) {
      fields = [holidays.map((holiday) => holiday.code).join(';'), String(holidays.some((holiday) => holiday.statutoryDate))];
      fieldsOf.set(holidays, fields);
    }
    const statutory = status === 'UNKNOWN' ? '' : fields[1];
    text += csvRecord([core.isoDate(day), DAYS_OF_WEEK[weekday] ?? '', workStatusOf(status), status, fields[0], statutory]);
    weekday = weekday === 6 ? 0 : weekday + 1;
  }
  return text;
}
