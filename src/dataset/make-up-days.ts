import type { DayNumber } from '../calendar/civil-date.js';
import { isoWeekdayIndex, isWeekend } from '../calendar/day-of-week.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import type { ArrangementFile } from './arrangement-schema.js';
import { datesOf, finalEntries, restDaysOf } from './entry-dates.js';
import type { RuleFinding } from './rule-finding.js';

/**
 * Where a make-up working day lies: on the weekend next to its holiday, or, when that weekend is
 * taken by other days off, the next one the arrangement leaves free. Every notice 2008-2026 does
 * so: most take the adjacent weekend; 2026 takes Sunday 09-20 for National Day because the
 * weekend after it, 09-26/27, is Mid-Autumn rest. So no ordinary weekend (a Saturday and Sunday
 * that are neither days off nor make-up days) lies between a make-up day and its holiday. A
 * make-up day a week off its place is what a mistyped digit gives (2月2日 for 2月9日) while the
 * weekday annotation still fits, so this catches what the annotation cannot.
 */
export function makeUpDayFindings(file: Pick<ArrangementFile, 'entries'>): RuleFinding[] {
  const taken = new Set<DayNumber>();
  for (const entry of finalEntries(file.entries)) {
    for (const day of restDaysOf(entry)) taken.add(day);
    for (const day of datesOf(entry.work)) taken.add(day);
  }
  const findings: RuleFinding[] = [];
  file.entries.forEach((entry, index) => {
    if (entry.supersededBy !== undefined) return;
    const rest = restDaysOf(entry);
    entry.work.forEach((text, position) => {
      const day = datesOf([text])[0];
      // A make-up day on a weekday is refused as such (checkWeekendOnlyLists); where it lies says nothing more.
      if (day === undefined || !isWeekend(day)) return;
      const before = rest.filter((restDay) => restDay < day).pop();
      const after = rest.find((restDay) => restDay > day);
      // Per side with a rest day: the free weekend in between, or null when there is none.
      const sides = [before === undefined ? undefined : freeWeekendBetween(before, day, taken), after === undefined ? undefined : freeWeekendBetween(day, after, taken)];
      if (sides.includes(null)) return;
      const weekend = sides.find((side) => typeof side === 'number');
      if (weekend === undefined) return;
      findings.push({
        field: `entries[${index}].work[${position}]`,
        entries: [index],
        reason: `the make-up working day ${text} is not on the nearest free weekend of its holiday: the ordinary weekend ${formatIsoDate(weekend)}..${formatIsoDate(weekend + 1)} lies between`,
      });
    });
  });
  return findings;
}

/** The first free Saturday strictly between two days whose Sunday is free and between too; null when there is none. */
function freeWeekendBetween(from: DayNumber, to: DayNumber, taken: ReadonlySet<DayNumber>): DayNumber | null {
  for (let day = from + 1; day + 1 < to; day += 1) {
    if (isoWeekdayIndex(day) === 5 && !taken.has(day) && !taken.has(day + 1)) return day;
  }
  return null;
}
