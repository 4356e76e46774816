import type { DayNumber } from './civil-date.js';
import { lunarDayName, lunarDayOf, lunarMonthName } from './lunar-calendar.js';

/** A day of the Chinese lunar calendar (农历), with the names a wall calendar prints. */
export interface LunarDate {
  /** The lunar year, numbered as the civil year its 正月初一 falls in (2024-02-09, 除夕, is in 2023). */
  readonly year: number;
  /** 1-12; a leap month has the number of the month it doubles. */
  readonly month: number;
  /** 1-30. */
  readonly day: number;
  /** Whether the month is a leap month (闰月). */
  readonly isLeapMonth: boolean;
  /** 正月, 二月 … 十月, 冬月, 腊月; a leap month with 闰 before it: 闰四月. */
  readonly monthName: string;
  /** 初一 … 初十, 十一 … 二十, 廿一 … 廿九, 三十. */
  readonly dayName: string;
  /** The month's name and the day's: 腊月廿九, 闰四月初一. */
  readonly label: string;
}

/** The lunar date of a day of the lunar table (2008-01-01 to 9999-12-31), named as a wall calendar names it. */
export function lunarDateOf(day: DayNumber): LunarDate {
  const { year, month, day: dayOfMonth, isLeapMonth } = lunarDayOf(day);
  const monthName = lunarMonthName(month, isLeapMonth);
  const dayName = lunarDayName(dayOfMonth);
  return { year, month, day: dayOfMonth, isLeapMonth, monthName, dayName, label: `${monthName}${dayName}` };
}
