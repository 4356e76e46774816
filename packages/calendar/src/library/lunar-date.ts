import type { DayNumber } from '../calendar/civil-date.js';
import { lunarDayName, lunarDayOf, lunarMonthName, solarTermOf, type SolarTermName } from '../calendar/lunar-calendar.js';
import { readDateArgument } from './arguments.js';
import type { DateInput } from './date-input.js';

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

export type { SolarTermName } from '../calendar/lunar-calendar.js';

/**
 * The lunar date of a day (2008-01-01 to 9999-12-31): the date tyme4ts computes, read from a
 * table generated ahead of time. Bad input throws CalendarInputError, as everywhere in the package.
 */
export function lunarDate(date: DateInput): LunarDate {
  const { year, month, day, isLeapMonth } = lunarDayOf(tableDay(date));
  const monthName = lunarMonthName(month, isLeapMonth);
  const dayName = lunarDayName(day);
  return { year, month, day, isLeapMonth, monthName, dayName, label: `${monthName}${dayName}` };
}

/** The name of the solar term (节气) that falls on a day (2008-01-01 to 9999-12-31), or null on any other day. */
export function solarTerm(date: DateInput): SolarTermName | null {
  return solarTermOf(tableDay(date)) ?? null;
}

/** A date argument checked as every date argument of the library: yyyy-MM-dd or a Date, 2008-01-01 to 9999-12-31. */
function tableDay(date: DateInput): DayNumber {
  return readDateArgument('date', date);
}
