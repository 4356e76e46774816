import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';

/** An inclusive run of days, as an entry's rest spans are stored ("A..B", or "A" when one day). */
export interface Span {
  readonly start: DayNumber;
  readonly end: DayNumber;
}

export function daysOf(span: Span): DayNumber[] {
  const days: DayNumber[] = [];
  for (let day = span.start; day <= span.end; day += 1) days.push(day);
  return days;
}

export function formatSpan(span: Span): string {
  return span.start === span.end ? formatIsoDate(span.start) : `${formatIsoDate(span.start)}..${formatIsoDate(span.end)}`;
}

export function formatDays(days: Iterable<DayNumber>): string {
  return [...days].map(formatIsoDate).join(', ');
}

export function sameDays(a: Iterable<DayNumber>, b: Iterable<DayNumber>): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((day) => right.has(day));
}

export function ascending(days: Iterable<DayNumber>): DayNumber[] {
  return [...new Set(days)].sort((x, y) => x - y);
}
