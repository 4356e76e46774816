import type { DayNumber } from './civil-date.js';
import { lunarMonthFirstDay, lunarNewYearDay, solarTermDay } from './lunar-calendar.js';

/** The days of a year the lunar calendar and the solar terms fix, as day numbers. */
export interface LunarDates {
  /** 正月初一, the first day of the first lunar month. */
  readonly firstMonthFirstDay: DayNumber;
  /** The day of the Qingming solar term. */
  readonly qingming: DayNumber;
  /** 五月初五 (of the first fifth month when a leap month doubles it, as the 2009 notice did). */
  readonly dragonBoat: DayNumber;
  /** 八月十五. */
  readonly midAutumn: DayNumber;
}

/**
 * The lunar dates of a year (2008-9999) the statutory holidays fall on, from the table tyme4ts
 * wrote ahead of time (lunar-calendar.ts): O(1), never typed by hand.
 */
export function lunarDatesOf(year: number): LunarDates {
  return {
    firstMonthFirstDay: lunarNewYearDay(year),
    qingming: solarTermDay(year, '清明'),
    dragonBoat: lunarMonthFirstDay(year, 5) + 4,
    midAutumn: lunarMonthFirstDay(year, 8) + 14,
  };
}
