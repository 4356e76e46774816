import type { DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { CalendarInputError } from './errors.js';

/**
 * A date as the package takes it: a `yyyy-MM-dd` string (checked exactly as the service checks
 * it), or a JS Date, read as the calendar day it is in China (Asia/Shanghai), whatever the time
 * zone of the host.
 */
export type DateInput = string | Date;

/**
 * China has kept UTC+8 all year since 1991 (the last daylight-saving summer), so every instant
 * of the supported range (2008 on) falls on the Shanghai calendar day of UTC+8. An earlier
 * instant is refused as out of range either way.
 */
const CHINA_STANDARD_TIME_OFFSET_MS = 8 * 60 * 60 * 1000;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The Shanghai calendar day of an instant; undefined for an invalid Date. */
export function chinaDayOf(date: Date): DayNumber | undefined {
  const time = date.getTime();
  return Number.isFinite(time) ? Math.floor((time + CHINA_STANDARD_TIME_OFFSET_MS) / MS_PER_DAY) : undefined;
}

/**
 * A date argument as the service's parameter readers take it: a string as it is, a Date as its
 * Shanghai `yyyy-MM-dd` (an invalid Date as its own text, which they refuse), undefined as absent.
 * Anything else is refused here, since no query string could carry it.
 */
export function dateValue(name: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  if (value instanceof Date) {
    const day = chinaDayOf(value);
    return day === undefined ? 'Invalid Date' : formatIsoDate(day);
  }
  throw new CalendarInputError('INVALID_DATE_FORMAT', `${name} must be a yyyy-MM-dd string or a Date; got ${value === null ? 'null' : typeof value}.`);
}

/**
 * `days` as a query string carries it, for the service's reader: a number as its digits, text as
 * it is, undefined as absent, anything else as the name of its type (which the reader refuses).
 */
export function daysValue(days: unknown): string | undefined {
  return days === undefined ? undefined : typeof days === 'number' ? String(days) : typeof days === 'string' ? days : typeof days;
}

/** The feed's `years` (one year, or an inclusive pair) as a query string carries it: 2026, or 2024..2027. */
export function feedYearsValue(years: number | readonly [number, number] | undefined): string | undefined {
  return years === undefined ? undefined : typeof years === 'number' ? String(years) : years.join('..');
}
