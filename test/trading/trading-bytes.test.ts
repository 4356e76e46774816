import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { isUnavailable, type Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import { tradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
import { tradingCalendarOf } from '@china-holiday-calendar/core/answers/trading-days.js';
import { MARKET_FIRST_DAY, MARKETS, type Market } from '@china-holiday-calendar/core/calendar/markets.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import { buildAnswerBytes, type AnswerBytes } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { day } from '../helpers/bundled-dataset.js';

/*
 * The trading-day answers the service sends from precomputed bytes (http/operations/trading-bytes.ts)
 * against JSON.stringify of the status objects the library hands out, for every day of every market
 * over the tables and a year past them, and for ranges and unreadable years.
 */

/** JSON.stringify of the library's object for the day, or its Unavailable. */
function objectJson(core: CalendarCore, at: number, market: Market): string | Unavailable {
  const status = tradingDayStatus(tradingCalendarOf(core), at, market);
  return isUnavailable(status) ? status : JSON.stringify(status);
}

/** The same of a day known readable. */
function readableJson(core: CalendarCore, at: number, market: Market): string {
  const json = objectJson(core, at, market);
  if (isUnavailable(json)) throw new Error(`${market} ${at} is unavailable`);
  return json;
}

function rangeText(body: Buffer | Unavailable): string | Unavailable {
  return isUnavailable(body) ? body : body.toString('utf8');
}

describe('the precomputed trading-day bytes', () => {
  let bundled: AnswerBytes;
  let core: CalendarCore;
  let broken: AnswerBytes;
  before(async () => {
    const snapshot = await readDataDirectory(BUNDLED_DATA_DIR);
    bundled = buildAnswerBytes(assembleDataset(snapshot));
    core = bundled.core;
    const yearFiles = snapshot.yearFiles.map((file) => (file.year === 2024 ? { ...file, text: '{ broken' } : file));
    broken = buildAnswerBytes(assembleDataset({ ...snapshot, yearFiles }));
  });

  it('are, day by day, the JSON of the status object on every market, from its first day to a year past the tables', () => {
    for (const market of MARKETS) {
      const bytes = bundled.tradingBytes(market);
      for (let at = MARKET_FIRST_DAY[market]; at < core.windowEnd + 366; at++) {
        const json = bytes.dayJson(at);
        assert.ok(!isUnavailable(json), `${market} ${at}`);
        assert.equal(json.toString('utf8'), objectJson(core, at, market), `${market} ${core.isoDate(at)}`);
      }
    }
  });

  it('give a range as the array of its days, inside the tables, across their end and past them', () => {
    const first = MARKET_FIRST_DAY.XSHG;
    const last = core.windowEnd + 800;
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: first, max: last }), fc.integer({ min: 0, max: 365 }), (market, start, length) => {
        const from = Math.max(start, MARKET_FIRST_DAY[market]);
        const days: string[] = [];
        for (let at = from; at <= from + length; at++) days.push(readableJson(core, at, market));
        assert.equal(rangeText(bundled.tradingBytes(market).rangeJson(from, from + length)), `[${days.join(',')}]`);
      }),
    );
    const end = core.windowEnd - 1;
    assert.equal(rangeText(bundled.tradingBytes('XSHE').rangeJson(end, end + 1)), `[${readableJson(core, end, 'XSHE')},${readableJson(core, end + 1, 'XSHE')}]`);
  });

  it('are built once per market and core, and differ only in the market', () => {
    assert.equal(bundled.tradingBytes('BJSE'), bundled.tradingBytes('BJSE'));
    assert.notEqual(bundled.tradingBytes('XSHG'), bundled.tradingBytes('XSHE'));
    assert.equal(bundled.trading(), tradingCalendarOf(core), 'the one trading calendar of the core');
    const shanghai = bundled.tradingBytes('XSHG').dayJson(day('2024-02-09'));
    const beijing = bundled.tradingBytes('BJSE').dayJson(day('2024-02-09'));
    assert.ok(!isUnavailable(shanghai) && !isUnavailable(beijing));
    assert.equal(shanghai.toString().replace('"XSHG"', '"BJSE"'), beijing.toString());
  });

  it("answer a day or a range that reaches an unreadable State Council year with that year's Unavailable", () => {
    const bytes = broken.tradingBytes('XSHG');
    assert.deepEqual(bytes.dayJson(day('2024-02-09')), objectJson(broken.core, day('2024-02-09'), 'XSHG'));
    assert.ok(isUnavailable(bytes.dayJson(day('2024-02-09'))));
    assert.deepEqual(bytes.rangeJson(day('2023-12-01'), day('2024-01-31')), { unavailable: true, year: 2024 });
    const before2024 = bytes.dayJson(day('2023-06-01'));
    assert.ok(!isUnavailable(before2024));
    assert.equal(before2024.toString(), objectJson(broken.core, day('2023-06-01'), 'XSHG'));
  });
});
