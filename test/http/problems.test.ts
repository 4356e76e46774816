import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { METHODS } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { API_OPERATIONS } from 'china-holiday-calendar-service/internal/http/operations/operation-list.js';
import { problemJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { PROBLEM_CODES, PROBLEM_TYPES, problemRecord } from 'china-holiday-calendar-service/internal/http/kernel/problems.js';
import { BUNDLED_DATA_DIR, loadBundledViews } from '../helpers/bundled-dataset.js';
import { buildAppOn, throwingViews } from '../helpers/custom-app.js';
import {
  ABSENT,
  expectedOutcome,
  KNOWN_PATHS,
  once,
  OPERATIONS,
  PATH_PREFIX,
  REPEATED,
  type OperationSpec,
  type ReceivedValue,
} from '../helpers/design-rules.js';
import { get, headersWithoutDate, inject, type HttpAnswer } from '../helpers/http-answer.js';
import {
  assertDayStatus,
  assertJsonSuccess,
  assertProblem,
  assertRequestIdHeader,
  isWellFormedRequestId,
  PROBLEM_CONTENT_TYPE,
  SPEC_PROBLEM_STATUS,
  type ProblemBody,
} from '../helpers/spec-shapes.js';
import { buildTestApp, TEST_DOCS_URL, useTestApp } from '../helpers/test-app.js';

/*
 * Problem answers (docs/interface.md, Problem and Problems, docs/design.md (Interface decisions) "Parameters and errors") through the real
 * application on the bundled data, by inject.
 */

const served = useTestApp();



const DATES = PATH_PREFIX.getDateStatus;
const RANGES = PATH_PREFIX.getDateRangeStatus;
const WORKDAYS = PATH_PREFIX.calculateWorkdays;
const NEXT = PATH_PREFIX.getNextHoliday;

function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

async function expectProblem(url: string, status: number, code: string, headers: Record<string, string> = {}): Promise<ProblemBody> {
  return assertProblem(await get(served.app, url, headers), { status, code, docsUrl: TEST_DOCS_URL, instance: pathOnly(url) });
}

/** The URL of an operation with these values (already URL-encoded as they should travel). */
function urlFor(operation: OperationSpec, encoded: Readonly<Record<string, string | readonly string[]>>): string {
  if (operation.location === 'path') {
    const value = encoded.date;
    return `${DATES}${typeof value === 'string' ? value : ''}`;
  }
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(encoded)) {
    for (const item of typeof value === 'string' ? [value] : value) pairs.push(`${name}=${item}`);
  }
  return `${PATH_PREFIX[operation.name]}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}

/** Asserts the answer a request must get by docs/design.md (Interface decisions), from the values the service receives. */
async function expectOutcome(operation: OperationSpec, url: string, received: Readonly<Record<string, ReceivedValue>>): Promise<HttpAnswer> {
  const answer = await get(served.app, url);
  const outcome = expectedOutcome(operation.parameters, received, operation.isRange);
  if (outcome.code === 'OK') {
    assertJsonSuccess(answer);
  } else {
    const problem = assertProblem(answer, { status: 400, code: outcome.code, docsUrl: TEST_DOCS_URL, instance: pathOnly(url) });
    if (outcome.code === 'MISSING_PARAMETER') {
      for (const name of outcome.missing) assert.ok(problem.detail.includes(name), `detail names ${name}: ${problem.detail}`);
    }
  }
  return answer;
}

describe('every error code of docs/interface.md (Problems): seven fields, status = HTTP status, exact media type, type from DOCS_URL', () => {
  it('INVALID_DATE_FORMAT (400)', async () => {
    await expectProblem(`${DATES}2024-01-5`, 400, 'INVALID_DATE_FORMAT');
  });
  it('MISSING_PARAMETER (400)', async () => {
    await expectProblem(NEXT, 400, 'MISSING_PARAMETER');
  });
  it('INVALID_DATE_RANGE (400)', async () => {
    await expectProblem(`${RANGES}?startDate=2024-01-02&endDate=2024-01-01`, 400, 'INVALID_DATE_RANGE');
  });
  it('DATE_RANGE_TOO_LARGE (400)', async () => {
    await expectProblem(`${WORKDAYS}?startDate=2024-01-01&endDate=2025-01-01`, 400, 'DATE_RANGE_TOO_LARGE');
  });
  it('DATE_OUT_OF_SUPPORTED_RANGE (400)', async () => {
    await expectProblem(`${DATES}2007-12-31`, 400, 'DATE_OUT_OF_SUPPORTED_RANGE');
  });
  it('RESOURCE_NOT_FOUND (404)', async () => {
    await expectProblem('/v1/china-calendar/holidays', 404, 'RESOURCE_NOT_FOUND');
  });
  it('METHOD_NOT_ALLOWED (405) with Allow', async () => {
    const answer = await inject(served.app, { method: 'DELETE', url: `${WORKDAYS}?startDate=2024-01-01&endDate=2024-01-02` });
    assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: WORKDAYS });
    assertAllow(answer.headers.allow);
  });
  it('every documented code has its status (the table of docs/interface.md, Problems)', () => {
    // The service's own table against the documented one, transcribed in test/helpers/spec-shapes.ts.
    const served = Object.fromEntries(Object.keys(SPEC_PROBLEM_STATUS).map((code) => [code, PROBLEM_TYPES[code as keyof typeof PROBLEM_TYPES].status]));
    assert.deepEqual(served, SPEC_PROBLEM_STATUS);
  });
  // CALENDAR_DATA_UNAVAILABLE and INTERNAL_ERROR: see their own sections below.
});

/** Allow lists GET and HEAD, and OPTIONS only where OPTIONS is served (docs/design.md (Interface decisions)). */
function assertAllow(value: string | undefined): void {
  assert.equal(typeof value, 'string', 'a 405 carries Allow');
  const methods = String(value)
    .split(',')
    .map((method) => method.trim());
  assert.ok(methods.includes('GET') && methods.includes('HEAD'), `Allow ${String(value)} lists GET and HEAD`);
  assert.deepEqual(
    methods.filter((method) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'),
    [],
    `Allow ${String(value)} lists nothing but GET, HEAD (and OPTIONS)`,
  );
}

describe('type is built from the configured docs URL, never from the request', () => {
  it('a Host (and X-Forwarded-*) header does not leak into type', async () => {
    for (const url of [`${DATES}bad`, '/nope', NEXT]) {
      const answer = await get(served.app, url, {
        host: 'evil.example:6666',
        'x-forwarded-host': 'forwarded.example',
        'x-forwarded-proto': 'gopher',
      });
      const problem = assertProblem(answer, { status: answer.status, docsUrl: TEST_DOCS_URL, instance: pathOnly(url) });
      assert.ok(!problem.type.includes('evil') && !problem.type.includes('forwarded'), problem.type);
      assert.ok(!answer.body.includes('evil.example'), 'the Host header appears nowhere in the problem');
    }
  });

  it('another docs URL (with a path) gives type URIs under it', async () => {
    const docsUrl = 'https://docs.example.org/calendar/v1-docs';
    const { app: other } = await buildTestApp({ env: { DOCS_URL: docsUrl } });
    try {
      const answer = await get(other, `${WORKDAYS}?startDate=2024-01-01`, { host: 'evil.example' });
      const problem = assertProblem(answer, { status: 400, code: 'MISSING_PARAMETER', docsUrl, instance: WORKDAYS });
      assert.equal(problem.type, 'https://docs.example.org/calendar/v1-docs/problems/missing-parameter');
    } finally {
      await other.close();
    }
  });

  it('configuration: DOCS_URL is used as given (without a trailing slash); by default it is <PUBLIC_URL>/docs', () => {
    assert.equal(readConfig({ DOCS_URL: 'https://docs.example.org/x/' }).docsUrl, 'https://docs.example.org/x');
    assert.equal(readConfig({ HOST: '127.0.0.1', PORT: '8080' }).docsUrl, 'http://127.0.0.1:8080/docs');
    assert.equal(readConfig({ PUBLIC_URL: 'https://calendar.example.org/' }).docsUrl, 'https://calendar.example.org/docs');
  });

  it('the example of docs/design.md: http://127.0.0.1:8080/docs/problems/date-range-too-large', async () => {
    const { app: other } = await buildTestApp({ env: { DOCS_URL: readConfig({ HOST: '127.0.0.1', PORT: '8080' }).docsUrl } });
    try {
      const problem = assertProblem(await get(other, `${RANGES}?startDate=2024-01-01&endDate=2025-12-31`), {
        status: 400,
        code: 'DATE_RANGE_TOO_LARGE',
        docsUrl: 'http://127.0.0.1:8080/docs',
      });
      assert.equal(problem.type, 'http://127.0.0.1:8080/docs/problems/date-range-too-large');
    } finally {
      await other.close();
    }
  });
});

describe('instance is the path as sent, without the query', () => {
  const cases: readonly [string, string][] = [
    [`${DATES}2024%2D13%2D01`, `${DATES}2024%2D13%2D01`],
    [`${DATES}2024%2d13%2d01?x=1&y=%20`, `${DATES}2024%2d13%2d01`],
    [`${DATES}%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%94-01-05`, `${DATES}%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%94-01-05`],
    [`${NEXT}?fromDate=2007-12-31&q=%2Fx`, NEXT],
    [`${RANGES}?`, RANGES],
    ['/nope/%7Efoo?x=1', '/nope/%7Efoo'],
  ];
  for (const [url, instance] of cases) {
    it(url, async () => {
      const answer = await get(served.app, url);
      const problem = assertProblem(answer, { status: answer.status, docsUrl: TEST_DOCS_URL, instance });
      assert.notEqual(problem.status, 200);
    });
  }
});

describe('X-Request-Id (docs/design.md (Interface decisions))', () => {
  const wellFormed = ['abc', 'x', 'A'.repeat(128), 'req-2024-10-01_ABC.def:123', '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', '0'];
  for (const id of wellFormed) {
    it(`a well-formed incoming id is reused: ${JSON.stringify(id.length > 20 ? `${id.slice(0, 20)}… (${id.length})` : id)}`, async () => {
      const success = await get(served.app, `${DATES}2024-10-01`, { 'x-request-id': id });
      assertJsonSuccess(success);
      assert.equal(success.headers['x-request-id'], id);
      const problem = assertProblem(await get(served.app, `${DATES}nope`, { 'x-request-id': id }), {
        status: 400,
        code: 'INVALID_DATE_FORMAT',
        docsUrl: TEST_DOCS_URL,
      });
      assert.equal(problem.requestId, id);
      const notFound = assertProblem(await get(served.app, '/nope', { 'x-request-id': id }), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL });
      assert.equal(notFound.requestId, id);
    });
  }

  const malformed: readonly [string, string][] = [
    ['empty', ''],
    ['129 characters', 'A'.repeat(129)],
    ['containing a space', 'abc def'],
    ['leading space kept by the client', ' abc'],
    ['containing a tab', 'abc\tdef'],
    ['non-ASCII', 'héllo'],
    ['CJK', '请求'],
    ['DEL', 'abc\x7f'],
  ];
  for (const [label, id] of malformed) {
    it(`a malformed incoming id (${label}) is replaced by a generated one`, async () => {
      const success = await get(served.app, `${DATES}2024-10-01`, { 'x-request-id': id });
      assertJsonSuccess(success);
      assert.notEqual(success.headers['x-request-id'], id);
      const answer = await get(served.app, `${DATES}2024-02-30`, { 'x-request-id': id });
      const problem = assertProblem(answer, { status: 400, code: 'INVALID_DATE_FORMAT', docsUrl: TEST_DOCS_URL });
      assert.notEqual(problem.requestId, id);
      assert.notEqual(problem.requestId.trim(), id.trim());
      assert.ok(isWellFormedRequestId(problem.requestId));
    });
  }

  it('generated ids are well-formed and unique across many requests (successes, problems, 404, 405)', async () => {
    const seen = new Set<string>();
    const urls = [`${DATES}2024-10-01`, `${DATES}x`, '/nope', NEXT, `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`];
    for (let at = 0; at < 2000; at++) {
      const answer = await inject(served.app, { method: at % 7 === 0 ? 'POST' : 'GET', url: urls[at % urls.length] as string });
      seen.add(assertRequestIdHeader(answer));
    }
    assert.equal(seen.size, 2000);
  });

  it('ids generated by two served.app instances do not collide', async () => {
    const { app: other } = await buildTestApp();
    try {
      const ids = new Set<string>();
      for (let at = 0; at < 50; at++) {
        ids.add(assertRequestIdHeader(await get(served.app, '/nope')));
        ids.add(assertRequestIdHeader(await get(other, '/nope')));
      }
      assert.equal(ids.size, 100);
    } finally {
      await other.close();
    }
  });
});

describe('check order of docs/design.md (Interface decisions) with combined faults', () => {
  it('nothing given: MISSING_PARAMETER naming both absent parameters', async () => {
    for (const path of [RANGES, WORKDAYS]) {
      const problem = await expectProblem(path, 400, 'MISSING_PARAMETER');
      assert.match(problem.detail, /startDate/);
      assert.match(problem.detail, /endDate/);
    }
    assert.match((await expectProblem(`${NEXT}?from=2024-01-01`, 400, 'MISSING_PARAMETER')).detail, /fromDate/);
  });

  it('missing + malformed: MISSING_PARAMETER naming the absent one', async () => {
    const problem = await expectProblem(`${RANGES}?startDate=not-a-date`, 400, 'MISSING_PARAMETER');
    assert.match(problem.detail, /endDate/);
    const other = await expectProblem(`${WORKDAYS}?endDate=2024/01/01`, 400, 'MISSING_PARAMETER');
    assert.match(other.detail, /startDate/);
  });

  it('missing + before 2008 / + repeated: still MISSING_PARAMETER', async () => {
    await expectProblem(`${WORKDAYS}?startDate=2007-01-01`, 400, 'MISSING_PARAMETER');
    await expectProblem(`${RANGES}?endDate=2024-01-01&endDate=2024-01-02`, 400, 'MISSING_PARAMETER');
  });

  it('a parameter name in the wrong case is absent', async () => {
    await expectProblem(`${NEXT}?fromdate=2024-01-01`, 400, 'MISSING_PARAMETER');
    await expectProblem(`${RANGES}?StartDate=2024-01-01&endDate=2024-01-02`, 400, 'MISSING_PARAMETER');
  });

  it('malformed + before 2008: INVALID_DATE_FORMAT, in either position', async () => {
    await expectProblem(`${RANGES}?startDate=2007-01-01&endDate=2024-1-1`, 400, 'INVALID_DATE_FORMAT');
    await expectProblem(`${WORKDAYS}?startDate=2024-1-1&endDate=2007-01-01`, 400, 'INVALID_DATE_FORMAT');
  });

  it('malformed + start after end / + too large: INVALID_DATE_FORMAT', async () => {
    await expectProblem(`${RANGES}?startDate=2030-01-01&endDate=2024-02-30`, 400, 'INVALID_DATE_FORMAT');
    await expectProblem(`${WORKDAYS}?startDate=2024-02-30&endDate=2030-01-01`, 400, 'INVALID_DATE_FORMAT');
  });

  it('before 2008 + start after end: DATE_OUT_OF_SUPPORTED_RANGE, in either position', async () => {
    await expectProblem(`${RANGES}?startDate=2024-01-01&endDate=2007-06-01`, 400, 'DATE_OUT_OF_SUPPORTED_RANGE');
    await expectProblem(`${WORKDAYS}?startDate=2007-06-01&endDate=2007-01-01`, 400, 'DATE_OUT_OF_SUPPORTED_RANGE');
  });

  it('before 2008 + too large: DATE_OUT_OF_SUPPORTED_RANGE', async () => {
    await expectProblem(`${WORKDAYS}?startDate=2000-01-01&endDate=2024-01-01`, 400, 'DATE_OUT_OF_SUPPORTED_RANGE');
  });

  it('start after end + too large: INVALID_DATE_RANGE', async () => {
    await expectProblem(`${RANGES}?startDate=2026-01-01&endDate=2008-01-01`, 400, 'INVALID_DATE_RANGE');
    await expectProblem(`${WORKDAYS}?startDate=9999-12-31&endDate=2008-01-01`, 400, 'INVALID_DATE_RANGE');
  });

  it('start after end by one day: INVALID_DATE_RANGE; equal: allowed', async () => {
    await expectProblem(`${RANGES}?startDate=2024-03-01&endDate=2024-02-29`, 400, 'INVALID_DATE_RANGE');
    assertJsonSuccess(await get(served.app, `${RANGES}?startDate=2024-02-29&endDate=2024-02-29`));
  });

  it('ranges reaching far into unpublished years still obey the span limit', async () => {
    await expectProblem(`${WORKDAYS}?startDate=9998-12-30&endDate=9999-12-31`, 400, 'DATE_RANGE_TOO_LARGE');
    assertJsonSuccess(await get(served.app, `${WORKDAYS}?startDate=9999-01-01&endDate=9999-12-31`));
  });

  it('malformed + missing on the single-parameter operations: the same order', async () => {
    await expectProblem(`${NEXT}?fromDate=2007-13-01`, 400, 'INVALID_DATE_FORMAT');
    await expectProblem(`${NEXT}?fromDate=2007-12-01`, 400, 'DATE_OUT_OF_SUPPORTED_RANGE');
  });
});

/*
 * Date forms, each tried in every date parameter of the four operations of docs/interface.md (the other parameter of a
 * range held valid). The decoded text decides the outcome by docs/design.md (Interface decisions).
 */
const DATE_FORMS: readonly [string, string][] = [
  ['empty', ''],
  ['leading space', ' 2024-01-05'],
  ['trailing space', '2024-01-05 '],
  ['leading plus', '+2024-01-05'],
  ['leading minus', '-2024-01-05'],
  ['time suffix T00:00', '2024-01-05T00:00'],
  ['full timestamp', '2024-01-05T00:00:00Z'],
  ['Z suffix', '2024-01-05Z'],
  ['zone suffix +08:00', '2024-01-05+08:00'],
  ['newline suffix', '2024-01-05\n'],
  ['NUL suffix', '2024-01-05\u0000'],
  ['slashes', '2024/01/05'],
  ['dots', '2024.01.05'],
  ['basic form', '20240105'],
  ['short day part', '2024-01-5'],
  ['short month part', '2024-1-05'],
  ['two-digit year', '24-01-05'],
  ['day-month-year', '05-01-2024'],
  ['full-width digits', '２０２４-０１-０５'],
  ['one full-width digit', '2024-0１-05'],
  ['Arabic-Indic digits', '٢٠٢٤-٠١-٠٥'],
  ['full-width hyphen', '2024－01－05'],
  ['ordinal date', '2024-005'],
  ['week date', '2024-W01-5'],
  ['five-digit year', '10000-01-01'],
  ['2023-02-29 (not a leap year)', '2023-02-29'],
  ['2024-04-31', '2024-04-31'],
  ['month 13', '2024-13-01'],
  ['month 00', '2024-00-10'],
  ['day 00', '2024-01-00'],
  ['day 32', '2024-01-32'],
  ['1900-02-29 (not a leap year)', '1900-02-29'],
  ['2100-02-29 (not a leap year)', '2100-02-29'],
  ['2024-02-29 (leap day, valid)', '2024-02-29'],
  ['2000-02-29 (valid, before 2008)', '2000-02-29'],
  ['2400-02-29 (valid, unpublished)', '2400-02-29'],
  ['2007-12-31 (valid, before 2008)', '2007-12-31'],
  ['0000-01-01 (valid ISO year, before 2008)', '0000-01-01'],
  ['2008-01-01 (earliest)', '2008-01-01'],
  ['9999-12-31 (valid, UNKNOWN)', '9999-12-31'],
];

const SLOT_PARTNER = '2024-06-30';

describe('date forms in every date parameter (docs/design.md: exactly yyyy-MM-dd and a real date)', () => {
  for (const [label, text] of DATE_FORMS) {
    it(`${label}: ${JSON.stringify(text)}`, async () => {
      for (const operation of OPERATIONS) {
        for (const name of operation.parameters) {
          const encoded: Record<string, string> = {};
          const received: Record<string, ReceivedValue> = {};
          for (const parameter of operation.parameters) {
            const value = parameter === name ? text : SLOT_PARTNER;
            encoded[parameter] = encodeURIComponent(value);
            received[parameter] = once(value);
          }
          await expectOutcome(operation, urlFor(operation, encoded), received);
        }
      }
    });
  }

  it('2024-02-29 answers a Thursday WORKDAY; 9999-12-31 a Friday UNKNOWN', async () => {
    const leap = assertJsonSuccess(await get(served.app, `${DATES}2024-02-29`));
    assertDayStatus(leap, { date: '2024-02-29' });
    assert.equal(leap.dayStatus, 'WORKDAY');
    const last = assertJsonSuccess(await get(served.app, `${DATES}9999-12-31`));
    assertDayStatus(last, { date: '9999-12-31' });
    assert.equal(last.dayStatus, 'UNKNOWN');
  });

  it('query forms that decode to padding: +, %20, %2B, raw suffixes', async () => {
    const operation = OPERATIONS.find((candidate) => candidate.name === 'getNextHoliday') as OperationSpec;
    const forms: readonly [string, string][] = [
      ['+2024-01-05', ' 2024-01-05'],
      ['2024-01-05+', '2024-01-05 '],
      ['%202024-01-05', ' 2024-01-05'],
      ['2024-01-05%20', '2024-01-05 '],
      ['%2B2024-01-05', '+2024-01-05'],
      ['2024-01-05+08:00', '2024-01-05 08:00'],
      ['2024-01-05%2B08:00', '2024-01-05+08:00'],
      ['2024-01-05T00:00', '2024-01-05T00:00'],
      ['2024-01-05Z', '2024-01-05Z'],
      ['2024%2F01%2F05', '2024/01/05'],
      ['2024/01/05', '2024/01/05'],
      ['2024-01-05%09', '2024-01-05\t'],
      ['2024-01-05%0D%0A', '2024-01-05\r\n'],
    ];
    for (const [raw, decoded] of forms) {
      await expectOutcome(operation, `${NEXT}?fromDate=${raw}`, { fromDate: once(decoded) });
    }
  });

  it('a parameter present without "=" is empty, hence INVALID_DATE_FORMAT', async () => {
    await expectProblem(`${NEXT}?fromDate`, 400, 'INVALID_DATE_FORMAT');
    await expectProblem(`${RANGES}?startDate&endDate=2024-01-01`, 400, 'INVALID_DATE_FORMAT');
  });

  it('repeated parameters are INVALID_DATE_FORMAT, even with identical valid values', async () => {
    const cases: readonly [OperationSpec['name'], string, Record<string, ReceivedValue>][] = [
      ['getNextHoliday', `${NEXT}?fromDate=a&fromDate=b`, { fromDate: REPEATED }],
      ['getNextHoliday', `${NEXT}?fromDate=2024-01-05&fromDate=2024-01-05`, { fromDate: REPEATED }],
      ['getNextHoliday', `${NEXT}?fromDate=2024-01-05&fromDate=`, { fromDate: REPEATED }],
      ['getDateRangeStatus', `${RANGES}?startDate=2024-01-05&startDate=2024-01-05&endDate=2024-01-06`, { startDate: REPEATED, endDate: once('2024-01-06') }],
      ['calculateWorkdays', `${WORKDAYS}?startDate=2024-01-05&endDate=2024-01-06&endDate=2024-01-06`, { startDate: once('2024-01-05'), endDate: REPEATED }],
      ['calculateWorkdays', `${WORKDAYS}?startDate=2024-01-05&endDate=2024-01-06&endDate=2024-01-07&endDate=x`, { startDate: once('2024-01-05'), endDate: REPEATED }],
      ['calculateWorkdays', `${WORKDAYS}?startDate=2007-01-05&endDate=2024-01-06&endDate=2024-01-06`, { startDate: once('2007-01-05'), endDate: REPEATED }],
      ['getDateRangeStatus', `${RANGES}?startDate=2024-01-05&startDate=2024-01-06`, { startDate: REPEATED, endDate: ABSENT }],
      ['getDateStatus', `${DATES}2024-01-05?date=2024-01-05&date=2024-01-06`, { date: once('2024-01-05') }],
    ];
    for (const [name, url, received] of cases) {
      const operation = OPERATIONS.find((candidate) => candidate.name === name) as OperationSpec;
      await expectOutcome(operation, url, received);
    }
    const problem = await expectProblem(`${NEXT}?fromDate=2024-01-05&fromDate=2024-01-05`, 400, 'INVALID_DATE_FORMAT');
    assert.match(problem.detail, /fromDate/);
  });

  it('a near miss of a real date: the detail says what was probably meant, code and status unchanged', async () => {
    const nearMisses: readonly [string, string, string][] = [
      // [raw query value, as decoded, the date probably meant]
      ['2024-2-4', '2024-2-4', '2024-02-04'],
      ['20240204', '20240204', '2024-02-04'],
      ['2024/02/04', '2024/02/04', '2024-02-04'],
      ['2024%2F2%2F4', '2024/2/4', '2024-02-04'],
      ['2024.02.04', '2024.02.04', '2024-02-04'],
      ['%202024-02-04%20', ' 2024-02-04 ', '2024-02-04'],
      ['+2024-02-04', ' 2024-02-04', '2024-02-04'],
      ['2024-02-04T00:00', '2024-02-04T00:00', '2024-02-04'],
      ['2024-02-04T08:30:00Z', '2024-02-04T08:30:00Z', '2024-02-04'],
      ['2024-02-04+08:00', '2024-02-04 08:00', '2024-02-04'],
      ['2024-02-04%2B08:00', '2024-02-04+08:00', '2024-02-04'],
      ['2024-02-04Z', '2024-02-04Z', '2024-02-04'],
      ['2007%2F12%2F31', '2007/12/31', '2007-12-31'],
    ];
    for (const [raw, decoded, meant] of nearMisses) {
      const problem = await expectProblem(`${NEXT}?fromDate=${raw}`, 400, 'INVALID_DATE_FORMAT');
      assert.equal(problem.detail, `fromDate must be a real calendar date in yyyy-MM-dd form; got ${JSON.stringify(decoded)}; did you mean ${meant}?`);
    }
    const inPath = await expectProblem(`${DATES}2024-2-4`, 400, 'INVALID_DATE_FORMAT');
    assert.match(inPath.detail, /got "2024-2-4"; did you mean 2024-02-04\?$/);
  });

  it('no guess where no real date is near: the detail only echoes the value', async () => {
    for (const text of ['2023-2-29', '2024-13-01', '2024-02-30T00:00', '24-01-05', '05-01-2024', '2024-005', 'tomorrow', '２０２４-０１-０５', '2024-01-05\u0000']) {
      const problem = await expectProblem(`${NEXT}?fromDate=${encodeURIComponent(text)}`, 400, 'INVALID_DATE_FORMAT');
      assert.equal(problem.detail, `fromDate must be a real calendar date in yyyy-MM-dd form; got ${JSON.stringify(text)}.`);
    }
  });

  it('a raw slash in the date path is a path the service does not have: 404', async () => {
    await expectProblem(`${DATES}2024/01/05`, 404, 'RESOURCE_NOT_FOUND');
  });
});

describe('404 for a path the service does not have, whatever the method', () => {
  const paths = [
    '/nope',
    '//',
    '/v1',
    '/v1/',
    '/v1/china-calendar',
    '/v1/china-calendar/',
    '/v1/china-calendar/workdays/',
    '/v1/china-calendar/date-ranges/',
    '/v1/china-calendar/next-holiday/',
    '/v1/china-calendar/date',
    '/v1/china-calendar/dates/2024-10-01/',
    '/v1/china-calendar/dates/2024-10-01/extra',
    '/V1/china-calendar/workdays',
    '/v1/China-Calendar/workdays',
    '/v1/china-calendar/WORKDAYS',
    '/v1/china-calendar/Dates/2024-10-01',
    '//v1/china-calendar/workdays',
    '/v1//china-calendar/workdays',
    '/v1/china-calendar//workdays',
    '//v1/china-calendar/dates/2024-10-01',
    '/v2/china-calendar/workdays',
    '/v1/china-calendar/workdays.json',
    '/v1/china-calendar/date',
    '/v1/china-calendar/holidays',
    '/china-calendar/workdays',
    '/v1/china-calendar/workdays;a=b',
  ];
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'TRACE'] as const;
  for (const path of paths) {
    it(path, async () => {
      for (const method of methods) {
        const answer = await inject(served.app, { method, url: `${path}?startDate=2024-01-01&endDate=2024-01-02` });
        assertProblem(answer, { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL, instance: path });
      }
      const head = await inject(served.app, { method: 'HEAD', url: path });
      assert.equal(head.status, 404, `HEAD ${path}`);
      assert.equal(head.headers['content-type'], PROBLEM_CONTENT_TYPE);
      assert.equal(head.body, '');
    });
  }
});

describe('a date typed with slashes in the path', () => {
  it('is a 404 whose detail names the path probably meant, as a near miss in one segment gets its hint', async () => {
    for (const [path, meant] of [
      ['/v1/china-calendar/dates/2024/02/04', '/v1/china-calendar/dates/2024-02-04'],
      ['/v1/china-calendar/dates/2024/2/4', '/v1/china-calendar/dates/2024-02-04'],
      ['/v1/china-calendar/dates/2024/02/04/', '/v1/china-calendar/dates/2024-02-04'],
      ['/v1/china-calendar/dates/2007/12/31', '/v1/china-calendar/dates/2007-12-31'],
      ['/v1/china-calendar/dates/2024%2F02/04', '/v1/china-calendar/dates/2024-02-04'],
    ] as const) {
      for (const method of ['GET', 'HEAD', 'POST'] as const) {
        const answer = await inject(served.app, { method, url: path });
        assert.equal(answer.status, 404, `${method} ${path}`);
        if (method === 'HEAD') continue;
        const problem = assertProblem(answer, { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL, instance: path });
        assert.equal(problem.detail, `No resource exists at this path; did you mean ${meant}?`);
      }
      // Where it leads is the date's answer (or its problem, for a date the service does not cover).
      assert.notEqual((await get(served.app, meant)).status, 404);
    }
    for (const path of ['/v1/china-calendar/dates/2024/13/04', '/v1/china-calendar/dates/2024/02', '/v1/china-calendar/dates/a/b/c', '/v1/china-calendar/years/2024/02/04']) {
      const problem = assertProblem(await get(served.app, path), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL, instance: path });
      assert.equal(problem.detail, 'No resource exists at this path.', path);
    }
  });
});

describe('405 for every method but GET and HEAD on the four known paths, with Allow', () => {
  const methods = METHODS.filter((method) => !['GET', 'HEAD', 'CONNECT', 'OPTIONS'].includes(method));
  const urls = [...KNOWN_PATHS, `${DATES}not-a-date`, `${DATES}1999-01-01`, `${WORKDAYS}?startDate=x`, `${NEXT}?fromDate=2024-10-01`];
  for (const method of methods) {
    it(`${method} on ${urls.length} known-path URLs`, async () => {
      for (const url of urls) {
        const answer = await inject(served.app, { method: method as 'POST', url });
        assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: pathOnly(url) });
        assertAllow(answer.headers.allow);
      }
    });
  }

  it('OPTIONS: 405 with Allow: GET, HEAD, unless OPTIONS is served (then Allow lists it)', async () => {
    for (const url of KNOWN_PATHS) {
      const options = await inject(served.app, { method: 'OPTIONS', url });
      const post = await inject(served.app, { method: 'POST', url });
      const allowsOptions = String(post.headers.allow).includes('OPTIONS');
      if (allowsOptions) {
        assert.ok(options.status < 300, `OPTIONS ${url} is served since Allow lists it (got ${options.status})`);
        assertRequestIdHeader(options);
      } else {
        assertProblem(options, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: url });
        assertAllow(options.headers.allow);
      }
    }
  });

  it('a request body never turns a 405 into another answer (JSON, bad JSON, unknown media type, over 1 KiB)', async () => {
    const bodies: readonly [string, string][] = [
      ['application/json', '{"startDate":"2024-01-01"}'],
      ['application/json', '{'],
      ['application/xml', '<a/>'],
      ['text/plain', 'x'.repeat(5000)],
      ['application/octet-stream', 'x'],
    ];
    for (const url of KNOWN_PATHS) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        for (const [contentType, payload] of bodies) {
          const answer = await inject(served.app, { method, url, headers: { 'content-type': contentType }, payload });
          assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: url });
        }
      }
    }
  });

  it('a request body never turns a 404 into another answer', async () => {
    for (const [contentType, payload] of [
      ['application/json', '{'],
      ['application/xml', '<a/>'],
      ['text/plain', 'x'.repeat(5000)],
    ] as const) {
      const answer = await inject(served.app, { method: 'POST', url: '/nope', headers: { 'content-type': contentType }, payload });
      assertProblem(answer, { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL, instance: '/nope' });
    }
  });

  it('a GET with a body is still answered by the GET rules', async () => {
    const answer = await inject(served.app, {
      method: 'GET',
      url: `${DATES}2024-10-01`,
      headers: { 'content-type': 'application/json' },
      payload: '{"date":"1999-01-01"}',
    });
    assertJsonSuccess(answer);
  });
});

describe('INTERNAL_ERROR (500): an unexpected failure, without internal detail, and the served.app keeps serving', () => {
  const SECRET = 'SECRET-INTERNAL-DETAIL /srv/data/index.bin at Object.<anonymous> (calendar.ts:12:3)';

  it('a calendar source that throws', async () => {
    let failing = true;
    const index = await loadBundledViews();
    const other = await buildAppOn(
      {
        current: () => {
          if (failing) throw new TypeError(SECRET);
          return index;
        },
      },
      { docsUrl: TEST_DOCS_URL },
    );
    try {
      for (const operation of OPERATIONS) {
        const answer = await get(other, operation.samplePath);
        const problem = assertProblem(answer, { status: 500, code: 'INTERNAL_ERROR', docsUrl: TEST_DOCS_URL, instance: pathOnly(operation.samplePath) });
        assert.ok(!answer.body.includes('SECRET') && !problem.detail.includes('TypeError'), answer.body);
      }
      const head = await inject(other, { method: 'HEAD', url: `${DATES}2024-10-01` });
      assert.equal(head.status, 500);
      assert.equal(head.body, '');
      // Parameter problems do not need the calendar.
      assertProblem(await get(other, `${DATES}2024-13-01`), { status: 400, code: 'INVALID_DATE_FORMAT', docsUrl: TEST_DOCS_URL });
      failing = false;
      for (const operation of OPERATIONS) assertJsonSuccess(await get(other, operation.samplePath));
    } finally {
      await other.close();
    }
  });

  for (const method of ['dayJson', 'rangeJson', 'countDays', 'nextHolidayJson'] as const) {
    it(`an index whose ${method} throws`, async () => {
      const index = await throwingViews(method, SECRET);
      const other = await buildAppOn({ current: () => index }, { docsUrl: TEST_DOCS_URL });
      try {
        const urls = OPERATIONS.map((operation) => operation.samplePath);
        const statuses: number[] = [];
        for (const url of urls) {
          const answer = await get(other, url);
          statuses.push(answer.status);
          if (answer.status === 500) {
            assertProblem(answer, { status: 500, code: 'INTERNAL_ERROR', docsUrl: TEST_DOCS_URL, instance: pathOnly(url) });
            assert.ok(!answer.body.includes('SECRET'), answer.body);
          } else {
            assertJsonSuccess(answer);
          }
        }
        assert.ok(statuses.includes(500), `some operation uses ${method}`);
        // Still serving: health and parameter problems.
        assert.equal((await get(other, '/healthz')).status, 200);
        assertProblem(await get(other, '/nope'), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL });
      } finally {
        await other.close();
      }
    });
  }
});

describe('CALENDAR_DATA_UNAVAILABLE (503)', () => {
  it('no dataset loaded: every operation of the route list answers each of its examples with 503 and Retry-After', async () => {
    const other = await buildAppOn({ current: () => undefined }, { docsUrl: TEST_DOCS_URL });
    try {
      const examples = API_OPERATIONS.flatMap((operation) => Object.values(operation.examples).map((example) => ({ operation: operation.operationId, url: example.request })));
      assert.deepEqual([...new Set(examples.map((example) => example.operation))], API_OPERATIONS.map((operation) => operation.operationId), 'every operation has an example to try');
      for (const { operation, url } of examples) {
        const answer = await get(other, url);
        assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL, instance: pathOnly(url) });
        assertRetryAfter(answer);
        assert.match((JSON.parse(answer.body) as { detail: string }).detail, /No calendar data is loaded: .* GET \/readyz shows why/, 'the detail points to where the cause is shown');
        const head = await inject(other, { method: 'HEAD', url, headers: { 'x-request-id': 'same' } });
        const again = await inject(other, { method: 'GET', url, headers: { 'x-request-id': 'same' } });
        assert.equal(head.status, 503, operation);
        assert.equal(head.body, '');
        assert.equal(head.headers['content-length'], again.headers['content-length']);
        assert.equal(head.headers['retry-after'], again.headers['retry-after']);
      }
      // Parameter problems come first and need no data.
      assertProblem(await get(other, `${DATES}2024-1-1`), { status: 400, code: 'INVALID_DATE_FORMAT', docsUrl: TEST_DOCS_URL });
      assertProblem(await get(other, `${DATES}2007-01-01`), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    } finally {
      await other.close();
    }
  });

  describe('one published year unreadable (2020.json corrupt)', () => {
    let dir: string;
    let broken: FastifyInstance;

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'calendar-http-'));
      await cp(BUNDLED_DATA_DIR, dir, { recursive: true });
      await writeFile(join(dir, '2020.json'), '{ this is not JSON');
      ({ app: broken } = await buildTestApp({ dataDir: dir }));
    });

    after(async () => {
      await broken.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('dates of 2020 answer 503 with Retry-After, in each operation of docs/interface.md that reaches them', async () => {
      for (const url of [
        `${DATES}2020-05-01`,
        `${RANGES}?startDate=2019-12-30&endDate=2020-01-02`,
        `${WORKDAYS}?startDate=2020-01-01&endDate=2020-12-31`,
        `${NEXT}?fromDate=2020-03-01`,
      ]) {
        const answer = await get(broken, url);
        assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL, instance: pathOnly(url) });
        assertRetryAfter(answer);
      }
    });

    it('dates of other years keep answering 200, and unpublished years stay UNKNOWN', async () => {
      for (const date of ['2019-06-01', '2021-05-01', '2024-10-01']) {
        const body = assertJsonSuccess(await get(broken, `${DATES}${date}`));
        assertDayStatus(body, { date });
      }
      const unknown = assertJsonSuccess(await get(broken, `${DATES}2027-01-01`));
      assertDayStatus(unknown, { date: '2027-01-01' });
      assertJsonSuccess(await get(broken, `${WORKDAYS}?startDate=2021-01-01&endDate=2021-12-31`));
      assertJsonSuccess(await get(broken, `${NEXT}?fromDate=2021-01-01`));
      assertJsonSuccess(await get(broken, `${NEXT}?fromDate=2030-01-01`));
    });
  });
});

function assertRetryAfter(answer: HttpAnswer): void {
  const value = answer.headers['retry-after'];
  assert.equal(typeof value, 'string', 'a 503 carries Retry-After');
  assert.ok(/^\d+$/.test(String(value)) || !Number.isNaN(Date.parse(String(value))), `Retry-After ${String(value)} is seconds or an HTTP date`);
}

describe('every problem answer, whatever produced it, has the same form', () => {
  it('HEAD of a problem: same status and headers as GET, no body', async () => {
    for (const url of [`${DATES}bad`, NEXT, '/nope', `${WORKDAYS}?startDate=2024-01-02&endDate=2024-01-01`]) {
      const headers = { 'x-request-id': 'problem-head-1' };
      const getAnswer = await inject(served.app, { method: 'GET', url, headers });
      const headAnswer = await inject(served.app, { method: 'HEAD', url, headers });
      assert.equal(headAnswer.status, getAnswer.status);
      assert.deepEqual(headersWithoutDate(headAnswer), headersWithoutDate(getAnswer));
      assert.equal(headAnswer.body, '');
    }
  });
});

describe('problemJson: the problem body', () => {
  it('is byte for byte JSON.stringify of the record, whatever the strings hold (quotes, controls, lone surrogates)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROBLEM_CODES),
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary' }),
        fc.webUrl(),
        (code, detail, instance, requestId, docsUrl) => {
          const record = problemRecord(docsUrl, { code, detail }, instance, requestId);
          assert.equal(problemJson(record), JSON.stringify(record));
        },
      ),
    );
  });
});
