import { dayNumberFromCivil, firstDayOfYear, lastDayOfYear, yearOfDayNumber, type DayNumber } from '../calendar/civil-date.js';
import { isWeekend } from '../calendar/day-of-week.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import type { Dataset } from '../dataset/dataset.js';
import { PREVIOUS_DECEMBER_REACH_FROM_DAY } from '../dataset/validate-arrangement.js';
import type { AssociatedHoliday } from '../calendar/day-status.js';
import { dayMarksOf } from './day-marks.js';

/**
 * One code per day of the core's tables (day number FIRST_SUPPORTED_DAY + position): the index
 * of its DayStatus in DAY_STATUSES, or UNAVAILABLE for a day of a published year that cannot be
 * read right now.
 */
export const DAY_CODE = { WORKDAY: 0, ADJUSTED_WORKDAY: 1, WEEKEND: 2, HOLIDAY: 3, UNKNOWN: 4, UNAVAILABLE: 5 } as const;

export function isWorkingCode(code: number): boolean {
  return code === DAY_CODE.WORKDAY || code === DAY_CODE.ADJUSTED_WORKDAY;
}

export function isRestCode(code: number): boolean {
  return code === DAY_CODE.WEEKEND || code === DAY_CODE.HOLIDAY;
}

export interface DayTable {
  readonly codes: Uint8Array;
  /** The holidays of every day an arrangement names, by position. */
  readonly holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>;
}

/**
 * The code of every day of [FIRST_SUPPORTED_DAY, windowEnd): weekday or weekend in readable
 * published years, then what the arrangements name, UNKNOWN in unpublished years, UNAVAILABLE in
 * unreadable ones (and in the December week a published but unreadable next notice may name).
 */
export function dayTable(dataset: Dataset, windowEnd: DayNumber): DayTable {
  const codes = weekdayCodes(dataset, windowEnd);
  const holidaysAt = new Map<number, readonly AssociatedHoliday[]>();
  for (const file of dataset.arrangements.values()) {
    for (const mark of dayMarksOf(file)) {
      const at = mark.day - FIRST_SUPPORTED_DAY;
      if (at < 0 || at >= codes.length || codes[at] === DAY_CODE.UNKNOWN || codes[at] === DAY_CODE.UNAVAILABLE) continue;
      codes[at] = DAY_CODE[mark.status];
      holidaysAt.set(at, mark.holidays);
    }
  }
  markDecembersThatDependOnUnreadableYears(codes, dataset);
  return { codes, holidaysAt };
}

/** Ordinary weekday/weekend codes for readable published years, UNAVAILABLE or UNKNOWN for the rest. */
function weekdayCodes(dataset: Dataset, windowEnd: DayNumber): Uint8Array {
  const codes = new Uint8Array(windowEnd - FIRST_SUPPORTED_DAY);
  for (let day = FIRST_SUPPORTED_DAY; day < windowEnd; ) {
    const year = yearOfDayNumber(day);
    const yearEnd = Math.min(lastDayOfYear(year) + 1, windowEnd);
    const readable = dataset.arrangements.has(year);
    const unreadable = dataset.unavailableYears.includes(year);
    for (; day < yearEnd; day++) {
      codes[day - FIRST_SUPPORTED_DAY] = readable
        ? isWeekend(day)
          ? DAY_CODE.WEEKEND
          : DAY_CODE.WORKDAY
        : unreadable
          ? DAY_CODE.UNAVAILABLE
          : DAY_CODE.UNKNOWN;
    }
  }
  return codes;
}

/**
 * The notice for year Y+1 may name days of Y's last December week. When that notice is
 * published but unreadable, those days cannot be answered with certainty either.
 */
function markDecembersThatDependOnUnreadableYears(codes: Uint8Array, dataset: Dataset): void {
  for (const nextYear of dataset.unavailableYears) {
    const year = nextYear - 1;
    if (!dataset.arrangements.has(year) || firstDayOfYear(year) < FIRST_SUPPORTED_DAY) continue;
    const from = dayNumberFromCivil(year, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY);
    for (let day = from; day <= lastDayOfYear(year) && day - FIRST_SUPPORTED_DAY < codes.length; day++) {
      codes[day - FIRST_SUPPORTED_DAY] = DAY_CODE.UNAVAILABLE;
    }
  }
}

/** Flags the days whose answer may still change: UNKNOWN days, and December days the next, unpublished notice may name. */
export function unsettledDays(codes: Uint8Array, dataset: Dataset): Uint8Array {
  const unsettled = codes.map((code) => (code === DAY_CODE.UNKNOWN ? 1 : 0));
  for (const year of dataset.arrangements.keys()) {
    if (dataset.publishedYears.includes(year + 1)) continue;
    const from = Math.max(dayNumberFromCivil(year, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY), FIRST_SUPPORTED_DAY);
    for (let day = from; day <= lastDayOfYear(year) && day - FIRST_SUPPORTED_DAY < unsettled.length; day++) {
      unsettled[day - FIRST_SUPPORTED_DAY] = 1;
    }
  }
  return unsettled;
}
