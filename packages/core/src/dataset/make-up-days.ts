import type { DayNumber } from '../calendar/civil-date.js';
import { isWeekend } from '../calendar/day-of-week.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import type { ArrangementEntry, ArrangementFile } from './data-file-types.js';
import { datesOf, finalEntries, restDaysOf } from './entry-dates.js';
import type { RuleFinding } from './rule-finding.js';

/**
 * Where make-up working days lie. Every notice 2008-2026 places them on the weekend days next to
 * their holiday: nothing but days off and other make-up days lies between a make-up day and its
 * holiday (2026 takes Sunday 09-20 for National Day because 09-26/27 are Mid-Autumn rest); and an
 * entry with a single make-up day takes it on the nearer side (the Saturday right before a span
 * that starts on Sunday, not the one after it ends on Tuesday). A make-up day a week off its
 * place is what one mistyped digit gives (4月9日 for 4月2日) while the weekday annotation still
 * fits, so these rules catch what the annotation cannot. An extension keeps the make-up days of
 * the entry it replaced, wherever its new end lies.
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
    const work = datesOf(entry.work);
    entry.work.forEach((text, position) => {
      const day = work[position];
      // A make-up day on a weekday is refused as such (checkWeekendOnlyLists); where it lies says nothing more.
      if (day === undefined || !isWeekend(day)) return;
      const between = freeWeekendDayBetween(day, rest, taken);
      if (between === undefined) return;
      findings.push({
        field: `entries[${index}].work[${position}]`,
        entries: [index],
        reason: `the make-up working day ${text} is not on the weekend next to its holiday: ${formatIsoDate(between)}, an ordinary weekend day, lies between (is a date mistyped?)`,
      });
    });
    const farther = singleMakeUpDayOnFartherSide(entry, rest, work, taken);
    if (farther !== undefined) findings.push({ field: `entries[${index}].work[0]`, entries: [index], reason: farther });
  });
  return findings;
}

/** A free weekend day between the make-up day and the nearest rest day of its entry on either side; undefined when one side is clear. */
function freeWeekendDayBetween(day: DayNumber, rest: readonly DayNumber[], taken: ReadonlySet<DayNumber>): DayNumber | undefined {
  const before = rest.filter((restDay) => restDay < day).pop();
  const after = rest.find((restDay) => restDay > day);
  const sides = [before === undefined ? undefined : firstFree(before + 1, day, taken), after === undefined ? undefined : firstFree(day + 1, after, taken)];
  if ((before !== undefined && sides[0] === undefined) || (after !== undefined && sides[1] === undefined)) return undefined;
  return sides.find((side) => side !== undefined);
}

/** The first weekend day in [from, to) that no entry names. */
function firstFree(from: DayNumber, to: DayNumber, taken: ReadonlySet<DayNumber>): DayNumber | undefined {
  for (let day = from; day < to; day += 1) if (isWeekend(day) && !taken.has(day)) return day;
  return undefined;
}

function singleMakeUpDayOnFartherSide(entry: ArrangementEntry, rest: readonly DayNumber[], work: readonly DayNumber[], taken: ReadonlySet<DayNumber>): string | undefined {
  const [day, ...others] = work;
  const first = rest[0];
  const last = rest[rest.length - 1];
  if (entry.form === 'extension' || day === undefined || others.length > 0 || first === undefined || last === undefined) return undefined;
  if (day > first && day < last) return undefined;
  const distance = day < first ? first - day : day - last;
  let other = day < first ? last + 1 : first - 1;
  const step = day < first ? 1 : -1;
  while (!isWeekend(other) || taken.has(other)) other += step;
  const otherDistance = Math.abs(other - (day < first ? last : first));
  if (otherDistance >= distance) return undefined;
  return (
    `the one make-up working day ${formatIsoDate(day)} lies ${distance} days ${day < first ? 'before' : 'after'} its holiday, ` +
    `but ${formatIsoDate(other)} lies only ${otherDistance} ${day < first ? 'after' : 'before'} it: a single make-up day is on the nearer weekend (is a date mistyped?)`
  );
}
