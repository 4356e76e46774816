import { yearOfDayNumber, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';

/**
 * The year whose notice an UNKNOWN working-day walk waits for: the first unpublished year it
 * reaches, from the day after `from` (or `from` itself, for 0) going forward, from the day before
 * it going back.
 */
export function firstUnpublishedYearOfWalk(publishedYears: readonly number[], from: DayNumber, days: number): number {
  const published = new Set(publishedYears);
  const step = days < 0 ? -1 : 1;
  let year = yearOfDayNumber(days === 0 ? from : from + step);
  while (published.has(year)) year += step;
  return year;
}
