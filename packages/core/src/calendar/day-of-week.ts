import type { DayNumber } from './civil-date.js';

export const DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** ISO weekday index: 0 = Monday .. 6 = Sunday. Day 0 (1970-01-01) was a Thursday. */
export function isoWeekdayIndex(dayNumber: DayNumber): number {
  return (((dayNumber + 3) % 7) + 7) % 7;
}

export function dayOfWeek(dayNumber: DayNumber): DayOfWeek {
  return DAYS_OF_WEEK[isoWeekdayIndex(dayNumber)] as DayOfWeek;
}

export function isWeekend(dayNumber: DayNumber): boolean {
  return isoWeekdayIndex(dayNumber) >= 5;
}
