import assert from 'node:assert/strict';
import type { HttpAnswer } from './http-answer.js';
import { expectedDay, HOLIDAY_NAMES, type HolidayCode } from './reference-calendar.js';
import { isValidDate, isWeekendDate, LAST_PUBLISHED_YEAR, weekdayOf, yearOf } from './spec-dates.js';

/*
 * Shape checks written from docs/interface.md (its resources and Problems) and docs/design.md (Interface decisions),
 * field by field, independently of src/.
 */

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export const DAY_FIELDS = ['date', 'dayOfWeek', 'workStatus', 'dayStatus', 'holidays', 'datasetVersion'] as const;
export const HOLIDAY_FIELDS = ['code', 'name', 'statutoryDate'] as const;
export const COUNT_FIELDS = ['startDate', 'endDate', 'totalDays', 'workdayCount', 'restDayCount', 'unknownDayCount'] as const;
export const NEXT_FIELDS = ['status', 'date', 'holidays', 'datasetVersion'] as const;
export const PROBLEM_FIELDS = ['type', 'title', 'status', 'detail', 'instance', 'code', 'requestId'] as const;

export const WORK_STATUS_OF = {
  WORKDAY: 'WORKDAY',
  ADJUSTED_WORKDAY: 'WORKDAY',
  WEEKEND: 'REST_DAY',
  HOLIDAY: 'REST_DAY',
  UNKNOWN: 'UNKNOWN',
} as const;

/** The problem codes of docs/interface.md (Problems), with the HTTP status of each. */
export const SPEC_PROBLEM_STATUS = {
  INVALID_DATE_FORMAT: 400,
  MISSING_PARAMETER: 400,
  INVALID_DATE_RANGE: 400,
  DATE_RANGE_TOO_LARGE: 400,
  DATE_OUT_OF_SUPPORTED_RANGE: 400,
  RESOURCE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CALENDAR_DATA_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const;
export type SpecProblemCode = keyof typeof SPEC_PROBLEM_STATUS;

export interface DayStatusBody {
  readonly date: string;
  readonly dayOfWeek: string;
  readonly workStatus: string;
  readonly dayStatus: keyof typeof WORK_STATUS_OF;
  readonly holidays: readonly HolidayBody[];
  readonly datasetVersion: string | null;
}

export interface HolidayBody {
  readonly code: HolidayCode;
  readonly name: string;
  readonly statutoryDate: boolean;
}

export interface WorkdayCountBody {
  readonly startDate: string;
  readonly endDate: string;
  readonly totalDays: number;
  readonly workdayCount: number;
  readonly restDayCount: number;
  readonly unknownDayCount: number;
}

export interface NextHolidayBody {
  readonly status: 'FOUND' | 'UNKNOWN';
  readonly date: string | null;
  readonly holidays: readonly HolidayBody[];
  readonly datasetVersion: string | null;
}

export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly code: string;
  readonly requestId: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasKey<K extends string>(value: object, key: K): value is Record<K, unknown> {
  return key in value;
}

/** Object keys exactly these, in this order (the tables of docs/interface.md, no wrapper, nothing extra). */
function assertFields(value: unknown, fields: readonly string[], what: string): asserts value is Record<string, unknown> {
  assert.ok(isRecord(value), `${what} must be a JSON object, got ${JSON.stringify(value)}`);
  assert.deepEqual(Object.keys(value), [...fields], `${what} fields`);
}

/** A well-formed request id: 1 to 128 visible ASCII characters (docs/design.md (Interface decisions)). */
export function isWellFormedRequestId(value: string): boolean {
  return /^[\x21-\x7e]{1,128}$/.test(value);
}

export function assertHoliday(value: unknown, what: string): asserts value is HolidayBody {
  assertFields(value, HOLIDAY_FIELDS, what);
  assert.equal(typeof value.code, 'string', `${what}.code type`);
  assert.ok(hasKey(HOLIDAY_NAMES, String(value.code)), `${what}.code ${String(value.code)} is not a holiday code of docs/interface.md`);
  assert.equal(value.name, HOLIDAY_NAMES[value.code as HolidayCode], `${what}.name`);
  assert.equal(typeof value.statutoryDate, 'boolean', `${what}.statutoryDate type`);
}

function assertHolidays(value: unknown, what: string): asserts value is HolidayBody[] {
  assert.ok(Array.isArray(value), `${what} must be an array`);
  value.forEach((holiday: unknown, at) => {
    assertHoliday(holiday, `${what}[${at}]`);
  });
  const codes = (value as HolidayBody[]).map((holiday) => holiday.code);
  assert.equal(new Set(codes).size, codes.length, `${what} names a holiday twice`);
}

export interface DayCheckOptions {
  /** The date the answer must be for. */
  readonly date?: string;
  /** The datasetVersion every determined answer must carry. */
  readonly datasetVersion?: string;
}

/** A day-status object (docs/interface.md, Day status), and the rules of docs/design.md (Interface decisions) that constrain one day on its own. */
export function assertDayStatus(value: unknown, options: DayCheckOptions = {}, what = 'day status'): asserts value is DayStatusBody {
  assertFields(value, DAY_FIELDS, what);
  const { date, dayOfWeek, workStatus, dayStatus, holidays, datasetVersion } = value;
  assert.equal(typeof date, 'string', `${what}.date type`);
  assert.ok(isValidDate(String(date)), `${what}.date ${String(date)} is not yyyy-MM-dd`);
  if (options.date !== undefined) assert.equal(date, options.date, `${what}.date`);
  const day = String(date);
  assert.equal(dayOfWeek, weekdayOf(day), `${what}.dayOfWeek of ${day}`);
  assert.ok(typeof dayStatus === 'string' && hasKey(WORK_STATUS_OF, dayStatus), `${what}.dayStatus ${String(dayStatus)}`);
  assert.equal(workStatus, WORK_STATUS_OF[dayStatus as keyof typeof WORK_STATUS_OF], `${what}.workStatus derives from dayStatus`);
  assertHolidays(holidays, `${what}.holidays`);
  // Published years 2008..2026: determined; later years: UNKNOWN with no holidays and no version.
  const unpublished = yearOf(day) > LAST_PUBLISHED_YEAR;
  assert.equal(dayStatus === 'UNKNOWN', unpublished, `${what}: ${day} UNKNOWN exactly when its year is unpublished`);
  if (unpublished) {
    assert.equal(datasetVersion, null, `${what}.datasetVersion of an unpublished year`);
  } else {
    assert.equal(typeof datasetVersion, 'string', `${what}.datasetVersion type`);
    assert.ok(String(datasetVersion).length > 0, `${what}.datasetVersion is empty`);
    if (options.datasetVersion !== undefined) assert.equal(datasetVersion, options.datasetVersion, `${what}.datasetVersion`);
  }
  const weekend = isWeekendDate(day);
  if (dayStatus === 'WEEKEND') assert.ok(weekend, `${what}: WEEKEND on a weekday`);
  if (dayStatus === 'WORKDAY') assert.ok(!weekend, `${what}: plain WORKDAY on a weekend`);
  if (dayStatus === 'WORKDAY' || dayStatus === 'WEEKEND' || dayStatus === 'UNKNOWN') {
    assert.deepEqual(holidays, [], `${what}: ${dayStatus} carries no holidays`);
  } else {
    assert.ok(holidays.length > 0, `${what}: ${dayStatus} carries the holidays of its notice entry`);
  }
  if (dayStatus === 'ADJUSTED_WORKDAY') {
    assert.ok(
      holidays.every((holiday) => !holiday.statutoryDate),
      `${what}: a make-up working day is never statutory`,
    );
  }
}

/** A workday count (docs/interface.md, Workday count) for the given range. */
export function assertWorkdayCount(value: unknown, start: string, end: string, totalDays: number): asserts value is WorkdayCountBody {
  assertFields(value, COUNT_FIELDS, 'workday count');
  assert.equal(value.startDate, start, 'startDate');
  assert.equal(value.endDate, end, 'endDate');
  for (const field of ['totalDays', 'workdayCount', 'restDayCount', 'unknownDayCount'] as const) {
    const count = value[field];
    assert.ok(Number.isInteger(count) && typeof count === 'number' && count >= 0, `${field} must be a non-negative integer, got ${String(count)}`);
  }
  assert.equal(value.totalDays, totalDays, 'totalDays');
  assert.equal(
    value.totalDays,
    Number(value.workdayCount) + Number(value.restDayCount) + Number(value.unknownDayCount),
    'totalDays = workdayCount + restDayCount + unknownDayCount',
  );
}

/** A next-holiday result (docs/interface.md, Next holiday) for a search from `from`. */
export function assertNextHoliday(value: unknown, from: string): asserts value is NextHolidayBody {
  assertFields(value, NEXT_FIELDS, 'next holiday');
  const { status, date, holidays, datasetVersion } = value;
  assertHolidays(holidays, 'next holiday.holidays');
  if (status === 'UNKNOWN') {
    assert.equal(date, null, 'UNKNOWN: date is null');
    assert.deepEqual(holidays, [], 'UNKNOWN: holidays is empty');
    assert.equal(datasetVersion, null, 'UNKNOWN: datasetVersion is null');
    return;
  }
  assert.equal(status, 'FOUND', 'status is FOUND or UNKNOWN');
  assert.equal(typeof date, 'string', 'FOUND: date type');
  assert.ok(isValidDate(String(date)), `FOUND: date ${String(date)} is yyyy-MM-dd`);
  assert.ok(String(date) >= from, `FOUND: ${String(date)} is on or after ${from}`);
  assert.ok(yearOf(String(date)) <= LAST_PUBLISHED_YEAR, 'FOUND: the date lies in a published year');
  assert.ok(holidays.length > 0, 'FOUND: holidays of the date');
  assert.equal(typeof datasetVersion, 'string', 'FOUND: datasetVersion is a string');
}

/** What a success answer carries (docs/interface.md, docs/design.md (Interface decisions)), then its parsed body. */
export function assertJsonSuccess(answer: HttpAnswer): unknown {
  assert.equal(answer.status, 200, `expected 200, got ${answer.status}: ${answer.body.slice(0, 300)}`);
  assert.equal(answer.headers['content-type'], JSON_CONTENT_TYPE, 'success content-type');
  assertRequestIdHeader(answer);
  return JSON.parse(answer.body) as unknown;
}

export function assertRequestIdHeader(answer: HttpAnswer): string {
  const id = answer.headers['x-request-id'];
  assert.equal(typeof id, 'string', 'every response carries X-Request-Id');
  assert.ok(isWellFormedRequestId(String(id)), `X-Request-Id ${JSON.stringify(id)} is 1..128 visible ASCII`);
  return String(id);
}

/** `INVALID_DATE_FORMAT` → `invalid-date-format`. */
export function problemSlug(code: string): string {
  return code.toLowerCase().replaceAll('_', '-');
}

export interface ProblemExpectation {
  readonly status: number;
  /** The expected code; when omitted, any code whose type URI matches it. */
  readonly code?: string;
  readonly docsUrl: string;
  /** The expected `instance` (the path as sent, without the query). */
  readonly instance?: string;
  readonly requestId?: string;
}

/** Strings that betray internal detail in an error (stack frames, file paths, error class names). */
const INTERNAL_DETAIL = /\bat \S+ \(|node_modules|\/work\/|\.ts:\d+|\.js:\d+|TypeError|ReferenceError|\bstack\b/;

/**
 * A problem answer per docs/interface.md (Problem, Problems) and docs/design.md (Interface decisions): the status, exactly
 * `application/problem+json`, all seven fields with their types, `status` equal to the HTTP
 * status, `type` built from the docs URL, `requestId` equal to X-Request-Id, no internal detail.
 */
export function assertProblem(answer: HttpAnswer, expected: ProblemExpectation): ProblemBody {
  assert.equal(answer.status, expected.status, `expected ${expected.status}, got ${answer.status}: ${answer.body.slice(0, 300)}`);
  assert.equal(answer.headers['content-type'], PROBLEM_CONTENT_TYPE, 'problem content-type, exactly, no charset');
  const header = assertRequestIdHeader(answer);
  const body: unknown = JSON.parse(answer.body);
  assert.ok(isRecord(body), 'problem body is an object');
  assert.deepEqual(Object.keys(body).sort(), [...PROBLEM_FIELDS].sort(), 'problem fields: all seven of docs/interface.md, Problem, nothing else');
  for (const field of ['type', 'title', 'detail', 'instance', 'code', 'requestId'] as const) {
    assert.equal(typeof body[field], 'string', `problem.${field} is a string`);
  }
  const problem = body as unknown as ProblemBody;
  assert.ok(Number.isInteger(problem.status), 'problem.status is an integer');
  assert.equal(problem.status, answer.status, 'problem.status equals the HTTP status');
  if (expected.code !== undefined) assert.equal(problem.code, expected.code, `problem.code (detail: ${problem.detail})`);
  assert.match(problem.code, /^[A-Z][A-Z0-9_]*$/, 'problem.code is a stable machine code');
  assert.equal(problem.type, `${expected.docsUrl}/problems/${problemSlug(problem.code)}`, 'problem.type');
  assert.ok(URL.canParse(problem.type), 'problem.type is an absolute URI');
  assert.ok(problem.title.length > 0, 'problem.title is not empty');
  assert.ok(problem.detail.length > 0, 'problem.detail is not empty');
  if (expected.instance !== undefined) assert.equal(problem.instance, expected.instance, 'problem.instance');
  assert.equal(problem.requestId, header, 'problem.requestId equals X-Request-Id');
  if (expected.requestId !== undefined) assert.equal(problem.requestId, expected.requestId, 'requestId');
  assert.doesNotMatch(answer.body, INTERNAL_DETAIL, 'no stack trace or internal detail');
  const specStatus: number | undefined = (SPEC_PROBLEM_STATUS as Record<string, number>)[problem.code];
  if (specStatus !== undefined) assert.equal(problem.status, specStatus, `${problem.code} has HTTP status ${specStatus} (docs/interface.md, Problems)`);
  return problem;
}

/** The day-status body the reference calendar gives a date, under the served `datasetVersion`. */
export function expectedDayBody(date: string, datasetVersion: string): DayStatusBody {
  const expected = expectedDay(date);
  return {
    date,
    dayOfWeek: weekdayOf(date),
    workStatus: WORK_STATUS_OF[expected.dayStatus],
    dayStatus: expected.dayStatus,
    holidays: expected.holidays,
    datasetVersion: expected.dayStatus === 'UNKNOWN' ? null : datasetVersion,
  };
}
