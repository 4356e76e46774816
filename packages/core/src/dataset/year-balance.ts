import type { DayNumber } from '../calendar/civil-date.js';
import { isWeekend } from '../calendar/day-of-week.js';
import { holidayNames, type HolidayCode } from '../calendar/holidays.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { statutoryDays } from '../calendar/statutory-days.js';
import type { ArrangementEntry, ArrangementFile } from './data-file-types.js';
import { datesOf, restDaysOf } from './entry-dates.js';
import type { RuleFinding } from './rule-finding.js';

/**
 * Balance: every weekday (Monday to Friday) an arrangement gives off is either a statutory day
 * or paid back by a make-up working day (上班) — the 2008-2009 notices say so clause by clause
 * (公休日调至…), later ones by their spans and 上班 days, and a statutory day on a weekend is
 * replaced by a weekday off (补休, or a weekday inside the span). Per arrangement year:
 *
 *   rest days on weekdays = statutory days + make-up working days
 *
 * with statutory days counted per holiday (2009-10-03 and 2020-10-01 count twice: National Day
 * and Mid-Autumn). All 22 notices 2008-2026 satisfy it per year; two exceptions, both in
 * docs/arrangement-format.md: 2015 balances only per year (Mid-Autumn fell on a Sunday and its
 * replacement weekday is in the National Day span), and the 2020 extension notice added days
 * beyond the balance. An extension (form `extension`, from an amending notice) is therefore
 * counted as the entry it replaced, and the days it adds are shown apart.
 */
export interface EntryBalance {
  readonly index: number;
  readonly holidays: readonly HolidayCode[];
  readonly weekdayRest: number;
  readonly statutory: number;
  readonly work: number;
}

export interface ExtensionSurplus {
  /** The extension entry and the entry it replaced, as indexes into `entries`. */
  readonly index: number;
  readonly replaces: number;
  readonly notice: string;
  /** Weekdays off it adds plus make-up days it drops: days beyond the balance. */
  readonly addedDays: number;
}

export interface YearBalance {
  readonly entries: readonly EntryBalance[];
  readonly weekdayRest: number;
  readonly statutory: number;
  readonly work: number;
  readonly extensions: readonly ExtensionSurplus[];
}

type BalancedFile = Pick<ArrangementFile, 'year' | 'notices' | 'entries'>;

export function yearBalance(file: BalancedFile): YearBalance {
  const entries: EntryBalance[] = [];
  const extensions: ExtensionSurplus[] = [];
  file.entries.forEach((entry, index) => {
    if (entry.supersededBy !== undefined) return;
    const replaces = entry.form === 'extension' ? replacedEntryIndex(file, entry) : undefined;
    const replaced = replaces === undefined ? undefined : file.entries[replaces];
    if (replaces === undefined || replaced === undefined) {
      entries.push(entryBalance(entry, index, file.year));
      return;
    }
    const before = entryBalance(replaced, replaces, file.year);
    const after = entryBalance(entry, index, file.year);
    entries.push(before);
    extensions.push({ index, replaces, notice: entry.notice, addedDays: after.weekdayRest - after.work - (before.weekdayRest - before.work) });
  });
  const sum = (key: 'weekdayRest' | 'statutory' | 'work'): number => entries.reduce((total, entry) => total + entry[key], 0);
  return { entries, weekdayRest: sum('weekdayRest'), statutory: sum('statutory'), work: sum('work'), extensions };
}

function isBalanced(balance: YearBalance): boolean {
  return balance.weekdayRest === balance.statutory + balance.work;
}

/** Weekday rest days beyond (positive) or short of (negative) what the entry's statutory and make-up days account for. */
function surplusOf(entry: Pick<EntryBalance, 'weekdayRest' | 'statutory' | 'work'>): number {
  return entry.weekdayRest - entry.statutory - entry.work;
}

/** "26 rest days on weekdays = 22 statutory days + 4 make-up working days", and what settles within the year or lies beyond it. */
export function describeBalance(balance: YearBalance): string {
  const sign = isBalanced(balance) ? '=' : '≠';
  const parts = [`${balance.weekdayRest} rest days on weekdays ${sign} ${balance.statutory} statutory days + ${balance.work} make-up working days`];
  const uneven = balance.entries.filter((entry) => surplusOf(entry) !== 0);
  if (uneven.length > 0) {
    const listed = uneven.map((entry) => `${holidayNames(entry.holidays)} ${signed(surplusOf(entry))}`).join(', ');
    parts.push(isBalanced(balance) ? `${listed}: settled within the year` : `by holiday: ${listed}`);
  }
  for (const extension of balance.extensions) parts.push(`the extension notice «${extension.notice}» adds ${extension.addedDays} days beyond the balance`);
  return parts.join('; ');
}

export function yearBalanceFindings(file: BalancedFile): RuleFinding[] {
  const balance = yearBalance(file);
  const findings = extensionFindings(file);
  if (isBalanced(balance)) return findings;
  const uneven = balance.entries.filter((entry) => surplusOf(entry) !== 0);
  const surplus = surplusOf(balance);
  const hint =
    surplus > 0
      ? `${surplus} weekday(s) off are neither statutory nor paid back by a make-up working day (is a 上班 day missing?)`
      : `${-surplus} make-up working day(s) pay back no weekday off (is a rest day missing?)`;
  const byHoliday = uneven.map(
    (entry) => `${holidayNames(entry.holidays)}: ${entry.weekdayRest} weekday rest days for ${entry.statutory} statutory + ${entry.work} make-up days`,
  );
  return [
    ...findings,
    {
      field: 'entries',
      entries: uneven.map((entry) => entry.index),
      reason: `the ${file.year} arrangement does not balance: ${balance.weekdayRest} rest days on weekdays, but ${balance.statutory} statutory days + ${balance.work} make-up working days = ${balance.statutory + balance.work}: ${hint}${byHoliday.length > 0 ? `; ${byHoliday.join('; ')}` : ''}`,
    },
  ];
}

/**
 * The exception for an extension holds only for what an extension does: keep the replaced
 * entry's days, move its end later, and drop the make-up days that now fall inside it.
 */
function extensionFindings(file: BalancedFile): RuleFinding[] {
  const findings: RuleFinding[] = [];
  file.entries.forEach((entry, index) => {
    if (entry.form !== 'extension') return;
    const at = (reason: string): void => {
      findings.push({ field: `entries[${index}]`, entries: [index], reason });
    };
    if (file.notices.find((notice) => notice.id === entry.notice)?.kind !== 'amending') {
      at('an extension comes from an amending notice');
      return;
    }
    const replaces = replacedEntryIndex(file, entry);
    const replaced = replaces === undefined ? undefined : file.entries[replaces];
    if (replaced === undefined) {
      at(`an extension replaces an entry (supersededBy ${entry.notice}) for the same holidays, and there is none`);
      return;
    }
    const before = restDaysOf(replaced);
    const after = new Set(restDaysOf(entry));
    const lastBefore = before[before.length - 1] ?? Number.NEGATIVE_INFINITY;
    const lost = before.filter((day) => !after.has(day));
    const earlier = [...after].filter((day) => !before.includes(day) && day < lastBefore);
    const work = datesOf(entry.work);
    const keptWork = datesOf(replaced.work).filter((day) => !after.has(day));
    if (lost.length > 0 || earlier.length > 0 || !sameDays(work, keptWork) || entry.compensatory.length > 0 || entry.joinedWeekend.length > 0) {
      at(
        `an extension only moves the end of the entry it replaces (entries[${String(replaces)}]): it keeps that entry's rest days (${describe(lost)} dropped), ` +
          `adds days after its end (${describe(earlier)} added before), and keeps its make-up days except those now inside the holiday (${describe(keptWork)} expected, ${describe(work)} given)`,
      );
    }
  });
  return findings;
}

function replacedEntryIndex(file: BalancedFile, extension: ArrangementEntry): number | undefined {
  const index = file.entries.findIndex(
    (entry) => entry.supersededBy === extension.notice && entry.holidays.join() === extension.holidays.join(),
  );
  return index < 0 ? undefined : index;
}

function entryBalance(entry: ArrangementEntry, index: number, year: number): EntryBalance {
  return {
    index,
    holidays: entry.holidays,
    weekdayRest: restDaysOf(entry).filter((day) => !isWeekend(day)).length,
    statutory: entry.holidays.reduce((total, code) => total + statutoryDays(code, year).length, 0),
    work: entry.work.length,
  };
}

function sameDays(a: readonly DayNumber[], b: readonly DayNumber[]): boolean {
  return a.length === b.length && a.every((day) => b.includes(day));
}

function describe(days: readonly DayNumber[]): string {
  return days.length === 0 ? 'none' : days.map(formatIsoDate).join(', ');
}


function signed(value: number): string {
  return value > 0 ? `+${value}` : `${value}`;
}
