import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { isBeforeSupportedRange, isUnavailable, type WorkdayOffset } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { buildCalendarViews, type CalendarViews } from '../helpers/calendar-views.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { BUNDLED_DATA_DIR, day, loadBundledViews } from '../helpers/bundled-dataset.js';

/*
 * The working-day offset of docs/design.md (Beyond the interface), checked against the examples (typed from the
 * 2024 and 2026 notices in the official notices (test/fixtures/notices/)) and against a plain day-by-day
 * walk over the index's own per-day statuses.
 */

let index: CalendarViews;

before(async () => {
  index = await loadBundledViews();
});

function offset(from: string, days: number, on: CalendarViews = index): WorkdayOffset {
  const answer = on.workdayOffset(day(from), days);
  if (isUnavailable(answer) || isBeforeSupportedRange(answer)) assert.fail(`${from} ${days}: ${JSON.stringify(answer)}`);
  return answer;
}

function found(from: string, days: number): string {
  const answer = offset(from, days);
  if (answer.status !== 'FOUND') assert.fail(`${from} ${days} is not found`);
  return answer.date;
}

/** The outcome the naive walk gives: a date, or UNKNOWN, UNAVAILABLE, BEFORE (the supported range). */
type Walked = string;

/** Walks day by day, asking the index for each day's status: the definition, in its plainest form. */
function walk(on: CalendarViews, from: DayNumber, days: number): Walked {
  const statusOf = (at: DayNumber): string => {
    if (at < day('2008-01-01')) return 'BEFORE';
    const record = on.dayStatus(at);
    return isUnavailable(record) ? 'UNAVAILABLE' : record.workStatus;
  };
  if (days === 0) {
    const own = statusOf(from);
    if (own === 'WORKDAY') return formatIsoDate(from);
    if (own !== 'REST_DAY') return own;
  }
  const step = days < 0 ? -1 : 1;
  let left = Math.max(Math.abs(days), 1);
  for (let at = from + step; ; at += step) {
    const status = statusOf(at);
    if (status === 'WORKDAY') {
      left -= 1;
      if (left === 0) return formatIsoDate(at);
    } else if (status !== 'REST_DAY') {
      return status;
    }
  }
}

function outcome(on: CalendarViews, from: DayNumber, days: number): Walked {
  const answer = on.workdayOffset(from, days);
  if (isUnavailable(answer)) return 'UNAVAILABLE';
  if (isBeforeSupportedRange(answer)) return 'BEFORE';
  return answer.status === 'FOUND' ? answer.date : 'UNKNOWN';
}

describe('working-day offsets: the examples of the business-day issue', () => {
  it('skips the 2026 National Day week and counts the make-up Saturday 10-10', () => {
    assert.equal(found('2026-09-30', 1), '2026-10-08');
    assert.equal(found('2026-09-30', 3), '2026-10-10');
    assert.equal(found('2026-09-30', 4), '2026-10-12');
  });

  it('goes back from 除夕 2024 (a working day that year) to 2024-02-08', () => {
    assert.equal(found('2024-02-09', -1), '2024-02-08');
  });

  it('with N = 0 answers a make-up Sunday itself, and from a holiday the first working day after it', () => {
    assert.equal(found('2024-02-04', 0), '2024-02-04');
    assert.equal(found('2024-02-10', 0), '2024-02-18');
  });

  it('answers UNKNOWN when the walk reaches 2027, whose arrangement is unpublished', () => {
    assert.deepEqual(offset('2026-12-30', 5), { fromDate: '2026-12-30', days: 5, status: 'UNKNOWN', date: null, datasetVersion: null });
    assert.equal(found('2026-12-30', 1), '2026-12-31');
    assert.equal(offset('2026-12-30', 2).status, 'UNKNOWN');
  });

  it('carries the dataset version and both dates when found', () => {
    assert.deepEqual(offset('2026-09-30', 3), { fromDate: '2026-09-30', days: 3, status: 'FOUND', date: '2026-10-10', datasetVersion: index.version });
  });
});

describe('working-day offsets: the edges', () => {
  it('goes back from an unpublished day across no unpublished day: 2027-01-01, -1 is 2026-12-31', () => {
    assert.equal(found('2027-01-01', -1), '2026-12-31');
    assert.equal(offset('2027-01-04', -1).status, 'UNKNOWN');
  });

  it('answers UNKNOWN for any N from a day of an unpublished year, near or far', () => {
    for (const days of [0, 1, 1000, -5, -1000]) assert.equal(offset('2027-03-01', days).status, 'UNKNOWN');
    for (const days of [0, 7, -7]) assert.equal(offset('9999-12-31', days).status, 'UNKNOWN');
  });

  it('reports a result before 2008-01-01 as outside the supported range', () => {
    // 2008-01-02 is the first working day of the data (2007-12-30..2008-01-01 were rest days).
    assert.equal(found('2008-01-03', -1), '2008-01-02');
    assert.ok(isBeforeSupportedRange(index.workdayOffset(day('2008-01-03'), -2)));
    assert.ok(isBeforeSupportedRange(index.workdayOffset(day('2008-01-01'), -1)));
    assert.equal(found('2008-01-01', 0), '2008-01-02');
  });

  it('crosses a December day named by the next notice (2018-12-29, a make-up Saturday)', () => {
    assert.equal(found('2018-12-28', 1), '2018-12-29');
    assert.equal(found('2018-12-29', 1), '2019-01-02');
  });

  it('counts across the whole data in one step, both ways (1000 working days)', () => {
    const from = day('2015-06-15');
    for (const days of [1000, -1000, 999, -999]) assert.equal(outcome(index, from, days), walk(index, from, days));
  });

  it('is settled exactly when every day from D to the day found is final', () => {
    assert.equal(index.workdayOffsetIsSettled(day('2026-09-30'), 3), true);
    assert.equal(index.workdayOffsetIsSettled(day('2026-12-21'), 3), true, 'ends on 2026-12-24, before the week the 2027 notice may name');
    assert.equal(index.workdayOffsetIsSettled(day('2026-12-22'), 3), false, 'ends on 2026-12-25, which the 2027 notice may still name');
    assert.equal(index.workdayOffsetIsSettled(day('2026-12-30'), 5), false, 'UNKNOWN');
  });
});

describe('working-day offsets agree with a plain day-by-day walk', () => {
  it('for random dates 2007-12-20..2031 and N from -1000 to 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: day('2008-01-01'), max: day('2031-12-31') }), fc.integer({ min: -1000, max: 1000 }), (from, days) => {
        assert.equal(outcome(index, from, days), walk(index, from, days), `${formatIsoDate(from)} ${days}`);
      }),
      { numRuns: 3000 },
    );
  });

  it('for small N near every holiday of 2008..2026', () => {
    fc.assert(
      fc.property(fc.integer({ min: day('2008-01-01'), max: day('2027-01-10') }), fc.integer({ min: -12, max: 12 }), (from, days) => {
        assert.equal(outcome(index, from, days), walk(index, from, days), `${formatIsoDate(from)} ${days}`);
      }),
      { numRuns: 5000 },
    );
  });

  it('and with the day counts: from D to the day found lie |N| working days, +1 where D itself counts', () => {
    fc.assert(
      fc.property(fc.integer({ min: day('2008-01-01'), max: day('2026-12-31') }), fc.integer({ min: -300, max: 300 }), (from, days) => {
        const answer = index.workdayOffset(from, days);
        if (isUnavailable(answer) || isBeforeSupportedRange(answer) || answer.status !== 'FOUND') return;
        const to = day(answer.date);
        const counts = index.countDays(Math.min(from, to), Math.max(from, to));
        if (isUnavailable(counts)) assert.fail('unavailable');
        const fromIsWorkday = index.dayStatus(from);
        const fromCounts = !isUnavailable(fromIsWorkday) && fromIsWorkday.workStatus === 'WORKDAY' ? 1 : 0;
        assert.equal(counts.workdayCount, days === 0 ? 1 : Math.abs(days) + fromCounts);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('working-day offsets over a published year that cannot be read', () => {
  let broken: CalendarViews;

  before(async () => {
    const snapshot = await readDataDirectory(BUNDLED_DATA_DIR);
    const yearFiles = snapshot.yearFiles.map((file) => (file.year === 2015 ? { fileName: '2015.json', year: 2015, text: '{ not json' } : file));
    broken = buildCalendarViews(assembleDataset({ ...snapshot, yearFiles }));
  });

  it('is unavailable when the walk would cross 2015, in either direction', () => {
    assert.equal(outcome(broken, day('2014-12-15'), 30), 'UNAVAILABLE');
    assert.equal(outcome(broken, day('2016-01-15'), -30), 'UNAVAILABLE');
    assert.deepEqual(broken.workdayOffset(day('2015-06-01'), 0), { unavailable: true, year: 2015 });
  });

  it('answers walks that stay clear of it, and agrees with the plain walk everywhere', () => {
    assert.equal(outcome(broken, day('2016-03-01'), 10), walk(index, day('2016-03-01'), 10));
    fc.assert(
      fc.property(fc.integer({ min: day('2013-01-01'), max: day('2017-12-31') }), fc.integer({ min: -400, max: 400 }), (from, days) => {
        assert.equal(outcome(broken, from, days), walk(broken, from, days));
      }),
      { numRuns: 1000 },
    );
  });
});
