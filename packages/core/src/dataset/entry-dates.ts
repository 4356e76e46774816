import type { DayNumber } from '../calendar/civil-date.js';
import { parseIsoDate } from '../calendar/iso-date.js';
import type { ArrangementEntry, ArrangementFile } from './data-file-types.js';

/** Splits "A" or "A..B" into its two ends (equal for a single date); undefined if either is not a real date. */
export function parseDateOrRange(text: string): { from: DayNumber; to: DayNumber } | undefined {
  const [first = '', second = first] = text.split('..');
  const from = parseIsoDate(first);
  const to = parseIsoDate(second);
  return from === undefined || to === undefined ? undefined : { from, to };
}

/**
 * Every day off an entry names: its spans, single days and compensatory days, ascending.
 * The file must already be validated (all dates real, ranges ordered).
 */
export function restDaysOf(entry: Pick<ArrangementEntry, 'rest' | 'compensatory'>): DayNumber[] {
  const days: DayNumber[] = [];
  for (const item of entry.rest) {
    const range = parseDateOrRange(item);
    if (range) for (let day = range.from; day <= range.to; day++) days.push(day);
  }
  for (const item of entry.compensatory) {
    const day = parseIsoDate(item);
    if (day !== undefined) days.push(day);
  }
  return days.sort((a, b) => a - b);
}

export function datesOf(list: readonly string[]): DayNumber[] {
  return list.map(parseIsoDate).filter((day): day is DayNumber => day !== undefined);
}

/** Every day an entry names, by the field that names it. */
export function namedDaysOf(
  entry: Pick<ArrangementEntry, 'rest' | 'compensatory' | 'work' | 'joinedWeekend'>,
): readonly (readonly ['rest' | 'work' | 'joinedWeekend', DayNumber[]])[] {
  return [
    ['rest', restDaysOf(entry)],
    ['work', datesOf(entry.work)],
    ['joinedWeekend', datesOf(entry.joinedWeekend)],
  ];
}

/** The entries in force: an entry replaced by an amending notice no longer counts. */
export function finalEntries<Entry extends Pick<ArrangementEntry, 'supersededBy'>>(entries: readonly Entry[]): Entry[] {
  return entries.filter((entry) => entry.supersededBy === undefined);
}

/**
 * The entries in force, each where the notice put the holiday: an amending notice's entry takes
 * the place of the one it replaces; a special notice's entries come after the annual ones.
 */
export function entriesInNoticeOrder(file: ArrangementFile): ArrangementEntry[] {
  const replacementOf = (entry: ArrangementEntry): ArrangementEntry | undefined =>
    file.entries.find((other) => other.notice === entry.supersededBy && other.holidays.join() === entry.holidays.join());
  const finalStateOf = (entry: ArrangementEntry): ArrangementEntry => {
    let current = entry;
    for (let next = replacementOf(current); next !== undefined && next !== current; next = replacementOf(current)) current = next;
    return current;
  };
  const replacements = new Set(file.entries.map(replacementOf));
  return file.entries.filter((entry) => !replacements.has(entry)).map(finalStateOf);
}
