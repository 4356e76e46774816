import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { get, inject, type HttpAnswer } from '../helpers/http-answer.js';
import { addDays, datesFromTo } from '../helpers/spec-dates.js';
import { assertProblem } from '../helpers/spec-shapes.js';
import { TEST_DOCS_URL, useTestApp, useTestAppWithUnreadableYear } from '../helpers/test-app.js';

/*
 * The business-day tools of docs/design.md (Beyond the interface) through the real application (inject): working-day
 * offsets, the year at a glance and the calendar feed. Expected dates are typed from the notices
 * (the official notices (test/fixtures/notices/)); the property tests compare the offset with a walk over
 * the service's own per-day answers and with its counts.
 */

const OFFSET = '/v1/china-calendar/workday-offset';
const YEARS = '/v1/china-calendar/years/';
const FEED = '/v1/china-calendar/calendar.ics';

const served = useTestApp();



function json(answer: HttpAnswer): unknown {
  assert.equal(answer.status, 200, answer.body.slice(0, 300));
  assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
  return JSON.parse(answer.body);
}

const offset = async (query: string): Promise<HttpAnswer> => get(served.app, `${OFFSET}?${query}`);

describe('GET /v1/china-calendar/workday-offset', () => {
  it('answers the examples of the issue, field for field, in order', async () => {
    const cases: [string, number, string][] = [
      ['2026-09-30', 3, '2026-10-10'],
      ['2026-09-30', 4, '2026-10-12'],
      ['2024-02-09', -1, '2024-02-08'],
      ['2024-02-04', 0, '2024-02-04'],
      ['2024-02-10', 0, '2024-02-18'],
    ];
    for (const [fromDate, days, date] of cases) {
      const answer = await offset(`fromDate=${fromDate}&days=${days}`);
      assert.equal(answer.body, JSON.stringify({ fromDate, days, status: 'FOUND', date, datasetVersion: served.version }));
    }
    assert.equal(
      (await offset('fromDate=2026-12-30&days=5')).body,
      JSON.stringify({ fromDate: '2026-12-30', days: 5, status: 'UNKNOWN', date: null, datasetVersion: null }),
    );
  });

  it('checks parameters in order: missing (every one named), fromDate, days, then the supported range', async () => {
    const problem = async (query: string, code: string): Promise<string> =>
      assertProblem(await offset(query), { status: 400, code, docsUrl: TEST_DOCS_URL, instance: OFFSET }).detail;
    assert.match(await problem('', 'MISSING_PARAMETER'), /fromDate, days/);
    assert.match(await problem('days=3', 'MISSING_PARAMETER'), /fromDate/);
    assert.match(await problem('fromDate=2026-01-01', 'MISSING_PARAMETER'), /days/);
    await problem('fromDate=2026/01/01&days=x', 'INVALID_DATE_FORMAT');
    await problem('fromDate=2026-01-01&fromDate=2026-01-02&days=1', 'INVALID_DATE_FORMAT');
    assert.match(await problem('fromDate=2007-01-01&days=x', 'INVALID_PARAMETER'), /days/);
    await problem('fromDate=2007-12-31&days=1', 'DATE_OUT_OF_SUPPORTED_RANGE');
  });

  it('says that a + in the query string arrived as a space (days=+5), and what to send', async () => {
    const problem = async (query: string): Promise<string> =>
      assertProblem(await offset(query), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL, instance: OFFSET }).detail;
    const plus = await problem('fromDate=2024-01-10&days=+5');
    assert.match(plus, /got " 5"\. A \+ in a query string stands for a space \(a plus sign is written %2B\), and days takes no \+ anyway: send days=5\.$/);
    assert.match(await problem('fromDate=2024-01-10&days=+1000'), /send days=1000\.$/);
    for (const query of ['days=%2B5', 'days=+0', 'days=+-5', 'days=%205x', 'days=+1001']) {
      assert.doesNotMatch(await problem(`fromDate=2024-01-10&${query}`), /stands for a space/, query);
    }
  });

  it('takes days only as a plain integer from -1000 to 1000', async () => {
    for (const days of ['%2B3', '03', '-03', '1.0', '1e2', '-0', '1001', '-1001', '10000', '%203', '3%20', '', '0x10', '３', 'NaN', 'Infinity']) {
      const detail = assertProblem(await offset(`fromDate=2024-01-10&days=${days}`), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL }).detail;
      assert.match(detail, /^days /, `days=${days}: ${detail}`);
    }
    assertProblem(await offset('fromDate=2024-01-10&days=1&days=2'), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL });
    for (const days of ['0', '1', '-1', '1000', '-1000', '999']) {
      assert.equal(((await offset(`fromDate=2016-06-15&days=${days}`)).status), 200, `days=${days}`);
    }
  });

  it('answers a day before 2008-01-01 as out of the supported range, naming both dates', async () => {
    assert.equal((json(await offset('fromDate=2008-01-03&days=-1')) as { date: string }).date, '2008-01-02');
    const detail = assertProblem(await offset('fromDate=2008-01-03&days=-2'), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL, instance: OFFSET }).detail;
    assert.match(detail, /2008-01-03/);
    assert.match(detail, /2008-01-01/);
  });

  it('ignores unknown parameters and caches: long when final, short when it may change, 304 on its ETag', async () => {
    const settled = await offset('fromDate=2026-09-30&days=3&unused=1');
    assert.equal(settled.headers['cache-control'], 'public, max-age=86400');
    const etag = settled.headers.etag ?? '';
    assert.match(etag, new RegExp(`^"${served.version.replaceAll('.', '\\.')}/`));
    const revalidated = await get(served.app, `${OFFSET}?fromDate=2026-09-30&days=3`, { 'if-none-match': etag });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body, '');
    assert.equal((await offset('fromDate=2026-12-30&days=5')).headers['cache-control'], 'public, max-age=300');
    assert.equal((await offset('fromDate=2026-12-22&days=3')).headers['cache-control'], 'public, max-age=300', 'ends in the last December week');
    assert.notEqual((await offset('fromDate=2026-09-30&days=4')).headers.etag, etag);
  });

  it('answers HEAD like GET without a body, and 405 to other methods', async () => {
    const head = await inject(served.app, { method: 'HEAD', url: `${OFFSET}?fromDate=2026-09-30&days=3` });
    const getAnswer = await offset('fromDate=2026-09-30&days=3');
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-length'], getAnswer.headers['content-length']);
    const post = await inject(served.app, { method: 'POST', url: `${OFFSET}?fromDate=2026-09-30&days=3` });
    assertProblem(post, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
  });
});

describe('INVALID_PARAMETER', () => {
  it('has a page of its own where its type URI points', async () => {
    const problem = assertProblem(await offset('fromDate=2026-09-30&days=x'), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL });
    const page = await get(served.app, new URL(problem.type).pathname);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'] ?? '', /^text\/html/);
    assert.match(page.body, /INVALID_PARAMETER/);
    assert.match(page.body, /days/);
  });
});

describe('the offset agrees with the service’s own day statuses and counts', () => {
  /** Every day's workStatus 2008..2031, from /date-ranges. */
  const statusOf = new Map<string, string>();

  before(async () => {
    for (let year = 2008; year <= 2031; year++) {
      const days = json(await get(served.app, `/v1/china-calendar/date-ranges?startDate=${year}-01-01&endDate=${year}-12-31`)) as { date: string; workStatus: string }[];
      for (const { date, workStatus } of days) statusOf.set(date, workStatus);
    }
  });

  /** The plain walk: one day at a time, over the service's day answers. */
  function walk(from: string, days: number): string {
    const status = (date: string): string => (date < '2008-01-01' ? 'BEFORE' : (statusOf.get(date) ?? 'UNKNOWN'));
    if (days === 0 && status(from) === 'WORKDAY') return from;
    if (days === 0 && status(from) === 'UNKNOWN') return 'UNKNOWN';
    const step = days < 0 ? -1 : 1;
    let left = Math.max(1, Math.abs(days));
    for (let date = addDays(from, step); ; date = addDays(date, step)) {
      const here = status(date);
      if (here === 'WORKDAY' && --left === 0) return date;
      if (here !== 'WORKDAY' && here !== 'REST_DAY') return here;
    }
  }

  async function asked(from: string, days: number): Promise<string> {
    const answer = await offset(`fromDate=${from}&days=${days}`);
    if (answer.status === 400) return 'BEFORE';
    const body = json(answer) as { status: string; date: string | null };
    return body.status === 'FOUND' ? (body.date ?? '') : 'UNKNOWN';
  }

  const dates = datesFromTo('2008-01-01', '2030-12-31');

  it('equals a day-by-day walk for random dates and N', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...dates), fc.integer({ min: -1000, max: 1000 }), async (from, days) => {
        assert.equal(await asked(from, days), walk(from, days), `${from} ${days}`);
      }),
      { numRuns: 400 },
    );
  });

  // 200 working days fit in the 366 days a count may span.
  it('counts |N| working days from D to the day found, one more when D itself is a working day', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...datesFromTo('2008-01-01', '2026-12-31')), fc.integer({ min: -200, max: 200 }), async (from, days) => {
        const found = await asked(from, days);
        if (!/^\d{4}-/.test(found)) return;
        const [start, end] = found < from ? [found, from] : [from, found];
        const counts = json(await get(served.app, `/v1/china-calendar/workdays?startDate=${start}&endDate=${end}`)) as { workdayCount: number };
        const fromCounts = statusOf.get(from) === 'WORKDAY' ? 1 : 0;
        assert.equal(counts.workdayCount, days === 0 ? 1 : Math.abs(days) + fromCounts, `${from} ${days} -> ${found}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('GET /v1/china-calendar/years/{year}', () => {
  interface Overview {
    status: string;
    notices: { kind: string; title: string }[];
    holidays: { codes: string[]; restDates: string[] | null; makeUpWorkdays: string[] | null; statutoryDates: string[] }[];
    workdayCount: number | null;
    months: { month: number; workdayCount: number; restDayCount: number; unknownDayCount: number }[];
    datasetVersion: string | null;
  }
  const year = async (text: string): Promise<Overview> => json(await get(served.app, `${YEARS}${text}`)) as Overview;

  it('shows 2019 with both notices and Labor Day as amended', async () => {
    const answer = await year('2019');
    assert.equal(answer.status, 'PUBLISHED');
    assert.deepEqual(answer.notices.map((notice) => notice.kind), ['ANNUAL', 'AMENDING']);
    const labor = answer.holidays.find((holiday) => holiday.codes.includes('LABOR_DAY'));
    assert.deepEqual(labor?.restDates, ['2019-05-01', '2019-05-02', '2019-05-03', '2019-05-04']);
    assert.deepEqual(labor.makeUpWorkdays, ['2019-04-28', '2019-05-05']);
    assert.deepEqual(answer.holidays[0]?.restDates, ['2018-12-30', '2018-12-31', '2019-01-01']);
    assert.equal(answer.datasetVersion, served.version);
  });

  it('lists the 2015 Victory Day notice and the 2020 extension', async () => {
    assert.ok((await year('2015')).notices.some((notice) => notice.title.includes('胜利70周年纪念日')));
    const spring = (await year('2020')).holidays.find((holiday) => holiday.codes.includes('SPRING_FESTIVAL'));
    assert.equal(spring?.restDates?.at(-1), '2020-02-02');
  });

  it('shows 2027 as unpublished, with its statutory days and null where the notice is awaited', async () => {
    const answer = await year('2027');
    assert.equal(answer.status, 'UNPUBLISHED');
    assert.deepEqual([answer.notices, answer.workdayCount, answer.datasetVersion], [[], null, null]);
    assert.deepEqual(answer.holidays.find((holiday) => holiday.codes.includes('NATIONAL_DAY'))?.statutoryDates, ['2027-10-01', '2027-10-02', '2027-10-03']);
    assert.ok(answer.holidays.every((holiday) => holiday.restDates === null && holiday.makeUpWorkdays === null));
  });

  it('counts each month as /workdays counts it, UNKNOWN days of an unpublished year included', async () => {
    for (const text of ['2024', '2027']) {
      const answer = await year(text);
      assert.equal(answer.months.length, 12);
      for (const month of answer.months) {
        const start = `${text}-${String(month.month).padStart(2, '0')}-01`;
        const end = `${start.slice(0, 8)}${String(new Date(Date.UTC(Number(text), month.month, 0)).getUTCDate())}`;
        const counts = json(await get(served.app, `/v1/china-calendar/workdays?startDate=${start}&endDate=${end}`)) as Record<string, number>;
        assert.deepEqual(month, { month: month.month, workdayCount: counts.workdayCount, restDayCount: counts.restDayCount, unknownDayCount: counts.unknownDayCount });
      }
    }
    assert.deepEqual((await year('2027')).months[1], { month: 2, workdayCount: 0, restDayCount: 0, unknownDayCount: 28 });
  });

  it('takes exactly four ASCII digits from 2008, else INVALID_PARAMETER or DATE_OUT_OF_SUPPORTED_RANGE', async () => {
    for (const text of ['26', '02026', '%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%96', '2026%20', '2026a', '', '-2026', '2026.0']) {
      assertProblem(await get(served.app, `${YEARS}${text}`), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL, instance: `${YEARS}${text}` });
    }
    for (const text of ['2007', '0000', '1949']) {
      assertProblem(await get(served.app, `${YEARS}${text}`), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    }
    assert.equal((await year('9999')).status, 'UNPUBLISHED');
    assertProblem(await get(served.app, '/v1/china-calendar/years'), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL });
  });

  it('caches a past published year long, the last published and unpublished ones short', async () => {
    assert.equal((await get(served.app, `${YEARS}2024`)).headers['cache-control'], 'public, max-age=86400');
    assert.equal((await get(served.app, `${YEARS}2026`)).headers['cache-control'], 'public, max-age=300');
    assert.equal((await get(served.app, `${YEARS}2027`)).headers['cache-control'], 'public, max-age=300');
    const etag = (await get(served.app, `${YEARS}2024`)).headers.etag ?? '';
    assert.equal((await get(served.app, `${YEARS}2024`, { 'if-none-match': etag })).status, 304);
  });
});

describe('GET /v1/china-calendar/calendar.ics', () => {
  const feed = async (query = ''): Promise<HttpAnswer> => get(served.app, `${FEED}${query}`);
  const events = (text: string): ICAL.Event[] =>
    new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));

  it('serves every published year by default, as text/calendar, with an ETag and a short cache', async () => {
    const answer = await feed();
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'text/calendar; charset=utf-8');
    assert.equal(answer.headers['cache-control'], 'public, max-age=300');
    const years = new Set(events(answer.body).map((event) => event.uid.slice(0, 4)));
    assert.deepEqual([...years].sort(), datesFromTo('2008-01-01', '2026-01-01').filter((date) => date.endsWith('-01-01')).map((date) => date.slice(0, 4)));
    const again = await feed('', );
    assert.equal(again.body, answer.body, 'the same bytes');
    assert.equal((await get(served.app, FEED, { 'if-none-match': answer.headers.etag ?? '' })).status, 304);
  });

  it('filters by years and lang; unpublished years contribute nothing', async () => {
    const only2026 = events((await feed('?years=2026')).body);
    assert.ok(only2026.length > 5 && only2026.every((event) => event.uid.startsWith('2026-')));
    const across = events((await feed('?years=2024..2027')).body);
    assert.deepEqual([...new Set(across.map((event) => event.uid.slice(0, 4)))], ['2024', '2025', '2026']);
    assert.equal(events((await feed('?years=2027..2030')).body).length, 0);
    const english = await feed('?years=2026&lang=en');
    assert.match(english.body, /SUMMARY:National Day holiday/);
    assert.equal((await feed('?years=2024')).headers['cache-control'], 'public, max-age=86400');
    assert.equal((await feed('?years=2026..2027')).headers['cache-control'], 'public, max-age=300');
  });

  it('refuses malformed years and lang, and years before 2008', async () => {
    for (const query of ['?years=26', '?years=2024-2026', '?years=2026..2024', '?years=2024..2025..2026', '?years=', '?lang=fr', '?lang=zh&lang=en', '?years=2024&years=2025']) {
      assertProblem(await feed(query), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL, instance: FEED });
    }
    for (const query of ['?years=2007', '?years=2007..2009']) {
      assertProblem(await feed(query), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    }
  });
});

describe('the business-day tools over a published year that cannot be read', () => {
  const broken = useTestAppWithUnreadableYear(2015);

  it('answers 503 where the answer needs 2015, and 200 elsewhere', async () => {
    for (const url of [`${OFFSET}?fromDate=2014-12-20&days=20`, `${YEARS}2015`, `${YEARS}2014`, FEED, `${FEED}?years=2015`]) {
      const answer = await get(broken.app, url);
      assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL });
      assert.equal(answer.headers['retry-after'], '30');
    }
    for (const url of [`${OFFSET}?fromDate=2016-03-01&days=20`, `${YEARS}2016`, `${FEED}?years=2016..2026`, `${YEARS}2027`]) {
      assert.equal((await get(broken.app, url)).status, 200, url);
    }
  });
});
