import type { ArrangementFile } from '../dataset/arrangement-schema.js';
import { datesOf, finalEntries, restDaysOf } from '../dataset/entry-dates.js';
import type { DayNumber } from '../calendar/civil-date.js';
import type { AssociatedHoliday } from '../calendar/day-status.js';
import { HOLIDAY_NAMES } from '../calendar/holidays.js';
import { parseIsoDate } from '../calendar/iso-date.js';

/** What one arrangement says about one day: a day off (HOLIDAY) or a make-up working day. */
export interface DayMark {
  readonly day: DayNumber;
  readonly status: 'HOLIDAY' | 'ADJUSTED_WORKDAY';
  readonly holidays: readonly AssociatedHoliday[];
}

/**
 * The days an arrangement file names, in its final state (amendments applied). Joined weekend
 * days are not marks: they stay ordinary weekend days. Every holiday of the entry is associated
 * with each of its days, in the order the notice names them; `statutoryDate` is true only on a
 * rest day that is a statutory day of that holiday.
 */
export function dayMarksOf(file: ArrangementFile): DayMark[] {
  const statutory = new Map<string, Set<DayNumber>>();
  for (const [code, days] of Object.entries(file.statutoryDays)) {
    statutory.set(code, new Set(days.map(parseIsoDate).filter((day) => day !== undefined)));
  }
  return finalEntries(file.entries).flatMap((entry) => {
    const holidaysOn = (day: DayNumber, canBeStatutory: boolean): AssociatedHoliday[] =>
      entry.holidays.map((code) =>
        Object.freeze({
          code,
          name: HOLIDAY_NAMES[code],
          statutoryDate: canBeStatutory && (statutory.get(code)?.has(day) ?? false),
        }),
      );
    return [
      ...restDaysOf(entry).map((day) => ({ day, status: 'HOLIDAY' as const, holidays: holidaysOn(day, true) })),
      ...datesOf(entry.work).map((day) => ({ day, status: 'ADJUSTED_WORKDAY' as const, holidays: holidaysOn(day, false) })),
    ];
  });
}
