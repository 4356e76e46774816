import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LEGEND, renderYearPicture } from 'china-holiday-calendar-service/internal/commands/year-picture.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import { importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';
import { expectedDay } from '../helpers/reference-calendar.js';
import { monthLength, WEEKDAYS, weekdayOf } from '../helpers/spec-dates.js';

/**
 * The picture `import` prints: the year as twelve month grids, weeks Monday
 * to Sunday, each day its number and a mark. Read back cell by cell, it must show what the
 * reference says of every day of 2023-2026, in the right weekday column; and the excerpt the
 * operator's guide (docs/operators.md) shows must be real output.
 */

const SYNTHETIC_2027 = new URL('../fixtures/synthetic/2027-annual.txt', import.meta.url);
const CELL = 3;
const MONTH_WIDTH = 7 * CELL;
const GAP = 3;

function bundled(year: number): ArrangementFile {
  const file: unknown = JSON.parse(readFileSync(join(BUNDLED_DATA_DIR, `${year}.json`), 'utf8'));
  assert.ok(checkArrangementShape(file), `${year}.json`);
  return file;
}

interface Cell {
  readonly date: string;
  readonly column: number;
  readonly mark: string;
}

/** Every day cell of a picture, read back from the text: its date, weekday column and mark. */
function readCells(picture: string, year: number): Cell[] {
  const lines = picture.split('\n');
  const cells: Cell[] = [];
  let firstMonth = 1;
  for (let at = 0; at < lines.length; at += 1) {
    if (!/^Mo Tu We Th Fr Sa Su/.test(lines[at] ?? '')) continue;
    for (let row = at + 1; (lines[row] ?? '') !== ''; row += 1) {
      const line = lines[row] ?? '';
      for (let month = 0; month < 3; month += 1) {
        const block = line.slice(month * (MONTH_WIDTH + GAP), month * (MONTH_WIDTH + GAP) + MONTH_WIDTH);
        for (let column = 0; column < 7; column += 1) {
          const cell = block.slice(column * CELL, column * CELL + CELL).padEnd(CELL);
          if (cell.trim() === '') continue;
          const day = Number(cell.slice(0, 2));
          const monthNumber = firstMonth + month;
          cells.push({ date: `${year}-${String(monthNumber).padStart(2, '0')}-${String(day).padStart(2, '0')}`, column, mark: cell.charAt(2) });
        }
      }
    }
    firstMonth += 3;
  }
  return cells;
}

function expectedMark(date: string): string {
  const { dayStatus, holidays } = expectedDay(date);
  if (dayStatus === 'ADJUSTED_WORKDAY') return '!';
  if (dayStatus === 'HOLIDAY') return holidays.some((holiday) => holiday.statutoryDate) ? '*' : '+';
  return ' ';
}

describe('the year picture', () => {
  for (const year of [2023, 2024, 2025, 2026]) {
    it(`${year}: every day once, in its weekday column, marked as the reference says`, () => {
      const cells = readCells(renderYearPicture(bundled(year)), year);
      const days = Array.from({ length: 12 }, (_, month) => monthLength(year, month + 1)).reduce((total, length) => total + length, 0);
      assert.equal(cells.length, days);
      for (const cell of cells) {
        assert.equal(WEEKDAYS[cell.column], weekdayOf(cell.date), `${cell.date} in its weekday's column`);
        assert.equal(cell.mark, expectedMark(cell.date), `${cell.date}'s mark`);
      }
    });
  }

  it('lists the previous December days the notice names, and ends with the legend', () => {
    const picture2023 = renderYearPicture(bundled(2023));
    // 2023's New Year: 2022-12-31..2023-01-02 (the official notices (test/fixtures/notices/)).
    assert.match(picture2023, /^Also named, in December 2022: 31\+$/m);
    assert.match(renderYearPicture(bundled(2019)), /^Also named, in December 2018: 29! 30\+ 31\+$/m);
    assert.doesNotMatch(renderYearPicture(bundled(2024)), /Also named/);
    assert.equal(picture2023.trimEnd().split('\n').at(-1), LEGEND);
    for (const mark of ['*', '+', '!']) assert.ok(LEGEND.includes(`${mark} `), `the legend explains ${mark}`);
  });

  it('shows the final state: the 2020 Spring Festival as extended, its dropped make-up Saturday as a day off', () => {
    const cells = readCells(renderYearPicture(bundled(2020)), 2020);
    const markOf = (date: string): string | undefined => cells.find((cell) => cell.date === date)?.mark;
    assert.deepEqual(['2020-01-19', '2020-01-25', '2020-01-31', '2020-02-01', '2020-02-02', '2020-02-03'].map(markOf), ['!', '*', '+', '+', '+', ' ']);
  });

  it('is what the operator\'s guide shows in "Publishing a new year", step 3: the import of the synthetic 2027 notice', () => {
    const readme = readFileSync(new URL('../../docs/operators.md', import.meta.url), 'utf8');
    const step = readme.slice(readme.indexOf('3. **Look at the year'), readme.indexOf('4. **Nothing else'));
    const excerpt = /```text\n([\s\S]*?)```/.exec(step)?.[1];
    assert.ok(excerpt !== undefined, 'step 3 shows an excerpt');
    const picture = renderYearPicture(importNotice(readFileSync(SYNTHETIC_2027, 'utf8'), undefined, { currentYear: 2026 }));
    const chunks = excerpt
      .replace(/^ {3}/gm, '')
      .split(/^…$/m)
      .map((chunk) => chunk.replace(/^\n+|\s+$/g, ''));
    assert.ok(chunks.length >= 2 && chunks.every((chunk) => chunk.split('\n').length >= 1 && chunk !== ''), JSON.stringify(chunks));
    for (const chunk of chunks) assert.ok(picture.includes(chunk), `the guide's excerpt is real output:\n${chunk}`);
  });
});
