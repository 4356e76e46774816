import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import { formatArrangementFile } from 'china-holiday-calendar-service/internal/data-folder/format-data-file.js';
import { importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';

/**
 * The bundled data files were transcribed from the reference by hand; the fixtures were written
 * as notice texts from the same facts. Importing each year's notices (annual first, then the
 * special or amending ones) must give the bundled file exactly, reviewer notes aside, and the
 * exchanges' part aside: that comes from the exchanges' own notice, imported on its own.
 */

const FIXTURES = new URL('../fixtures/notices/', import.meta.url);
const DATA = new URL('../../packages/core/data/', import.meta.url);
const YEARS = Array.from({ length: 2026 - 2008 + 1 }, (_, index) => 2008 + index);
const LATER_NOTICES = ['2015-victory-day.txt', '2019-labor-day-amendment.txt', '2020-spring-festival-extension.txt'];

function fixturesOf(year: number): string[] {
  const names = readdirSync(FIXTURES).filter((name) => name.startsWith(`${year}-`) && name.endsWith('.txt'));
  // The annual notice comes first; the others amend or extend its file.
  return names.sort((a, b) => Number(b.endsWith('-annual.txt')) - Number(a.endsWith('-annual.txt')) || a.localeCompare(b));
}

function importYear(year: number): ArrangementFile {
  let file: ArrangementFile | undefined;
  for (const name of fixturesOf(year)) {
    const text = readFileSync(new URL(name, FIXTURES), 'utf8');
    file = name.endsWith('-annual.txt') ? importNotice(text) : importNotice(text, file);
  }
  assert.ok(file, `no notice fixtures for ${year}`);
  return file;
}

function withoutExchanges(file: object): object {
  return Object.fromEntries(Object.entries(file).filter(([key]) => key !== 'exchanges'));
}

function withoutNotes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNotes);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'notes').map(([key, field]) => [key, withoutNotes(field)]));
  }
  return value;
}

describe('importing the notice fixtures', () => {
  it('has one fixture per notice: 19 annual notices and 3 later ones', () => {
    const names = readdirSync(FIXTURES).filter((name) => name.endsWith('.txt')).sort();
    assert.deepEqual(names, [...YEARS.map((year) => `${year}-annual.txt`), ...LATER_NOTICES].sort());
  });

  for (const year of YEARS) {
    it(`gives data/${year}.json exactly (notes and the exchanges' part aside)`, () => {
      const bundled = withoutNotes(withoutExchanges(JSON.parse(readFileSync(new URL(`${year}.json`, DATA), 'utf8')) as object));
      assert.ok(checkArrangementShape(bundled));
      assert.equal(formatArrangementFile(importYear(year)), formatArrangementFile(bundled));
    });
  }

  it('applies a later notice only after the annual one', () => {
    const extension = readFileSync(new URL('2020-spring-festival-extension.txt', FIXTURES), 'utf8');
    const file = importYear(2020);
    const spring = file.entries.filter((entry) => entry.holidays.includes('SPRING_FESTIVAL'));
    assert.deepEqual(
      spring.map((entry) => [entry.notice, entry.form, entry.rest, entry.work, entry.supersededBy]),
      [
        ['annual', 'range-with-swap', ['2020-01-24..2020-01-30'], ['2020-01-19', '2020-02-01'], 'spring-festival-extension'],
        ['spring-festival-extension', 'extension', ['2020-01-24..2020-02-02'], ['2020-01-19'], undefined],
      ],
    );
    assert.throws(() => importNotice(extension, file), /already holds the notice «spring-festival-extension»/);
  });
});
