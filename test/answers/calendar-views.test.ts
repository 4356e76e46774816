import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import { isUnavailable, type NextHoliday, type WorkdayCount } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarViews } from '../helpers/calendar-views.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import type { DayStatus } from '@china-holiday-calendar/core/answers/day-json.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { BUNDLED_DATA_DIR, day, loadBundledViews } from '../helpers/bundled-dataset.js';
import { buildCalendarViews } from '../helpers/calendar-views.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { HOLIDAY_NAMES, type DayStatusValue, type HolidayCode } from '../helpers/reference-calendar.js';

/*
 * Expected values come from the official notices (test/fixtures/notices/) (rest/work dates of every notice,
 * final state) and docs/design.md (Interface decisions) (statutory days per regulation version, holidays order,
 * joined weekends, datasetVersion). Names (test/helpers/reference-calendar.ts), work statuses and
 * weekdays are typed or computed in the tests, independently of src/.
 */

const NAMES = HOLIDAY_NAMES;
type Code = HolidayCode;
type Status = DayStatusValue;

const WORK_STATUS: Record<Status, string> = {
  WORKDAY: 'WORKDAY',
  ADJUSTED_WORKDAY: 'WORKDAY',
  WEEKEND: 'REST_DAY',
  HOLIDAY: 'REST_DAY',
  UNKNOWN: 'UNKNOWN',
};
const WEEKDAYS_FROM_SUNDAY = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const DAY_FIELDS = ['date', 'dayOfWeek', 'workStatus', 'dayStatus', 'holidays', 'datasetVersion'];
const NEXT_FIELDS = ['status', 'date', 'holidays', 'datasetVersion'];
const COUNT_FIELDS = ['startDate', 'endDate', 'totalDays', 'workdayCount', 'restDayCount', 'unknownDayCount'];
/** The newest notice of the bundled data is the 2026 one, published 2025-11-04. */
const BUNDLED_VERSION = /^2025\.11\.04-[0-9a-f]{8}$/;
const LAST_PUBLISHED_DAY = '2026-12-31';

/** `[code, statutoryDate]` in the order the notice names the holidays. */
type H = readonly [Code, boolean];

interface ExpectedHoliday {
  code: string;
  name: string;
  statutoryDate: boolean;
}

function weekdayOf(date: string): string {
  return WEEKDAYS_FROM_SUNDAY[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '?';
}

function holidaysOf(holidays: readonly H[]): ExpectedHoliday[] {
  return holidays.map(([code, statutoryDate]) => ({ code, name: NAMES[code], statutoryDate }));
}

function expectedRecord(index: CalendarViews, date: string, status: Status, holidays: readonly H[]): Record<string, unknown> {
  return {
    date,
    dayOfWeek: weekdayOf(date),
    workStatus: WORK_STATUS[status],
    dayStatus: status,
    holidays: holidaysOf(holidays),
    datasetVersion: status === 'UNKNOWN' ? null : index.version,
  };
}

function recordOf(index: CalendarViews, date: string): DayStatus {
  const answer = index.dayStatus(day(date));
  if (isUnavailable(answer)) assert.fail(`${date} answered unavailable`);
  return answer;
}

function jsonOf(answer: Buffer | { unavailable: true; year: number }): unknown {
  if (isUnavailable(answer)) assert.fail('answered unavailable');
  return JSON.parse(answer.toString('utf8')) as unknown;
}

function countOf(index: CalendarViews, start: DayNumber, end: DayNumber): WorkdayCount {
  const answer = index.countDays(start, end);
  if (isUnavailable(answer)) assert.fail(`count ${formatIsoDate(start)}..${formatIsoDate(end)} answered unavailable`);
  return answer;
}

function nextOf(index: CalendarViews, from: DayNumber): NextHoliday {
  const answer = index.nextHoliday(from);
  if (isUnavailable(answer)) assert.fail(`next holiday from ${formatIsoDate(from)} answered unavailable`);
  return answer;
}

/** Asserts dayStatus and dayJson of one date: every field, holidays in order, and the JSON field order. */
function expectDay(index: CalendarViews, date: string, status: Status, holidays: readonly H[] = []): void {
  const expected = expectedRecord(index, date, status, holidays);
  assert.deepEqual({ ...recordOf(index, date) }, expected, `dayStatus ${date}`);
  const parsed = jsonOf(index.dayJson(day(date)));
  assert.deepEqual(parsed, expected, `dayJson ${date}`);
  assert.deepEqual(Object.keys(parsed as object), DAY_FIELDS, `dayJson field order ${date}`);
}

interface Case {
  readonly date: string;
  readonly status: Status;
  readonly holidays?: readonly H[];
  readonly why?: string;
}

function cases(list: readonly Case[]): void {
  for (const { date, status, holidays = [], why } of list) {
    it(`${date} is ${status}${holidays.length > 0 ? ` ${holidays.map(([code, s]) => `${code}${s ? '*' : ''}`).join('+')}` : ''}${why ? ` (${why})` : ''}`, () => {
      expectDay(index, date, status, holidays);
    });
  }
}

/** Every day of [start, end] as ISO strings, by the Date oracle. */
function isoDays(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

let index: CalendarViews;
before(async () => {
  index = await loadBundledViews();
});

describe('the bundled index', () => {
  it('publishes 2008..2026, all readable, under one datasetVersion', () => {
    assert.deepEqual(index.publishedYears, Array.from({ length: 19 }, (_, i) => 2008 + i));
    assert.deepEqual(index.unavailableYears, []);
    assert.match(index.version, BUNDLED_VERSION);
  });
});

describe('ranges with swaps', () => {
  // 2023 Spring Festival: rest 01-21..01-27, work 01-28, 01-29; statutory (version 2) 初一..初三 = 01-22..01-24.
  cases([
    { date: '2023-01-20', status: 'WORKDAY' },
    { date: '2023-01-21', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]], why: '除夕, not statutory 2014-2024' },
    { date: '2023-01-22', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2023-01-23', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2023-01-24', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2023-01-25', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2023-01-26', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2023-01-27', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2023-01-28', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2023-01-29', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2023-01-30', status: 'WORKDAY' },
  ]);
  // 2026 Spring Festival: rest 02-15..02-23 (9 days), work 02-14, 02-28; statutory (version 3) 除夕 02-16 and 初一..初三.
  cases([
    { date: '2026-02-14', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2026-02-15', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]], why: '腊月二十八' },
    { date: '2026-02-16', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]], why: '除夕 on the 29th of a short month' },
    { date: '2026-02-19', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2026-02-20', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2026-02-21', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]], why: 'Saturday inside the span' },
    { date: '2026-02-23', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2026-02-24', status: 'WORKDAY' },
    { date: '2026-02-28', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]] },
  ]);
  // 2008 (old wording): rest 02-06..02-12, work 02-02, 02-03; statutory (version 1) 除夕 02-06, 02-07, 02-08.
  cases([
    { date: '2008-02-02', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2008-02-03', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2008-02-06', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]], why: '除夕, statutory 2008-2013' },
    { date: '2008-02-08', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2008-02-09', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2008-02-12', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2008-02-13', status: 'WORKDAY' },
  ]);
  // 2024 National Day: rest 10-01..10-07, work 09-29, 10-12.
  cases([
    { date: '2024-09-28', status: 'WEEKEND' },
    { date: '2024-09-29', status: 'ADJUSTED_WORKDAY', holidays: [['NATIONAL_DAY', false]] },
    { date: '2024-10-03', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', true]] },
    { date: '2024-10-04', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', false]] },
    { date: '2024-10-12', status: 'ADJUSTED_WORKDAY', holidays: [['NATIONAL_DAY', false]] },
    { date: '2024-10-13', status: 'WEEKEND' },
  ]);
});

describe('joined weekends (与周末连休) stay plain weekend days', () => {
  cases([
    { date: '2024-06-08', status: 'WEEKEND', why: 'joined to Dragon Boat 2024' },
    { date: '2024-06-09', status: 'WEEKEND', why: 'joined to Dragon Boat 2024' },
    { date: '2024-06-10', status: 'HOLIDAY', holidays: [['DRAGON_BOAT_FESTIVAL', true]] },
    { date: '2024-06-11', status: 'WORKDAY' },
    { date: '2023-12-29', status: 'WORKDAY' },
    { date: '2023-12-30', status: 'WEEKEND', why: 'joined to New Year 2024, previous December' },
    { date: '2023-12-31', status: 'WEEKEND', why: 'joined to New Year 2024, previous December' },
    { date: '2024-01-01', status: 'HOLIDAY', holidays: [['NEW_YEAR', true]] },
    { date: '2019-04-06', status: 'WEEKEND', why: 'joined to Qingming 2019' },
    { date: '2015-05-02', status: 'WEEKEND', why: 'joined to Labor Day 2015' },
  ]);
});

describe('compensatory days (补休)', () => {
  cases([
    { date: '2014-04-05', status: 'HOLIDAY', holidays: [['QINGMING_FESTIVAL', true]], why: 'statutory Saturday' },
    { date: '2014-04-06', status: 'WEEKEND', why: 'Sunday the notice does not name' },
    { date: '2014-04-07', status: 'HOLIDAY', holidays: [['QINGMING_FESTIVAL', false]], why: '补休' },
    { date: '2014-04-08', status: 'WORKDAY' },
    { date: '2016-12-31', status: 'WEEKEND', why: 'Saturday the 2017 notice does not name' },
    { date: '2017-01-01', status: 'HOLIDAY', holidays: [['NEW_YEAR', true]], why: 'statutory Sunday' },
    { date: '2017-01-02', status: 'HOLIDAY', holidays: [['NEW_YEAR', false]], why: '补休' },
    { date: '2017-01-03', status: 'WORKDAY' },
    { date: '2015-06-20', status: 'HOLIDAY', holidays: [['DRAGON_BOAT_FESTIVAL', true]] },
    { date: '2015-06-21', status: 'WEEKEND' },
    { date: '2015-06-22', status: 'HOLIDAY', holidays: [['DRAGON_BOAT_FESTIVAL', false]], why: '补休' },
    { date: '2016-04-30', status: 'WEEKEND' },
    { date: '2016-05-01', status: 'HOLIDAY', holidays: [['LABOR_DAY', true]] },
    { date: '2016-05-02', status: 'HOLIDAY', holidays: [['LABOR_DAY', false]], why: '补休' },
  ]);
});

describe('combined holidays carry both codes in the notice order', () => {
  // 2023: 中秋节、国庆节, rest 09-29..10-06, work 10-07, 10-08; Mid-Autumn 09-29.
  cases([
    { date: '2023-09-28', status: 'WORKDAY' },
    { date: '2023-09-29', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', true], ['NATIONAL_DAY', false]] },
    { date: '2023-09-30', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]] },
    { date: '2023-10-01', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', true]] },
    { date: '2023-10-03', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', true]] },
    { date: '2023-10-06', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]] },
    { date: '2023-10-07', status: 'ADJUSTED_WORKDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]], why: 'make-up day of a combined entry' },
    { date: '2023-10-08', status: 'ADJUSTED_WORKDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]] },
  ]);
  // 2020: 国庆节、中秋节, rest 10-01..10-08, work 09-27, 10-10; Mid-Autumn 10-01.
  cases([
    { date: '2020-09-27', status: 'ADJUSTED_WORKDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', false]] },
    { date: '2020-10-01', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', true], ['MID_AUTUMN_FESTIVAL', true]] },
    { date: '2020-10-02', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', true], ['MID_AUTUMN_FESTIVAL', false]] },
    { date: '2020-10-08', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', false]] },
    { date: '2020-10-10', status: 'ADJUSTED_WORKDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', false]] },
  ]);
  // 2017: 中秋节、国庆节, rest 10-01..10-08, work 09-30; Mid-Autumn 10-04.
  cases([
    { date: '2017-09-30', status: 'ADJUSTED_WORKDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]] },
    { date: '2017-10-01', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', true]] },
    { date: '2017-10-04', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', true], ['NATIONAL_DAY', false]] },
    { date: '2017-10-08', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]] },
  ]);
  // 2009: 国庆节、中秋节, rest 10-01..10-08, work 09-27, 10-10; Mid-Autumn 10-03, inside National Day.
  cases([
    { date: '2009-09-27', status: 'ADJUSTED_WORKDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', false]] },
    { date: '2009-10-03', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', true], ['MID_AUTUMN_FESTIVAL', true]] },
    { date: '2009-10-04', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', false]] },
    { date: '2009-10-10', status: 'ADJUSTED_WORKDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', false]] },
  ]);
  // 2012 (中秋节、国庆节, Mid-Autumn 09-30) and 2025 (国庆节、中秋节, Mid-Autumn 10-06).
  cases([
    { date: '2012-09-29', status: 'ADJUSTED_WORKDAY', holidays: [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]] },
    { date: '2012-09-30', status: 'HOLIDAY', holidays: [['MID_AUTUMN_FESTIVAL', true], ['NATIONAL_DAY', false]] },
    { date: '2025-10-01', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', true], ['MID_AUTUMN_FESTIVAL', false]] },
    { date: '2025-10-06', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', true]] },
    { date: '2025-10-11', status: 'ADJUSTED_WORKDAY', holidays: [['NATIONAL_DAY', false], ['MID_AUTUMN_FESTIVAL', false]] },
  ]);
});

describe('days of the previous December named by the next notice', () => {
  cases([
    { date: '2018-12-28', status: 'WORKDAY' },
    { date: '2018-12-29', status: 'ADJUSTED_WORKDAY', holidays: [['NEW_YEAR', false]], why: 'make-up day of the 2019 notice' },
    { date: '2018-12-30', status: 'HOLIDAY', holidays: [['NEW_YEAR', false]] },
    { date: '2018-12-31', status: 'HOLIDAY', holidays: [['NEW_YEAR', false]] },
    { date: '2019-01-01', status: 'HOLIDAY', holidays: [['NEW_YEAR', true]] },
    { date: '2011-12-31', status: 'ADJUSTED_WORKDAY', holidays: [['NEW_YEAR', false]], why: 'make-up day of the 2012 notice' },
    { date: '2012-01-01', status: 'HOLIDAY', holidays: [['NEW_YEAR', true]] },
    { date: '2012-01-03', status: 'HOLIDAY', holidays: [['NEW_YEAR', false]] },
    { date: '2022-12-31', status: 'HOLIDAY', holidays: [['NEW_YEAR', false]], why: 'rest day of the 2023 notice' },
    { date: '2023-01-01', status: 'HOLIDAY', holidays: [['NEW_YEAR', true]] },
    { date: '2023-01-02', status: 'HOLIDAY', holidays: [['NEW_YEAR', false]] },
    { date: '2017-12-30', status: 'WEEKEND', why: 'only joined by the 2018 notice' },
    { date: '2017-12-31', status: 'WEEKEND', why: 'only joined by the 2018 notice' },
    { date: '2018-01-01', status: 'HOLIDAY', holidays: [['NEW_YEAR', true]] },
  ]);
});

describe('amending notices: the final state is reported', () => {
  // 2019 Labor Day, as amended: rest 05-01..05-04, work 04-28, 05-05.
  cases([
    { date: '2019-04-27', status: 'WEEKEND' },
    { date: '2019-04-28', status: 'ADJUSTED_WORKDAY', holidays: [['LABOR_DAY', false]] },
    { date: '2019-04-30', status: 'WORKDAY' },
    { date: '2019-05-01', status: 'HOLIDAY', holidays: [['LABOR_DAY', true]], why: 'named by both notices, associated once' },
    { date: '2019-05-02', status: 'HOLIDAY', holidays: [['LABOR_DAY', false]] },
    { date: '2019-05-03', status: 'HOLIDAY', holidays: [['LABOR_DAY', false]] },
    { date: '2019-05-04', status: 'HOLIDAY', holidays: [['LABOR_DAY', false]] },
    { date: '2019-05-05', status: 'ADJUSTED_WORKDAY', holidays: [['LABOR_DAY', false]] },
    { date: '2019-05-06', status: 'WORKDAY' },
  ]);
  // 2020 Spring Festival, as extended: rest 01-24..02-02, work 01-19; statutory 01-25..01-27.
  cases([
    { date: '2020-01-19', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]], why: 'already worked, stays' },
    { date: '2020-01-24', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2020-01-25', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2020-01-27', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2020-01-30', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2020-01-31', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]], why: 'added by the extension' },
    { date: '2020-02-01', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]], why: 'no longer a make-up day' },
    { date: '2020-02-02', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2020-02-03', status: 'WORKDAY', why: 'normal work resumes; not a make-up day' },
  ]);
});

describe('the 2015 Victory Day commemoration', () => {
  cases([
    { date: '2015-09-02', status: 'WORKDAY' },
    { date: '2015-09-03', status: 'HOLIDAY', holidays: [['VICTORY_DAY_70TH_ANNIVERSARY', true]], why: 'the day the special notice grants' },
    { date: '2015-09-04', status: 'HOLIDAY', holidays: [['VICTORY_DAY_70TH_ANNIVERSARY', false]], why: 'swapped weekday' },
    { date: '2015-09-05', status: 'HOLIDAY', holidays: [['VICTORY_DAY_70TH_ANNIVERSARY', false]], why: 'Saturday inside the span' },
    { date: '2015-09-06', status: 'ADJUSTED_WORKDAY', holidays: [['VICTORY_DAY_70TH_ANNIVERSARY', false]] },
    { date: '2015-09-07', status: 'WORKDAY' },
  ]);
});

describe('regulation changes (2014: 除夕 no longer statutory; 2025: 除夕 again, Labor Day 2 days)', () => {
  cases([
    { date: '2013-02-09', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]], why: '除夕 under version 1' },
    { date: '2013-02-10', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2013-02-11', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2013-02-12', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]], why: '初三, not statutory under version 1' },
    { date: '2014-01-30', status: 'WORKDAY', why: '除夕 2014, not in the arrangement' },
    { date: '2014-01-31', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2014-02-02', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]], why: '初三 under version 2' },
    { date: '2015-02-18', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]], why: '除夕 in the arrangement, not statutory' },
    { date: '2015-02-19', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2024-02-09', status: 'WORKDAY', why: '除夕 2024, only encouraged annual leave' },
    { date: '2024-02-10', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]] },
    { date: '2025-01-28', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]], why: '除夕 under version 3' },
    { date: '2025-01-31', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', true]], why: '初三' },
    { date: '2025-02-01', status: 'HOLIDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2025-01-26', status: 'ADJUSTED_WORKDAY', holidays: [['SPRING_FESTIVAL', false]] },
    { date: '2025-05-01', status: 'HOLIDAY', holidays: [['LABOR_DAY', true]] },
    { date: '2025-05-02', status: 'HOLIDAY', holidays: [['LABOR_DAY', true]], why: 'second Labor Day under version 3' },
    { date: '2025-05-03', status: 'HOLIDAY', holidays: [['LABOR_DAY', false]] },
    { date: '2024-05-01', status: 'HOLIDAY', holidays: [['LABOR_DAY', true]] },
    { date: '2024-05-02', status: 'HOLIDAY', holidays: [['LABOR_DAY', false]], why: 'version 2 has one Labor Day' },
  ]);
});

describe('leap days', () => {
  cases([
    { date: '2008-02-29', status: 'WORKDAY' },
    { date: '2012-02-29', status: 'WORKDAY' },
    { date: '2016-02-29', status: 'WORKDAY' },
    { date: '2020-02-29', status: 'WEEKEND' },
    { date: '2024-02-29', status: 'WORKDAY' },
    { date: '2028-02-29', status: 'UNKNOWN', why: 'unpublished year' },
  ]);
});

describe('unpublished years and the edges of the supported range', () => {
  cases([
    { date: '2008-01-01', status: 'HOLIDAY', holidays: [['NEW_YEAR', true]], why: 'first supported day' },
    { date: '2008-01-02', status: 'WORKDAY' },
    { date: '2026-10-07', status: 'HOLIDAY', holidays: [['NATIONAL_DAY', false]], why: 'last holiday of the data' },
    { date: '2026-12-26', status: 'WEEKEND' },
    { date: LAST_PUBLISHED_DAY, status: 'WORKDAY' },
    { date: '2027-01-01', status: 'UNKNOWN', why: 'New Year of an unpublished year' },
    { date: '2027-01-02', status: 'UNKNOWN', why: 'even a Saturday' },
    { date: '2030-10-01', status: 'UNKNOWN' },
    { date: '2036-12-31', status: 'UNKNOWN' },
    { date: '2037-01-01', status: 'UNKNOWN' },
    { date: '2100-02-28', status: 'UNKNOWN' },
    { date: '2100-03-01', status: 'UNKNOWN' },
    { date: '9999-12-31', status: 'UNKNOWN', why: 'last representable date' },
  ]);
  it('answers UNKNOWN with holidays [] and datasetVersion null for every day of 2027..2040', () => {
    for (const date of isoDays('2027-01-01', '2040-12-31')) {
      const record = recordOf(index, date);
      if (record.dayStatus !== 'UNKNOWN' || record.workStatus !== 'UNKNOWN' || record.holidays.length > 0 || record.datasetVersion !== null) {
        assert.fail(`${date}: ${JSON.stringify(record)}`);
      }
    }
  });
  it('answers a determined status with the dataset version for every day of 2008..2026', () => {
    for (const date of isoDays('2008-01-01', LAST_PUBLISHED_DAY)) {
      const record = recordOf(index, date);
      assert.equal(record.date, date);
      assert.notEqual(record.dayStatus, 'UNKNOWN', date);
      assert.equal(record.datasetVersion, index.version, date);
      assert.equal(record.dayOfWeek, weekdayOf(date), date);
      assert.equal(record.workStatus, WORK_STATUS[record.dayStatus], date);
      if (record.dayStatus === 'WORKDAY' || record.dayStatus === 'WEEKEND') assert.deepEqual(record.holidays, [], date);
      else assert.ok(record.holidays.length > 0, date);
      const weekend = record.dayOfWeek === 'SATURDAY' || record.dayOfWeek === 'SUNDAY';
      if (record.dayStatus === 'WEEKEND') assert.ok(weekend, `${date} WEEKEND on a weekday`);
      if (record.dayStatus === 'WORKDAY') assert.ok(!weekend, `${date} WORKDAY on a weekend`);
      // Every make-up working day of 2008-2026 is a Saturday or Sunday (reference, Conventions).
      if (record.dayStatus === 'ADJUSTED_WORKDAY') assert.ok(weekend, `${date} make-up day on a weekday`);
      for (const holiday of record.holidays) assert.equal(holiday.name, NAMES[holiday.code], date);
    }
  });
});

describe('rangeJson', () => {
  function expectRange(start: string, end: string): unknown[] {
    const answer = index.rangeJson(day(start), day(end));
    const parsed = jsonOf(answer);
    assert.ok(Array.isArray(parsed), `${start}..${end} is an array`);
    const elements = parsed as unknown[];
    const dates = isoDays(start, end);
    assert.equal(elements.length, dates.length, `${start}..${end} has one element per day`);
    elements.forEach((element, i) => {
      const date = dates[i] ?? '?';
      assert.deepEqual(element, { ...recordOf(index, date) }, `element ${i} of ${start}..${end}`);
      assert.deepEqual(Object.keys(element as object), DAY_FIELDS);
    });
    return elements;
  }

  it('lists both ends, ascending, each element equal to dayStatus of its day', () => {
    const elements = expectRange('2023-09-25', '2023-10-10');
    assert.equal((elements[0] as DayStatus).date, '2023-09-25');
    assert.equal((elements.at(-1) as DayStatus).date, '2023-10-10');
    assert.deepEqual(
      elements.map((element) => (element as DayStatus).dayStatus),
      // 09-25..28 Mon-Thu, 09-29..10-06 rest, 10-07/08 make-up, 10-09/10 Mon/Tue.
      [...Array<string>(4).fill('WORKDAY'), ...Array<string>(8).fill('HOLIDAY'), 'ADJUSTED_WORKDAY', 'ADJUSTED_WORKDAY', 'WORKDAY', 'WORKDAY'],
    );
  });

  it('gives a one-day range as a one-element array', () => {
    const elements = expectRange('2020-02-03', '2020-02-03');
    assert.equal(elements.length, 1);
    expectRange('2008-01-01', '2008-01-01');
    expectRange('9999-12-31', '9999-12-31');
  });

  it('covers a whole year of data, 366 days of 2024', () => {
    assert.equal(expectRange('2024-01-01', '2024-12-31').length, 366);
  });

  it('crosses from the data into UNKNOWN (2026-12-01..2027-02-01)', () => {
    const elements = expectRange('2026-12-01', '2027-02-01') as DayStatus[];
    assert.equal(elements.length, 63);
    assert.equal(elements.filter((element) => element.dayStatus === 'UNKNOWN').length, 32);
    const december31 = elements[30];
    const january1 = elements[31];
    assert.ok(december31 && january1);
    assert.equal(december31.date, '2026-12-31');
    assert.equal(december31.datasetVersion, index.version);
    assert.equal(january1.date, '2027-01-01');
    assert.equal(january1.datasetVersion, null);
  });

  it('crosses the previous-December boundary of the data (2018-12-20..2019-01-10)', () => {
    expectRange('2018-12-20', '2019-01-10');
  });

  it('answers far beyond the data, across years 2036/2037', () => {
    expectRange('2036-12-01', '2037-01-31');
  });

  it('answers 2099-12-01..2100-03-01 (no 2100-02-29)', () => {
    const elements = expectRange('2099-12-01', '2100-03-01') as DayStatus[];
    assert.equal(elements.length, 91);
    assert.ok(!elements.some((element) => element.date === '2100-02-29'));
    assert.ok(elements.every((element) => element.dayStatus === 'UNKNOWN' && element.datasetVersion === null));
  });

  it('answers 9999-01-01..9999-12-31', () => {
    const elements = expectRange('9999-01-01', '9999-12-31') as DayStatus[];
    assert.equal(elements.length, 365);
    assert.equal(elements.at(-1)?.dayOfWeek, 'FRIDAY');
  });

  it('equals the days one by one for random ranges of up to 366 days', () => {
    const first = day('2008-01-01');
    fc.assert(
      fc.property(fc.integer({ min: first, max: day('2045-12-31') }), fc.integer({ min: 0, max: 365 }), (start, length) => {
        const parsed = jsonOf(index.rangeJson(start, start + length)) as unknown[];
        assert.equal(parsed.length, length + 1);
        parsed.forEach((element, i) => {
          assert.deepEqual(element, { ...recordOf(index, formatIsoDate(start + i)) });
        });
      }),
      { numRuns: 150 },
    );
  });
});

describe('countDays', () => {
  function naiveCount(start: DayNumber, end: DayNumber): WorkdayCount {
    let work = 0;
    let rest = 0;
    let unknown = 0;
    for (let d = start; d <= end; d++) {
      const status = recordOf(index, formatIsoDate(d)).dayStatus;
      if (status === 'WORKDAY' || status === 'ADJUSTED_WORKDAY') work++;
      else if (status === 'WEEKEND' || status === 'HOLIDAY') rest++;
      else unknown++;
    }
    return {
      startDate: formatIsoDate(start),
      endDate: formatIsoDate(end),
      totalDays: end - start + 1,
      workdayCount: work,
      restDayCount: rest,
      unknownDayCount: unknown,
    };
  }

  function expectCount(start: string, end: string, counts: { total: number; work: number; rest: number; unknown: number }): void {
    const answer = countOf(index, day(start), day(end));
    assert.deepEqual(
      { ...answer },
      { startDate: start, endDate: end, totalDays: counts.total, workdayCount: counts.work, restDayCount: counts.rest, unknownDayCount: counts.unknown },
    );
    assert.deepEqual(Object.keys(answer), COUNT_FIELDS);
  }

  it('counts October 2024 from the notice: 7 rest days, 10-12 worked, 5 other weekend days', () => {
    expectCount('2024-10-01', '2024-10-31', { total: 31, work: 19, rest: 12, unknown: 0 });
  });

  it('counts the 2019 Labor Day week as amended: 04-28..05-05 has 4 working and 4 rest days', () => {
    // 04-28 make-up, 04-29/30 ordinary, 05-01..05-04 rest, 05-05 make-up.
    expectCount('2019-04-28', '2019-05-05', { total: 8, work: 4, rest: 4, unknown: 0 });
  });

  it('counts one day', () => {
    expectCount('2020-02-03', '2020-02-03', { total: 1, work: 1, rest: 0, unknown: 0 });
    expectCount('2020-02-02', '2020-02-02', { total: 1, work: 0, rest: 1, unknown: 0 });
    expectCount('2027-01-04', '2027-01-04', { total: 1, work: 0, rest: 0, unknown: 1 });
    expectCount('2008-01-01', '2008-01-01', { total: 1, work: 0, rest: 1, unknown: 0 });
  });

  it('counts UNKNOWN days only as unknown, across the end of the data', () => {
    // December 2026 has 8 weekend days (5/6, 12/13, 19/20, 26/27) and no arranged day.
    expectCount('2026-12-01', '2027-02-01', { total: 63, work: 23, rest: 8, unknown: 32 });
  });

  it('counts far beyond the data', () => {
    expectCount('2099-12-01', '2100-03-01', { total: 91, work: 0, rest: 0, unknown: 91 });
    expectCount('9999-01-01', '9999-12-31', { total: 365, work: 0, rest: 0, unknown: 365 });
    expectCount('2036-06-01', '2037-05-31', { total: 365, work: 0, rest: 0, unknown: 365 });
  });

  it('counts whole years as the per-day statuses add up (2008..2026 and a long span)', () => {
    for (let year = 2008; year <= 2026; year++) {
      const start = day(`${year}-01-01`);
      const end = day(`${year}-12-31`);
      assert.deepEqual({ ...countOf(index, start, end) }, naiveCount(start, end), String(year));
    }
    const start = day('2008-01-01');
    const end = day('2040-12-31');
    assert.deepEqual({ ...countOf(index, start, end) }, naiveCount(start, end));
  });

  it('keeps total = work + rest + unknown and equals a per-day recount, for random ranges', () => {
    const first = day('2008-01-01');
    const property = (start: number, length: number): void => {
      const answer = countOf(index, start, start + length);
      assert.equal(answer.totalDays, answer.workdayCount + answer.restDayCount + answer.unknownDayCount);
      assert.deepEqual({ ...answer }, naiveCount(start, start + length));
    };
    fc.assert(
      fc.property(fc.integer({ min: first, max: day('2027-12-31') }), fc.integer({ min: 0, max: 365 }), property),
      { numRuns: 400 },
    );
    // Ranges ending past the precomputed window, and wholly outside it.
    fc.assert(
      fc.property(fc.integer({ min: day('2026-01-01'), max: day('2040-12-31') }), fc.integer({ min: 0, max: 365 }), property),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.integer({ min: first, max: day('9999-12-31') - 365 }), fc.integer({ min: 0, max: 365 }), property),
      { numRuns: 100 },
    );
  });
});

describe('nextHoliday and nextHolidayJson', () => {
  function expectFound(from: string, date: string, holidays: readonly H[]): void {
    const expected = { status: 'FOUND', date, holidays: holidaysOf(holidays), datasetVersion: index.version };
    assert.deepEqual({ ...nextOf(index, day(from)) }, expected, `nextHoliday from ${from}`);
    const parsed = jsonOf(index.nextHolidayJson(day(from)));
    assert.deepEqual(parsed, expected, `nextHolidayJson from ${from}`);
    assert.deepEqual(Object.keys(parsed as object), NEXT_FIELDS);
  }

  function expectUnknown(from: string): void {
    const expected = { status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null };
    assert.deepEqual({ ...nextOf(index, day(from)) }, expected, `nextHoliday from ${from}`);
    const parsed = jsonOf(index.nextHolidayJson(day(from)));
    assert.deepEqual(parsed, expected, `nextHolidayJson from ${from}`);
    assert.deepEqual(Object.keys(parsed as object), NEXT_FIELDS);
  }

  it('returns the holiday itself when fromDate is one', () => {
    expectFound('2024-10-01', '2024-10-01', [['NATIONAL_DAY', true]]);
    expectFound('2008-01-01', '2008-01-01', [['NEW_YEAR', true]]);
    expectFound('2020-02-02', '2020-02-02', [['SPRING_FESTIVAL', false]]);
  });

  it('skips 除夕 2024, a working day: from 2024-02-09 the next is 2024-02-10', () => {
    expectFound('2024-02-09', '2024-02-10', [['SPRING_FESTIVAL', true]]);
  });

  it('need not return a statutory day (2023-09-30)', () => {
    expectFound('2023-09-30', '2023-09-30', [['MID_AUTUMN_FESTIVAL', false], ['NATIONAL_DAY', false]]);
  });

  it('skips make-up working days and joined weekends', () => {
    expectFound('2023-01-28', '2023-04-05', [['QINGMING_FESTIVAL', true]]);
    expectFound('2024-06-08', '2024-06-10', [['DRAGON_BOAT_FESTIVAL', true]]);
    expectFound('2014-04-06', '2014-04-07', [['QINGMING_FESTIVAL', false]]);
    expectFound('2015-09-01', '2015-09-03', [['VICTORY_DAY_70TH_ANNIVERSARY', true]]);
    expectFound('2008-01-02', '2008-02-06', [['SPRING_FESTIVAL', true]]);
  });

  it('finds a December holiday named by the next year’s notice (2018-10-08 → 2018-12-30)', () => {
    expectFound('2018-10-08', '2018-12-30', [['NEW_YEAR', false]]);
    expectFound('2022-10-08', '2022-12-31', [['NEW_YEAR', false]]);
    // 2023-12-30/31 are only joined weekends; the next holiday is 2024-01-01.
    expectFound('2023-10-07', '2024-01-01', [['NEW_YEAR', true]]);
  });

  it('finds the last 2026 holiday, and UNKNOWN after it', () => {
    expectFound('2026-10-07', '2026-10-07', [['NATIONAL_DAY', false]]);
    expectUnknown('2026-10-08');
    expectUnknown('2026-12-31');
  });

  it('answers UNKNOWN from an unpublished year', () => {
    expectUnknown('2027-01-01');
    expectUnknown('2036-12-31');
    expectUnknown('2037-01-01');
    expectUnknown('2100-02-28');
    expectUnknown('9999-12-31');
  });

  it('equals a naive forward scan for random dates', () => {
    const lastPublished = day(LAST_PUBLISHED_DAY);
    const naive = (from: DayNumber): unknown => {
      for (let d = from; d <= lastPublished; d++) {
        const record = recordOf(index, formatIsoDate(d));
        if (record.dayStatus === 'UNKNOWN') break;
        if (record.dayStatus === 'HOLIDAY') {
          return { status: 'FOUND', date: record.date, holidays: record.holidays, datasetVersion: index.version };
        }
      }
      return { status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null };
    };
    fc.assert(
      fc.property(fc.integer({ min: day('2008-01-01'), max: day('2031-12-31') }), (from) => {
        const expected = naive(from);
        assert.deepEqual({ ...nextOf(index, from) }, expected);
        assert.deepEqual(jsonOf(index.nextHolidayJson(from)), JSON.parse(JSON.stringify(expected)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the precomputed JSON', () => {
  it('is byte for byte JSON.stringify of each day’s record, every day of the window, and a range is their join', async () => {
    const snapshot = await readDataDirectory(BUNDLED_DATA_DIR);
    const broken = buildCalendarViews(
      assembleDataset({ ...snapshot, yearFiles: snapshot.yearFiles.map((file) => (file.year === 2015 ? { ...file, text: '{}' } : file)) }),
    );
    for (const each of [index, broken]) {
      const days: DayNumber[] = [];
      for (let at = day('2008-01-01'); at <= day('2031-12-31'); at++) days.push(at);
      for (const at of days) {
        const record = each.dayStatus(at);
        const json = each.dayJson(at);
        if (isUnavailable(record)) {
          assert.ok(isUnavailable(json), formatIsoDate(at));
          continue;
        }
        if (isUnavailable(json)) assert.fail(`${formatIsoDate(at)}: JSON unavailable`);
        assert.ok(json.equals(Buffer.from(JSON.stringify(record))), formatIsoDate(at));
      }
      const range = each.rangeJson(day('2016-01-01'), day('2016-12-31'));
      if (isUnavailable(range)) assert.fail('unavailable');
      assert.equal(range.toString(), JSON.stringify(days.slice(days.indexOf(day('2016-01-01')), days.indexOf(day('2016-12-31')) + 1).map((at) => each.dayStatus(at))));
    }
  });
});
