import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { get, headersWithoutDate, inject, type HttpAnswer } from '../helpers/http-answer.js';
import { OPERATIONS } from '../helpers/design-rules.js';
import { expectedCounts, expectedDay, expectedNextHolidayBody, HOLIDAY_NAMES, REFERENCE_FIRST, REFERENCE_LAST } from '../helpers/reference-calendar.js';
import { addDays, datesFromTo, spanDays, weekdayOf } from '../helpers/spec-dates.js';
import {
  assertDayStatus,
  assertJsonSuccess,
  assertNextHoliday,
  assertProblem,
  assertWorkdayCount,
  type DayStatusBody,
  expectedDayBody,
} from '../helpers/spec-shapes.js';
import { useTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * The four operations of spec sections 2.1-2.4 and 4 through the real application on the bundled
 * data (inject). Expected calendar values come from the official notices (test/fixtures/notices/) (typed in
 * test/helpers/reference-calendar.ts) and docs/design.md (Interface decisions), never from src/.
 */

const served = useTestApp();

const DATES = '/v1/china-calendar/dates/';
const RANGES = '/v1/china-calendar/date-ranges';
const WORKDAYS = '/v1/china-calendar/workdays';
const NEXT = '/v1/china-calendar/next-holiday';



async function day(date: string): Promise<DayStatusBody> {
  const body = assertJsonSuccess(await get(served.app, `${DATES}${date}`));
  assertDayStatus(body, { date, datasetVersion: served.version });
  return body;
}

async function range(start: string, end: string): Promise<DayStatusBody[]> {
  const answer = await get(served.app, `${RANGES}?startDate=${start}&endDate=${end}`);
  const body = assertJsonSuccess(answer);
  assert.ok(Array.isArray(body), 'the range answer is a bare JSON array');
  const expected = datesFromTo(start, end);
  assert.equal(body.length, expected.length, `one element per day of ${start}..${end}`);
  body.forEach((element: unknown, at) => {
    assertDayStatus(element, { date: expected[at] as string, datasetVersion: served.version }, `element ${at}`);
  });
  return body as DayStatusBody[];
}

async function counts(start: string, end: string): Promise<unknown> {
  const body = assertJsonSuccess(await get(served.app, `${WORKDAYS}?startDate=${start}&endDate=${end}`));
  assertWorkdayCount(body, start, end, spanDays(start, end));
  return body;
}


describe('every success answer', () => {
  for (const operation of OPERATIONS) {
    it(`${operation.name}: 200, application/json; charset=utf-8, X-Request-Id, exact Content-Length`, async () => {
      const answer = await get(served.app, operation.samplePath);
      assertJsonSuccess(answer);
      assert.equal(answer.headers['content-length'], String(Buffer.byteLength(answer.body)));
    });
  }
});

describe('getDateStatus (docs/interface.md, Day status)', () => {
  it('answers one day-status object with exactly the fields of 2.1, in order, no wrapper', async () => {
    const answer = await get(served.app, `${DATES}2024-10-01`);
    assertJsonSuccess(answer);
    assert.equal(
      answer.body,
      JSON.stringify({
        date: '2024-10-01',
        dayOfWeek: 'TUESDAY',
        workStatus: 'REST_DAY',
        dayStatus: 'HOLIDAY',
        holidays: [{ code: 'NATIONAL_DAY', name: '国庆节', statutoryDate: true }],
        datasetVersion: served.version,
      }),
    );
  });

  const cases: readonly [string, string][] = [
    ['2024-02-09', '除夕 2024 is a plain Friday: the notice only encourages leave'],
    ['2024-02-04', 'make-up working Sunday of the Spring Festival'],
    ['2024-02-10', '正月初一, statutory'],
    ['2024-02-17', 'last rest day of the Spring Festival, a Saturday, not statutory'],
    ['2024-06-08', 'weekend only joined to the Dragon Boat Festival'],
    ['2024-06-10', 'Dragon Boat Festival on a Monday'],
    ['2023-12-30', 'December weekend joined to the 2024 New Year'],
    ['2023-01-02', 'New Year rest Monday after a Sunday New Year'],
    ['2023-09-29', 'combined Mid-Autumn (statutory) and National Day (not) entry'],
    ['2025-10-06', 'National Day + Mid-Autumn entry, Mid-Autumn statutory'],
    ['2025-01-28', '除夕 2025, statutory under the 2024 regulation'],
    ['2025-05-02', 'second statutory Labor Day under the 2024 regulation'],
    ['2026-02-15', 'Spring Festival 2026 starts before 除夕'],
    ['2026-02-16', '除夕 2026 is the 29th of the 12th lunar month'],
    ['2026-09-20', 'make-up working Sunday before National Day 2026'],
    ['2024-10-12', 'make-up working Saturday after National Day'],
    ['2024-03-05', 'ordinary Tuesday'],
    ['2024-03-09', 'ordinary Saturday'],
    ['2024-02-29', 'leap day'],
    ['2026-12-31', 'last day of the last published year'],
  ];
  for (const [date, why] of cases) {
    it(`${date}: ${why}`, async () => {
      assert.deepEqual(await day(date), expectedDayBody(date, served.version));
    });
  }

  it('docs/design.md examples outside 2023-2026: 2020-10-01 carries National Day then Mid-Autumn, both statutory', async () => {
    assert.deepEqual((await day('2020-10-01')).holidays, [
      { code: 'NATIONAL_DAY', name: HOLIDAY_NAMES.NATIONAL_DAY, statutoryDate: true },
      { code: 'MID_AUTUMN_FESTIVAL', name: HOLIDAY_NAMES.MID_AUTUMN_FESTIVAL, statutoryDate: true },
    ]);
  });

  it('2020-02-03, the Monday work resumed after the 2020 extension, is a plain WORKDAY', async () => {
    const body = await day('2020-02-03');
    assert.equal(body.dayStatus, 'WORKDAY');
    assert.deepEqual(body.holidays, []);
  });

  it('2018-12-29, named by the 2019 notice, is a make-up working day of the New Year', async () => {
    const body = await day('2018-12-29');
    assert.equal(body.dayStatus, 'ADJUSTED_WORKDAY');
    assert.deepEqual(body.holidays, [{ code: 'NEW_YEAR', name: '元旦', statutoryDate: false }]);
  });

  it('2008-01-01, the earliest supported date, is the statutory New Year', async () => {
    const body = await day('2008-01-01');
    assert.equal(body.dayStatus, 'HOLIDAY');
    assert.deepEqual(body.holidays, [{ code: 'NEW_YEAR', name: '元旦', statutoryDate: true }]);
  });

  it('2015-09-03 carries the 70th anniversary victory day', async () => {
    const body = await day('2015-09-03');
    assert.equal(body.dayStatus, 'HOLIDAY');
    assert.deepEqual(
      body.holidays.map((holiday) => holiday.code),
      ['VICTORY_DAY_70TH_ANNIVERSARY'],
    );
  });

  for (const date of ['2027-01-01', '2027-02-06', '2030-06-15', '2099-12-31', '2400-02-29', '9999-12-31']) {
    it(`${date} (unpublished year): 200, UNKNOWN, holidays [], datasetVersion null (docs/interface.md, UNKNOWN and publication)`, async () => {
      const answer = await get(served.app, `${DATES}${date}`);
      assertJsonSuccess(answer);
      assert.equal(
        answer.body,
        JSON.stringify({ date, dayOfWeek: weekdayOf(date), workStatus: 'UNKNOWN', dayStatus: 'UNKNOWN', holidays: [], datasetVersion: null }),
      );
    });
  }

  it('9999-12-31 is a Friday', async () => {
    assert.equal((await day('9999-12-31')).dayOfWeek, 'FRIDAY');
  });
});

describe('getDateRangeStatus (docs/interface.md)', () => {
  it('a single-day range is a one-element array equal to the single-date answer', async () => {
    const single = await get(served.app, `${DATES}2024-10-01`);
    const answer = await get(served.app, `${RANGES}?startDate=2024-10-01&endDate=2024-10-01`);
    assertJsonSuccess(answer);
    assert.equal(answer.body, `[${single.body}]`);
  });

  it('2024-01-01..2024-12-31 (366 days, both ends): 366 elements, ascending, every day as the reference says', async () => {
    const body = await range('2024-01-01', '2024-12-31');
    assert.equal(body.length, 366);
    assert.equal(body[0]?.date, '2024-01-01');
    assert.equal(body.at(-1)?.date, '2024-12-31');
    assert.deepEqual(body, datesFromTo('2024-01-01', '2024-12-31').map((date) => expectedDayBody(date, served.version)));
  });

  for (const year of [2023, 2025, 2026]) {
    it(`${year}: every day as the reference says`, async () => {
      const body = await range(`${year}-01-01`, `${year}-12-31`);
      assert.deepEqual(body, datesFromTo(`${year}-01-01`, `${year}-12-31`).map((date) => expectedDayBody(date, served.version)));
    });
  }

  it('2023-01-01..2024-01-01 spans 366 days and is allowed', async () => {
    const body = await range('2023-01-01', '2024-01-01');
    assert.equal(body.length, 366);
  });

  it('2025-01-01..2026-01-01 spans 366 days and is allowed', async () => {
    assert.equal((await range('2025-01-01', '2026-01-01')).length, 366);
  });

  it('367 days is DATE_RANGE_TOO_LARGE', async () => {
    for (const [start, end] of [
      ['2023-01-01', '2024-01-02'],
      ['2024-01-01', '2025-01-01'],
      ['2025-01-01', '2026-01-02'],
    ] as const) {
      assert.equal(spanDays(start, end), 367);
      assertProblem(await get(served.app, `${RANGES}?startDate=${start}&endDate=${end}`), {
        status: 400,
        code: 'DATE_RANGE_TOO_LARGE',
        docsUrl: TEST_DOCS_URL,
        instance: RANGES,
      });
    }
  });

  it('each element is byte for byte the single-date answer of its day', async () => {
    const answer = await get(served.app, `${RANGES}?startDate=2024-09-25&endDate=2024-10-15`);
    const elements = JSON.parse(answer.body) as unknown[];
    for (const [at, date] of datesFromTo('2024-09-25', '2024-10-15').entries()) {
      assert.equal(JSON.stringify(elements[at]), (await get(served.app, `${DATES}${date}`)).body, date);
    }
  });

  it('a range across the end of the published years turns UNKNOWN exactly on 2027-01-01', async () => {
    const body = await range('2026-12-30', '2027-01-02');
    assert.deepEqual(
      body.map((element) => [element.dayStatus, element.datasetVersion]),
      [
        ['WORKDAY', served.version],
        ['WORKDAY', served.version],
        ['UNKNOWN', null],
        ['UNKNOWN', null],
      ],
    );
  });

  it('far-future ranges are UNKNOWN with correct weekdays (9999-01-01..9999-12-31, 2036-07-01..2037-06-30)', async () => {
    assert.equal((await range('9999-01-01', '9999-12-31')).length, 365);
    assert.equal((await range('2036-07-01', '2037-06-30')).length, 365);
  });
});

describe('calculateWorkdays (docs/interface.md, Workday count)', () => {
  it('2024-10-01..2024-10-07 (National Day week): 7 days, 0 workdays, 7 rest days', async () => {
    const answer = await get(served.app, `${WORKDAYS}?startDate=2024-10-01&endDate=2024-10-07`);
    assertJsonSuccess(answer);
    assert.equal(
      answer.body,
      JSON.stringify({ startDate: '2024-10-01', endDate: '2024-10-07', totalDays: 7, workdayCount: 0, restDayCount: 7, unknownDayCount: 0 }),
    );
  });

  it('2024-09-29..2024-10-12 counts both make-up Sundays/Saturdays as workdays: 14 = 7 + 7', async () => {
    // 09-29 (Sun, make-up), 09-30, 10-08..10-11, 10-12 (Sat, make-up) work; 10-01..10-07 rest.
    assert.deepEqual(await counts('2024-09-29', '2024-10-12'), {
      startDate: '2024-09-29',
      endDate: '2024-10-12',
      totalDays: 14,
      workdayCount: 7,
      restDayCount: 7,
      unknownDayCount: 0,
    });
  });

  it('whole years: 2024 has 251 working days of 366, 2025 has 248 of 365', async () => {
    // 2024: 104 weekend days - 8 make-up days + 19 weekday rest dates = 115 rest days.
    assert.deepEqual(await counts('2024-01-01', '2024-12-31'), {
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      totalDays: 366,
      workdayCount: 251,
      restDayCount: 115,
      unknownDayCount: 0,
    });
    // 2025: 104 weekend days - 5 make-up days + 18 weekday rest dates = 117 rest days.
    assert.deepEqual(await counts('2025-01-01', '2025-12-31'), {
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      totalDays: 365,
      workdayCount: 248,
      restDayCount: 117,
      unknownDayCount: 0,
    });
  });

  it('single days: a make-up Sunday is 1 workday, a joined weekend day 1 rest day, an unpublished day 1 unknown', async () => {
    assert.deepEqual(await counts('2024-02-04', '2024-02-04'), {
      startDate: '2024-02-04',
      endDate: '2024-02-04',
      totalDays: 1,
      workdayCount: 1,
      restDayCount: 0,
      unknownDayCount: 0,
    });
    assert.deepEqual(await counts('2024-06-08', '2024-06-08'), {
      startDate: '2024-06-08',
      endDate: '2024-06-08',
      totalDays: 1,
      workdayCount: 0,
      restDayCount: 1,
      unknownDayCount: 0,
    });
    assert.deepEqual(await counts('2027-06-08', '2027-06-08'), {
      startDate: '2027-06-08',
      endDate: '2027-06-08',
      totalDays: 1,
      workdayCount: 0,
      restDayCount: 0,
      unknownDayCount: 1,
    });
  });

  it('undetermined days count only in unknownDayCount (docs/interface.md, UNKNOWN and publication)', async () => {
    // 2026-12-25..31: Fri, Sat, Sun, Mon..Thu → 5 work, 2 rest; 2027-01-01..10 unknown.
    assert.deepEqual(await counts('2026-12-25', '2027-01-10'), {
      startDate: '2026-12-25',
      endDate: '2027-01-10',
      totalDays: 17,
      workdayCount: 5,
      restDayCount: 2,
      unknownDayCount: 10,
    });
    assert.deepEqual(await counts('2027-01-01', '2027-12-31'), {
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      totalDays: 365,
      workdayCount: 0,
      restDayCount: 0,
      unknownDayCount: 365,
    });
    const mixed = (await counts('2026-07-01', '2027-06-30')) as { unknownDayCount: number };
    assert.equal(mixed.unknownDayCount, 181);
  });

  it('every month of 2023-2026 and windows across year ends match the reference', async () => {
    const windows: [string, string][] = [];
    for (let year = 2023; year <= 2026; year++) {
      for (let month = 1; month <= 12; month++) {
        const start = `${year}-${String(month).padStart(2, '0')}-01`;
        windows.push([start, addDays(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`, -1)]);
      }
    }
    windows.push(['2023-12-15', '2024-01-15'], ['2024-12-15', '2025-02-15'], ['2025-09-01', '2026-08-31'], ['2026-06-01', '2027-05-31']);
    for (const [start, end] of windows) {
      assert.deepEqual(await counts(start, end), { startDate: start, endDate: end, ...expectedCounts(start, end) }, `${start}..${end}`);
    }
  });

  it('counts agree with the per-day statuses of the same range', async () => {
    for (const [start, end] of [
      ['2019-12-01', '2020-11-30'],
      ['2015-01-01', '2015-12-31'],
      ['2008-01-01', '2008-12-31'],
      ['2026-03-01', '2027-02-28'],
    ] as const) {
      const days = await range(start, end);
      const tally = { workdayCount: 0, restDayCount: 0, unknownDayCount: 0 };
      for (const element of days) {
        if (element.workStatus === 'WORKDAY') tally.workdayCount++;
        else if (element.workStatus === 'REST_DAY') tally.restDayCount++;
        else tally.unknownDayCount++;
      }
      assert.deepEqual(await counts(start, end), { startDate: start, endDate: end, totalDays: days.length, ...tally });
    }
  });
});

describe('getNextHoliday (docs/interface.md, Next holiday)', () => {
  async function next(from: string): Promise<HttpAnswer> {
    const answer = await get(served.app, `${NEXT}?fromDate=${from}`);
    const body = assertJsonSuccess(answer);
    assertNextHoliday(body, from);
    return answer;
  }

  it('from a statutory holiday: that day itself', async () => {
    const answer = await next('2024-10-01');
    assert.equal(
      answer.body,
      JSON.stringify({
        status: 'FOUND',
        date: '2024-10-01',
        holidays: [{ code: 'NATIONAL_DAY', name: '国庆节', statutoryDate: true }],
        datasetVersion: served.version,
      }),
    );
  });

  it('from an arranged rest day that is not statutory: that day itself, statutoryDate false', async () => {
    const answer = await next('2024-10-04');
    assert.equal(
      answer.body,
      JSON.stringify({
        status: 'FOUND',
        date: '2024-10-04',
        holidays: [{ code: 'NATIONAL_DAY', name: '国庆节', statutoryDate: false }],
        datasetVersion: served.version,
      }),
    );
  });

  const cases: readonly [string, string, string][] = [
    ['2024-02-09', '2024-02-10', '除夕 2024 is a workday; the holiday starts the next day'],
    ['2024-02-04', '2024-02-10', 'a make-up working day is not a holiday'],
    ['2024-06-08', '2024-06-10', 'a joined weekend is not a holiday'],
    ['2023-12-30', '2024-01-01', 'the December weekend joined to New Year is not a holiday'],
    ['2024-10-08', '2025-01-01', 'across a year end'],
    ['2026-10-07', '2026-10-07', 'the last holiday of the published years'],
    ['2008-01-01', '2008-01-01', 'the earliest supported date'],
  ];
  for (const [from, date, why] of cases) {
    it(`from ${from}: ${date} (${why})`, async () => {
      const body = JSON.parse((await next(from)).body) as { date: string; holidays: unknown };
      assert.equal(body.date, date);
      if (date >= REFERENCE_FIRST) assert.deepEqual(body.holidays, expectedDay(date).holidays);
    });
  }

  for (const from of ['2026-10-08', '2026-12-31', '2027-01-01', '2031-05-01', '9999-12-31']) {
    it(`from ${from}: 200 with status UNKNOWN, date null, holidays [], datasetVersion null (docs/interface.md, UNKNOWN and publication)`, async () => {
      assert.equal((await next(from)).body, JSON.stringify({ status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null }));
    });
  }

  it('from every day of 2023-2026 as the reference says', async () => {
    for (const from of datesFromTo(REFERENCE_FIRST, REFERENCE_LAST)) {
      const body = JSON.parse((await next(from)).body) as unknown;
      assert.deepEqual(body, expectedNextHolidayBody(from, served.version), `from ${from}`);
    }
  });
});

describe('HEAD answers like GET, without a body', () => {
  const paths = [
    ...OPERATIONS.map((operation) => operation.samplePath),
    `${DATES}2027-03-01`,
    `${NEXT}?fromDate=2026-12-01`,
    `${DATES}2024-13-01`,
    `${RANGES}?startDate=2024-01-01`,
    `${WORKDAYS}?startDate=2024-01-02&endDate=2024-01-01`,
    `${NEXT}?fromDate=2007-12-31`,
    `${RANGES}?startDate=2023-01-01&endDate=2024-01-02`,
    '/v1/china-calendar/nope',
    '/healthz',
    '/readyz',
  ];
  for (const path of paths) {
    it(`HEAD ${path}`, async () => {
      const headers = { 'x-request-id': 'head-vs-get-1' };
      const getAnswer = await inject(served.app, { method: 'GET', url: path, headers });
      const headAnswer = await inject(served.app, { method: 'HEAD', url: path, headers });
      assert.equal(headAnswer.status, getAnswer.status);
      assert.deepEqual(headersWithoutDate(headAnswer), headersWithoutDate(getAnswer), 'same headers, including content-type and content-length');
      assert.equal(headAnswer.headers['content-length'], String(Buffer.byteLength(getAnswer.body)));
      assert.equal(headAnswer.body, '');
    });
  }
});

describe('unknown query parameters are ignored', () => {
  const extras = 'foo=bar&startdate=nonsense&DATE=x&fromdate=&endDate_=1&debug=true';
  for (const operation of OPERATIONS) {
    it(operation.name, async () => {
      const plain = await get(served.app, operation.samplePath);
      const separator = operation.samplePath.includes('?') ? '&' : '?';
      for (const url of [`${operation.samplePath}${separator}${extras}`, operation.samplePath.replace('?', `?${extras}&`)]) {
        const withExtras = await get(served.app, url);
        assertJsonSuccess(withExtras);
        assert.equal(withExtras.body, plain.body, url);
      }
    });
  }

  it('a date query parameter on the single-date path does not override the path', async () => {
    const answer = await get(served.app, `${DATES}2024-10-01?date=1999-01-01&fromDate=2007-01-01`);
    assertJsonSuccess(answer);
    assert.equal(answer.body, (await get(served.app, `${DATES}2024-10-01`)).body);
  });

  it('a percent-encoded date in the path is decoded: %32%30%32%34-10-01 is 2024-10-01', async () => {
    const answer = await get(served.app, `${DATES}%32%30%32%34%2D10%2D01`);
    assertJsonSuccess(answer);
    assert.equal(answer.body, (await get(served.app, `${DATES}2024-10-01`)).body);
  });

  it('a percent-encoded date in the query is decoded', async () => {
    const answer = await get(served.app, `${NEXT}?fromDate=2024%2D10%2D01`);
    assertJsonSuccess(answer);
    assert.equal(answer.body, (await get(served.app, `${NEXT}?fromDate=2024-10-01`)).body);
  });

  it('a range is ascending from startDate whatever the parameter order', async () => {
    const answer = await get(served.app, `${RANGES}?endDate=2024-10-03&startDate=2024-09-28`);
    const body = assertJsonSuccess(answer) as DayStatusBody[];
    assert.deepEqual(
      body.map((element) => element.date),
      datesFromTo('2024-09-28', '2024-10-03'),
    );
  });
});
