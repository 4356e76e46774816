import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { buildCalendarCore, type CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import { tradingCalendarOf, TRADING_CODE, type TradingCalendar } from '@china-holiday-calendar/core/answers/trading-days.js';
import { OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN } from '@china-holiday-calendar/core/answers/workday-offset.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isWeekend } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { day, loadBundledDataset } from '../helpers/bundled-dataset.js';

/*
 * The exchanges' calendar over the bundled data: every Saturday and Sunday closed (make-up working
 * days included), every State Council rest day closed, 2024-02-09 closed by the exchanges alone,
 * UNKNOWN where a year has no exchanges' notice, and T+N equal to a walk over the days.
 */

let dataset: Dataset;
let trading: TradingCalendar;

before(async () => {
  dataset = await loadBundledDataset();
  trading = tradingCalendarOf(buildCalendarCore(dataset));
});

function state(text: string, on: TradingCalendar = trading): string {
  const { tradingStatus, closureReason } = on.state(day(text));
  return closureReason === null ? tradingStatus : `${tradingStatus} ${closureReason}`;
}

/** The dataset without the exchanges' notice of `year`: the State Council's year stays published. */
function withoutExchanges(year: number): CalendarCore {
  const arrangements = new Map(dataset.arrangements);
  const file = arrangements.get(year);
  if (file === undefined) assert.fail(`${year} is not in the bundled data`);
  const { exchanges, ...stateCouncil } = file;
  assert.ok(exchanges, `${year} has an exchanges' part to leave out`);
  arrangements.set(year, stateCouncil);
  return buildCalendarCore({ ...dataset, arrangements });
}

/** T+N by walking day by day over the per-day states: the definition in its plainest form. */
function walk(on: TradingCalendar, from: DayNumber, days: number, market: Market): string {
  const first = market === 'BJSE' ? day('2021-11-15') : day('2008-01-01');
  const statusOf = (at: DayNumber): string => (at < first ? 'BEFORE' : on.state(at).tradingStatus);
  if (days === 0) {
    const own = statusOf(from);
    if (own === 'TRADING') return formatIsoDate(from);
    if (own !== 'CLOSED') return own;
  }
  const step = days < 0 ? -1 : 1;
  let left = Math.max(Math.abs(days), 1);
  for (let at = from + step; ; at += step) {
    const status = statusOf(at);
    if (status === 'TRADING') {
      left -= 1;
      if (left === 0) return formatIsoDate(at);
    } else if (status !== 'CLOSED') {
      return status;
    }
  }
}

function outcome(found: number): string {
  if (found === OFFSET_UNKNOWN) return 'UNKNOWN';
  if (found === OFFSET_BEFORE_SUPPORTED_RANGE) return 'BEFORE';
  return found > 0 ? formatIsoDate(found) : `unavailable ${found}`;
}

describe('trading status of a day', () => {
  it('closes the make-up working weekends of the State Council', () => {
    assert.equal(state('2024-02-04'), 'CLOSED WEEKEND');
    assert.equal(state('2024-02-18'), 'CLOSED WEEKEND');
    assert.equal(state('2026-09-20'), 'CLOSED WEEKEND');
  });

  it('closes the State Council weekday rest days as HOLIDAY, the weekend days of a holiday as WEEKEND', () => {
    assert.equal(state('2024-02-12'), 'CLOSED HOLIDAY');
    assert.equal(state('2024-02-10'), 'CLOSED WEEKEND');
    assert.equal(state('2015-09-03'), 'CLOSED HOLIDAY');
    // Named by the 2019 notice: a December day of 2018.
    assert.equal(state('2018-12-31'), 'CLOSED HOLIDAY');
  });

  it('closes 2024-02-09, a State Council working day, as MARKET_CLOSURE', () => {
    assert.equal(state('2024-02-09'), 'CLOSED MARKET_CLOSURE');
    assert.equal(state('2024-02-08'), 'TRADING');
    assert.equal(state('2024-02-19'), 'TRADING');
  });

  it('answers UNKNOWN for a year with no notice at all, and for one whose exchanges\' notice is not in yet', () => {
    assert.equal(state('2027-01-04'), 'UNKNOWN');
    const without2026 = tradingCalendarOf(withoutExchanges(2026));
    assert.equal(state('2026-03-02', without2026), 'UNKNOWN');
    assert.equal(state('2026-02-16', without2026), 'UNKNOWN');
    // The State Council's answer for the same day is there all along.
    assert.equal(without2026.core.dayCode(day('2026-03-02')), 0);
    assert.equal(state('2025-12-31', without2026), 'TRADING');
  });

  it('is TRADING on every weekday that is a State Council working day, 2008 to 2026, except 2024-02-09', () => {
    const { core } = trading;
    const closures: string[] = [];
    for (let at = day('2008-01-01'); at <= day('2026-12-31'); at++) {
      const code = trading.code(at);
      if (isWeekend(at)) assert.equal(code, TRADING_CODE.WEEKEND, formatIsoDate(at));
      else if (core.dayCode(at) === 3) assert.equal(code, TRADING_CODE.HOLIDAY, formatIsoDate(at));
      else if (code !== TRADING_CODE.TRADING) closures.push(`${formatIsoDate(at)} ${code}`);
    }
    assert.deepEqual(closures, [`2024-02-09 ${TRADING_CODE.MARKET_CLOSURE}`]);
  });
});

describe('counting trading days', () => {
  it('counts the trading days of whole years as the exchanges published them', () => {
    const count = (year: number): number => {
      const tally = trading.tally(day(`${year}-01-01`), day(`${year}-12-31`));
      if (isUnavailable(tally)) assert.fail('unavailable');
      assert.equal(tally.unknownDayCount, 0);
      return tally.tradingDayCount;
    };
    assert.deepEqual([2021, 2022, 2023, 2024, 2025].map(count), [243, 242, 242, 242, 243]);
  });

  it('counts unknown days past the exchanges\' last notice', () => {
    const tally = trading.tally(day('2026-12-28'), day('2027-01-05'));
    assert.deepEqual(tally, { tradingDayCount: 4, closedDayCount: 0, unknownDayCount: 5 });
  });
});

describe('T+N', () => {
  it('skips the 2024 Spring Festival closure, 2024-02-09 included', () => {
    assert.equal(outcome(trading.offsetDay(day('2024-02-08'), 1, 'XSHG')), '2024-02-19');
    assert.equal(outcome(trading.offsetDay(day('2024-02-19'), -1, 'XSHE')), '2024-02-08');
    assert.equal(outcome(trading.offsetDay(day('2024-02-09'), 0, 'XSHG')), '2024-02-19');
  });

  it('is UNKNOWN once the walk reaches a year without the exchanges\' notice', () => {
    assert.equal(outcome(trading.offsetDay(day('2026-12-30'), 5, 'XSHG')), 'UNKNOWN');
  });

  it('ends before the market\'s first day as before the supported range: BJSE from 2021-11-15', () => {
    assert.equal(outcome(trading.offsetDay(day('2021-11-15'), -1, 'BJSE')), 'BEFORE');
    assert.equal(outcome(trading.offsetDay(day('2021-11-15'), -1, 'XSHG')), '2021-11-12');
    assert.equal(outcome(trading.offsetDay(day('2021-11-16'), -1, 'BJSE')), '2021-11-15');
  });

  it('agrees with a walk over the days, for every market', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: day('2008-01-01'), max: day('2027-03-31') }),
        fc.integer({ min: -400, max: 400 }),
        fc.constantFrom<Market>('XSHG', 'XSHE', 'BJSE'),
        (from, days, market) => {
          if (market === 'BJSE' && from < day('2021-11-15')) return;
          assert.equal(outcome(trading.offsetDay(from, days, market)), walk(trading, from, days, market));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('settled answers', () => {
  it('keeps the last December week of the exchanges\' last year unsettled, and 2024 settled', () => {
    assert.equal(trading.isSettled(day('2024-01-01'), day('2024-12-31')), true);
    assert.equal(trading.isSettled(day('2026-12-28'), day('2026-12-28')), false);
    assert.equal(trading.isSettled(day('2026-12-01'), day('2026-12-01')), true);
    const without2026 = tradingCalendarOf(withoutExchanges(2026));
    assert.equal(without2026.isSettled(day('2025-12-29'), day('2025-12-29')), false);
  });
});

describe("the exchanges' part of a year file", () => {
  const fileWith = (date: string) => {
    const file = dataset.arrangements.get(2024);
    if (file?.exchanges === undefined) assert.fail('2024 has no exchanges part');
    return { ...file, exchanges: { ...file.exchanges, additionalClosures: [{ date, reason: 'test' }] } };
  };
  const reasons = (date: string): string[] => {
    const validation = validateArrangementFile(fileWith(date), '2024.json');
    return validation.ok ? [] : validation.problems.map((problem) => `${problem.field}: ${problem.reason}`);
  };

  it('accepts the bundled closure of 2024-02-09', () => {
    assert.deepEqual(reasons('2024-02-09'), []);
  });

  it('refuses a closure on a weekend, on a State Council rest day, or out of the year', () => {
    assert.match(reasons('2024-02-04').join(), /is a Saturday or Sunday/);
    assert.match(reasons('2024-02-12').join(), /is a State Council rest day of the file already/);
    assert.match(reasons('2025-03-03').join(), /lies outside 2023-12-25\.\.2024-12-31/);
    assert.match(reasons('2024-02-30').join(), /is not a real calendar date/);
  });
});
