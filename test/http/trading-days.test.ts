import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { get } from '../helpers/http-answer.js';
import { assertJsonSuccess, assertProblem } from '../helpers/spec-shapes.js';
import { TEST_DOCS_URL, useTestApp, useTestAppWithUnreadableYear } from '../helpers/test-app.js';

/*
 * The exchanges' calendar through the real application (inject): the four operations under
 * /v1/china-calendar/markets/{market}/, their checks in the date operations' order after the
 * market's, caching, CSV, and T+N against a walk over the service's own per-day answers.
 */

const MARKETS = '/v1/china-calendar/markets';
const served = useTestApp();

interface TradingDay {
  readonly date: string;
  readonly tradingStatus: string;
  readonly closureReason: string | null;
}

async function dayOf(market: string, date: string): Promise<TradingDay> {
  return assertJsonSuccess(await get(served.app, `${MARKETS}/${market}/dates/${date}`)) as TradingDay;
}

describe('GET /v1/china-calendar/markets/{market}/dates/{date}', () => {
  it('answers 2024-02-09 as closed by the exchanges on a State Council working day, field for field', async () => {
    const answer = await get(served.app, `${MARKETS}/XSHG/dates/2024-02-09`);
    assert.equal(
      answer.body,
      JSON.stringify({ date: '2024-02-09', market: 'XSHG', dayOfWeek: 'FRIDAY', tradingStatus: 'CLOSED', closureReason: 'MARKET_CLOSURE', holidays: [], datasetVersion: served.version }),
    );
    const stateCouncil = JSON.parse((await get(served.app, '/v1/china-calendar/dates/2024-02-09')).body) as { workStatus: string };
    assert.equal(stateCouncil.workStatus, 'WORKDAY');
  });

  it('closes make-up working days as WEEKEND and State Council weekday rest days as HOLIDAY, on every market', async () => {
    for (const market of ['XSHG', 'XSHE', 'BJSE']) {
      const makeUpDay = await dayOf(market, '2024-02-04');
      assert.equal(`${makeUpDay.tradingStatus} ${makeUpDay.closureReason}`, 'CLOSED WEEKEND');
      const holiday = await dayOf(market, '2024-10-02');
      assert.equal(`${holiday.tradingStatus} ${holiday.closureReason}`, 'CLOSED HOLIDAY');
      const trading = await dayOf(market, '2024-10-08');
      assert.equal(`${trading.tradingStatus} ${String(trading.closureReason)}`, 'TRADING null');
    }
  });

  it('answers UNKNOWN, with a null datasetVersion and a short cache, for a year without the exchanges\' notice', async () => {
    const answer = await get(served.app, `${MARKETS}/XSHE/dates/2027-01-04`);
    assert.deepEqual(assertJsonSuccess(answer), {
      date: '2027-01-04',
      market: 'XSHE',
      dayOfWeek: 'MONDAY',
      tradingStatus: 'UNKNOWN',
      closureReason: null,
      holidays: [],
      datasetVersion: null,
    });
    const settled = await get(served.app, `${MARKETS}/XSHE/dates/2024-01-04`);
    assert.notEqual(answer.headers['cache-control'], settled.headers['cache-control']);
  });

  it('answers an unknown market 404 before looking at the date, and a BJSE date before 2021-11-15 400', async () => {
    for (const market of ['XNYS', 'xshg', 'SSE']) {
      const problem = assertProblem(await get(served.app, `${MARKETS}/${market}/dates/not-a-date`), {
        status: 404,
        code: 'RESOURCE_NOT_FOUND',
        docsUrl: TEST_DOCS_URL,
      });
      assert.match(problem.detail, /the markets are XSHG, XSHE, BJSE/);
    }
    const early = assertProblem(await get(served.app, `${MARKETS}/BJSE/dates/2021-11-12`), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assert.match(early.detail, /before 2021-11-15, the first trading day of BJSE/);
    assert.equal((await dayOf('BJSE', '2021-11-15')).tradingStatus, 'TRADING');
    assert.equal((await dayOf('XSHG', '2021-11-12')).tradingStatus, 'TRADING');
    assertProblem(await get(served.app, `${MARKETS}/XSHG/dates/2007-12-31`), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assertProblem(await get(served.app, `${MARKETS}/XSHG/dates/2024-02-30`), { status: 400, code: 'INVALID_DATE_FORMAT', docsUrl: TEST_DOCS_URL });
  });

  it('answers 304 to its own ETag', async () => {
    const first = await get(served.app, `${MARKETS}/XSHG/dates/2024-02-09`);
    const again = await get(served.app, `${MARKETS}/XSHG/dates/2024-02-09`, { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.status, 304);
    const other = await get(served.app, `${MARKETS}/XSHE/dates/2024-02-09`);
    assert.notEqual(other.headers.etag, first.headers.etag);
  });
});

describe('GET /v1/china-calendar/markets/{market}/date-ranges', () => {
  it('lists every day of the range as the single-date operation answers it', async () => {
    const list = assertJsonSuccess(await get(served.app, `${MARKETS}/XSHG/date-ranges?startDate=2024-02-03&endDate=2024-02-19`)) as TradingDay[];
    assert.equal(list.length, 17);
    for (const entry of list) assert.deepEqual(entry, await dayOf('XSHG', entry.date));
    assert.deepEqual(
      list.filter((entry) => entry.tradingStatus === 'TRADING').map((entry) => entry.date),
      ['2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08', '2024-02-19'],
    );
  });

  it('checks the range as the date operations do', async () => {
    const path = `${MARKETS}/XSHE/date-ranges`;
    assertProblem(await get(served.app, `${path}?startDate=2024-01-01`), { status: 400, code: 'MISSING_PARAMETER', docsUrl: TEST_DOCS_URL });
    assertProblem(await get(served.app, `${path}?startDate=2024-12-31&endDate=2024-01-01`), { status: 400, code: 'INVALID_DATE_RANGE', docsUrl: TEST_DOCS_URL });
    assertProblem(await get(served.app, `${path}?startDate=2024-01-01&endDate=2025-01-02`), { status: 400, code: 'DATE_RANGE_TOO_LARGE', docsUrl: TEST_DOCS_URL });
    const early = assertProblem(await get(served.app, `${MARKETS}/BJSE/date-ranges?startDate=2021-11-01&endDate=2021-11-30`), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assert.match(early.detail, /^startDate 2021-11-01 is before 2021-11-15, the first trading day of BJSE/);
    // Both ends before the opening: the start is named. Reversed across it: the order is the problem.
    const before = assertProblem(await get(served.app, `${MARKETS}/BJSE/date-ranges?startDate=2021-11-01&endDate=2021-11-05`), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assert.match(before.detail, /^startDate 2021-11-01 /);
    assertProblem(await get(served.app, `${MARKETS}/BJSE/date-ranges?startDate=2021-11-20&endDate=2021-11-10`), { status: 400, code: 'INVALID_DATE_RANGE', docsUrl: TEST_DOCS_URL });
    assertProblem(await get(served.app, `${MARKETS}/BJSE/trading-days?startDate=2021-11-12&endDate=2021-12-31`), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assert.equal((assertJsonSuccess(await get(served.app, `${MARKETS}/BJSE/date-ranges?startDate=2021-11-15&endDate=2021-11-19`)) as TradingDay[]).length, 5);
  });

  it('is sent as CSV when Accept prefers it, one row a day', async () => {
    const answer = await get(served.app, `${MARKETS}/XSHG/date-ranges?startDate=2024-02-08&endDate=2024-02-12&bom=1`, { accept: 'text/csv' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'text/csv; charset=utf-8');
    assert.ok(answer.body.startsWith('\uFEFF'));
    const rows = parse<Record<string, string>>(answer.body, { bom: true, columns: true });
    assert.deepEqual(
      rows.map((row) => [row.date, row.market, row.tradingStatus, row.closureReason, row.holidays]),
      [
        ['2024-02-08', 'XSHG', 'TRADING', '', ''],
        ['2024-02-09', 'XSHG', 'CLOSED', 'MARKET_CLOSURE', ''],
        ['2024-02-10', 'XSHG', 'CLOSED', 'WEEKEND', 'SPRING_FESTIVAL'],
        ['2024-02-11', 'XSHG', 'CLOSED', 'WEEKEND', 'SPRING_FESTIVAL'],
        ['2024-02-12', 'XSHG', 'CLOSED', 'HOLIDAY', 'SPRING_FESTIVAL'],
      ],
    );
  });
});

describe('GET /v1/china-calendar/markets/{market}/trading-days', () => {
  it('counts the trading days of 2024 and the unknown days past the exchanges\' last notice', async () => {
    assert.deepEqual(assertJsonSuccess(await get(served.app, `${MARKETS}/XSHG/trading-days?startDate=2024-01-01&endDate=2024-12-31`)), {
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      market: 'XSHG',
      tradingDayCount: 242,
      closedDayCount: 124,
      unknownDayCount: 0,
      datasetVersion: served.version,
    });
    const across = assertJsonSuccess(await get(served.app, `${MARKETS}/BJSE/trading-days?startDate=2026-12-28&endDate=2027-01-05`)) as Record<string, number>;
    assert.deepEqual([across.tradingDayCount, across.closedDayCount, across.unknownDayCount], [4, 0, 5]);
  });
});

describe('GET /v1/china-calendar/markets/{market}/trading-day-offset', () => {
  const offset = async (market: string, fromDate: string, days: number) => get(served.app, `${MARKETS}/${market}/trading-day-offset?fromDate=${fromDate}&days=${days}`);

  it('answers T+1 across the 2024 Spring Festival closure, and UNKNOWN into 2027', async () => {
    assert.equal(
      (await offset('XSHG', '2024-02-08', 1)).body,
      JSON.stringify({ fromDate: '2024-02-08', days: 1, market: 'XSHG', status: 'FOUND', date: '2024-02-19', datasetVersion: served.version }),
    );
    assert.equal(
      (await offset('XSHE', '2026-12-30', 5)).body,
      JSON.stringify({ fromDate: '2026-12-30', days: 5, market: 'XSHE', status: 'UNKNOWN', date: null, datasetVersion: null }),
    );
  });

  it('refuses a BJSE walk back past 2021-11-15 and a bad days, as the workday offset does', async () => {
    assertProblem(await offset('BJSE', '2021-11-16', -2), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assertProblem(await offset('XSHG', '2024-02-08', 1001), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL });
    assertProblem(await offset('XSHG', '2008-01-02', -2), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assertProblem(await offset('NASDAQ', '2024-02-08', 1), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL });
  });

  it('agrees with a walk over the per-day answers', async () => {
    const statuses = new Map<string, string>();
    const statusOf = async (date: string): Promise<string> => {
      let status = statuses.get(date);
      if (status === undefined) {
        status = (await dayOf('XSHG', date)).tradingStatus;
        statuses.set(date, status);
      }
      return status;
    };
    const shift = (date: string, by: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2027-01-31T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: -30, max: 30 }), async (when, days) => {
        const fromDate = when.toISOString().slice(0, 10);
        let expected = 'UNKNOWN';
        if (days === 0 && (await statusOf(fromDate)) === 'TRADING') expected = fromDate;
        else {
          const step = days < 0 ? -1 : 1;
          let left = Math.max(Math.abs(days), 1);
          for (let date = shift(fromDate, step); ; date = shift(date, step)) {
            const status = await statusOf(date);
            if (status === 'UNKNOWN') break;
            if (status === 'TRADING' && --left === 0) {
              expected = date;
              break;
            }
          }
        }
        if (days === 0 && (await statusOf(fromDate)) === 'UNKNOWN') expected = 'UNKNOWN';
        const answer = JSON.parse((await offset('XSHG', fromDate, days)).body) as { status: string; date: string | null };
        assert.equal(answer.status === 'FOUND' ? answer.date : 'UNKNOWN', expected, `${fromDate} ${days}`);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a published year whose file cannot be read', () => {
  const unreadable = useTestAppWithUnreadableYear(2024);

  it('answers 503 for its trading days, as the date operations do', async () => {
    assertProblem(await get(unreadable.app, `${MARKETS}/XSHG/dates/2024-02-09`), { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL });
    assertProblem(await get(unreadable.app, `${MARKETS}/XSHG/trading-days?startDate=2024-01-01&endDate=2024-03-01`), {
      status: 503,
      code: 'CALENDAR_DATA_UNAVAILABLE',
      docsUrl: TEST_DOCS_URL,
    });
    assert.equal((await get(unreadable.app, `${MARKETS}/XSHG/dates/2023-06-01`)).status, 200);
  });
});
