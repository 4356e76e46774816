import { lunarDateOf, type LunarDate } from '@china-holiday-calendar/core/calendar/lunar-date.js';
import { solarTermOf, type SolarTermName } from '@china-holiday-calendar/core/calendar/lunar-calendar.js';
import { readDateArgument } from './arguments.js';
import type { DateInput } from './date-input.js';

export type { LunarDate } from '@china-holiday-calendar/core/calendar/lunar-date.js';
export type { SolarTermName } from '@china-holiday-calendar/core/calendar/lunar-calendar.js';

/**
 * The lunar date of a day (2008-01-01 to 9999-12-31): the date tyme4ts computes, read from a
 * table generated ahead of time. Bad input throws CalendarInputError, as everywhere in the package.
 */
export function lunarDate(date: DateInput): LunarDate {
  return lunarDateOf(readDateArgument('date', date));
}

/** The name of the solar term (节气) that falls on a day (2008-01-01 to 9999-12-31), or null on any other day. */
export function solarTerm(date: DateInput): SolarTermName | null {
  return solarTermOf(readDateArgument('date', date)) ?? null;
}
