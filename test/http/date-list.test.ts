import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import * as library from 'china-holiday-calendar';
import { CalendarInputError } from 'china-holiday-calendar';
import { get, inject, type HttpAnswer } from '../helpers/http-answer.js';
import { datesFromTo } from '../helpers/spec-dates.js';
import { assertDayStatus, assertProblem, JSON_CONTENT_TYPE } from '../helpers/spec-shapes.js';
import { TEST_DOCS_URL, useTestApp, useTestAppWithUnreadableYear } from '../helpers/test-app.js';

/*
 * Many dates in one request, GET /v1/china-calendar/dates?dates=…, through the real application
 * (inject): each date answered as the single-date path answers it, in the order asked; the checks
 * in their order; caching; and the library's dateStatuses giving the same answers.
 */

const PATH = '/v1/china-calendar/dates';
const served = useTestApp();

const batch = async (dates: string, headers: Record<string, string> = {}): Promise<HttpAnswer> => get(served.app, `${PATH}?dates=${dates}`, headers);

/** The single-date path's body for each date, as the batch must hold them. */
async function singles(dates: readonly string[]): Promise<string[]> {
  const bodies: string[] = [];
  for (const date of dates) {
    const answer = await get(served.app, `/v1/china-calendar/dates/${date}`);
    assert.equal(answer.status, 200, date);
    bodies.push(answer.body);
  }
  return bodies;
}

describe('GET /v1/china-calendar/dates?dates=…', () => {
  it('answers each date as the single-date path does, in the order asked, repeats included', async () => {
    const dates = ['2024-02-04', '2024-02-10', '2027-01-01', '2024-02-04', '2008-01-01', '9999-12-31', '2023-09-29'];
    const answer = await batch(dates.join(','));
    assert.equal(answer.status, 200, answer.body);
    assert.equal(answer.headers['content-type'], JSON_CONTENT_TYPE);
    assert.equal(answer.body, `[${(await singles(dates)).join(',')}]`);
    const days = JSON.parse(answer.body) as unknown[];
    days.forEach((day, at) => {
      assertDayStatus(day, {}, dates[at]);
    });
    assert.deepEqual(
      days.map((day) => (day as { dayStatus: string }).dayStatus),
      ['ADJUSTED_WORKDAY', 'HOLIDAY', 'UNKNOWN', 'ADJUSTED_WORKDAY', 'HOLIDAY', 'UNKNOWN', 'HOLIDAY'],
    );
  });

  it('answers any list of 1 to 100 dates as the single-date path does (property)', async () => {
    const all = datesFromTo('2008-01-01', '2031-12-31');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...all), { minLength: 1, maxLength: 100 }), async (dates) => {
        const answer = await batch(dates.join(','));
        assert.equal(answer.status, 200);
        assert.equal(answer.body, `[${(await singles(dates)).join(',')}]`);
      }),
      { numRuns: 25 },
    );
  });

  it('reads commas escaped as %2C, as a client library sends them', async () => {
    assert.equal((await batch('2024-02-04%2C2024-02-10')).body, (await batch('2024-02-04,2024-02-10')).body);
  });

  it('checks in order: missing, given twice, more than 100, then each date in order as the single-date path does', async () => {
    const problem = async (query: string, code: string): Promise<string> =>
      assertProblem(await get(served.app, `${PATH}${query}`), { status: 400, code, docsUrl: TEST_DOCS_URL, instance: PATH }).detail;
    assert.equal(await problem('', 'MISSING_PARAMETER'), 'Required parameter missing: dates.');
    assert.equal(await problem('?date=2024-02-04', 'MISSING_PARAMETER'), 'Required parameter missing: dates.');
    assert.match(await problem('?dates=2024-02-04&dates=2024-02-10', 'INVALID_PARAMETER'), /given more than once/);
    const hundred = Array.from({ length: 100 }, (_, at) => datesFromTo('2024-01-01', '2024-12-31')[at] ?? '');
    assert.equal((await batch(hundred.join(','))).status, 200);
    // Counted before any date is read: a 101st date, even a malformed one among them, is too many.
    assert.equal(await problem(`?dates=${[...hundred, '2024-13-01'].join(',')}`, 'INVALID_PARAMETER'), 'dates holds 101 dates; at most 100 may be asked at once.');
    assert.equal(
      await problem('?dates=2024-02-04,2024-02-10,2024/2/4,2007-12-31', 'INVALID_DATE_FORMAT'),
      'dates (item 3) must be a real calendar date in yyyy-MM-dd form; got "2024/2/4"; did you mean 2024-02-04?',
    );
    assert.equal(
      await problem('?dates=2024-02-04,2007-12-31,2024/2/4', 'DATE_OUT_OF_SUPPORTED_RANGE'),
      'dates (item 2) 2007-12-31 is before 2008-01-01, the earliest supported date.',
    );
    for (const [query, item] of [
      ['?dates=', 1],
      ['?dates=2024-02-04,', 2],
      ['?dates=,2024-02-04', 1],
      ['?dates=2024-02-04,,2024-02-05', 2],
      ['?dates=2024-02-04,%202024-02-05', 2],
      ['?dates=2024-02-04;2024-02-05', 1],
      ['?dates=2023-02-29', 1],
    ] as const) {
      assert.match(await problem(query, 'INVALID_DATE_FORMAT'), new RegExp(`^dates \\(item ${item}\\) `), query);
    }
  });

  it('caches as the other answers do: long when every date is settled, short with an UNKNOWN one, 304 on its ETag', async () => {
    const settled = await batch('2024-02-04,2019-05-05');
    const unsettled = await batch('2024-02-04,2027-01-01');
    assert.equal(settled.headers['cache-control'], 'public, max-age=86400');
    assert.equal(unsettled.headers['cache-control'], 'public, max-age=300');
    const etag = settled.headers.etag ?? '';
    assert.match(etag, new RegExp(`^"${served.version}/b2-[0-9a-f]{8}"$`));
    assert.notEqual(etag, (await batch('2019-05-05,2024-02-04')).headers.etag, 'another order, another ETag');
    assert.equal((await batch('2024-02-04,2019-05-05', { 'if-none-match': etag })).status, 304);
    const head = await inject(served.app, { method: 'HEAD', url: `${PATH}?dates=2024-02-04,2019-05-05` });
    assert.deepEqual([head.status, head.body, head.headers.etag, head.headers['content-length']], [200, '', etag, settled.headers['content-length']]);
    const post = await inject(served.app, { method: 'POST', url: `${PATH}?dates=2024-02-04` });
    assertProblem(post, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
    assert.equal(post.headers.allow, 'GET, HEAD, OPTIONS');
  });

  it('sends a long list compressed, as a long range is', async () => {
    const dates = datesFromTo('2024-01-01', '2024-04-09');
    const answer = await batch(dates.join(','), { 'accept-encoding': 'gzip' });
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assert.equal(answer.headers.vary, 'Accept-Encoding');
  });
});

describe('the library’s dateStatuses', () => {
  it('answers as the service does, without the service’s bound of 100', async () => {
    const dates = ['2024-02-04', '2024-02-10', '2027-01-01', '2024-02-04'];
    assert.deepEqual(JSON.parse(JSON.stringify(library.dateStatuses(dates))), JSON.parse((await batch(dates.join(','))).body));
    const many = datesFromTo('2024-01-01', '2025-12-31');
    assert.deepEqual(library.dateStatuses(many), library.dateRangeStatus('2024-01-01', '2025-12-31'));
    assert.deepEqual(library.dateStatuses([]), []);
    assert.equal(library.dateStatuses([new Date('2024-02-03T16:30:00Z')])[0]?.date, '2024-02-04');
  });

  it('refuses a bad date with the service’s code and message, named by its place', async () => {
    for (const dates of [['2024-02-04', '2024/2/4'], ['2024-02-04', '2007-12-31'], ['2024-02-04', '']]) {
      const served = assertProblem(await batch(dates.join(',')), { status: 400, docsUrl: TEST_DOCS_URL });
      assert.throws(() => library.dateStatuses(dates), (error: unknown) => error instanceof CalendarInputError && error.code === served.code && error.message === served.detail);
    }
    assert.throws(() => library.dateStatuses('2024-02-04' as never), { code: 'INVALID_PARAMETER', message: 'dates must be an array of dates; got the string "2024-02-04".' });
    assert.throws(() => library.dateStatuses(undefined as never), { code: 'MISSING_PARAMETER' });
    // eslint-disable-next-line no-sparse-arrays -- a hole is an absent date
    assert.throws(() => library.dateStatuses(['2024-02-04', , '2024-02-05'] as never), { code: 'INVALID_DATE_FORMAT', message: 'dates (item 2) must be a yyyy-MM-dd string or a Date; got undefined.' });
    const trap = ['2024-02-04'];
    Object.defineProperty(trap, 0, {
      get() {
        throw new Error('read');
      },
    });
    assert.throws(() => library.dateStatuses(trap), { code: 'INVALID_PARAMETER' });
  });
});

describe('many dates over a published year that cannot be read', () => {
  const broken = useTestAppWithUnreadableYear(2015);

  it('answers 503 when one date needs 2015, and 200 without it', async () => {
    const answer = await get(broken.app, `${PATH}?dates=2024-02-04,2015-06-01`);
    assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL });
    assert.equal(answer.headers['retry-after'], '30');
    assert.equal((await get(broken.app, `${PATH}?dates=2024-02-04,2016-06-01`)).status, 200);
  });
});
