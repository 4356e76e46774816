import { isWeekend } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { daysOf, type Span } from './day-sets.js';
import type { EntryFacts } from './entry-body.js';
import { Refusal } from './import-error.js';

/**
 * The 2015 special notice's breakdown: "其中9月3日（星期四）放假，9月4日（星期五）调休，9月6日
 * （星期日）上班". Every day of the span must be the day granted, a swapped weekday or an
 * ordinary weekend day, and each swapped weekday must be paid for by one worked weekend day.
 */
export function accountSpecialBreakdown(span: Span, facts: EntryFacts): void {
  const granted = new Set(facts.specialOff);
  const swapped = new Set(facts.specialSwap);
  for (const day of granted) {
    if (day < span.start || day > span.end) throw new Refusal(`${formatIsoDate(day)} is granted off but lies outside the span`);
    if (swapped.has(day)) throw new Refusal(`${formatIsoDate(day)} is called both 放假 and 调休`);
  }
  for (const day of swapped) {
    if (day < span.start || day > span.end || isWeekend(day)) throw new Refusal(`the 调休 day ${formatIsoDate(day)} is not a weekday of the span`);
  }
  if (swapped.size !== facts.work.length) {
    throw new Refusal(`${swapped.size} swapped weekday(s) (调休) but ${facts.work.length} worked day(s) (上班)`);
  }
  for (const day of daysOf(span)) {
    if (!granted.has(day) && !swapped.has(day) && !isWeekend(day)) {
      throw new Refusal(`the breakdown does not say why ${formatIsoDate(day)}, a weekday of the span, is off`);
    }
  }
}
