import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { before, describe, it } from 'node:test';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarViews } from '../helpers/calendar-views.js';
import { buildCalendarViews } from '../helpers/calendar-views.js';
import { dayMarksOf } from '@china-holiday-calendar/core/answers/day-marks.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { day, loadBundledDataset } from '../helpers/bundled-dataset.js';
import { answersDigest } from '../answers/answers-digest.js';
import { SOURCE_CONDITION } from '../helpers/source-cli.js';

/**
 * The reference's Overview table: per notice year, the rest dates (final state) and make-up
 * working days its notice(s) name, previous-December dates included, joined weekends excluded;
 * and the "Dates outside the calendar year" column, split into rest and work.
 */
const OVERVIEW: Record<number, { rest: number; work: number; decemberRest: string[]; decemberWork: string[] }> = {
  2008: { rest: 29, work: 6, decemberRest: ['2007-12-30', '2007-12-31'], decemberWork: ['2007-12-29'] },
  2009: { rest: 27, work: 6, decemberRest: [], decemberWork: [] },
  2010: { rest: 29, work: 8, decemberRest: [], decemberWork: [] },
  2011: { rest: 29, work: 5, decemberRest: [], decemberWork: [] },
  2012: { rest: 27, work: 7, decemberRest: [], decemberWork: ['2011-12-31'] },
  2013: { rest: 29, work: 12, decemberRest: [], decemberWork: [] },
  2014: { rest: 22, work: 5, decemberRest: [], decemberWork: [] },
  2015: { rest: 26, work: 5, decemberRest: [], decemberWork: [] },
  2016: { rest: 24, work: 6, decemberRest: [], decemberWork: [] },
  2017: { rest: 24, work: 5, decemberRest: [], decemberWork: [] },
  // 2017-12-30/31 are only joined weekends: not counted, not marked.
  2018: { rest: 23, work: 6, decemberRest: [], decemberWork: [] },
  2019: { rest: 24, work: 7, decemberRest: ['2018-12-30', '2018-12-31'], decemberWork: ['2018-12-29'] },
  2020: { rest: 30, work: 6, decemberRest: [], decemberWork: [] },
  2021: { rest: 31, work: 7, decemberRest: [], decemberWork: [] },
  2022: { rest: 31, work: 7, decemberRest: [], decemberWork: [] },
  2023: { rest: 27, work: 7, decemberRest: ['2022-12-31'], decemberWork: [] },
  // 2023-12-30/31 are only joined weekends.
  2024: { rest: 28, work: 8, decemberRest: [], decemberWork: [] },
  2025: { rest: 28, work: 5, decemberRest: [], decemberWork: [] },
  2026: { rest: 33, work: 6, decemberRest: [], decemberWork: [] },
};
const YEARS = Object.keys(OVERVIEW).map(Number);

/**
 * Almanac anchors (lunar New Year = 正月初一, the Qingming solar term, 端午 = 五月初五 (first fifth
 * month in the leap year 2009), 中秋 = 八月十五), typed from published almanacs as an
 * independent oracle.
 */
const ALMANAC: Record<number, readonly [lunarNewYear: string, qingming: string, dragonBoat: string, midAutumn: string]> = {
  2008: ['2008-02-07', '2008-04-04', '2008-06-08', '2008-09-14'],
  2009: ['2009-01-26', '2009-04-04', '2009-05-28', '2009-10-03'],
  2010: ['2010-02-14', '2010-04-05', '2010-06-16', '2010-09-22'],
  2011: ['2011-02-03', '2011-04-05', '2011-06-06', '2011-09-12'],
  2012: ['2012-01-23', '2012-04-04', '2012-06-23', '2012-09-30'],
  2013: ['2013-02-10', '2013-04-04', '2013-06-12', '2013-09-19'],
  2014: ['2014-01-31', '2014-04-05', '2014-06-02', '2014-09-08'],
  2015: ['2015-02-19', '2015-04-05', '2015-06-20', '2015-09-27'],
  2016: ['2016-02-08', '2016-04-04', '2016-06-09', '2016-09-15'],
  2017: ['2017-01-28', '2017-04-04', '2017-05-30', '2017-10-04'],
  2018: ['2018-02-16', '2018-04-05', '2018-06-18', '2018-09-24'],
  2019: ['2019-02-05', '2019-04-05', '2019-06-07', '2019-09-13'],
  2020: ['2020-01-25', '2020-04-04', '2020-06-25', '2020-10-01'],
  2021: ['2021-02-12', '2021-04-04', '2021-06-14', '2021-09-21'],
  2022: ['2022-02-01', '2022-04-05', '2022-06-03', '2022-09-10'],
  2023: ['2023-01-22', '2023-04-05', '2023-06-22', '2023-09-29'],
  2024: ['2024-02-10', '2024-04-04', '2024-06-10', '2024-09-17'],
  2025: ['2025-01-29', '2025-04-04', '2025-05-31', '2025-10-06'],
  2026: ['2026-02-17', '2026-04-05', '2026-06-19', '2026-09-25'],
};

function shift(date: string, by: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

/** Regulation version per docs/design.md / reference: 2008-2013 version 1, 2014-2024 version 2, 2025 on version 3. */
function regulationVersion(year: number): 1 | 2 | 3 {
  return year <= 2013 ? 1 : year <= 2024 ? 2 : 3;
}

/**
 * Every `date code` pair whose statutoryDate must be true in `year`, built from the regulation
 * rules of the reference: version 1 Spring Festival = 除夕 + 初一 + 初二; version 2 = 初一..初三;
 * version 3 = 除夕 + 初一..初三 and Labor Day 05-01 + 05-02. 除夕 is the day before 正月初一.
 * The 2015 commemoration's day is the one the special notice grants, 2015-09-03.
 */
function expectedStatutory(year: number): string[] {
  const almanac = ALMANAC[year];
  if (almanac === undefined) throw new Error(`no almanac for ${year}`);
  const [newYear, qingming, dragonBoat, midAutumn] = almanac;
  const version = regulationVersion(year);
  const spring =
    version === 1
      ? [shift(newYear, -1), newYear, shift(newYear, 1)]
      : version === 2
        ? [newYear, shift(newYear, 1), shift(newYear, 2)]
        : [shift(newYear, -1), newYear, shift(newYear, 1), shift(newYear, 2)];
  const pairs = [
    `${year}-01-01 NEW_YEAR`,
    ...spring.map((date) => `${date} SPRING_FESTIVAL`),
    `${qingming} QINGMING_FESTIVAL`,
    `${year}-05-01 LABOR_DAY`,
    ...(version === 3 ? [`${year}-05-02 LABOR_DAY`] : []),
    `${dragonBoat} DRAGON_BOAT_FESTIVAL`,
    `${midAutumn} MID_AUTUMN_FESTIVAL`,
    `${year}-10-01 NATIONAL_DAY`,
    `${year}-10-02 NATIONAL_DAY`,
    `${year}-10-03 NATIONAL_DAY`,
    ...(year === 2015 ? ['2015-09-03 VICTORY_DAY_70TH_ANNIVERSARY'] : []),
  ];
  return pairs.sort();
}

function daysOfYear(year: number): string[] {
  const days: string[] = [];
  for (let date = `${year}-01-01`; date.startsWith(String(year)); date = shift(date, 1)) days.push(date);
  return days;
}

let dataset: Dataset;
let index: CalendarViews;
before(async () => {
  dataset = await loadBundledDataset();
  index = buildCalendarViews(dataset);
});

describe('every notice year 2008..2026 against the reference Overview', () => {
  it('the dataset holds exactly the notice years 2008..2026', () => {
    assert.deepEqual([...dataset.arrangements.keys()], YEARS);
    assert.deepEqual(dataset.publishedYears, YEARS);
    assert.deepEqual(dataset.problems, []);
  });

  for (const year of YEARS) {
    const overview = OVERVIEW[year];
    if (overview === undefined) continue;
    it(`${year}: the notice(s) name ${overview.rest} rest dates and ${overview.work} make-up working days (final state)`, () => {
      const file = dataset.arrangements.get(year);
      assert.ok(file, `${year} loaded`);
      const marks = dayMarksOf(file);
      const rest = new Set(marks.filter((mark) => mark.status === 'HOLIDAY').map((mark) => mark.day));
      const work = new Set(marks.filter((mark) => mark.status === 'ADJUSTED_WORKDAY').map((mark) => mark.day));
      assert.equal(rest.size, overview.rest, 'rest dates');
      assert.equal(work.size, overview.work, 'make-up working days');
      assert.equal(marks.length, rest.size + work.size, 'each day marked once');
      const beforeYear = day(`${year}-01-01`);
      const december = (days: Set<number>): string[] => [...days].filter((d) => d < beforeYear).sort((a, b) => a - b).map(formatIsoDate);
      assert.deepEqual(december(rest), overview.decemberRest, 'previous-December rest dates');
      assert.deepEqual(december(work), overview.decemberWork, 'previous-December make-up days');
    });
  }
});

describe('the index per calendar year 2008..2026', () => {
  for (const year of YEARS) {
    it(`${year}: HOLIDAY and ADJUSTED_WORKDAY counts follow the notices of ${year} and ${year + 1}`, () => {
      const here = OVERVIEW[year];
      const next = OVERVIEW[year + 1];
      assert.ok(here);
      // The notice of `year` minus what it names in the previous December, plus what the next
      // year's notice names in this December.
      const holidays = here.rest - here.decemberRest.length + (next?.decemberRest.length ?? 0);
      const adjusted = here.work - here.decemberWork.length + (next?.decemberWork.length ?? 0);
      const statuses = daysOfYear(year).map((date) => {
        const record = index.dayStatus(day(date));
        if (isUnavailable(record)) assert.fail(`${date} unavailable`);
        return record.dayStatus;
      });
      assert.equal(statuses.filter((status) => status === 'HOLIDAY').length, holidays, 'HOLIDAY');
      assert.equal(statuses.filter((status) => status === 'ADJUSTED_WORKDAY').length, adjusted, 'ADJUSTED_WORKDAY');
      assert.equal(statuses.filter((status) => status === 'UNKNOWN').length, 0, 'UNKNOWN');
    });
  }

  it('has these counts in the 2018/2019 and 2022/2023 boundary years, typed out', () => {
    // 2018: its own 23 rest + 2018-12-30/31 of the 2019 notice; 6 make-up + 2018-12-29.
    // 2019: 24 - 2 rest, 7 - 1 make-up. 2022: 31 + 2022-12-31. 2023: 27 - 1.
    const count = (year: number, status: string): number =>
      daysOfYear(year).filter((date) => {
        const record = index.dayStatus(day(date));
        return !isUnavailable(record) && record.dayStatus === status;
      }).length;
    assert.deepEqual(
      [2008, 2011, 2012, 2018, 2019, 2022, 2023].map((year) => [year, count(year, 'HOLIDAY'), count(year, 'ADJUSTED_WORKDAY')]),
      [
        [2008, 27, 5],
        [2011, 29, 6],
        [2012, 27, 6],
        [2018, 25, 7],
        [2019, 22, 6],
        [2022, 32, 7],
        [2023, 26, 7],
      ],
    );
  });
});

describe('statutory days per year', () => {
  for (const year of YEARS) {
    const version = regulationVersion(year);
    it(`${year} (regulation version ${version}): statutoryDate is true exactly on the regulation's days`, () => {
      const found: string[] = [];
      for (const date of daysOfYear(year)) {
        const record = index.dayStatus(day(date));
        if (isUnavailable(record)) assert.fail(`${date} unavailable`);
        for (const holiday of record.holidays) {
          if (!holiday.statutoryDate) continue;
          found.push(`${date} ${holiday.code}`);
          assert.equal(record.dayStatus, 'HOLIDAY', `statutory ${date} is a rest day`);
        }
      }
      const expected = expectedStatutory(year);
      assert.deepEqual(found.sort(), expected);
      // 11 days under versions 1 and 2, 13 under version 3 (plus the 2015 commemoration).
      assert.equal(expected.length, (version === 3 ? 13 : 11) + (year === 2015 ? 1 : 0));
    });
  }

  it('no December day of the previous year is statutory (they belong to New Year spans)', () => {
    for (const date of ['2011-12-31', '2018-12-29', '2018-12-30', '2018-12-31', '2022-12-31']) {
      const record = index.dayStatus(day(date));
      if (isUnavailable(record)) assert.fail(date);
      assert.ok(record.holidays.length > 0 && record.holidays.every((holiday) => !holiday.statutoryDate), date);
    }
  });
});

describe('answers do not depend on the process time zone', () => {
  const script = fileURLToPath(new URL('../answers/print-answers-digest.ts', import.meta.url));
  const cwd = fileURLToPath(new URL('../../', import.meta.url));
  const run = promisify(execFile);

  it('gives the same SHA-256 of every answer 2008..2030 under America/Los_Angeles, UTC, Asia/Shanghai and in-process', async () => {
    const zones = [
      { tz: 'America/Los_Angeles', offset: 480 },
      { tz: 'UTC', offset: 0 },
      { tz: 'Asia/Shanghai', offset: -480 },
    ];
    const outputs = await Promise.all(
      zones.map(async ({ tz }) => {
        const { stdout } = await run(process.execPath, [SOURCE_CONDITION, '--import', 'tsx', script], {
          cwd,
          env: { ...process.env, TZ: tz },
          maxBuffer: 1 << 20,
        });
        return JSON.parse(stdout) as { digest: string; timeZone: string; januaryOffsetMinutes: number };
      }),
    );
    zones.forEach(({ tz, offset }, i) => {
      assert.equal(outputs[i]?.januaryOffsetMinutes, offset, `${tz} took effect in the child`);
    });
    const inProcess = answersDigest(index);
    assert.match(inProcess, /^[0-9a-f]{64}$/);
    assert.deepEqual(
      outputs.map((output) => output.digest),
      zones.map(() => inProcess),
    );
  });
});
