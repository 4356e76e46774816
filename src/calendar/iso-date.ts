import { civilFromDayNumber, dayNumberFromCivil, daysInMonth, type DayNumber } from './civil-date.js';

const ISO_DATE_SHAPE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/**
 * The one date parser of the service: exactly `yyyy-MM-dd` in ASCII digits, and a real
 * proleptic Gregorian date. Anything else (padding, suffixes, full-width digits, 2023-02-29)
 * yields `undefined`.
 */
export function parseIsoDate(text: string): DayNumber | undefined {
  if (text.length !== 10 || !ISO_DATE_SHAPE.test(text)) return undefined;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return dayNumberFromCivil(year, month, day);
}

export function formatIsoDate(dayNumber: DayNumber): string {
  const { year, month, day } = civilFromDayNumber(dayNumber);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
