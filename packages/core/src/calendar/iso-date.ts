import { civilFromDayNumber, dayNumberFromCivil, daysInMonth, type DayNumber } from './civil-date.js';

const DASH = 0x2d;
const DIGIT_ZERO = 0x30;

/** Days before each month's first day in a common year (index 1 = January). */
const DAYS_BEFORE_MONTH = [0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334] as const;
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** The day number of every January 1 from TABLE_FIRST_YEAR on: the years anyone asks about, without divisions. */
const TABLE_FIRST_YEAR = 1900;
const YEAR_STARTS = Int32Array.from({ length: 300 }, (_, at) => dayNumberFromCivil(TABLE_FIRST_YEAR + at, 1, 1));

/**
 * The one date parser of the service: exactly `yyyy-MM-dd` in ASCII digits, and a real
 * proleptic Gregorian date. Anything else (padding, suffixes, full-width digits, 2023-02-29)
 * yields `undefined`.
 */
export function parseIsoDate(text: string): DayNumber | undefined {
  // Character codes and table lookups rather than a regular expression, slices, Number() and
  // divisions: this runs on every request and every library call (bench/callgrind-count.sh).
  if (text.length !== 10 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return undefined;
  const y0 = text.charCodeAt(0) - DIGIT_ZERO;
  const y1 = text.charCodeAt(1) - DIGIT_ZERO;
  const y2 = text.charCodeAt(2) - DIGIT_ZERO;
  const y3 = text.charCodeAt(3) - DIGIT_ZERO;
  const m0 = text.charCodeAt(5) - DIGIT_ZERO;
  const m1 = text.charCodeAt(6) - DIGIT_ZERO;
  const d0 = text.charCodeAt(8) - DIGIT_ZERO;
  const d1 = text.charCodeAt(9) - DIGIT_ZERO;
  // `>>> 0` turns a negative difference into a large number: one comparison per character.
  if (y0 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9 || m0 >>> 0 > 9 || m1 >>> 0 > 9 || d0 >>> 0 > 9 || d1 >>> 0 > 9) {
    return undefined;
  }
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (month < 1 || month > 12 || day < 1) return undefined;
  const leap = (year & 3) === 0 && (year % 100 !== 0 || year % 400 === 0);
  const leapDay = leap && month > 2 ? 1 : 0;
  if (day > (DAYS_IN_MONTH[month] ?? 0) + (leap && month === 2 ? 1 : 0)) return undefined;
  const yearStart = YEAR_STARTS[year - TABLE_FIRST_YEAR];
  if (yearStart === undefined) return dayNumberFromCivil(year, month, day);
  return yearStart + (DAYS_BEFORE_MONTH[month] ?? 0) + leapDay + day - 1;
}

export function formatIsoDate(dayNumber: DayNumber): string {
  const { year, month, day } = civilFromDayNumber(dayNumber);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, value) => String(value).padStart(2, '0'));

/**
 * formatIsoDate for days asked for in a row (day, day + 1, day + 2, ...): each counted forward
 * from the one before rather than converted, since the builds that write every day of the tables
 * at each start and reload ask for thousands of them in order. A day out of that order is
 * converted. The texts are made when asked for and kept by nobody here.
 */
export function consecutiveIsoDates(): (dayNumber: DayNumber) => string {
  let previous = Number.NaN;
  let year = 0;
  let month = 0;
  let day = 0;
  let monthEnd = 0;
  let yearText = '';
  return (dayNumber) => {
    if (dayNumber !== previous + 1) {
      ({ year, month, day } = civilFromDayNumber(dayNumber));
      yearText = String(year).padStart(4, '0');
      monthEnd = daysInMonth(year, month);
    } else if (day < monthEnd) day += 1;
    else {
      day = 1;
      if (month < 12) month += 1;
      else {
        month = 1;
        year += 1;
        yearText = String(year).padStart(4, '0');
      }
      monthEnd = daysInMonth(year, month);
    }
    previous = dayNumber;
    return `${yearText}-${TWO_DIGITS[month] ?? ''}-${TWO_DIGITS[day] ?? ''}`;
  };
}

/**
 * The yyyy-MM-dd a text that is not one probably meant, for an error message: a date with short
 * parts (2024-2-4), slashes or dots (2024/02/04), no separators (20240204), surrounding spaces, or
 * a trailing time or zone (2024-02-04T08:00+08:00; a `+` sent unescaped in a query arrives as a
 * space). Only a real calendar date is suggested; anything else yields `undefined`.
 */
export function probableIsoDate(text: string): string | undefined {
  const match = NEAR_MISS.exec(text.trim());
  if (match === null) return undefined;
  // Groups 1-3 hold a separated date, 4-6 an unseparated one.
  const year = match[1] ?? match[4] ?? '';
  const month = match[2] ?? match[5] ?? '';
  const day = match[3] ?? match[6] ?? '';
  const candidate = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return parseIsoDate(candidate) === undefined ? undefined : candidate;
}

/** A date (separated with `-`, `/` or `.`, parts possibly short; or eight digits), then perhaps a time and a zone. */
const NEAR_MISS = /^(?:(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})|(\d{4})(\d{2})(\d{2}))(?:[T\s]\d{1,2}(?::\d{2}(?::\d{2}(?:[.,]\d+)?)?)?)?(?:\s*(?:Z|[+\-\s]\d{2}(?::?\d{2})?))?$/i;
