import { civilFromDayNumber, dayNumberFromCivil, daysInMonth, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isoWeekdayIndex } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { datesOf, finalEntries, restDaysOf } from '@china-holiday-calendar/core/dataset/entry-dates.js';

/**
 * The year a file arranges, as twelve small month grids for the terminal, so that the person
 * importing a notice compares it with the notice at a glance before publishing: each day is its
 * number and a mark, weeks run Monday to Sunday (Saturday and Sunday are the last two columns).
 * Plain ASCII marks, so the grid lines up in any terminal and in a log.
 */
const MARKS = { statutory: '*', rest: '+', work: '!' } as const;

export const LEGEND = `${MARKS.statutory} statutory day (法定节假日, off)   ${MARKS.rest} other day off of a holiday   ${MARKS.work} make-up working day (上班)`;

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_HEADER = 'Mo Tu We Th Fr Sa Su';
const CELL_WIDTH = 3;
const MONTH_WIDTH = 7 * CELL_WIDTH;
const MONTHS_PER_ROW = 3;
const GAP = '   ';

export function renderYearPicture(file: Pick<ArrangementFile, 'year' | 'entries' | 'statutoryDays'>): string {
  const marks = marksOf(file);
  const lines: string[] = [`${file.year}, as the file has it (weeks Monday to Sunday):`];
  for (let firstMonth = 1; firstMonth <= 12; firstMonth += MONTHS_PER_ROW) {
    const months = Array.from({ length: MONTHS_PER_ROW }, (_, offset) => monthGrid(file.year, firstMonth + offset, marks));
    const height = Math.max(...months.map((grid) => grid.length));
    lines.push('');
    for (let row = 0; row < height; row += 1) {
      lines.push(months.map((grid) => (grid[row] ?? '').padEnd(MONTH_WIDTH)).join(GAP).trimEnd());
    }
  }
  const before = [...marks].filter(([day]) => day < dayNumberFromCivil(file.year, 1, 1)).sort(([a], [b]) => a - b);
  if (before.length > 0) {
    const { year, month } = civilFromDayNumber(before[0]?.[0] ?? 0);
    const days = before.map(([day, mark]) => `${civilFromDayNumber(day).day}${mark}`).join(' ');
    lines.push('', `Also named, in ${MONTH_NAMES[month - 1] ?? ''} ${year}: ${days}`);
  }
  lines.push('', LEGEND, '');
  return lines.join('\n');
}

/** The mark of every day the entries in force name; a statutory day outranks the other days off. */
function marksOf(file: Pick<ArrangementFile, 'entries' | 'statutoryDays'>): Map<DayNumber, string> {
  const marks = new Map<DayNumber, string>();
  const statutory = new Set(Object.values(file.statutoryDays).flatMap((days) => days.map(parseIsoDate)));
  for (const entry of finalEntries(file.entries)) {
    for (const day of restDaysOf(entry)) marks.set(day, statutory.has(day) ? MARKS.statutory : MARKS.rest);
    for (const day of datesOf(entry.work)) marks.set(day, MARKS.work);
  }
  return marks;
}

function monthGrid(year: number, month: number, marks: ReadonlyMap<DayNumber, string>): string[] {
  const name = MONTH_NAMES[month - 1] ?? '';
  const title = `${' '.repeat(Math.floor((MONTH_WIDTH - name.length) / 2))}${name}`;
  const rows = [title, WEEKDAY_HEADER];
  const first = dayNumberFromCivil(year, month, 1);
  let row = ' '.repeat(isoWeekdayIndex(first) * CELL_WIDTH);
  for (let day = 1; day <= daysInMonth(year, month); day += 1) {
    const dayNumber = first + day - 1;
    row += `${String(day).padStart(2)}${marks.get(dayNumber) ?? ' '}`;
    if (isoWeekdayIndex(dayNumber) === 6) {
      rows.push(row.trimEnd());
      row = '';
    }
  }
  if (row !== '') rows.push(row.trimEnd());
  return rows;
}
