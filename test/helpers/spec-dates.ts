/*
 * Date arithmetic for the HTTP tests, written here from the rules of docs/design.md (Interface decisions)
 * ("exactly yyyy-MM-dd: four ASCII digits, hyphen, two digits, hyphen, two digits, and a real
 * calendar date"), independently of src/calendar, so that the tests do not share the code they check.
 */

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The earliest supported date (docs/interface.md, Limits). */
export const EARLIEST_SUPPORTED = '2008-01-01';
/** The last year the bundled dataset publishes (docs/design.md (Interface decisions)). */
export const LAST_PUBLISHED_YEAR = 2026;
/** The longest range, both ends included (docs/interface.md, Limits). */
export const MAX_SPAN_DAYS = 366;

const SHAPE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function monthLength(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export interface Civil {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The date a text names when it is exactly `yyyy-MM-dd` and a real date; otherwise undefined. */
export function civilOf(text: string): Civil | undefined {
  const match = SHAPE.exec(text);
  if (match === null) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > monthLength(year, month)) return undefined;
  return { year, month, day };
}

export function isValidDate(text: string): boolean {
  return civilOf(text) !== undefined;
}

/** Days since 1970-01-01 by counting whole years and months (slow but plainly right). */
export function ordinal(text: string): number {
  const civil = civilOf(text);
  if (civil === undefined) throw new Error(`not a date: ${JSON.stringify(text)}`);
  return ordinalOfCivil(civil.year, civil.month, civil.day);
}

function ordinalOfCivil(year: number, month: number, day: number): number {
  const y = year - 1;
  // Days in the years 0001..y (proleptic Gregorian), then months of this year, then days.
  let days = y * 365 + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400);
  for (let m = 1; m < month; m++) days += monthLength(year, m);
  days += day - 1;
  // 1970-01-01 is day 719162 counted this way from 0001-01-01.
  return days - 719_162;
}

/** The date `ordinal` numbers (years 0000 to 9999). */
export function dateOfOrdinal(value: number): string {
  // Start from a year estimate and correct it, then walk the months.
  let year = Math.floor((value + 719_162) / 365.2425) + 1;
  while (ordinalOfCivil(year, 1, 1) > value) year--;
  while (ordinalOfCivil(year + 1, 1, 1) <= value) year++;
  let rest = value - ordinalOfCivil(year, 1, 1);
  let month = 1;
  while (rest >= monthLength(year, month)) {
    rest -= monthLength(year, month);
    month++;
  }
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(rest + 1, 2)}`;
}

export function addDays(text: string, days: number): string {
  return dateOfOrdinal(ordinal(text) + days);
}

/** Number of days from start to end, both included. */
export function spanDays(start: string, end: string): number {
  return ordinal(end) - ordinal(start) + 1;
}

export function weekdayOf(text: string): Weekday {
  // 1970-01-01 was a Thursday (index 3 from Monday).
  const index = (((ordinal(text) + 3) % 7) + 7) % 7;
  return WEEKDAYS[index] as Weekday;
}

export function isWeekendDate(text: string): boolean {
  const weekday = weekdayOf(text);
  return weekday === 'SATURDAY' || weekday === 'SUNDAY';
}

export function yearOf(text: string): number {
  return Number(text.slice(0, 4));
}

/** Every date from start to end, both included, ascending. */
export function datesFromTo(start: string, end: string): string[] {
  const out: string[] = [];
  for (let at = ordinal(start); at <= ordinal(end); at++) out.push(dateOfOrdinal(at));
  return out;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
