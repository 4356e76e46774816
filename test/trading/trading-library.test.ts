import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import * as library from 'china-holiday-calendar';
import { CalendarError, CalendarInputError, openCalendar, UnpublishedYearError } from 'china-holiday-calendar';
import { createCalendarClient, type CalendarClient } from 'china-holiday-calendar/client';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';
import { copyOfBundledData } from '../helpers/data-dir.js';

/*
 * The library's trading-day functions on the bundled data, a calendar whose latest year has no
 * exchanges' notice yet, and the typed client against the real service over a socket: the same
 * answers, UnpublishedYearError where the exchanges' notice is missing.
 */

describe('the library answers trading questions (market XSHG by default)', () => {
  it('tells trading days from closed ones, 2024-02-09 and make-up working days included', () => {
    assert.deepEqual(library.tradingDayStatus('2024-02-09'), {
      date: '2024-02-09',
      market: 'XSHG',
      dayOfWeek: 'FRIDAY',
      tradingStatus: 'CLOSED',
      closureReason: 'MARKET_CLOSURE',
      holidays: [],
      datasetVersion: library.bundledCalendar().datasetVersion,
    });
    assert.equal(library.isTradingDay('2024-02-09'), false);
    assert.equal(library.isTradingDay('2024-02-04', 'XSHE'), false);
    assert.equal(library.isWorkday('2024-02-04'), true);
    assert.equal(library.isTradingDay(new Date('2024-02-08T10:00:00+08:00'), 'BJSE'), true);
  });

  it('moves and counts in trading days', () => {
    assert.equal(library.addTradingDays('2024-02-08', 1), '2024-02-19');
    assert.equal(library.nextTradingDay('2024-02-08', 'XSHE'), '2024-02-19');
    assert.equal(library.previousTradingDay('2024-02-19'), '2024-02-08');
    assert.equal(library.addTradingDays('2024-01-02', 241), '2024-12-31');
    assert.equal(library.countTradingDays('2024-01-01', '2024-12-31').tradingDayCount, 242);
    // Any span, as the library's other counts.
    assert.equal(library.countTradingDays('2021-01-01', '2025-12-31').tradingDayCount, 243 + 242 + 242 + 242 + 243);
  });

  it('throws UnpublishedYearError where the exchanges\' notice is missing, and answers UNKNOWN for the status', () => {
    assert.equal(library.tradingDayStatus('2027-01-04').tradingStatus, 'UNKNOWN');
    assert.throws(() => library.isTradingDay('2027-01-04'), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2027 && /exchanges' notice/.test(error.message));
    assert.throws(() => library.addTradingDays('2026-12-30', 5), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2027);
  });

  it('refuses an unknown market and a BJSE date before 2021-11-15 as the service does', () => {
    const codeOf = (ask: () => unknown): string => {
      try {
        ask();
      } catch (error) {
        if (error instanceof CalendarInputError) return error.code;
      }
      return 'answered';
    };
    assert.equal(codeOf(() => library.isTradingDay('2024-02-08', 'XNYS' as 'XSHG')), 'INVALID_PARAMETER');
    assert.equal(codeOf(() => library.tradingDayStatus('2021-11-12', 'BJSE')), 'DATE_OUT_OF_SUPPORTED_RANGE');
    assert.equal(codeOf(() => library.addTradingDays('2021-11-16', -2, 'BJSE')), 'DATE_OUT_OF_SUPPORTED_RANGE');
    assert.equal(codeOf(() => library.addTradingDays('2021-11-16', -1, 'BJSE')), 'answered');
    assert.equal(codeOf(() => library.countTradingDays('2021-11-01', '2021-12-31', 'BJSE')), 'DATE_OUT_OF_SUPPORTED_RANGE');
  });
});

describe("a data directory whose latest year has no exchanges' notice yet", () => {
  const copy = copyOfBundledData();
  after(() => copy.remove());

  it('answers the State Council\'s questions for 2026 and UNKNOWN for its trading days, then follows the notice once it is in', () => {
    const path = join(copy.dir, '2026.json');
    const withNotice = readFileSync(path, 'utf8');
    const file = JSON.parse(withNotice) as Record<string, unknown>;
    delete file.exchanges;
    writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
    // The copy's manifest vouches for the bundled bytes: drop its digest of the edited file.
    const manifestPath = join(copy.dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files: Record<string, string> };
    delete manifest.files['2026.json'];
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

    const before2026 = openCalendar({ dataDir: copy.dir });
    assert.equal(before2026.isWorkday('2026-03-02'), true);
    assert.equal(before2026.tradingDayStatus('2026-03-02').tradingStatus, 'UNKNOWN');
    assert.throws(() => before2026.isTradingDay('2026-03-02'), UnpublishedYearError);
    assert.throws(() => before2026.nextTradingDay('2025-12-31'), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2026);

    writeFileSync(path, withNotice);
    const after2026 = openCalendar({ dataDir: copy.dir });
    assert.equal(after2026.isTradingDay('2026-03-02'), true);
    assert.equal(after2026.nextTradingDay('2025-12-31'), '2026-01-05');
  });
});

describe('the typed client answers trading questions as the library does', () => {
  let service: RunningService;
  let client: CalendarClient;

  before(async () => {
    service = await startService(readConfig({ PORT: '0', DATA_DIR: BUNDLED_DATA_DIR, RELOAD_INTERVAL_SECONDS: '0' }), pino({ level: 'silent' }));
    client = createCalendarClient({ baseUrl: service.url });
  });

  after(async () => {
    await service.close();
  });

  it('gives the same answers and errors', async () => {
    assert.deepEqual(await client.tradingDayStatus('2024-02-09', 'XSHE'), library.tradingDayStatus('2024-02-09', 'XSHE'));
    assert.deepEqual(await client.countTradingDays('2024-01-01', '2024-12-31'), library.countTradingDays('2024-01-01', '2024-12-31'));
    assert.equal(await client.addTradingDays('2024-02-08', 1), library.addTradingDays('2024-02-08', 1));
    assert.equal(await client.isTradingDay('2024-02-09', 'BJSE'), false);
    assert.equal(await client.previousTradingDay('2024-02-19'), '2024-02-08');
    await assert.rejects(client.nextTradingDay('2026-12-31'), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2027);
    await assert.rejects(client.isTradingDay('2021-11-12', 'BJSE'), (error: unknown) => error instanceof CalendarError && error.code === 'DATE_OUT_OF_SUPPORTED_RANGE');
  });
});
