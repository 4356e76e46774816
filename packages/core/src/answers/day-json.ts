import type { DayStatus } from './answer-json.js';
import type { DayNumber } from '../calendar/civil-date.js';
import { dayOfWeek } from '../calendar/day-of-week.js';
import { workStatusOf, type AssociatedHoliday, type DayStatusValue } from '../calendar/day-status.js';
import { formatIsoDate } from '../calendar/iso-date.js';

// The day-status resource, generated from its schema with its writer, is named here too, beside its builder.
export type { DayStatus } from './answer-json.js';

export function dayStatusRecord(
  day: DayNumber,
  status: DayStatusValue,
  holidays: readonly AssociatedHoliday[],
  datasetVersion: string | null,
): DayStatus {
  // Frozen: the library's view hands the same record to every caller of the library.
  return Object.freeze({
    date: formatIsoDate(day),
    dayOfWeek: dayOfWeek(day),
    workStatus: workStatusOf(status),
    dayStatus: status,
    holidays: Object.freeze(holidays),
    datasetVersion: status === 'UNKNOWN' ? null : datasetVersion,
  });
}

export function unknownDayRecord(day: DayNumber): DayStatus {
  return dayStatusRecord(day, 'UNKNOWN', [], null);
}
