import { civilFromDayNumber, dayNumberFromCivil, daysInMonth, type DayNumber } from './civil-date.js';

const DASH = 0x2d;
const DIGIT_ZERO = 0x30;

/**
 * The one date parser of the service: exactly `yyyy-MM-dd` in ASCII digits, and a real
 * proleptic Gregorian date. Anything else (padding, suffixes, full-width digits, 2023-02-29)
 * yields `undefined`.
 */
export function parseIsoDate(text: string): DayNumber | undefined {
  // Character codes rather than a regular expression, slices and Number(): this runs on every
  // request, and those cost about four times as many instructions (bench/instructions.sh).
  if (text.length !== 10 || text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return dayNumberFromCivil(year, month, day);
}

/** The value of `count` ASCII digits from `start`, or -1 if any is not one. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let at = start; at < start + count; at++) {
    const digit = text.charCodeAt(at) - DIGIT_ZERO;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

export function formatIsoDate(dayNumber: DayNumber): string {
  const { year, month, day } = civilFromDayNumber(dayNumber);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
