import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isWeekend } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { HOLIDAYS, holidayNames, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { statutoryDays } from '@china-holiday-calendar/core/calendar/statutory-days.js';
import { daysOf, formatDays, sameDays, type Span } from './day-sets.js';
import type { EntryFacts } from './entry-body.js';
import { Refusal } from './import-error.js';

export type OldStyleForm = 'old-style-swap' | 'old-style-weekend-shift' | 'old-style-no-swap';

export interface OldStyleAccount {
  readonly form: OldStyleForm;
  /** The days worked: the weekend days whose rest the entry moved into its span. */
  readonly work: readonly DayNumber[];
}

/**
 * The 2008-2009 notices break their span down: the statutory days (为法定节假日), the ordinary
 * weekend days (为公休日 / 照常公休), and weekend rest moved to weekdays (公休日调至…), whose
 * weekend days are then worked (上班). The rest set is the whole span either way; this checks
 * that the breakdown accounts for every day of the span exactly once and agrees with the
 * regulation, which is what it means to have understood the entry.
 *
 * The clause moving a weekend day's rest into the span (12月29日（星期六）公休日调至12月31日) says
 * by itself that the weekend day is worked; reprints that leave out the separate 上班 sentence
 * are read so. A 上班 sentence that is given must name exactly those days.
 */
export function accountOldStyle(span: Span, holidays: readonly HolidayCode[], facts: EntryFacts, year: number): OldStyleAccount {
  const spanDays = new Set(daysOf(span));
  const declared = facts.statutory.flatMap((clause) => clause.days);
  const expected = holidays.flatMap((code) => statutoryDays(code, year));
  if (!sameDays(declared, expected)) {
    throw new Refusal(
      `the days called 法定节假日 (${formatDays(declared)}) are not the statutory days of ${holidayNames(holidays)} (${formatDays(expected)})`,
    );
  }
  for (const clause of facts.statutory) {
    if (clause.holidays.length === 0) continue;
    const own = clause.holidays.flatMap((code) => statutoryDays(code, year));
    if (!sameDays(clause.days, own)) {
      throw new Refusal(`${formatDays(clause.days)} are not the statutory days of ${holidayNames(clause.holidays)} (${formatDays(own)})`);
    }
  }
  for (const day of facts.weekendRest) {
    if (!spanDays.has(day) || !isWeekend(day)) throw new Refusal(`${formatIsoDate(day)} is called 公休日 but is not a weekend day of the span`);
  }

  const targets: DayNumber[] = [];
  const movedAway: DayNumber[] = [];
  for (const move of facts.moves) {
    if (move.from.length + move.holidays.length !== move.to.length) {
      throw new Refusal(
        `${formatDays(move.from)}${move.holidays.length > 0 ? ` and ${holidayNames(move.holidays)}` : ''} cannot be moved to ${move.to.length} day(s)`,
      );
    }
    for (const code of move.holidays) {
      if (!holidays.includes(code)) throw new Refusal(`the entry moves ${HOLIDAYS[code].zh}, which it does not name`);
    }
    for (const day of move.from) {
      if (!isWeekend(day)) throw new Refusal(`${formatIsoDate(day)} is not a weekend day, so it has no 公休日 to move`);
      // A weekend day inside the span keeps no weekend rest to move unless a statutory day took it.
      if (spanDays.has(day) && !declared.includes(day)) {
        throw new Refusal(`${formatIsoDate(day)} lies in the span but is no statutory day; its weekend rest cannot move`);
      }
      if (!spanDays.has(day)) movedAway.push(day);
    }
    for (const day of move.to) {
      if (!spanDays.has(day) || isWeekend(day)) throw new Refusal(`${formatIsoDate(day)} is not a weekday of the span`);
      targets.push(day);
    }
  }
  const work = facts.work.length === 0 ? [...movedAway].sort((a, b) => a - b) : facts.work;
  if (!sameDays(work, movedAway)) {
    throw new Refusal(
      `the 上班 days (${formatDays(facts.work)}) are not the weekend days whose rest was moved out of the span (${formatDays(movedAway)})`,
    );
  }

  const counted = new Map<DayNumber, number>();
  for (const day of [...new Set(declared), ...facts.weekendRest, ...targets]) counted.set(day, (counted.get(day) ?? 0) + 1);
  for (const [day, count] of counted) {
    if (!spanDays.has(day)) throw new Refusal(`${formatIsoDate(day)} is accounted as a day off but lies outside the span`);
    if (count > 1) throw new Refusal(`${formatIsoDate(day)} is accounted for twice in the breakdown`);
  }
  const unaccounted = [...spanDays].filter((day) => !counted.has(day));
  if (unaccounted.length > 0) throw new Refusal(`the breakdown does not account for ${formatDays(unaccounted)}`);

  if (work.length > 0) return { form: 'old-style-swap', work };
  return { form: facts.moves.length > 0 ? 'old-style-weekend-shift' : 'old-style-no-swap', work };
}

