import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { csvRecord } from 'china-holiday-calendar-service/internal/http/kernel/csv.js';
import { get, inject, type HttpAnswer } from '../helpers/http-answer.js';
import { addDays, datesFromTo } from '../helpers/spec-dates.js';
import { assertProblem, type DayStatusBody } from '../helpers/spec-shapes.js';
import { TEST_DOCS_URL, useTestApp, useTestAppWithUnreadableYear } from '../helpers/test-app.js';

/*
 * CSV by content negotiation (docs/design.md, Beyond the interface): the range and the year
 * answered as text/csv when Accept prefers it, read back with a CSV parser (csv-parse) and held to
 * the JSON answer of the same days, row for row.
 */

const RANGES = '/v1/china-calendar/date-ranges';
const YEARS = '/v1/china-calendar/years/';
const CSV = { accept: 'text/csv' };
const COLUMNS = ['date', 'dayOfWeek', 'workStatus', 'dayStatus', 'holidays', 'statutoryDate'];
const BOM = '\uFEFF';

const served = useTestApp();

/** Records of a CSV body as RFC 4180 reads them: CRLF only, quotes as written, nothing trimmed. */
function records(body: string): string[][] {
  const read: string[][] = parse(body, { record_delimiter: '\r\n', relax_column_count: false, bom: false });
  return read;
}

/** The rows the JSON answer of the same days must give. */
function rowsOf(days: readonly DayStatusBody[]): string[][] {
  return days.map((day) => [
    day.date,
    day.dayOfWeek,
    day.workStatus,
    day.dayStatus,
    day.holidays.map((holiday) => holiday.code).join(';'),
    day.dayStatus === 'UNKNOWN' ? '' : String(day.holidays.some((holiday) => holiday.statutoryDate)),
  ]);
}

/** A CSV answer: 200, text/csv in UTF-8, varying on Accept, every line ended by CRLF; its records. */
function csvOf(answer: HttpAnswer): string[][] {
  assert.equal(answer.status, 200, answer.body.slice(0, 300));
  assert.equal(answer.headers['content-type'], 'text/csv; charset=utf-8');
  assert.ok(String(answer.headers.vary).split(/\s*,\s*/).includes('Accept'), `Vary: ${String(answer.headers.vary)}`);
  assert.ok(answer.body.endsWith('\r\n'), 'the last record ends with CRLF too');
  assert.doesNotMatch(answer.body.replaceAll('\r\n', ''), /[\r\n]/, 'no line ends but CRLF');
  assert.ok(!answer.body.startsWith(BOM), 'no byte-order mark unless asked');
  const [header, ...rows] = records(answer.body);
  assert.deepEqual(header, COLUMNS);
  return rows;
}

async function jsonDays(start: string, end: string): Promise<DayStatusBody[]> {
  return JSON.parse((await get(served.app, `${RANGES}?startDate=${start}&endDate=${end}`)).body) as DayStatusBody[];
}

describe('a range as CSV', () => {
  it('gives one row a day, the JSON answer’s values: holiday codes joined with ;, statutoryDate, empty on an UNKNOWN day', async () => {
    const rows = csvOf(await get(served.app, `${RANGES}?startDate=2023-09-28&endDate=2023-10-02`, CSV));
    assert.deepEqual(rows, [
      ['2023-09-28', 'THURSDAY', 'WORKDAY', 'WORKDAY', '', 'false'],
      ['2023-09-29', 'FRIDAY', 'REST_DAY', 'HOLIDAY', 'MID_AUTUMN_FESTIVAL;NATIONAL_DAY', 'true'],
      ['2023-09-30', 'SATURDAY', 'REST_DAY', 'HOLIDAY', 'MID_AUTUMN_FESTIVAL;NATIONAL_DAY', 'false'],
      ['2023-10-01', 'SUNDAY', 'REST_DAY', 'HOLIDAY', 'MID_AUTUMN_FESTIVAL;NATIONAL_DAY', 'true'],
      ['2023-10-02', 'MONDAY', 'REST_DAY', 'HOLIDAY', 'MID_AUTUMN_FESTIVAL;NATIONAL_DAY', 'true'],
    ]);
    assert.deepEqual(csvOf(await get(served.app, `${RANGES}?startDate=2026-12-31&endDate=2027-01-01`, CSV)), [
      ['2026-12-31', 'THURSDAY', 'WORKDAY', 'WORKDAY', '', 'false'],
      ['2027-01-01', 'FRIDAY', 'UNKNOWN', 'UNKNOWN', '', ''],
    ]);
  });

  it('holds the JSON answer’s values for any range, far years too (property)', async () => {
    const starts = [...datesFromTo('2008-01-01', '2031-12-31'), ...datesFromTo('9998-06-01', '9999-06-01')];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...starts), fc.integer({ min: 0, max: 365 }), async (start, span) => {
        // Past 9999-12-31 the text grows a digit ('10000-01-01' sorts before '9999-…'): compare lengths first.
        const reached = addDays(start, span);
        const end = reached.length > 10 || reached > '9999-12-31' ? '9999-12-31' : reached;
        assert.deepEqual(csvOf(await get(served.app, `${RANGES}?startDate=${start}&endDate=${end}`, CSV)), rowsOf(await jsonDays(start, end)));
      }),
      { numRuns: 40 },
    );
  });

  it('checks the range as the JSON does, and answers problems as JSON problems', async () => {
    for (const [query, code] of [
      ['?startDate=2024-01-01', 'MISSING_PARAMETER'],
      ['?startDate=2024/01/01&endDate=2024-01-31', 'INVALID_DATE_FORMAT'],
      ['?startDate=2024-01-01&endDate=2025-01-02', 'DATE_RANGE_TOO_LARGE'],
    ] as const) {
      assertProblem(await get(served.app, `${RANGES}${query}`, CSV), { status: 400, code, docsUrl: TEST_DOCS_URL, instance: RANGES });
    }
  });
});

describe('a year as CSV', () => {
  it('gives every day of a published year, of an unpublished one, and of 9999 as the range of its days does', async () => {
    for (const year of ['2024', '2026', '2027', '9999']) {
      const rows = csvOf(await get(served.app, `${YEARS}${year}`, CSV));
      assert.equal(rows.length, year === '2024' ? 366 : 365, year);
      assert.deepEqual(rows, rowsOf(await jsonDays(`${year}-01-01`, `${year}-12-31`)), year);
    }
    const rows = csvOf(await get(served.app, `${YEARS}2024`, CSV));
    assert.deepEqual(rows[34], ['2024-02-04', 'SUNDAY', 'WORKDAY', 'ADJUSTED_WORKDAY', 'SPRING_FESTIVAL', 'false']);
  });

  it('checks the year as the JSON does', async () => {
    assertProblem(await get(served.app, `${YEARS}26`, CSV), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL });
    assertProblem(await get(served.app, `${YEARS}2007`, CSV), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
  });
});

describe('the byte-order mark', () => {
  it('begins the CSV with bom=1 (EF BB BF), the rest unchanged; bom=0 is none', async () => {
    const plain = await get(served.app, `${YEARS}2026`, CSV);
    const marked = await inject(served.app, { url: `${YEARS}2026?bom=1`, headers: CSV });
    assert.equal(marked.status, 200);
    assert.deepEqual([...Buffer.from(marked.body).subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(marked.body, BOM + plain.body);
    assert.deepEqual(parse(marked.body, { record_delimiter: '\r\n', bom: true }), records(plain.body));
    assert.equal((await get(served.app, `${YEARS}2026?bom=0`, CSV)).body, plain.body);
    assert.notEqual(marked.headers.etag, plain.headers.etag, 'another body, another ETag');
  });

  it('refuses another value of bom (after the operation’s own checks), and is not read for JSON', async () => {
    for (const query of ['?bom=2', '?bom=true', '?bom=', '?bom=1&bom=1']) {
      const problem = assertProblem(await get(served.app, `${YEARS}2026${query}`, CSV), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL });
      assert.match(problem.detail, /^bom /);
    }
    assertProblem(await get(served.app, `${YEARS}26?bom=2`, CSV), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL });
    // The JSON operation keeps its bytes: for JSON, bom is an unknown parameter, ignored.
    const json = await get(served.app, `${RANGES}?startDate=2024-01-01&endDate=2024-01-03&bom=2`);
    assert.equal(json.status, 200);
    assert.equal(json.body, (await get(served.app, `${RANGES}?startDate=2024-01-01&endDate=2024-01-03`)).body);
  });
});

describe('content negotiation', () => {
  const URL_2027 = `${YEARS}2027`;
  const formOf = async (accept: string | undefined): Promise<string> => {
    const answer = await get(served.app, URL_2027, accept === undefined ? {} : { accept });
    assert.equal(answer.status, 200);
    return String(answer.headers['content-type']).startsWith('text/csv') ? 'csv' : 'json';
  };

  it('sends CSV only when Accept ranks text/csv above application/json', async () => {
    for (const [accept, form] of [
      [undefined, 'json'],
      ['*/*', 'json'],
      ['application/json', 'json'],
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'json'],
      ['application/json, text/csv', 'json'],
      ['text/csv;q=0.5, application/json', 'json'],
      ['text/csv;q=0', 'json'],
      ['image/png', 'json'],
      ['text/csv', 'csv'],
      ['TEXT/CSV', 'csv'],
      ['text/csv; charset=utf-8', 'csv'],
      ['text/csv; header=present', 'csv'],
      ['text/csv; charset=gbk', 'json'],
      ['text/*', 'csv'],
      ['application/json;q=0.5, text/csv', 'csv'],
      ['text/csv, application/json', 'csv'],
    ] as const) {
      assert.equal(await formOf(accept), form, `Accept: ${accept ?? '(none)'}`);
    }
  });

  it('says Vary: Accept on both representations, with Accept-Encoding on a large one, and validates each by its own ETag', async () => {
    const small = `${RANGES}?startDate=2024-01-01&endDate=2024-01-03`;
    const json = await get(served.app, small);
    const csv = await get(served.app, small, CSV);
    assert.equal(json.headers.vary, 'Accept');
    assert.equal(csv.headers.vary, 'Accept');
    assert.equal(csv.headers.etag, `${String(json.headers.etag).slice(0, -1)}.csv"`);
    const csvTag = csv.headers.etag;
    assert.equal((await get(served.app, small, { ...CSV, 'if-none-match': csvTag })).status, 304);
    assert.equal((await get(served.app, small, { 'if-none-match': csvTag })).status, 200, 'the CSV ETag does not validate the JSON');
    const revalidated = await get(served.app, small, { 'if-none-match': String(json.headers.etag) });
    assert.deepEqual([revalidated.status, revalidated.headers.vary], [304, 'Accept']);

    const whole = `${RANGES}?startDate=2024-01-01&endDate=2024-12-31`;
    assert.equal((await get(served.app, whole)).headers.vary, 'Accept, Accept-Encoding');
    const plain = await inject(served.app, { url: whole, headers: CSV });
    const zipped = await served.app.inject({ url: whole, headers: { ...CSV, 'accept-encoding': 'gzip' } });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(zipped.headers.vary, 'Accept, Accept-Encoding');
    assert.equal(zipped.headers.etag, `${String(plain.headers.etag).slice(0, -1)}+gzip"`);
    assert.equal(gunzipSync(zipped.rawPayload).toString(), plain.body);
  });

  it('leaves the other operations alone: JSON whatever Accept says, and no Vary', async () => {
    for (const url of ['/v1/china-calendar/dates/2024-02-04', '/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2024-12-31', '/v1/china-calendar/dates?dates=2024-02-04']) {
      const answer = await get(served.app, url, CSV);
      assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8', url);
      assert.equal(answer.headers.vary, undefined, url);
    }
  });

  it('answers HEAD with the headers GET would send for the same Accept', async () => {
    const got = await get(served.app, `${YEARS}2024`, CSV);
    const head = await inject(served.app, { method: 'HEAD', url: `${YEARS}2024`, headers: CSV });
    assert.deepEqual([head.status, head.body, head.headers['content-type'], head.headers['content-length'], head.headers.etag], [200, '', got.headers['content-type'], got.headers['content-length'], got.headers.etag]);
  });
});

describe('the CSV writer (RFC 4180)', () => {
  it('writes any fields so that a CSV parser reads them back as they were', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ' ', '休', ';') }), { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0]?.length ?? 0;
        const table = rows.map((row) => Array.from({ length: width }, (_, at) => row[at] ?? ''));
        assert.deepEqual(records(table.map(csvRecord).join('')), table);
      }),
      { numRuns: 300 },
    );
    assert.equal(csvRecord(['a,b', 'say "hi"', 'x']), '"a,b","say ""hi""",x\r\n');
  });
});

describe('CSV over a published year that cannot be read', () => {
  const broken = useTestAppWithUnreadableYear(2015);

  it('answers 503 where the rows need 2015', async () => {
    const answer = await get(broken.app, `${YEARS}2015`, CSV);
    assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL });
    assert.equal((await get(broken.app, `${YEARS}2016`, CSV)).status, 200);
  });
});
