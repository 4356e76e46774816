import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { datesOf, finalEntries, restDaysOf } from '@china-holiday-calendar/core/dataset/entry-dates.js';

export type ArrangedDay = 'rest' | 'work';

/** Every day an arrangement names, in its final state: a day off (放假, 补休) or a make-up working day (上班). */
export function arrangedDays(file: ArrangementFile | undefined): ReadonlyMap<string, ArrangedDay> {
  const days = new Map<string, ArrangedDay>();
  for (const entry of finalEntries(file?.entries ?? [])) {
    for (const day of restDaysOf(entry)) days.set(formatIsoDate(day), 'rest');
    for (const day of datesOf(entry.work)) days.set(formatIsoDate(day), 'work');
  }
  return days;
}

/** The dates whose arrangement differs between two versions of a year, ascending. */
export function changedDates(before: ArrangementFile | undefined, after: ArrangementFile): string[] {
  const old = arrangedDays(before);
  const now = arrangedDays(after);
  const dates = new Set([...old.keys(), ...now.keys()]);
  return [...dates].filter((date) => old.get(date) !== now.get(date)).sort();
}
