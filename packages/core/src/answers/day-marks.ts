import type { ArrangementFile } from '../dataset/data-file-types.js';
import { datesOf, finalEntries, restDaysOf } from '../dataset/entry-dates.js';
import type { DayNumber } from '../calendar/civil-date.js';
import type { AssociatedHoliday } from '../calendar/day-status.js';
import { HOLIDAY_CODES, HOLIDAYS, type HolidayCode } from '../calendar/holidays.js';

/** What one arrangement says about one day: a day off (HOLIDAY) or a make-up working day. */
export interface DayMark {
  readonly day: DayNumber;
  readonly status: 'HOLIDAY' | 'ADJUSTED_WORKDAY';
  readonly holidays: readonly AssociatedHoliday[];
}

/** The associated holidays (docs/interface.md, Associated holiday): one frozen object per code and statutoryDate, shared by every day. */
const ASSOCIATED: ReadonlyMap<string, AssociatedHoliday> = new Map(
  HOLIDAY_CODES.flatMap((code) => [false, true].map((statutoryDate) => [`${code}:${String(statutoryDate)}`, Object.freeze({ code, name: HOLIDAYS[code].zh, statutoryDate })])),
);

function associated(code: HolidayCode, statutoryDate: boolean): AssociatedHoliday {
  return ASSOCIATED.get(`${code}:${String(statutoryDate)}`) ?? Object.freeze({ code, name: HOLIDAYS[code].zh, statutoryDate });
}

/**
 * The days an arrangement file names, in its final state (amendments applied). Joined weekend
 * days are not marks: they stay ordinary weekend days. Every holiday of the entry is associated
 * with each of its days, in the order the notice names them; `statutoryDate` is true only on a
 * rest day that is a statutory day of that holiday. The days of an entry share their holiday
 * lists (one per pattern of statutory days), frozen: the calendar core builds from them at every start.
 */
export function dayMarksOf(file: ArrangementFile): DayMark[] {
  const statutory = new Map<string, Set<DayNumber>>();
  for (const [code, days] of Object.entries(file.statutoryDays)) {
    statutory.set(code, new Set(datesOf(days)));
  }
  const marks: DayMark[] = [];
  for (const entry of finalEntries(file.entries)) {
    const lists = new Map<number, readonly AssociatedHoliday[]>();
    const holidaysOn = (day: DayNumber, canBeStatutory: boolean): readonly AssociatedHoliday[] => {
      let pattern = 0;
      entry.holidays.forEach((code, at) => {
        if (canBeStatutory && statutory.get(code)?.has(day) === true) pattern |= 1 << at;
      });
      let list = lists.get(pattern);
      if (list === undefined) {
        list = Object.freeze(entry.holidays.map((code, at) => associated(code, (pattern & (1 << at)) !== 0)));
        lists.set(pattern, list);
      }
      return list;
    };
    for (const day of restDaysOf(entry)) marks.push({ day, status: 'HOLIDAY', holidays: holidaysOn(day, true) });
    for (const day of datesOf(entry.work)) marks.push({ day, status: 'ADJUSTED_WORKDAY', holidays: holidaysOn(day, false) });
  }
  return marks;
}
