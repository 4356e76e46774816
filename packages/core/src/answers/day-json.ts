import type { DayNumber } from '../calendar/civil-date.js';
import { dayOfWeek, type DayOfWeek } from '../calendar/day-of-week.js';
import { workStatusOf, type AssociatedHoliday, type DayStatusValue, type WorkStatus } from '../calendar/day-status.js';
import { formatIsoDate } from '../calendar/iso-date.js';

/** The day-status resource of the interface (a date, its statuses, holidays and dataset version), field for field. */
export interface DayStatus {
  readonly date: string;
  readonly dayOfWeek: DayOfWeek;
  readonly workStatus: WorkStatus;
  readonly dayStatus: DayStatusValue;
  readonly holidays: readonly AssociatedHoliday[];
  readonly datasetVersion: string | null;
}

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
