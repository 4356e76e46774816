import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { pino } from 'pino';
import { CalendarProblemError, createCalendarClient, type CalendarClient } from 'china-holiday-calendar/client';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import * as library from 'china-holiday-calendar';
import { CalendarError, CalendarInputError, UnpublishedYearError } from 'china-holiday-calendar';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { datesFromTo } from '../helpers/spec-dates.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';

/*
 * The typed client against the real service over a real socket: the same answers as the library,
 * problems typed by code, the request id, ETag revalidation.
 */

let service: RunningService;
let client: CalendarClient;

before(async () => {
  service = await startService(readConfig({ PORT: '0', DATA_DIR: BUNDLED_DATA_DIR, RELOAD_INTERVAL_SECONDS: '0' }), pino({ level: 'silent' }));
  client = createCalendarClient({ baseUrl: service.url });
});

after(async () => {
  await service.close();
});

/** An answer, or the code of what was thrown: compared between the library and the client. */
async function outcome(ask: () => unknown): Promise<unknown> {
  try {
    return { answer: JSON.parse(JSON.stringify(await ask())) as unknown };
  } catch (error) {
    if (error instanceof CalendarError) return { code: error.code, ...(error instanceof UnpublishedYearError ? { year: error.year } : {}) };
    throw error;
  }
}

describe('the client answers as the library does', () => {
  it('every method, on a spread of dates and offsets', async () => {
    const dates = datesFromTo('2007-12-28', '2028-01-05');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...dates), fc.integer({ min: 0, max: 365 }), fc.integer({ min: -1000, max: 1000 }), async (date, span, days) => {
        const end = datesFromTo(date, '2030-12-31')[span] ?? date;
        const year = Number(date.slice(0, 4));
        const questions: [string, (calendar: typeof library | CalendarClient) => unknown][] = [
          ['dateStatus', (calendar) => calendar.dateStatus(date)],
          ['dateRangeStatus', (calendar) => calendar.dateRangeStatus(date, end)],
          ['dateStatuses', (calendar) => calendar.dateStatuses([end, date, end])],
          ['countWorkdays', (calendar) => calendar.countWorkdays(date, end)],
          ['nextHoliday', (calendar) => calendar.nextHoliday(date)],
          ['workdayOffset', (calendar) => calendar.workdayOffset(date, days)],
          ['yearOverview', (calendar) => calendar.yearOverview(year)],
          ['workStatus', (calendar) => calendar.workStatus(date)],
          ['isWorkday', (calendar) => calendar.isWorkday(date)],
          ['isRestDay', (calendar) => calendar.isRestDay(date)],
          ['isStatutoryDay', (calendar) => calendar.isStatutoryDay(date)],
          ['addWorkdays', (calendar) => calendar.addWorkdays(date, days)],
          ['nextWorkday', (calendar) => calendar.nextWorkday(date)],
          ['previousWorkday', (calendar) => calendar.previousWorkday(date)],
        ];
        for (const [name, ask] of questions) {
          assert.deepEqual(await outcome(() => ask(client)), await outcome(() => ask(library)), `${name} ${date} ${end} ${days}`);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('serves the calendar feed as the library writes it', async () => {
    assert.equal(await client.calendarFeed({ years: [2024, 2026], lang: 'en' }), await library.calendarFeed({ years: [2024, 2026], lang: 'en' }));
    await assert.rejects(client.calendarFeed({ years: 2007 }), { code: 'DATE_OUT_OF_SUPPORTED_RANGE' });
  });

  it('takes JS Dates as the library does (the day in China)', async () => {
    const instant = new Date('2024-02-03T16:30:00Z');
    assert.deepEqual(await client.dateStatus(instant), library.dateStatus(instant));
    assert.equal(await client.isWorkday(instant), true);
  });
});

describe('problems and unpublished years', () => {
  it('rejects a problem answer with CalendarProblemError, its typed body and code', async () => {
    const elsewhere = createCalendarClient({ baseUrl: `${service.url}/elsewhere` });
    const error = await elsewhere.dateStatus('2024-02-04').catch((caught: unknown) => caught);
    assert.ok(error instanceof CalendarProblemError);
    assert.ok(error instanceof CalendarError);
    assert.equal(error.code, 'RESOURCE_NOT_FOUND');
    assert.equal(error.status, 404);
    assert.equal(error.problem.instance, '/elsewhere/v1/china-calendar/dates/2024-02-04');
    assert.match(error.problem.type, /\/problems\/resource-not-found$/);
    assert.equal(error.requestId, error.problem.requestId);
  });

  it('refuses a bad argument as the library does, before any request: the same CalendarInputError', async () => {
    const sent: string[] = [];
    const watched = createCalendarClient({ baseUrl: service.url, fetch: (input, init) => (sent.push(input instanceof Request ? input.url : input.toString()), fetch(input, init)) });
    const asks: [(calendar: typeof library | CalendarClient) => unknown][] = [
      [(calendar) => calendar.dateStatus('2023-02-29')],
      [(calendar) => calendar.countWorkdays('2024-12-31', '2024-01-01')],
      [(calendar) => calendar.workdayOffset('2024-01-10', 1.5)],
      [(calendar) => calendar.addWorkdays('2024-01-10', '3' as unknown as number)],
      [(calendar) => calendar.yearOverview(2007)],
      [(calendar) => calendar.yearOverview(2024n as unknown as number)],
      [(calendar) => calendar.isWorkday(new Date(Date.UTC(10000, 0, 1)))],
      [(calendar) => calendar.calendarFeed({ years: '2026' as unknown as number })],
    ];
    for (const [ask] of asks) {
      const refusal = async (calendar: typeof library | CalendarClient) => {
        try {
          await ask(calendar);
        } catch (error) {
          return error instanceof CalendarInputError ? { code: error.code, message: error.message } : error;
        }
        return 'answered';
      };
      assert.deepEqual(await refusal(watched), await refusal(library), ask.toString());
    }
    assert.deepEqual(sent, []);
  });

  it('holds arguments to the HTTP contract’s bounds too, as CalendarInputError, where the library has none', async () => {
    await assert.rejects(client.countWorkdays('2024-01-01', '2025-01-01'), (error: unknown) => error instanceof CalendarInputError && error.code === 'DATE_RANGE_TOO_LARGE');
    await assert.rejects(client.addWorkdays('2024-01-10', 1001), (error: unknown) => error instanceof CalendarInputError && /got the number 1001\.$/.test(error.message));
    assert.equal(library.countWorkdays('2024-01-01', '2025-01-01').totalDays, 367);
  });

  it('throws UnpublishedYearError, with the year, for yes/no questions about an unpublished year', async () => {
    await assert.rejects(client.isWorkday('2027-10-01'), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2027);
    await assert.rejects(client.addWorkdays('2026-12-30', 5), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2027);
    await assert.rejects(client.previousWorkday('2027-03-01'), (error: unknown) => error instanceof UnpublishedYearError && error.year === 2027);
    assert.equal(await client.workStatus('2027-10-01'), 'UNKNOWN');
  });

  it('refuses an answer that is not the service’s', async () => {
    const html = createCalendarClient({
      baseUrl: 'http://calendar.invalid',
      fetch: () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })),
    });
    await assert.rejects(html.dateStatus('2024-01-01'), { code: 'UNEXPECTED_RESPONSE' });
  });
});

describe('the response details: request id, ETag, 304', () => {
  it('exposes X-Request-Id, and uses the caller’s own', async () => {
    const answer = await client.withResponse.dateStatus('2024-02-04', { requestId: 'payroll-run-42' });
    assert.equal(answer.requestId, 'payroll-run-42');
    assert.equal(answer.status, 200);
    assert.equal(answer.data.dayStatus, 'ADJUSTED_WORKDAY');
    const generated = await client.withResponse.nextHoliday('2024-02-04');
    assert.match(generated.requestId, /^[0-9a-f]{12}-[0-9a-z]+$/);
  });

  it('revalidates with If-None-Match: 304 and no body', async () => {
    const first = await client.withResponse.countWorkdays('2024-01-01', '2024-12-31');
    assert.equal(first.cacheControl, 'public, max-age=86400');
    assert.ok(first.etag);
    const again = await client.withResponse.countWorkdays('2024-01-01', '2024-12-31', { ifNoneMatch: first.etag });
    assert.equal(again.status, 304);
    assert.equal(again.data, undefined);
    assert.equal(again.etag, first.etag);
  });

  it('with revalidate, keeps answers and asks with their ETags: an unchanged answer costs a 304', async () => {
    const sent: { url: string; ifNoneMatch: string | null }[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push({ url: input instanceof Request ? input.url : input.toString(), ifNoneMatch: new Headers(init?.headers).get('if-none-match') });
      return fetch(input, init);
    };
    const revalidating = createCalendarClient({ baseUrl: `${service.url}/`, fetch: recording, revalidate: true });
    const first = await revalidating.yearOverview(2024);
    const second = await revalidating.yearOverview(2024);
    assert.deepEqual(second, first);
    const [asked, revalidated, ...more] = sent;
    assert.deepEqual(more, []);
    assert.deepEqual(asked, { url: `${service.url}/v1/china-calendar/years/2024`, ifNoneMatch: null });
    // A year overview is large enough to be sent compressed: the ETag of the coding fetch asked for.
    assert.match(revalidated?.ifNoneMatch ?? '', /^"2025\.11\.04-[0-9a-f]{8}\/y2024(?:\+gzip|\+br)?"$/);
  });
});
