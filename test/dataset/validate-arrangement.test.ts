import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ArrangementEntry, ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import type { DataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';

const YEARS = Array.from({ length: 19 }, (_, i) => 2008 + i);

/** A fresh deep copy of a bundled file, parsed from its text. */
function bundled(year: number): ArrangementFile {
  const file: unknown = JSON.parse(readFileSync(join(BUNDLED_DATA_DIR, `${year}.json`), 'utf8'));
  assert.ok(checkArrangementShape(file), `${year}.json`);
  return file;
}

function entryOf(file: ArrangementFile, at: number): ArrangementEntry {
  const entry = file.entries[at];
  if (entry === undefined) throw new Error(`no entry ${at}`);
  return entry;
}

/** A bundled file broken one way; the unbroken copy is checked to be valid first. */
function broken(year: number, breakIt: (file: ArrangementFile) => void): ArrangementFile {
  const file = bundled(year);
  assert.ok(validateArrangementFile(bundled(year), `${year}.json`).ok, `${year}.json is valid before the change`);
  breakIt(file);
  return file;
}

function problemsOf(raw: unknown, fileName: string): readonly DataProblem[] {
  const result = validateArrangementFile(raw, fileName);
  if (result.ok) assert.fail(`${fileName} was accepted`);
  assert.ok(result.problems.length > 0, 'a rejection names at least one problem');
  for (const problem of result.problems) {
    assert.equal(problem.file, fileName, `problem ${JSON.stringify(problem)} names the file`);
    assert.ok(problem.reason.length > 0, 'a problem gives a reason');
  }
  return result.problems;
}

/**
 * Asserts that the file is rejected with a problem on `field` whose reason matches every pattern;
 * `only` asserts that it is the one and only problem (the break is the only thing wrong).
 */
function expectProblem(raw: unknown, fileName: string, field: string, reasons: readonly RegExp[], only = true): void {
  const problems = problemsOf(raw, fileName);
  const match = problems.find((problem) => problem.field === field && reasons.every((reason) => reason.test(problem.reason)));
  assert.ok(match, `expected ${field}: ${reasons.join(' & ')}; got ${JSON.stringify(problems)}`);
  if (only) assert.equal(problems.length, 1, `only one problem expected, got ${JSON.stringify(problems)}`);
}

describe('validateArrangementFile accepts', () => {
  for (const year of YEARS) {
    it(`the bundled ${year}.json, unchanged`, () => {
      const raw = bundled(year);
      const result = validateArrangementFile(raw, `${year}.json`);
      if (!result.ok) assert.fail(JSON.stringify(result.problems));
      assert.deepEqual(result.file, bundled(year));
    });
  }

  // Sundays added to entries that state no total, so that the year still balances.
  it('a notice day as early as December 25 of the previous year', () => {
    const file = broken(2017, (f) => {
      entryOf(f, 0).rest.push('2016-12-25');
    });
    assert.ok(validateArrangementFile(file, '2017.json').ok);
  });

  it('a notice day as late as December 31 of its year', () => {
    const file = broken(2017, (f) => {
      entryOf(f, 3).rest.push('2017-12-31');
    });
    assert.ok(validateArrangementFile(file, '2017.json').ok);
  });
});

describe('validateArrangementFile rejects schema errors', () => {
  it('a value that is not an object', () => {
    for (const raw of [null, [], 'text', 2019]) {
      const problems = problemsOf(raw, '2019.json');
      assert.ok(problems.some((problem) => problem.field === '(file)'), JSON.stringify(problems));
    }
  });

  it('a missing required field (entries[0].statedTotal)', () => {
    const file = broken(2019, (f) => {
      delete (entryOf(f, 0) as Partial<ArrangementEntry>).statedTotal;
    });
    const problems = problemsOf(file, '2019.json');
    assert.ok(
      problems.some(
        (problem) =>
          (problem.field === 'entries[0]' && /required/.test(problem.reason) && /statedTotal/.test(problem.reason)) ||
          problem.field === 'entries[0].statedTotal',
      ),
      JSON.stringify(problems),
    );
  });

  it('a missing top-level field (statutoryDays)', () => {
    const file = broken(2019, (f) => {
      delete (f as Partial<ArrangementFile>).statutoryDays;
    });
    const problems = problemsOf(file, '2019.json');
    assert.ok(problems.some((problem) => /statutoryDays/.test(`${problem.field} ${problem.reason}`)), JSON.stringify(problems));
  });

  it('an unknown field in an entry, naming it', () => {
    const file = broken(2019, (f) => {
      Object.assign(entryOf(f, 0), { restDays: ['2019-01-01'] });
    });
    const problems = problemsOf(file, '2019.json');
    // Which field is unknown must be said: either as the field or in the reason.
    assert.ok(
      problems.some(
        (problem) =>
          problem.field === 'entries[0].restDays' ||
          (problem.field === 'entries[0]' && /additional|unknown|not allowed/.test(problem.reason) && /restDays/.test(problem.reason)),
      ),
      `the unknown property restDays is not named: ${JSON.stringify(problems)}`,
    );
  });

  it('an unknown top-level field, naming it', () => {
    const file = broken(2019, (f) => {
      Object.assign(f, { comment: 'x' });
    });
    const problems = problemsOf(file, '2019.json');
    assert.ok(
      problems.some((problem) => problem.field === 'comment' || /comment/.test(problem.reason)),
      `the unknown property comment is not named: ${JSON.stringify(problems)}`,
    );
  });

  it('an unknown field in a notice (rejected at that notice)', () => {
    const file = broken(2019, (f) => {
      Object.assign(f.notices[0] ?? {}, { url: 'https://example.org' });
    });
    const problems = problemsOf(file, '2019.json');
    assert.ok(problems.some((problem) => problem.field.startsWith('notices[0]')), JSON.stringify(problems));
  });

  it('a badly shaped date in a rest range', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).rest = ['2019-2-4..2019-02-10'];
    });
    expectProblem(file, '2019.json', 'entries[1].rest[0]', [/pattern|yyyy-MM-dd|format/]);
  });

  it('a badly shaped make-up day (slashes)', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).work[0] = '2019/02/02';
    });
    expectProblem(file, '2019.json', 'entries[1].work[0]', [/pattern|yyyy-MM-dd|format/]);
  });

  it('a badly shaped publication date (with a time)', () => {
    const file = broken(2019, (f) => {
      const notice = f.notices[0];
      if (notice) notice.publishedDate = '2018-12-06T00:00:00';
    });
    expectProblem(file, '2019.json', 'notices[0].publishedDate', [/pattern|yyyy-MM-dd|format/]);
  });

  it('an unknown holiday code', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).holidays = ['LANTERN_FESTIVAL'] as unknown as ArrangementEntry['holidays'];
    });
    expectProblem(file, '2019.json', 'entries[1].holidays[0]', [/allowed|one of|unknown/]);
  });

  it('a year of the wrong type', () => {
    const file = broken(2019, (f) => {
      (f as unknown as Record<string, unknown>).year = '2019';
    });
    expectProblem(file, '2019.json', 'year', [/integer|number/]);
  });

  it('an empty rest list', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).rest = [];
    });
    expectProblem(file, '2019.json', 'entries[1].rest', [/fewer than 1|at least|empty/]);
  });
});

describe('validateArrangementFile rejects impossible dates', () => {
  it('2019-02-30 as a make-up day', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).work[0] = '2019-02-30';
    });
    expectProblem(file, '2019.json', 'entries[1].work[0]', [/2019-02-30/, /not a real/]);
  });

  it('2019-02-29 (not a leap year) as the end of a range', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).rest = ['2019-02-04..2019-02-29'];
    });
    expectProblem(file, '2019.json', 'entries[1].rest[0]', [/2019-02-29/, /not a real/]);
  });

  it('month 13 as a publication date', () => {
    const file = broken(2019, (f) => {
      const notice = f.notices[0];
      if (notice) notice.publishedDate = '2018-13-06';
    });
    expectProblem(file, '2019.json', 'notices[0].publishedDate', [/2018-13-06/, /not a real/]);
  });

  it('an impossible statutory day', () => {
    const file = broken(2019, (f) => {
      f.statutoryDays.NEW_YEAR = ['2019-01-32'];
    });
    expectProblem(file, '2019.json', 'statutoryDays.NEW_YEAR[0]', [/2019-01-32/, /not a real/]);
  });

  it('a range that ends before it starts', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).rest = ['2019-02-10..2019-02-04'];
    });
    expectProblem(file, '2019.json', 'entries[1].rest[0]', [/2019-02-10\.\.2019-02-04/, /ends before it starts/]);
  });
});

describe('validateArrangementFile rejects inconsistent files', () => {
  it('a year that does not match the file name', () => {
    expectProblem(bundled(2019), '2018.json', 'year', [/2019/, /2019\.json/]);
  });

  it('the wrong regulation version (2019 under version 1)', () => {
    const file = broken(2019, (f) => {
      f.regulationVersion = 1;
    });
    expectProblem(file, '2019.json', 'regulationVersion', [/version 2/, /not 1/]);
  });

  it('the wrong regulation version at the boundaries (2013 under 2, 2014 under 1, 2024 under 3, 2025 under 2)', () => {
    for (const [year, wrong, right] of [
      [2013, 2, 1],
      [2014, 1, 2],
      [2024, 3, 2],
      [2025, 2, 3],
    ] as const) {
      const file = broken(year, (f) => {
        f.regulationVersion = wrong;
      });
      expectProblem(file, `${year}.json`, 'regulationVersion', [new RegExp(`version ${right}`), new RegExp(`not ${wrong}`)]);
    }
  });

  it('a notice id used twice', () => {
    const file = broken(2015, (f) => {
      const special = f.notices[1];
      if (special) special.id = 'annual';
      // Keep the entries pointing at existing notices, so the duplicate is the only fault.
      for (const entry of f.entries) entry.notice = 'annual';
    });
    expectProblem(file, '2015.json', 'notices[1].id', [/annual/, /twice/]);
  });

  it('no annual notice', () => {
    const file = broken(2018, (f) => {
      const notice = f.notices[0];
      if (notice) notice.kind = 'special';
    });
    expectProblem(file, '2018.json', 'notices', [/annual/]);
  });

  it('two annual notices', () => {
    const file = broken(2019, (f) => {
      const amending = f.notices[1];
      if (amending) amending.kind = 'annual';
    });
    const problems = problemsOf(file, '2019.json');
    assert.ok(problems.some((problem) => problem.field === 'notices' && /annual/.test(problem.reason)), JSON.stringify(problems));
  });

  it('an entry that points to an unknown notice', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 0).notice = 'nope';
    });
    expectProblem(file, '2019.json', 'entries[0].notice', [/nope/]);
  });

  it('supersededBy pointing to a notice that is not amending', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 3).supersededBy = 'annual';
    });
    expectProblem(file, '2019.json', 'entries[3].supersededBy', [/annual/, /not an amending notice/]);
  });

  it('supersededBy pointing to an unknown notice', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 3).supersededBy = 'nope';
    });
    expectProblem(file, '2019.json', 'entries[3].supersededBy', [/nope/, /not an amending notice/]);
  });

  it('supersededBy pointing to an amending notice that has no entry for the holiday', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 6).supersededBy = 'labor-day-amendment';
    });
    const problems = problemsOf(file, '2019.json');
    assert.ok(
      problems.some((problem) => problem.field === 'entries[6].supersededBy' && /NATIONAL_DAY/.test(problem.reason)),
      JSON.stringify(problems),
    );
  });

  it('a date before December 25 of the previous year (2017-12-24 in 2018.json)', () => {
    const file = broken(2018, (f) => {
      entryOf(f, 0).rest.push('2017-12-24');
    });
    expectProblem(file, '2018.json', 'entries[0].rest', [/2017-12-24/, /outside/]);
  });

  it('a make-up day in the next year (2019-01-05 in 2018.json)', () => {
    const file = broken(2018, (f) => {
      entryOf(f, 6).work.push('2019-01-05');
    });
    expectProblem(file, '2018.json', 'entries[6].work', [/2019-01-05/, /outside/]);
  });

  it('a rest day in the next year (2019-01-02 in 2018.json)', () => {
    const file = broken(2018, (f) => {
      entryOf(f, 5).rest.push('2019-01-02');
    });
    expectProblem(file, '2018.json', 'entries[5].rest', [/2019-01-02/, /outside/]);
  });

  it('a joined weekend outside the reach (2017-12-23 in 2018.json)', () => {
    const file = broken(2018, (f) => {
      entryOf(f, 0).joinedWeekend.unshift('2017-12-23');
    });
    expectProblem(file, '2018.json', 'entries[0].joinedWeekend', [/2017-12-23/, /outside/]);
  });

  it('a stated total that does not match the rest days', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).statedTotal = 8;
    });
    expectProblem(file, '2019.json', 'entries[1].statedTotal', [/8/, /7/]);
  });

  it('a stated total on an amending entry that does not match (2019 Labor Day says 4)', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 7).statedTotal = 5;
    });
    expectProblem(file, '2019.json', 'entries[7].statedTotal', [/5/, /4/]);
  });

  it('a rest day named twice by one entry', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).compensatory = ['2019-02-08'];
      entryOf(f, 1).statedTotal = null;
    });
    // The same fault is also reported as a day named twice; both are fine, so not `only`.
    expectProblem(file, '2019.json', 'entries[1].rest', [/twice/], false);
  });

  it('a make-up day on a weekday', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).work.push('2019-02-11');
    });
    expectProblem(file, '2019.json', 'entries[1].work[2]', [/2019-02-11/, /not a Saturday or Sunday/]);
  });

  it('a joined weekend day on a weekday', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 2).joinedWeekend[0] = '2019-04-08';
    });
    expectProblem(file, '2019.json', 'entries[2].joinedWeekend[0]', [/2019-04-08/, /not a Saturday or Sunday/]);
  });

  it('a date that is both a rest day and a make-up day', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 1).work.push('2019-02-09');
    });
    expectProblem(file, '2019.json', 'entries[1].work', [/2019-02-09/, /entries\[1\]\.rest/]);
  });

  it('a date named by two entries', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 5).rest.push('2019-10-01');
    });
    expectProblem(file, '2019.json', 'entries[6].rest', [/2019-10-01/, /entries\[5\]\.rest/]);
  });

  it('a make-up day of one entry that is a rest day of another', () => {
    const file = broken(2019, (f) => {
      entryOf(f, 6).work.push('2019-02-09');
    });
    expectProblem(file, '2019.json', 'entries[6].work', [/2019-02-09/, /entries\[1\]\.rest/]);
  });

  it('statutory days not as the regulation computes them (除夕 listed in 2019)', () => {
    const file = broken(2019, (f) => {
      f.statutoryDays.SPRING_FESTIVAL = ['2019-02-04', '2019-02-05', '2019-02-06'];
    });
    expectProblem(file, '2019.json', 'statutoryDays.SPRING_FESTIVAL', [/2019-02-05, 2019-02-06, 2019-02-07/]);
  });

  it('statutory days of version 2 stored in a version-3 year (2025 Labor Day one day)', () => {
    const file = broken(2025, (f) => {
      f.statutoryDays.LABOR_DAY = ['2025-05-01'];
    });
    expectProblem(file, '2025.json', 'statutoryDays.LABOR_DAY', [/2025-05-01, 2025-05-02/]);
  });

  it('statutory days missing for a holiday the file names', () => {
    const file = broken(2019, (f) => {
      delete f.statutoryDays.NEW_YEAR;
    });
    expectProblem(file, '2019.json', 'statutoryDays.NEW_YEAR', [/2019-01-01/]);
  });

  it('statutory days for a holiday no entry names', () => {
    const file = broken(2019, (f) => {
      f.statutoryDays.VICTORY_DAY_70TH_ANNIVERSARY = ['2015-09-03'];
    });
    expectProblem(file, '2019.json', 'statutoryDays.VICTORY_DAY_70TH_ANNIVERSARY', [/2015-09-03/]);
  });

  it('a statutory day that is not a rest day of its holiday (2023 Qingming moved off 04-05)', () => {
    const file = broken(2023, (f) => {
      entryOf(f, 2).rest = ['2023-04-06'];
    });
    expectProblem(file, '2023.json', 'statutoryDays.QINGMING_FESTIVAL', [/2023-04-05/, /not a rest day/]);
  });

  it('a statutory day that is a rest day of another holiday only', () => {
    // 2020: make the combined entry National Day only; Mid-Autumn (10-01) is then no rest day of a Mid-Autumn entry.
    const file = broken(2020, (f) => {
      entryOf(f, 5).holidays = ['NATIONAL_DAY'];
      entryOf(f, 5).printedName = '国庆节';
      f.entries.push({ ...entryOf(f, 0), holidays: ['MID_AUTUMN_FESTIVAL'], printedName: '中秋节', rest: ['2020-09-30'], statedTotal: null });
    });
    expectProblem(file, '2020.json', 'statutoryDays.MID_AUTUMN_FESTIVAL', [/2020-10-01/, /not a rest day/]);
  });

  it('a statutory day that is only a rest day of a superseded entry', () => {
    // 2019: move the amended Labor Day span off 05-01; only the superseded annual entry still names it.
    const file = broken(2019, (f) => {
      entryOf(f, 7).rest = ['2019-05-02..2019-05-04'];
      entryOf(f, 7).statedTotal = 3;
    });
    expectProblem(file, '2019.json', 'statutoryDays.LABOR_DAY', [/2019-05-01/, /not a rest day/]);
  });
});
