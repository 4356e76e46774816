/**
 * Civil (proleptic Gregorian) dates as day numbers: whole days since 1970-01-01.
 *
 * Every date computation in the service goes through these integers, never through `Date`
 * objects, so that no answer can depend on the process's time zone.
 * The conversions are Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms.
 */

/** Whole days since 1970-01-01 (day 0). */
export type DayNumber = number;

export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function dayNumberFromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const monthFromMarch = month > 2 ? month - 3 : month + 9;
  const dayOfYear = Math.floor((153 * monthFromMarch + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

export function civilFromDayNumber(dayNumber: DayNumber): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function yearOfDayNumber(dayNumber: DayNumber): number {
  return civilFromDayNumber(dayNumber).year;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function firstDayOfYear(year: number): DayNumber {
  return dayNumberFromCivil(year, 1, 1);
}

export function lastDayOfYear(year: number): DayNumber {
  return dayNumberFromCivil(year, 12, 31);
}
