import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isUnavailable, type NextHoliday } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { buildCalendarViews, type CalendarViews } from '../helpers/calendar-views.js';
import type { DayStatus } from '@china-holiday-calendar/core/answers/day-json.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { ArrangementFile, Manifest } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import { DATASET_VERSION_PATTERN } from '@china-holiday-calendar/core/dataset/dataset-version.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import type { DataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { datesOf, finalEntries, restDaysOf } from '@china-holiday-calendar/core/dataset/entry-dates.js';
import { readDataDirectory, type DirectorySnapshot, type YearFile } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { computeStatutoryDaysField } from '@china-holiday-calendar/core/dataset/statutory-days-field.js';
import { BUNDLED_DATA_DIR, day } from '../helpers/bundled-dataset.js';
import { reseal, sealed } from '../helpers/sealed-data.js';

const YEARS = Array.from({ length: 19 }, (_, i) => 2008 + i);
const YEARS_TO_2027 = [...YEARS, 2027];
/** The newest bundled notice is the 2026 one, published 2025-11-04. */
const BUNDLED_VERSION = /^2025\.11\.04-[0-9a-f]{8}$/;

let bundled: DirectorySnapshot;
let good: Dataset;

before(async () => {
  bundled = await readDataDirectory(BUNDLED_DATA_DIR);
  good = assembleDataset(bundled);
});

// ---------------------------------------------------------------------------------------------
// Snapshot builders

/** The SHA-256 (hex) of a text's UTF-8 bytes, as a data file's digest is taken. */
function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function textOf(snapshot: DirectorySnapshot, year: number): string {
  const file = snapshot.yearFiles.find((yearFile) => yearFile.year === year);
  if (file === undefined || !('text' in file)) throw new Error(`no text for ${year}`);
  return file.text;
}

function parsedOf(year: number): ArrangementFile {
  const file: unknown = JSON.parse(textOf(bundled, year));
  assert.ok(checkArrangementShape(file), `${year}.json`);
  return file;
}

function textFile(year: number, text: string): YearFile {
  return { fileName: `${year}.json`, text, year };
}

function jsonFile(year: number, file: ArrangementFile): YearFile {
  return textFile(year, `${JSON.stringify(file, null, 2)}\n`);
}

/**
 * The snapshot with `year`'s file replaced (or added), or removed when `file` is undefined, and the
 * manifest's digests written again, as a publication writes them.
 */
function withYear(snapshot: DirectorySnapshot, year: number, file: YearFile | undefined): DirectorySnapshot {
  const others = snapshot.yearFiles.filter((yearFile) => yearFile.year !== year);
  return sealed({ manifest: snapshot.manifest, yearFiles: [...others, ...(file ? [file] : [])].sort((a, b) => a.year - b.year) });
}

/** A bundled file changed by `change`, as text. */
function changed(year: number, change: (file: ArrangementFile) => void): YearFile {
  const file = parsedOf(year);
  change(file);
  return jsonFile(year, file);
}

function entryAt(file: ArrangementFile, at: number): ArrangementFile['entries'][number] {
  const entry = file.entries[at];
  if (entry === undefined) throw new Error(`no entry ${at}`);
  return entry;
}

/**
 * A valid arrangement for the (so far unpublished) year 2027, written for the test: the seven
 * holidays a file must have, New Year 2027-01-01 (Fri)..01-03 with a make-up Sunday in the
 * previous December, 2026-12-27, and a Spring Festival whose one weekday off too many pays for
 * it (a year balances as a whole, as 2015 does). Regulation version 3; statutory days computed.
 */
function synthetic2027(): ArrangementFile {
  const entry = (holidays: ArrangementFile['entries'][number]['holidays'], printedName: string, rest: string, work: string[], statedTotal: number | null) => ({
    notice: 'annual',
    holidays,
    printedName,
    form: work.length > 0 ? ('range-with-swap' as const) : rest.includes('..') ? ('range-no-swap' as const) : ('off-one-day' as const),
    rest: [rest],
    compensatory: [],
    work,
    joinedWeekend: [],
    statedTotal,
  });
  const entries = [
    entry(['NEW_YEAR'], '元旦', '2027-01-01..2027-01-03', ['2026-12-27'], 3),
    entry(['SPRING_FESTIVAL'], '春节', '2027-02-05..2027-02-12', ['2027-02-13'], 8),
    entry(['QINGMING_FESTIVAL'], '清明节', '2027-04-03..2027-04-05', [], 3),
    entry(['LABOR_DAY'], '劳动节', '2027-05-01..2027-05-05', ['2027-05-08'], 5),
    entry(['DRAGON_BOAT_FESTIVAL'], '端午节', '2027-06-09', [], 1),
    entry(['MID_AUTUMN_FESTIVAL'], '中秋节', '2027-09-15', [], 1),
    entry(['NATIONAL_DAY'], '国庆节', '2027-10-01..2027-10-07', ['2027-09-26', '2027-10-09'], 7),
  ];
  return {
    year: 2027,
    regulationVersion: 3,
    notices: [
      {
        id: 'annual',
        kind: 'annual',
        title: '国务院办公厅关于2027年部分节假日安排的通知（测试数据）',
        documentNumber: null,
        signedDate: null,
        publishedDate: '2026-11-20',
        sourceUrl: 'https://example.org/2027',
        otherUrls: [],
      },
    ],
    entries,
    statutoryDays: computeStatutoryDaysField({ year: 2027, entries }),
  };
}

// ---------------------------------------------------------------------------------------------
// Index helpers

function recordOf(index: CalendarViews, date: string): DayStatus {
  const answer = index.dayStatus(day(date));
  if (isUnavailable(answer)) assert.fail(`${date} answered unavailable (${answer.year})`);
  return answer;
}

function nextOf(index: CalendarViews, date: string): NextHoliday {
  const answer = index.nextHoliday(day(date));
  if (isUnavailable(answer)) assert.fail(`next holiday from ${date} answered unavailable (${answer.year})`);
  return answer;
}

/** Every query that touches an unreadable day answers `{ unavailable: true, year }`. */
function expectUnavailable(answer: unknown, year: number, what: string): void {
  assert.ok(isUnavailable(answer), `${what} should be unavailable`);
  assert.deepEqual({ ...answer }, { unavailable: true, year }, what);
}

function hasProblem(problems: readonly DataProblem[], file: string, field: string, reason: RegExp): boolean {
  return problems.some((problem) => problem.file === file && problem.field === field && reason.test(problem.reason));
}

/** Every day an arrangement names (final state: rest and work), as ISO dates. */
function namedDays(file: ArrangementFile): string[] {
  return finalEntries(file.entries).flatMap((entry) => [...restDaysOf(entry), ...datesOf(entry.work)].map(formatIsoDate));
}

// ---------------------------------------------------------------------------------------------

describe('assembleDataset: the bundled data', () => {
  it('publishes 2008..2026 with no problems and a readable version', () => {
    assert.deepEqual(good.publishedYears, YEARS);
    assert.deepEqual([...good.arrangements.keys()], YEARS);
    assert.deepEqual(good.unavailableYears, []);
    assert.deepEqual(good.problems, []);
    assert.match(good.version, BUNDLED_VERSION);
  });

  it('derives the same version every time, whatever the order of the files', () => {
    assert.equal(assembleDataset(bundled).version, good.version);
    const reversed: DirectorySnapshot = { manifest: bundled.manifest, yearFiles: [...bundled.yearFiles].reverse() };
    assert.equal(assembleDataset(reversed).version, good.version);
  });

  it('gives versions the published pattern promises, with or without notices (the answer writers put them in quotes unescaped)', () => {
    const pattern = new RegExp(DATASET_VERSION_PATTERN);
    assert.match(good.version, pattern);
    assert.match(assembleDataset({ manifest: bundled.manifest, yearFiles: [] }).version, pattern);
    assert.match(assembleDataset({ manifest: bundled.manifest, yearFiles: [] }).version, /^empty-/);
    assert.doesNotMatch('2025.11.04-3f9a2c1d"', pattern);
  });

  it('keeps the version when only whitespace changes (minified and 4-space files)', () => {
    for (const indent of [0, 4]) {
      const reformatted = sealed({
        manifest: bundled.manifest,
        yearFiles: YEARS.map((year) => textFile(year, JSON.stringify(JSON.parse(textOf(bundled, year)), null, indent))),
      });
      const dataset = assembleDataset(reformatted);
      assert.deepEqual(dataset.problems, []);
      assert.equal(dataset.version, good.version, `indent ${indent}`);
    }
  });

  it('changes the version when the publication date of any year’s notice changes', () => {
    const versions = new Set([good.version]);
    for (const year of YEARS) {
      const file = changed(year, (f) => {
        const notice = f.notices[0];
        if (!notice) throw new Error('no notice');
        notice.publishedDate = formatIsoDate(day(notice.publishedDate) - 1);
      });
      const dataset = assembleDataset(withYear(bundled, year, file));
      assert.deepEqual(dataset.problems, [], `${year} still valid`);
      assert.notEqual(dataset.version, good.version, `${year}`);
      versions.add(dataset.version);
    }
    assert.equal(versions.size, YEARS.length + 1, 'every change gives its own version');
  });

  it('changes the version when a rest, make-up or joined date changes (each file still valid)', () => {
    const changes: readonly [number, (file: ArrangementFile) => void][] = [
      // 2023 Labor Day make-up Sunday 04-23 moved to Sunday 05-07, next to Saturday 05-06.
      [2023, (f) => { entryAt(f, 3).work = ['2023-05-06', '2023-05-07']; }],
      // 2014 Mid-Autumn: one joined weekend day fewer.
      [2014, (f) => { entryAt(f, 5).joinedWeekend = ['2014-09-07']; }],
      // 2012 New Year: two days off, and no make-up day in December 2011.
      [2012, (f) => { entryAt(f, 0).rest = ['2012-01-01..2012-01-02']; entryAt(f, 0).work = []; entryAt(f, 0).statedTotal = 2; }],
      // 2026 National Day: make-up Sunday 09-20 moved to Sunday 10-11, next to Saturday 10-10.
      [2026, (f) => { entryAt(f, 6).work = ['2026-10-10', '2026-10-11']; }],
      // 2008 Dragon Boat: one more day off, Tuesday 06-10, worked back on Saturday 06-14, and a total of 4.
      [2008, (f) => { entryAt(f, 4).compensatory = ['2008-06-10']; entryAt(f, 4).work = ['2008-06-14']; entryAt(f, 4).statedTotal = 4; }],
    ];
    const versions = new Set([good.version]);
    for (const [year, change] of changes) {
      const dataset = assembleDataset(withYear(bundled, year, changed(year, change)));
      assert.deepEqual(dataset.problems, [], `${year} change keeps the file valid`);
      assert.match(dataset.version, BUNDLED_VERSION);
      assert.notEqual(dataset.version, good.version, `${year}`);
      versions.add(dataset.version);
    }
    assert.equal(versions.size, changes.length + 1);
  });

  it('labels the version with the newest publication date', () => {
    const dataset = assembleDataset(
      withYear(
        bundled,
        2026,
        changed(2026, (f) => {
          const notice = f.notices[0];
          if (notice) notice.publishedDate = '2025-11-05';
        }),
      ),
    );
    assert.match(dataset.version, /^2025\.11\.05-[0-9a-f]{8}$/);
  });
});

describe('assembleDataset: a bad file of a published year with no previous copy', () => {
  const cases: readonly [string, () => YearFile, RegExp][] = [
    ['invalid JSON', () => textFile(2019, textOf(bundled, 2019).slice(0, 200)), /JSON/],
    ['an empty file', () => textFile(2019, ''), /JSON/],
    ['an invalid file', () => changed(2019, (f) => { entryAt(f, 1).statedTotal = 8; }), /states 8/],
    ['an unreadable file', () => ({ fileName: '2019.json', error: 'EACCES', year: 2019 }), /cannot be read.*EACCES/],
  ];
  for (const [label, file, reason] of cases) {
    it(`${label}: the year is unavailable, the problem names the file`, () => {
      const dataset = assembleDataset(withYear(bundled, 2019, file()));
      assert.deepEqual(dataset.publishedYears, YEARS);
      assert.deepEqual(dataset.unavailableYears, [2019]);
      assert.ok(!dataset.arrangements.has(2019));
      assert.ok(dataset.problems.length > 0);
      assert.ok(dataset.problems.every((problem) => problem.file === '2019.json'), JSON.stringify(dataset.problems));
      assert.ok(dataset.problems.some((problem) => reason.test(problem.reason)), JSON.stringify(dataset.problems));
      assert.notEqual(dataset.version, good.version);
    });
  }

  it('a missing file: the year is unavailable, the problem says the file is missing', () => {
    const dataset = assembleDataset(withYear(bundled, 2019, undefined));
    assert.deepEqual(dataset.unavailableYears, [2019]);
    assert.ok(hasProblem(dataset.problems, '2019.json', '(file)', /missing/), JSON.stringify(dataset.problems));
  });
});

describe('assembleDataset: a bad file with a previous good copy (last known good)', () => {
  const cases: readonly [string, () => YearFile][] = [
    ['invalid JSON', () => textFile(2019, '{')],
    ['an invalid file', () => changed(2019, (f) => { entryAt(f, 1).work.push('2019-02-11'); })],
    ['an unreadable file', () => ({ fileName: '2019.json', error: 'EIO', year: 2019 })],
  ];
  for (const [label, file] of cases) {
    it(`${label}: the good copy is kept and the year stays available`, () => {
      const dataset = assembleDataset(withYear(bundled, 2019, file()), good);
      assert.equal(dataset.arrangements.get(2019), good.arrangements.get(2019));
      assert.deepEqual(dataset.publishedYears, YEARS);
      assert.deepEqual(dataset.unavailableYears, []);
      assert.equal(dataset.version, good.version, 'same content, same version');
      assert.ok(dataset.problems.some((problem) => problem.file === '2019.json'), JSON.stringify(dataset.problems));
      assert.equal(recordOf(buildCalendarViews(dataset), '2019-05-02').dayStatus, 'HOLIDAY');
    });
  }

  it('a missing file: the good copy is kept', () => {
    const dataset = assembleDataset(withYear(bundled, 2019, undefined), good);
    assert.equal(dataset.arrangements.get(2019), good.arrangements.get(2019));
    assert.deepEqual(dataset.unavailableYears, []);
  });

  it('an unchanged file is not validated again: the arrangement read from the same text is reused', () => {
    const dataset = assembleDataset(bundled, good);
    assert.deepEqual(dataset.problems, []);
    assert.equal(dataset.version, good.version);
    for (const year of YEARS) assert.equal(dataset.arrangements.get(year), good.arrangements.get(year), `${year}`);
    assert.equal(dataset.sourceDigests.get(2019), sha256(textOf(bundled, 2019)));
  });

  it('a file whose text changed in whitespace only is validated again (and keeps the version)', () => {
    const reformatted = textFile(2019, `${JSON.stringify(parsedOf(2019))}\n`);
    const dataset = assembleDataset(withYear(bundled, 2019, reformatted), good);
    assert.notEqual(dataset.arrangements.get(2019), good.arrangements.get(2019));
    assert.deepEqual(dataset.arrangements.get(2019), good.arrangements.get(2019));
    assert.equal(dataset.version, good.version);
    assert.equal(dataset.sourceDigests.get(2019), 'text' in reformatted ? sha256(reformatted.text) : undefined);
  });

  it('a valid changed file replaces the previous copy', () => {
    const file = changed(2023, (f) => { entryAt(f, 3).work = ['2023-05-06', '2023-05-07']; });
    const dataset = assembleDataset(withYear(bundled, 2023, file), good);
    assert.deepEqual(dataset.problems, []);
    assert.notEqual(dataset.version, good.version);
    assert.equal(dataset.sourceDigests.get(2023), 'text' in file ? sha256(file.text) : undefined);
    const index = buildCalendarViews(dataset);
    assert.equal(recordOf(index, '2023-04-23').dayStatus, 'WEEKEND');
    assert.equal(recordOf(index, '2023-05-07').dayStatus, 'ADJUSTED_WORKDAY');
  });
});

describe('assembleDataset: the manifest\'s digests', () => {
  /** The bundled manifest, read through its schema: a fresh copy to change. */
  const bundledManifest = (): Manifest & { files: NonNullable<Manifest['files']> } => {
    assert.ok(bundled.manifest !== undefined);
    const reading = readManifest(bundled.manifest);
    assert.ok(reading.ok && reading.manifest.files !== undefined);
    return { ...reading.manifest, files: { ...reading.manifest.files } };
  };
  /** 2023 with a make-up day moved: a valid file, changed behind the manifest's back. */
  const moved = (): YearFile => changed(2023, (f) => { entryAt(f, 3).work = ['2023-05-06', '2023-05-07']; });
  const behindTheManifest = (): DirectorySnapshot => ({ manifest: bundled.manifest, yearFiles: withYear(bundled, 2023, moved()).yearFiles });

  it('the bundled manifest lists the SHA-256 of every year file, and every file matches it', () => {
    const manifest = bundledManifest();
    assert.deepEqual(Object.keys(manifest.files), YEARS.map((year) => `${year}.json`));
    for (const year of YEARS) assert.equal(manifest.files[`${year}.json`], sha256(textOf(bundled, year)), `${year}`);
  });

  it('a valid file that is not the one the manifest lists is refused, naming the file and the digest; the year is unavailable', () => {
    const dataset = assembleDataset(behindTheManifest());
    assert.deepEqual(dataset.unavailableYears, [2023]);
    assert.equal(dataset.problems.length, 1, JSON.stringify(dataset.problems));
    assert.ok(hasProblem(dataset.problems, '2023.json', '(digest)', /SHA-256 digest is [0-9a-f]{16}…, not the [0-9a-f]{23}… manifest\.json lists/), JSON.stringify(dataset.problems));
  });

  it('with a previous good copy, that copy is kept (and the version with it)', () => {
    const dataset = assembleDataset(behindTheManifest(), good);
    assert.equal(dataset.arrangements.get(2023), good.arrangements.get(2023));
    assert.equal(dataset.version, good.version);
    assert.ok(hasProblem(dataset.problems, '2023.json', '(digest)', /manifest\.json lists/));
  });

  it('an unchanged text is refused too once the manifest lists another digest for it', () => {
    const manifest = bundledManifest();
    manifest.files['2019.json'] = '0'.repeat(64);
    const dataset = assembleDataset({ manifest: { fileName: 'manifest.json', text: JSON.stringify(manifest) }, yearFiles: bundled.yearFiles }, good);
    assert.ok(hasProblem(dataset.problems, '2019.json', '(digest)', /manifest\.json lists/), JSON.stringify(dataset.problems));
    assert.equal(dataset.arrangements.get(2019), good.arrangements.get(2019), 'the copy already loaded stays');
  });

  it('a digest written as sha256- and base64 holds the file to it as hex does', () => {
    const manifest = bundledManifest();
    manifest.files = Object.fromEntries(Object.entries(manifest.files).map(([name, hex]) => [name, `sha256-${Buffer.from(hex, 'hex').toString('base64')}`]));
    const text = JSON.stringify(manifest);
    assert.deepEqual(assembleDataset({ manifest: { fileName: 'manifest.json', text }, yearFiles: bundled.yearFiles }).problems, []);
    const refused = assembleDataset({ manifest: { fileName: 'manifest.json', text }, yearFiles: behindTheManifest().yearFiles });
    assert.ok(hasProblem(refused.problems, '2023.json', '(digest)', /sha256-/), JSON.stringify(refused.problems));
  });

  it('a manifest whose digests are malformed is refused as a manifest, naming the field', () => {
    const cases: readonly [Record<string, string>, string, RegExp][] = [
      [{ '2019.json': 'not-a-digest' }, 'files.2019.json', /^must match pattern "\^\(\[0-9a-f\]\{64\}\|sha256-/],
      [{ '2019.json': 'A'.repeat(64) }, 'files.2019.json', /^must match pattern/],
      [{ '../2019.json': '0'.repeat(64) }, 'files.../2019.json', /^is not a field of the manifest$/],
      [{ 'manifest.json': '0'.repeat(64) }, 'files.manifest.json', /^is not a field of the manifest$/],
    ];
    for (const [files, field, reason] of cases) {
      const text = JSON.stringify({ publishedYears: YEARS, files });
      const dataset = assembleDataset({ manifest: { fileName: 'manifest.json', text }, yearFiles: bundled.yearFiles });
      assert.ok(hasProblem(dataset.problems, 'manifest.json', field, reason), `${JSON.stringify(files)}: ${JSON.stringify(dataset.problems)}`);
    }
  });

  it('a manifest that is not one is refused naming each field at fault, and publishes nothing', () => {
    const text = JSON.stringify({ publishedYears: [2019, 2007, 2019, '2020'], files: {}, signedBy: 'me' });
    const dataset = assembleDataset({ manifest: { fileName: 'manifest.json', text }, yearFiles: [] });
    assert.deepEqual(
      dataset.problems.map((problem) => `${problem.field}: ${problem.reason}`).sort(),
      ['publishedYears: must NOT have duplicate items (items ## 2 and 0 are identical)', 'publishedYears[1]: must be >= 2008', 'publishedYears[3]: must be integer', 'signedBy: is not a field of the manifest'].sort(),
    );
    assert.deepEqual(dataset.publishedYears, []);
  });

  it('a manifest without digests (a folder written by hand before them) holds no file to any', () => {
    const text = JSON.stringify({ publishedYears: YEARS });
    assert.deepEqual(assembleDataset({ manifest: { fileName: 'manifest.json', text }, yearFiles: behindTheManifest().yearFiles }).problems, []);
  });
});

describe('assembleDataset: a new year', () => {
  it('a valid file of a year the manifest does not list yet is published', () => {
    const dataset = assembleDataset(withYear(bundled, 2027, jsonFile(2027, synthetic2027())));
    assert.deepEqual(dataset.problems, []);
    assert.deepEqual(dataset.publishedYears, YEARS_TO_2027);
    assert.deepEqual(dataset.unavailableYears, []);
    assert.match(dataset.version, /^2026\.11\.20-[0-9a-f]{8}$/);

    const index = buildCalendarViews(dataset);
    const newYear = recordOf(index, '2027-01-01');
    assert.equal(newYear.dayStatus, 'HOLIDAY');
    assert.equal(newYear.datasetVersion, dataset.version);
    assert.deepEqual(newYear.holidays, [{ code: 'NEW_YEAR', name: '元旦', statutoryDate: true }]);
    assert.deepEqual(recordOf(index, '2027-01-02').holidays, [{ code: 'NEW_YEAR', name: '元旦', statutoryDate: false }]);
    assert.equal(recordOf(index, '2027-01-04').dayStatus, 'WORKDAY');
    assert.equal(recordOf(index, '2027-01-09').dayStatus, 'WEEKEND');
    // The previous December day it names.
    const december = recordOf(index, '2026-12-27');
    assert.equal(december.dayStatus, 'ADJUSTED_WORKDAY');
    assert.deepEqual(december.holidays, [{ code: 'NEW_YEAR', name: '元旦', statutoryDate: false }]);
    assert.equal(recordOf(index, '2028-01-01').dayStatus, 'UNKNOWN');
    assert.equal(recordOf(index, '2028-01-01').datasetVersion, null);
    // Next holiday now reaches into 2027.
    assert.deepEqual({ ...nextOf(index, '2026-10-08') }, {
      status: 'FOUND',
      date: '2027-01-01',
      holidays: [{ code: 'NEW_YEAR', name: '元旦', statutoryDate: true }],
      datasetVersion: dataset.version,
    });
    assert.equal(nextOf(index, '2027-10-08').status, 'UNKNOWN', 'after the last holiday of 2027');
  });

  it('an invalid file of a year not in the manifest and never loaded stays unpublished and UNKNOWN', () => {
    const broken = synthetic2027();
    broken.regulationVersion = 2;
    for (const file of [jsonFile(2027, broken), textFile(2027, 'not json')]) {
      const dataset = assembleDataset(withYear(bundled, 2027, file));
      assert.deepEqual(dataset.publishedYears, YEARS);
      assert.deepEqual(dataset.unavailableYears, []);
      assert.ok(dataset.problems.length > 0 && dataset.problems.every((problem) => problem.file === '2027.json'), JSON.stringify(dataset.problems));
      assert.equal(dataset.version, good.version, 'nothing loaded, nothing changed');

      const index = buildCalendarViews(dataset);
      assert.equal(recordOf(index, '2027-01-01').dayStatus, 'UNKNOWN');
      // The December days that a 2027 notice could name stay answerable: 2027 is not published.
      assert.equal(recordOf(index, '2026-12-27').dayStatus, 'WEEKEND');
      assert.equal(recordOf(index, '2026-12-31').dayStatus, 'WORKDAY');
      assert.equal(nextOf(index, '2026-10-08').status, 'UNKNOWN');
    }
  });

  it('a year published before keeps its good copy when its file breaks, though the manifest does not list it', () => {
    const with2027 = assembleDataset(withYear(bundled, 2027, jsonFile(2027, synthetic2027())));
    const dataset = assembleDataset(withYear(bundled, 2027, textFile(2027, '{')), with2027);
    assert.deepEqual(dataset.publishedYears, YEARS_TO_2027);
    assert.deepEqual(dataset.unavailableYears, []);
    assert.equal(dataset.version, with2027.version);
    assert.equal(recordOf(buildCalendarViews(dataset), '2027-01-01').dayStatus, 'HOLIDAY');
  });
});

describe('assembleDataset: cross-year clashes', () => {
  /**
   * 2019 names Tuesday 2019-12-31 as a rest day (added to its Mid-Autumn entry, which states no
   * total), worked back on Sunday 12-29 so that the year still balances.
   */
  const names1231In2019 = (): YearFile =>
    changed(2019, (f) => {
      entryAt(f, 5).rest.push('2019-12-31');
      entryAt(f, 5).work.push('2019-12-29');
    });
  /** 2020 names 2019-12-31 as a rest day of its New Year entry, worked back on Sunday 2019-12-29. */
  const names1231In2020 = (): YearFile =>
    changed(2020, (f) => {
      entryAt(f, 0).rest = ['2019-12-31..2020-01-01'];
      entryAt(f, 0).work = ['2019-12-29'];
      entryAt(f, 0).statedTotal = 2;
    });

  it('each change alone is valid', () => {
    assert.deepEqual(assembleDataset(withYear(bundled, 2019, names1231In2019())).problems, []);
    assert.deepEqual(assembleDataset(withYear(bundled, 2020, names1231In2020())).problems, []);
  });

  it('a 2020 file naming 2019-12-31, which 2019 also names, is refused', () => {
    const snapshot = withYear(withYear(bundled, 2019, names1231In2019()), 2020, names1231In2020());
    const dataset = assembleDataset(snapshot);
    assert.ok(hasProblem(dataset.problems, '2020.json', 'entries', /2019-12-31.*2019\.json/), JSON.stringify(dataset.problems));
    assert.ok(dataset.arrangements.has(2019));
    assert.ok(!dataset.arrangements.has(2020));
    assert.deepEqual(dataset.unavailableYears, [2020]);
    // With 2020 unreadable, the last December week of 2019 cannot be answered; the rest of 2019 can.
    const index = buildCalendarViews(dataset);
    expectUnavailable(index.dayStatus(day('2019-12-31')), 2020, '2019-12-31');
    assert.equal(recordOf(index, '2019-12-24').dayStatus, 'WORKDAY');
  });

  it('with a previous good copy of 2020, that copy is kept', () => {
    const snapshot = withYear(withYear(bundled, 2019, names1231In2019()), 2020, names1231In2020());
    const dataset = assembleDataset(snapshot, good);
    assert.ok(hasProblem(dataset.problems, '2020.json', 'entries', /2019-12-31/), JSON.stringify(dataset.problems));
    assert.equal(dataset.arrangements.get(2020), good.arrangements.get(2020));
    assert.deepEqual(dataset.unavailableYears, []);
    // The kept copy keeps its own digest: the refused file is checked (and refused) again next time.
    assert.equal(dataset.sourceDigests.get(2020), good.sourceDigests.get(2020));
    const again = assembleDataset(snapshot, dataset);
    assert.ok(hasProblem(again.problems, '2020.json', 'entries', /2019-12-31/), JSON.stringify(again.problems));
    assert.equal(again.arrangements.get(2020), good.arrangements.get(2020));
  });

  it('a new 2020 file clashing with the kept good copy of 2019 is refused too', () => {
    // Previous: 2019 names 2019-12-31. Now 2019.json cannot be read (its good copy is kept) and a
    // new 2020.json names 2019-12-31 as well: the two arrangements in force would clash.
    const previous = assembleDataset(withYear(bundled, 2019, names1231In2019()));
    assert.deepEqual(previous.problems, []);
    const snapshot = withYear(withYear(bundled, 2019, { fileName: '2019.json', error: 'EIO', year: 2019 }), 2020, names1231In2020());
    const dataset = assembleDataset(snapshot, previous);
    assert.equal(dataset.arrangements.get(2019), previous.arrangements.get(2019));
    const file2019 = dataset.arrangements.get(2019);
    const file2020 = dataset.arrangements.get(2020);
    assert.ok(file2019 && file2020);
    const clash = namedDays(file2020).filter((date) => namedDays(file2019).includes(date));
    assert.deepEqual(clash, [], 'no day is named by two arrangements in force');
    assert.ok(hasProblem(dataset.problems, '2020.json', 'entries', /2019-12-31/), JSON.stringify(dataset.problems));
  });
});

describe('the index over a dataset with an unavailable year', () => {
  let index: CalendarViews;
  before(() => {
    const dataset = assembleDataset(withYear(bundled, 2019, textFile(2019, '{')));
    assert.deepEqual(dataset.unavailableYears, [2019]);
    index = buildCalendarViews(dataset);
    assert.equal(index.version, dataset.version);
    assert.deepEqual(index.unavailableYears, [2019]);
  });

  it('dayStatus and dayJson of every day of 2019 are unavailable (2019)', () => {
    for (let d = day('2019-01-01'); d <= day('2019-12-31'); d++) {
      const status = index.dayStatus(d);
      const json = index.dayJson(d);
      if (!isUnavailable(status) || status.year !== 2019) assert.fail(`dayStatus ${formatIsoDate(d)}`);
      if (!isUnavailable(json) || json.year !== 2019) assert.fail(`dayJson ${formatIsoDate(d)}`);
    }
  });

  it('2018-12-25..31 depend on the 2019 notice and are unavailable (2019); 2018-12-24 is not', () => {
    for (let d = day('2018-12-25'); d <= day('2018-12-31'); d++) {
      expectUnavailable(index.dayStatus(d), 2019, `dayStatus ${formatIsoDate(d)}`);
      expectUnavailable(index.dayJson(d), 2019, `dayJson ${formatIsoDate(d)}`);
    }
    const december24 = recordOf(index, '2018-12-24');
    assert.equal(december24.dayStatus, 'WORKDAY');
    assert.equal(december24.datasetVersion, index.version);
    const json = index.dayJson(day('2018-12-24'));
    assert.ok(!isUnavailable(json));
    assert.deepEqual(JSON.parse(json.toString('utf8')), { ...december24 });
  });

  it('ranges and counts crossing an unavailable day are unavailable; those before are not', () => {
    expectUnavailable(index.rangeJson(day('2018-12-01'), day('2019-01-31')), 2019, 'rangeJson into 2019');
    expectUnavailable(index.rangeJson(day('2018-12-24'), day('2018-12-25')), 2019, 'rangeJson to 2018-12-25');
    expectUnavailable(index.rangeJson(day('2019-12-31'), day('2020-01-02')), 2019, 'rangeJson out of 2019');
    expectUnavailable(index.countDays(day('2018-06-01'), day('2019-05-31')), 2019, 'countDays across 2019');
    expectUnavailable(index.countDays(day('2018-12-31'), day('2018-12-31')), 2019, 'countDays of 2018-12-31');
    expectUnavailable(index.countDays(day('2019-07-01'), day('2019-07-01')), 2019, 'countDays inside 2019');

    const range = index.rangeJson(day('2018-12-01'), day('2018-12-24'));
    assert.ok(!isUnavailable(range));
    assert.equal((JSON.parse(range.toString('utf8')) as unknown[]).length, 24);
    const count = index.countDays(day('2018-01-01'), day('2018-12-24'));
    assert.ok(!isUnavailable(count));
    assert.equal(count.totalDays, 358);
    assert.equal(count.unknownDayCount, 0);
  });

  it('next holiday: found before the gap, unavailable when the gap comes first', () => {
    assert.equal(nextOf(index, '2018-09-01').date, '2018-09-24');
    // After National Day 2018 the next holiday is 2018-12-30, named by the unreadable 2019 notice.
    expectUnavailable(index.nextHoliday(day('2018-10-08')), 2019, 'nextHoliday from 2018-10-08');
    expectUnavailable(index.nextHolidayJson(day('2018-10-08')), 2019, 'nextHolidayJson from 2018-10-08');
    expectUnavailable(index.nextHoliday(day('2019-06-01')), 2019, 'nextHoliday from inside 2019');
    expectUnavailable(index.nextHolidayJson(day('2019-12-31')), 2019, 'nextHolidayJson from 2019-12-31');
    assert.equal(nextOf(index, '2020-01-01').date, '2020-01-01');
  });

  it('other years answer as usual', () => {
    assert.equal(recordOf(index, '2018-12-22').dayStatus, 'WEEKEND');
    assert.equal(recordOf(index, '2018-10-01').dayStatus, 'HOLIDAY');
    assert.equal(recordOf(index, '2020-01-31').dayStatus, 'HOLIDAY');
    assert.equal(recordOf(index, '2020-02-03').dayStatus, 'WORKDAY');
    const count = index.countDays(day('2020-01-01'), day('2020-12-31'));
    assert.ok(!isUnavailable(count));
    assert.equal(count.totalDays, 366);
    const range = index.rangeJson(day('2017-12-25'), day('2018-01-05'));
    assert.ok(!isUnavailable(range));
  });

  it('unpublished years stay UNKNOWN, never unavailable', () => {
    assert.equal(recordOf(index, '2027-01-01').dayStatus, 'UNKNOWN');
    assert.equal(nextOf(index, '2026-10-08').status, 'UNKNOWN');
    assert.equal(nextOf(index, '2030-01-01').status, 'UNKNOWN');
    const count = index.countDays(day('2026-12-01'), day('2027-02-01'));
    assert.ok(!isUnavailable(count));
    assert.equal(count.unknownDayCount, 32);
  });
});

describe('the index when the last published year is unavailable', () => {
  let index: CalendarViews;
  before(() => {
    const dataset = assembleDataset(withYear(bundled, 2026, { fileName: '2026.json', error: 'EACCES', year: 2026 }));
    assert.deepEqual(dataset.publishedYears, YEARS);
    assert.deepEqual(dataset.unavailableYears, [2026]);
    index = buildCalendarViews(dataset);
  });

  it('2026 and 2025-12-25..31 are unavailable (2026); 2025-12-24 and 2027 are not', () => {
    expectUnavailable(index.dayStatus(day('2026-06-01')), 2026, '2026-06-01');
    expectUnavailable(index.dayStatus(day('2025-12-25')), 2026, '2025-12-25');
    expectUnavailable(index.dayJson(day('2025-12-31')), 2026, '2025-12-31');
    assert.equal(recordOf(index, '2025-12-24').dayStatus, 'WORKDAY');
    assert.equal(recordOf(index, '2027-01-01').dayStatus, 'UNKNOWN');
    const range = index.rangeJson(day('2027-01-01'), day('2027-12-31'));
    assert.ok(!isUnavailable(range));
  });

  it('queries crossing into 2026 are unavailable; from 2027 they are UNKNOWN', () => {
    expectUnavailable(index.rangeJson(day('2025-12-20'), day('2026-01-10')), 2026, 'rangeJson');
    expectUnavailable(index.countDays(day('2026-12-31'), day('2027-01-05')), 2026, 'countDays');
    expectUnavailable(index.nextHoliday(day('2025-10-09')), 2026, 'nextHoliday from 2025-10-09');
    expectUnavailable(index.nextHolidayJson(day('2026-12-31')), 2026, 'nextHolidayJson from 2026-12-31');
    assert.equal(nextOf(index, '2025-10-08').date, '2025-10-08');
    assert.equal(nextOf(index, '2027-01-01').status, 'UNKNOWN');
    const json = index.nextHolidayJson(day('2027-01-01'));
    assert.ok(!isUnavailable(json));
    assert.deepEqual(JSON.parse(json.toString('utf8')), { status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null });
  });
});

describe('readDataDirectory + assembleDataset on real directories', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'holiday-data-'));
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function copyOfBundled(name: string): Promise<string> {
    const dir = join(root, name);
    await cp(BUNDLED_DATA_DIR, dir, { recursive: true });
    return dir;
  }

  it('a plain copy gives the bundled dataset and version, ignoring other files', async () => {
    const dir = await copyOfBundled('copy');
    await writeFile(join(dir, 'README.txt'), 'not data');
    await writeFile(join(dir, '19.json'), '{');
    await writeFile(join(dir, '2019.json.bak'), '{');
    const snapshot = await readDataDirectory(dir);
    assert.deepEqual(snapshot.yearFiles.map((file) => file.year), YEARS);
    const dataset = assembleDataset(snapshot);
    assert.deepEqual(dataset.problems, []);
    assert.equal(dataset.version, good.version);
  });

  it('a reformatted copy keeps the version', async () => {
    const dir = await copyOfBundled('reformatted');
    for (const year of YEARS) {
      const path = join(dir, `${year}.json`);
      await writeFile(path, `${JSON.stringify(JSON.parse(await readFile(path, 'utf8')), null, '\t')}\r\n`);
    }
    reseal(dir);
    assert.equal(assembleDataset(await readDataDirectory(dir)).version, good.version);
  });

  it('an unreadable year file (a directory in its place) makes its year unavailable', async () => {
    const dir = await copyOfBundled('unreadable');
    await rm(join(dir, '2019.json'));
    await mkdir(join(dir, '2019.json'));
    const dataset = assembleDataset(await readDataDirectory(dir));
    assert.deepEqual(dataset.unavailableYears, [2019]);
    assert.ok(hasProblem(dataset.problems, '2019.json', '(file)', /cannot be read/), JSON.stringify(dataset.problems));
    const kept = assembleDataset(await readDataDirectory(dir), good);
    assert.deepEqual(kept.unavailableYears, []);
    assert.equal(kept.version, good.version);
  });

  it('a deleted year file makes its year unavailable', async () => {
    const dir = await copyOfBundled('deleted');
    await rm(join(dir, '2024.json'));
    const dataset = assembleDataset(await readDataDirectory(dir));
    assert.deepEqual(dataset.unavailableYears, [2024]);
    assert.ok(hasProblem(dataset.problems, '2024.json', '(file)', /missing/), JSON.stringify(dataset.problems));
    expectUnavailable(buildCalendarViews(dataset).dayStatus(day('2023-12-30')), 2024, '2023-12-30');
  });

  it('a broken JSON file makes its year unavailable and names the file', async () => {
    const dir = await copyOfBundled('broken');
    await writeFile(join(dir, '2010.json'), '{"year": 2010,');
    const dataset = assembleDataset(await readDataDirectory(dir));
    assert.deepEqual(dataset.unavailableYears, [2010]);
    assert.ok(hasProblem(dataset.problems, '2010.json', '(file)', /JSON/), JSON.stringify(dataset.problems));
  });

  it('a new valid 2027.json is published', async () => {
    const dir = await copyOfBundled('new-year');
    await writeFile(join(dir, '2027.json'), `${JSON.stringify(synthetic2027(), null, 2)}\n`);
    const dataset = assembleDataset(await readDataDirectory(dir));
    assert.deepEqual(dataset.problems, []);
    assert.deepEqual(dataset.publishedYears, YEARS_TO_2027);
  });

  it('without a manifest, the valid files are published', async () => {
    const dir = await copyOfBundled('no-manifest');
    await rm(join(dir, 'manifest.json'));
    const snapshot = await readDataDirectory(dir);
    assert.equal(snapshot.manifest, undefined);
    const dataset = assembleDataset(snapshot);
    assert.deepEqual(dataset.publishedYears, YEARS);
    assert.deepEqual(dataset.problems, []);
  });
});
