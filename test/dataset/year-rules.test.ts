import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarViews } from '../helpers/calendar-views.js';
import { civilFromDayNumber, dayNumberFromCivil } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isWeekend } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import type { DataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { describeBalance, yearBalance } from '@china-holiday-calendar/core/dataset/year-balance.js';
import { BUNDLED_DATA_DIR, loadBundledViews } from '../helpers/bundled-dataset.js';

/**
 * The rules of a whole year, as the loader applies them to data files:
 * `validate` and the service's reload refuse a hand-edited file that lacks a holiday, names one
 * twice, does not balance, or places a make-up day a week off; the bundled files meet them.
 */

const YEARS = Array.from({ length: 2026 - 2008 + 1 }, (_, index) => 2008 + index);

function bundled(year: number): ArrangementFile {
  const file: unknown = JSON.parse(readFileSync(join(BUNDLED_DATA_DIR, `${year}.json`), 'utf8'));
  assert.ok(checkArrangementShape(file), `${year}.json`);
  return file;
}

function problemsOf(file: ArrangementFile): readonly DataProblem[] {
  const result = validateArrangementFile(file, `${file.year}.json`);
  return result.ok ? [] : result.problems;
}

/** Asserts that the file is refused with exactly one problem, on `field`, whose reason matches every pattern. */
function expectOnly(file: ArrangementFile, field: string, reasons: readonly RegExp[]): void {
  const problems = problemsOf(file);
  assert.equal(problems.length, 1, JSON.stringify(problems));
  const [problem] = problems;
  assert.equal(problem?.field, field, JSON.stringify(problems));
  for (const reason of reasons) assert.match(problem.reason, reason);
}

function withoutHoliday(file: ArrangementFile, code: keyof ArrangementFile['statutoryDays']): ArrangementFile {
  const statutoryDays = { ...file.statutoryDays };
  Reflect.deleteProperty(statutoryDays, code);
  return { ...file, entries: file.entries.filter((entry) => !entry.holidays.includes(code)), statutoryDays };
}

describe('balance: what the service answers for every notice year 2008-2026', () => {
  let index: CalendarViews;
  before(async () => {
    index = await loadBundledViews();
  });

  /**
   * Counted from the service's own per-day answers, not from the balance code: the weekdays
   * answered HOLIDAY, the statutory flags (one per holiday), and the ADJUSTED_WORKDAY days, from
   * the last December week the year's notice may name (a New Year day) to 31 December, leaving
   * out the December days the next year's New Year takes.
   */
  function answeredFigures(year: number): { weekdayRest: number; statutory: number; work: number } {
    let weekdayRest = 0;
    let statutory = 0;
    let work = 0;
    for (let day = dayNumberFromCivil(year - 1, 12, 25); day <= dayNumberFromCivil(year, 12, 31); day += 1) {
      const answer = index.dayStatus(day);
      // The service answers from 2008-01-01: the 2008 notice's December 2007 days (Monday 12-31
      // off, Saturday 12-29 worked) are left out, one on each side of the equation.
      if (isUnavailable(answer) && day < dayNumberFromCivil(2008, 1, 1)) continue;
      assert.ok(!isUnavailable(answer));
      // A late December day with New Year's holiday belongs to the next year's notice.
      const nextNewYear = answer.holidays.some((holiday) => holiday.code === 'NEW_YEAR') && civilFromDayNumber(day).month === 12;
      if (nextNewYear !== civilFromDayNumber(day).year < year) continue;
      if (answer.dayStatus === 'HOLIDAY' && !isWeekend(day)) weekdayRest += 1;
      if (answer.dayStatus === 'ADJUSTED_WORKDAY') work += 1;
      statutory += answer.holidays.filter((holiday) => holiday.statutoryDate).length;
    }
    return { weekdayRest, statutory, work };
  }

  for (const year of YEARS) {
    // 2020: the extension notice added Friday 01-31 off and dropped the make-up Saturday 02-01.
    const beyond = year === 2020 ? 2 : 0;
    it(`${year}: rest days on weekdays = statutory days + make-up working days${beyond > 0 ? ` + ${beyond} added by the extension` : ''}`, () => {
      const { weekdayRest, statutory, work } = answeredFigures(year);
      assert.equal(weekdayRest, statutory + work + beyond, `${weekdayRest} weekday rest days, ${statutory} statutory, ${work} make-up`);
      // The balance the loader computes from the file agrees with the answers.
      const balance = yearBalance(bundled(year));
      assert.equal(balance.statutory, statutory);
      assert.equal(balance.weekdayRest - balance.work + beyond, weekdayRest - work);
      assert.equal(balance.extensions.reduce((total, extension) => total + extension.addedDays, 0), beyond);
    });
  }

  it('are the figures docs/arrangement-format.md tabulates', () => {
    const doc = readFileSync(new URL('../../docs/arrangement-format.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| (\d{4}) \| (\d+) \| (\d+) \| (\d+) \| (\d*) ?\|$/gm)];
    assert.deepEqual(rows.map((row) => Number(row[1])), YEARS);
    for (const [, year, weekdayRest, statutory, work, beyond] of rows) {
      const answered = answeredFigures(Number(year));
      // 2008: the service does not answer 2007-12-29 (worked) and 2007-12-31 (a Monday off).
      const december2007 = year === '2008' ? 1 : 0;
      assert.deepEqual(
        [Number(weekdayRest), Number(statutory), Number(work), Number(beyond)],
        [answered.weekdayRest + december2007, answered.statutory, answered.work + december2007, year === '2020' ? 2 : 0],
        year,
      );
    }
  });

  it('counts a day statutory for two holidays twice: 2009-10-03 and 2020-10-01 (National Day and Mid-Autumn)', () => {
    for (const year of [2009, 2020]) assert.equal(yearBalance(bundled(year)).statutory, 11, `${year}: 7 holidays, 11 statutory days counted per holiday`);
    assert.equal(answeredFigures(2009).statutory, 11);
  });

  it('names the two exceptions: 2015 balances only per year, the 2020 extension adds days beyond the balance', () => {
    assert.match(describeBalance(yearBalance(bundled(2015))), /中秋节 -1, 国庆节 \+1: settled within the year/);
    const balance2020 = yearBalance(bundled(2020));
    assert.deepEqual(
      balance2020.extensions.map((extension) => [extension.notice, extension.addedDays]),
      [['spring-festival-extension', 2]],
    );
    assert.match(describeBalance(balance2020), /the extension notice «spring-festival-extension» adds 2 days beyond the balance/);
    for (const year of YEARS.filter((other) => other !== 2015 && other !== 2020)) {
      assert.doesNotMatch(describeBalance(yearBalance(bundled(year))), /;/, `${year} has no exception`);
    }
  });
});

describe('the loader refuses a hand-edited file', () => {
  it('with a holiday missing (its entry and its statutory days removed)', () => {
    expectOnly(withoutHoliday(bundled(2024), 'LABOR_DAY'), 'entries', [/the annual notice has no entry for 劳动节 \(LABOR_DAY\), which the regulation grants every year/]);
  });

  it('with a holiday named by two entries', () => {
    const file = bundled(2024);
    const labor = file.entries[3];
    assert.ok(labor?.holidays.includes('LABOR_DAY'));
    file.entries[4] = { ...file.entries[4], holidays: ['DRAGON_BOAT_FESTIVAL', 'LABOR_DAY'] } as ArrangementFile['entries'][number];
    const problems = problemsOf(file);
    assert.ok(problems.some((problem) => /劳动节 \(LABOR_DAY\) has 2 entries in the annual notice \(entries\[3\], entries\[4\]\)/.test(problem.reason)), JSON.stringify(problems));
  });

  it('with an amended holiday whose replacement entry is gone', () => {
    const file = bundled(2019);
    file.entries = file.entries.filter((entry) => entry.notice !== 'labor-day-amendment');
    file.notices = file.notices.filter((notice) => notice.id !== 'labor-day-amendment');
    const problems = problemsOf(file);
    assert.ok(problems.some((problem) => problem.field === 'entries[3].supersededBy'), JSON.stringify(problems));
  });

  it('with a one-off holiday in the annual notice, or in a year that does not have it', () => {
    const file2015 = bundled(2015);
    const victory = file2015.entries.at(-1);
    assert.ok(victory);
    victory.notice = 'annual';
    expectOnly(file2015, 'entries[7].holidays', [/is not a holiday the regulation grants every year; only a special notice adds it/]);
  });

  it('that does not balance: a make-up day removed, with the figures', () => {
    const file = bundled(2024);
    const nationalDay = file.entries[6];
    assert.ok(nationalDay);
    nationalDay.work = ['2024-09-29'];
    expectOnly(file, 'entries', [
      /the 2024 arrangement does not balance: 19 rest days on weekdays, but 11 statutory days \+ 7 make-up working days = 18/,
      /is a 上班 day missing\?/,
      /国庆节: 5 weekday rest days for 3 statutory \+ 1 make-up days/,
    ]);
  });

  it('with an extension that does more than move the end of the entry it replaces', () => {
    const file = bundled(2020);
    const extension = file.entries.at(-1);
    assert.equal(extension?.form, 'extension');
    extension.rest = ['2020-01-23..2020-02-02'];
    const problems = problemsOf(file);
    assert.ok(problems.some((problem) => problem.field === 'entries[6]' && /an extension only moves the end of the entry it replaces \(entries\[1\]\)/.test(problem.reason)), JSON.stringify(problems));
  });

  it('with a make-up day a week off its place', () => {
    const file = bundled(2024);
    const nationalDay = file.entries[6];
    assert.ok(nationalDay);
    nationalDay.work = ['2024-09-22', '2024-10-12'];
    expectOnly(file, 'entries[6].work[0]', [/the make-up working day 2024-09-22 is not on the weekend next to its holiday: 2024-09-28, an ordinary weekend day, lies between/]);
  });

  it('with its one make-up day on the farther side of its holiday', () => {
    const file = bundled(2016);
    const midAutumn = file.entries[5];
    assert.deepEqual(midAutumn?.work, ['2016-09-18']);
    midAutumn.work = ['2016-09-11'];
    expectOnly(file, 'entries[5].work[0]', [/the one make-up working day 2016-09-11 lies 4 days before its holiday, but 2016-09-18 lies only 1 after it/]);
  });
});
