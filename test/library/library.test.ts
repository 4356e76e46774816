import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import * as library from 'china-holiday-calendar';
import {
  addWorkdays,
  bundledCalendar,
  CalendarDataError,
  CalendarDataUnavailableError,
  CalendarError,
  CalendarInputError,
  countWorkdays,
  dateRangeStatus,
  dateStatus,
  isRestDay,
  isStatutoryDay,
  isWorkday,
  nextHoliday,
  nextWorkday,
  openCalendar,
  previousWorkday,
  UnpublishedYearError,
  workdayOffset,
  workStatus,
  yearOverview,
} from 'china-holiday-calendar';
import { copyOfBundledData, eventually } from '../helpers/data-dir.js';
import { get } from '../helpers/http-answer.js';
import { datesFromTo } from '../helpers/spec-dates.js';
import { buildTestApp } from '../helpers/test-app.js';

/*
 * The library: the service's answers in-process, value for value (compared with the real app's
 * answers to the same questions), the conveniences, and errors carrying the service's codes.
 * Expected calendar facts are typed from the official notices (test/fixtures/notices/).
 */

let app: FastifyInstance;

before(async () => {
  ({ app } = await buildTestApp());
});

after(async () => {
  await app.close();
});

async function served(url: string): Promise<{ status: number; body: unknown }> {
  const answer = await get(app, url);
  return { status: answer.status, body: answer.headers['content-type']?.includes('json') ? (JSON.parse(answer.body) as unknown) : answer.body };
}

/** What the library does with a question: its answer, or the code of what it threw. */
function outcome(ask: () => unknown): unknown {
  try {
    return { answer: JSON.parse(JSON.stringify(ask())) as unknown };
  } catch (error) {
    if (error instanceof CalendarError) return { code: error.code };
    throw error;
  }
}

/** What the service does with the same question: its answer, or its problem's code. */
async function serviceOutcome(url: string): Promise<unknown> {
  const { status, body } = await served(url);
  return status === 200 ? { answer: body } : { code: (body as { code: string }).code };
}

describe('the library answers as the service does, value for value', () => {
  it('one date: every day of 2007-12-25..2028-01-10', async () => {
    for (const date of datesFromTo('2007-12-25', '2028-01-10').filter((_, at) => at % 7 === 0 || at > 7000)) {
      assert.deepEqual(outcome(() => dateStatus(date)), await serviceOutcome(`/v1/china-calendar/dates/${date}`), date);
    }
  });

  it('ranges, counts, next holiday, offsets and year overviews for random questions, wherever the service answers', async () => {
    const date = fc.integer({ min: 0, max: 9000 }).map((at) => datesFromTo('2007-12-01', '2032-12-31')[at] ?? '2024-01-01');
    await fc.assert(
      fc.asyncProperty(date, fc.integer({ min: 0, max: 400 }), fc.integer({ min: -1000, max: 1000 }), async (start, span, days) => {
        const end = datesFromTo(start, '2099-01-01')[span] ?? start;
        const cases: [() => unknown, string][] = [
          [() => dateRangeStatus(start, end), `/v1/china-calendar/date-ranges?startDate=${start}&endDate=${end}`],
          [() => countWorkdays(start, end), `/v1/china-calendar/workdays?startDate=${start}&endDate=${end}`],
          [() => nextHoliday(start), `/v1/china-calendar/next-holiday?fromDate=${start}`],
          [() => workdayOffset(start, days), `/v1/china-calendar/workday-offset?fromDate=${start}&days=${days}`],
          [() => yearOverview(Number(start.slice(0, 4))), `/v1/china-calendar/years/${start.slice(0, 4)}`],
        ];
        for (const [ask, url] of cases) {
          const served = await serviceOutcome(url);
          // The 366-day limit is the HTTP contract's: the library answers longer spans (tested below).
          if (JSON.stringify(served) === '{"code":"DATE_RANGE_TOO_LARGE"}') assert.ok('answer' in (outcome(ask) as object), url);
          else assert.deepEqual(outcome(ask), served, url);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses bad input with the code the service answers with, whatever the text', async () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 14 }),
      fc.constantFrom('2023-02-29', '2024-02-29', '2024-2-1', '2024/01/05', '２０２４-01-01', '2024-01-05T00:00', ' 2024-01-05', '2007-12-31', '0000-01-01'),
    );
    await fc.assert(
      fc.asyncProperty(texts, texts, async (first, second) => {
        const q = encodeURIComponent;
        assert.deepEqual(outcome(() => dateStatus(first)), await serviceOutcome(`/v1/china-calendar/dates/${q(first)}`), JSON.stringify(first));
        assert.deepEqual(
          outcome(() => countWorkdays(first, second)),
          await serviceOutcome(`/v1/china-calendar/workdays?startDate=${q(first)}&endDate=${q(second)}`),
          JSON.stringify([first, second]),
        );
        assert.deepEqual(outcome(() => nextHoliday(first)), await serviceOutcome(`/v1/china-calendar/next-holiday?fromDate=${q(first)}`));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a count of days that is not a whole number, and a year that is not one from 2008 to 9999', async () => {
    for (const days of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      assert.deepEqual(outcome(() => workdayOffset('2024-01-10', days)), { code: 'INVALID_PARAMETER' }, String(days));
      assert.deepEqual(outcome(() => addWorkdays('2024-01-10', days)), { code: 'INVALID_PARAMETER' }, String(days));
    }
    for (const year of [2026.5, '26', '２０２６', '02026', '10000']) assert.deepEqual(outcome(() => yearOverview(year)), { code: 'INVALID_PARAMETER' }, String(year));
    for (const year of [26, 2007, 10000, '2007']) assert.deepEqual(outcome(() => yearOverview(year)), { code: 'DATE_OUT_OF_SUPPORTED_RANGE' }, String(year));
    assert.deepEqual(outcome(() => addWorkdays('2008-01-03', -2)), await serviceOutcome('/v1/china-calendar/workday-offset?fromDate=2008-01-03&days=-2'));
  });

  it('checks workdayOffset arguments in the service’s order: missing, fromDate malformed, days malformed, fromDate before 2008', async () => {
    const cases: [unknown, unknown, string][] = [
      ['2007-06-01', 1.5, '?fromDate=2007-06-01&days=1.5'],
      ['2024-13-01', 1.5, '?fromDate=2024-13-01&days=1.5'],
      ['2024-13-01', 20, '?fromDate=2024-13-01&days=20'],
      ['2007-06-01', 20, '?fromDate=2007-06-01&days=20'],
      [undefined, undefined, ''],
      [undefined, 3, '?days=3'],
      ['2024-01-10', undefined, '?fromDate=2024-01-10'],
    ];
    for (const [fromDate, days, query] of cases) {
      let refusal: { code: string; detail: string } | undefined;
      try {
        workdayOffset(fromDate as string, days as number);
      } catch (error) {
        if (error instanceof CalendarInputError) refusal = { code: error.code, detail: error.message };
      }
      const { status, body } = await served(`/v1/china-calendar/workday-offset${query}`);
      const problem = body as { code: string; detail: string };
      assert.equal(status, 400, query);
      assert.equal(refusal?.code, problem.code, query);
      // The same words, except about a number of days: the service reads text, the library a number.
      if (problem.code !== 'INVALID_PARAMETER') assert.equal(refusal.detail, problem.detail, query);
      else assert.match(refusal.detail, /^days must be a whole number of working days .*; got the number 1\.5\.$/);
    }
  });

  it('the calendar feed: the same bytes as the service’s calendar.ics, the same refusals', async () => {
    for (const [options, query] of [
      [{}, ''],
      [{ years: 2026 }, '?years=2026'],
      [{ years: [2019, 2020], lang: 'en' }, '?years=2019..2020&lang=en'],
    ] as const) {
      assert.equal(await library.calendarFeed(options), (await get(app, `/v1/china-calendar/calendar.ics${query}`)).body, query);
    }
    await assert.rejects(library.calendarFeed({ years: [2026, 2024] }), { code: 'INVALID_PARAMETER' });
    await assert.rejects(library.calendarFeed({ years: 2007 }), { code: 'DATE_OUT_OF_SUPPORTED_RANGE' });
    await assert.rejects(library.calendarFeed({ lang: 'fr' as 'en' }), { code: 'INVALID_PARAMETER' });
  });

  it('names every absent argument, as a missing query parameter', () => {
    const anyLibrary = library as unknown as Record<string, (...args: unknown[]) => unknown>;
    assert.throws(() => anyLibrary.countWorkdays?.(), (error: unknown) => error instanceof CalendarInputError && error.code === 'MISSING_PARAMETER' && /startDate, endDate/.test(error.message));
    assert.throws(() => anyLibrary.nextHoliday?.(), { code: 'MISSING_PARAMETER' });
    assert.throws(() => anyLibrary.addWorkdays?.('2024-01-01'), { code: 'MISSING_PARAMETER' });
    assert.throws(() => anyLibrary.dateStatus?.(20240101), { code: 'INVALID_DATE_FORMAT' });
  });
});

/** The service's count of [start, end] in pieces of at most 366 days, summed. */
async function servedCountInPieces(start: string, end: string): Promise<Record<string, unknown>> {
  const dates = datesFromTo(start, end);
  const sum = { startDate: start, endDate: end, totalDays: 0, workdayCount: 0, restDayCount: 0, unknownDayCount: 0 };
  for (let at = 0; at < dates.length; at += 366) {
    const piece = await serviceOutcome(`/v1/china-calendar/workdays?startDate=${dates[at]}&endDate=${dates[Math.min(at + 365, dates.length - 1)]}`);
    const counts = (piece as { answer: Record<'totalDays' | 'workdayCount' | 'restDayCount' | 'unknownDayCount', number> }).answer;
    for (const field of ['totalDays', 'workdayCount', 'restDayCount', 'unknownDayCount'] as const) sum[field] += counts[field];
  }
  return sum;
}

/** The service's offset of `days` from `from`, walked in steps of at most 1000 working days; null once a step is UNKNOWN. */
async function servedOffsetInSteps(from: string, days: number): Promise<string | null | { code: string }> {
  let date = from;
  let left = days;
  do {
    const step = Math.sign(left) * Math.min(Math.abs(left), 1000);
    const answer = await serviceOutcome(`/v1/china-calendar/workday-offset?fromDate=${date}&days=${step}`);
    if ('code' in (answer as object)) return answer as { code: string };
    const offset = (answer as { answer: { status: string; date: string } }).answer;
    if (offset.status !== 'FOUND') return null;
    date = offset.date;
    left -= step;
  } while (left !== 0);
  return date;
}

describe('no HTTP limits in the library: the service’s answers, pieced together', () => {
  const date = fc.integer({ min: 0, max: 8500 }).map((at) => datesFromTo('2008-01-01', '2031-12-31')[at] ?? '2024-01-01');

  it('counts and per-day statuses over spans of several years', async () => {
    await fc.assert(
      fc.asyncProperty(date, fc.integer({ min: 367, max: 3000 }), async (start, span) => {
        const end = datesFromTo(start, '2040-01-01')[span] ?? start;
        assert.deepEqual(countWorkdays(start, end), await servedCountInPieces(start, end), `${start}..${end}`);
      }),
      { numRuns: 25 },
    );
    const statuses = dateRangeStatus('2023-06-01', '2027-02-01');
    const served: unknown[] = [];
    for (const [from, to] of [['2023-06-01', '2024-05-31'], ['2024-06-01', '2025-05-31'], ['2025-06-01', '2026-05-31'], ['2026-06-01', '2027-02-01']]) {
      served.push(...((await serviceOutcome(`/v1/china-calendar/date-ranges?startDate=${from}&endDate=${to}`)) as { answer: unknown[] }).answer);
    }
    assert.deepEqual(JSON.parse(JSON.stringify(statuses)), served);
    assert.equal(countWorkdays('2008-01-01', '9999-12-31').totalDays, 2_919_018, 'every supported day, in one call');
  });

  it('offsets of any size, and UnpublishedYearError where a step of the service’s walk answers UNKNOWN', async () => {
    await fc.assert(
      fc.asyncProperty(date, fc.integer({ min: -6000, max: 6000 }), async (from, days) => {
        const served = await servedOffsetInSteps(from, days);
        const library = outcome(() => addWorkdays(from, days));
        if (served === null) assert.deepEqual(library, { code: 'UNPUBLISHED_YEAR' }, `${from} ${days}`);
        else if (typeof served === 'string') assert.deepEqual(library, { answer: served }, `${from} ${days}`);
        else assert.deepEqual(library, served, `${from} ${days}`);
      }),
      { numRuns: 60 },
    );
    assert.equal(addWorkdays('2024-01-02', -1500), '2017-12-27');
    assert.throws(() => addWorkdays('2024-01-02', 1500), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2027);
    assert.deepEqual(workdayOffset('2024-01-02', 2 ** 40), { fromDate: '2024-01-02', days: 2 ** 40, status: 'UNKNOWN', date: null, datasetVersion: null });
    assert.throws(() => addWorkdays('2024-01-02', -(2 ** 40)), { code: 'DATE_OUT_OF_SUPPORTED_RANGE' });
  });

  it('year overviews up to 9999', () => {
    assert.equal(yearOverview(9999).status, 'UNPUBLISHED');
    assert.equal(yearOverview('9999').year, 9999);
  });
});

describe('the conveniences', () => {
  it('isWorkday, isRestDay and workStatus follow the arrangement, make-up days included', () => {
    assert.equal(isWorkday('2024-02-04'), true, 'a make-up Sunday');
    assert.equal(isRestDay('2024-02-16'), true, 'a Friday of the 2024 Spring Festival');
    assert.equal(isWorkday('2024-02-09'), true, '除夕 2024 was a working day');
    assert.equal(isRestDay('2019-06-08'), true, 'a weekend only joined to the holiday');
    assert.equal(workStatus('2027-10-01'), 'UNKNOWN');
    assert.equal(workStatus('2020-02-03'), 'WORKDAY');
  });

  it('isStatutoryDay is true on the statutory days only', () => {
    assert.equal(isStatutoryDay('2023-09-29'), true, 'Mid-Autumn 2023');
    assert.equal(isStatutoryDay('2023-09-30'), false);
    assert.equal(isStatutoryDay('2025-01-28'), true, '除夕 is statutory again from 2025');
    assert.equal(isStatutoryDay('2024-02-09'), false);
    assert.equal(isStatutoryDay('2024-02-04'), false, 'a make-up day is never statutory');
  });

  it('addWorkdays, nextWorkday and previousWorkday count as the offset does', () => {
    assert.equal(addWorkdays('2026-09-30', 3), '2026-10-10');
    assert.equal(addWorkdays('2026-09-30', 4), '2026-10-12');
    assert.equal(addWorkdays('2024-02-10', 0), '2024-02-18');
    assert.equal(nextWorkday('2024-02-09'), '2024-02-18');
    assert.equal(previousWorkday('2024-02-18'), '2024-02-09');
    assert.equal(previousWorkday('2027-01-01'), '2026-12-31');
  });

  it('throws UnpublishedYearError with the year rather than guess', () => {
    const unpublished = (year: number) => (error: unknown) =>
      error instanceof UnpublishedYearError && error.year === year && (error as CalendarError).code === 'UNPUBLISHED_YEAR';
    assert.throws(() => isWorkday('2027-10-01'), unpublished(2027));
    assert.throws(() => isRestDay('2031-01-01'), unpublished(2031));
    assert.throws(() => isStatutoryDay('2027-10-01'), unpublished(2027));
    assert.throws(() => addWorkdays('2026-12-30', 5), unpublished(2027));
    assert.throws(() => nextWorkday('2026-12-31'), unpublished(2027));
    assert.throws(() => previousWorkday('2027-03-01'), unpublished(2027));
    assert.throws(() => addWorkdays('2027-01-04', 0), unpublished(2027));
  });

  it('takes a JS Date as the day it is in China', () => {
    assert.equal(isWorkday(new Date('2024-02-04T00:30:00+08:00')), true);
    assert.equal(isWorkday(new Date('2024-02-03T16:30:00Z')), true, '2024-02-04 00:30 in Shanghai');
    assert.equal(isWorkday(new Date('2024-02-03T15:59:59Z')), false, 'still Saturday 2024-02-03 in Shanghai');
    assert.equal(dateStatus(new Date(Date.UTC(2024, 9, 1, 12))).date, '2024-10-01');
    assert.throws(() => isWorkday(new Date(Number.NaN)), { code: 'INVALID_DATE_FORMAT' });
    assert.throws(() => isWorkday(new Date('2007-12-31T12:00:00+08:00')), { code: 'DATE_OUT_OF_SUPPORTED_RANGE' });
  });

  it('hands out answers nobody can change', () => {
    const day = dateStatus('2024-02-04');
    assert.throws(() => {
      (day as { dayStatus: string }).dayStatus = 'HOLIDAY';
    }, TypeError);
    assert.throws(() => {
      (day.holidays as unknown as { statutoryDate: boolean }[]).forEach((holiday) => {
        holiday.statutoryDate = true;
      });
    }, TypeError);
    assert.equal(dateStatus('2024-02-04').dayStatus, 'ADJUSTED_WORKDAY');
  });

  it('says which data answers', () => {
    assert.match(bundledCalendar().datasetVersion, /^2025\.11\.04-[0-9a-f]{8}$/);
    assert.deepEqual(bundledCalendar().publishedYears, Array.from({ length: 19 }, (_, at) => 2008 + at));
  });
});

describe('openCalendar on a data directory', () => {
  it('answers from the directory, validated as the service validates it', () => {
    const copy = copyOfBundledData();
    try {
      const calendar = openCalendar({ dataDir: copy.dir });
      assert.equal(calendar.isWorkday('2024-02-04'), true);
      assert.equal(calendar.datasetVersion, bundledCalendar().datasetVersion);
      writeFileSync(join(copy.dir, '2015.json'), '{ not json');
      assert.throws(
        () => openCalendar({ dataDir: copy.dir }),
        (error: unknown) => error instanceof CalendarDataError && (error as CalendarError).code === 'INVALID_CALENDAR_DATA' && error.problems.some((problem) => problem.startsWith('2015.json:')),
      );
      assert.throws(() => openCalendar({ dataDir: join(copy.dir, 'nowhere') }), CalendarDataError);
    } finally {
      copy.remove();
    }
  });

  it('follows a live directory: a newly published year turns from UNKNOWN to answered, a broken file changes nothing', async () => {
    const copy = copyOfBundledData();
    const manifest = join(copy.dir, 'manifest.json');
    const years = bundledCalendar().publishedYears;
    const text2026 = readFileSync(join(copy.dir, '2026.json'), 'utf8');
    rmSync(join(copy.dir, '2026.json'));
    writeFileSync(manifest, JSON.stringify({ publishedYears: years.filter((year) => year < 2026) }));
    const calendar = openCalendar({ dataDir: copy.dir, live: { intervalSeconds: 1 } });
    try {
      assert.equal(calendar.workStatus('2026-10-01'), 'UNKNOWN');
      assert.throws(() => calendar.isWorkday('2026-10-01'), UnpublishedYearError);
      writeFileSync(join(copy.dir, '2026.json'), text2026);
      writeFileSync(manifest, JSON.stringify({ publishedYears: years }));
      await eventually(async () => Promise.resolve(calendar.workStatus('2026-10-01') === 'REST_DAY'), 10_000, '2026 to be published');
      const version = calendar.datasetVersion;
      writeFileSync(join(copy.dir, '2025.json'), '{ broken');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(calendar.workStatus('2025-10-01'), 'REST_DAY', 'the last good copy stays');
      assert.equal(calendar.datasetVersion, version);
      writeFileSync(manifest, JSON.stringify({ publishedYears: [...years, 2027] }));
      await eventually(async () => Promise.resolve(calendar.datasetVersion !== version), 10_000, '2027 to be published without a file');
      assert.throws(() => calendar.isWorkday('2027-03-01'), (error: unknown) => error instanceof CalendarDataUnavailableError && error.year === 2027);
      assert.equal(calendar.isWorkday('2016-02-14'), true, 'other years still answer');
    } finally {
      calendar.close();
      copy.remove();
    }
  });
});
