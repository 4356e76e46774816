import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  DAY_STATUS_CSV_COLUMNS,
  dayStatusCsvRecord,
  dayStatusJson,
  nextHolidayJson,
  tradingDayCountJson,
  tradingDayOffsetJson,
  tradingDayStatusJson,
  workdayOffsetJson,
  type DayStatusCsvRow,
} from '@china-holiday-calendar/core/answers/answer-json.js';
import type { NextHoliday, WorkdayOffset } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { DayStatus } from '@china-holiday-calendar/core/answers/day-json.js';
import type { TradingDayCount, TradingDayOffset, TradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
import { CLOSURE_REASONS, TRADING_STATUSES } from '@china-holiday-calendar/core/answers/trading-days.js';
import { DAYS_OF_WEEK } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { DAY_STATUSES, WORK_STATUSES, type AssociatedHoliday } from '@china-holiday-calendar/core/calendar/day-status.js';
import { HOLIDAY_CODES } from '@china-holiday-calendar/core/calendar/holidays.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { MARKETS } from '@china-holiday-calendar/core/calendar/markets.js';
import { DATASET_VERSION_PATTERN } from '@china-holiday-calendar/core/dataset/dataset-version.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { RESOURCE_SCHEMAS } from 'china-holiday-calendar-service/internal/http/kernel/resource-schemas.js';

/*
 * The writers generated from the resource schemas (scripts/answer-writers.ts), against JSON.stringify
 * of the same values built here field by field, and against the schemas' own property order.
 */

const isoDate = fc.integer({ min: FIRST_SUPPORTED_DAY, max: 2_932_896 }).map(formatIsoDate);
/** Any text, escapes of every kind and lone surrogates included. */
const anyText = fc.string({ unit: 'binary' });
/** Any version the published pattern allows: the writers put it in quotes as it is. */
const version = fc.stringMatching(new RegExp(DATASET_VERSION_PATTERN));
const holiday: fc.Arbitrary<AssociatedHoliday> = fc.record({ code: fc.constantFrom(...HOLIDAY_CODES), name: anyText, statutoryDate: fc.boolean() });

const dayStatus: fc.Arbitrary<DayStatus> = fc.record({
  date: isoDate,
  dayOfWeek: fc.constantFrom(...DAYS_OF_WEEK),
  workStatus: fc.constantFrom(...WORK_STATUSES),
  dayStatus: fc.constantFrom(...DAY_STATUSES),
  holidays: fc.array(holiday, { maxLength: 3 }),
  datasetVersion: fc.option(version, { nil: null }),
});

const nextHoliday: fc.Arbitrary<NextHoliday> = fc.oneof(
  fc.record({ status: fc.constant('FOUND' as const), date: isoDate, holidays: fc.array(holiday, { minLength: 1, maxLength: 3 }), datasetVersion: version }),
  fc.constant({ status: 'UNKNOWN' as const, date: null, holidays: [], datasetVersion: null }),
);

const days = fc.integer({ min: -1000, max: 1000 });
const workdayOffset: fc.Arbitrary<WorkdayOffset> = fc.oneof(
  fc.record({ fromDate: isoDate, days, status: fc.constant('FOUND' as const), date: isoDate, datasetVersion: version }),
  fc.record({ fromDate: isoDate, days, status: fc.constant('UNKNOWN' as const), date: fc.constant(null), datasetVersion: fc.constant(null) }),
);

const market = fc.constantFrom(...MARKETS);
const count = fc.integer({ min: 0, max: 366 });
const tradingDayStatus: fc.Arbitrary<TradingDayStatus> = fc.record({
  date: isoDate,
  market,
  dayOfWeek: fc.constantFrom(...DAYS_OF_WEEK),
  tradingStatus: fc.constantFrom(...TRADING_STATUSES),
  closureReason: fc.option(fc.constantFrom(...CLOSURE_REASONS), { nil: null }),
  holidays: fc.array(holiday, { maxLength: 3 }),
  datasetVersion: fc.option(version, { nil: null }),
});
const tradingDayCount: fc.Arbitrary<TradingDayCount> = fc.record({
  startDate: isoDate,
  endDate: isoDate,
  market,
  tradingDayCount: count,
  closedDayCount: count,
  unknownDayCount: count,
  datasetVersion: version,
});
const tradingDayOffset: fc.Arbitrary<TradingDayOffset> = fc.oneof(
  fc.record({ fromDate: isoDate, days, market, status: fc.constant('FOUND' as const), date: isoDate, datasetVersion: version }),
  fc.record({ fromDate: isoDate, days, market, status: fc.constant('UNKNOWN' as const), date: fc.constant(null), datasetVersion: fc.constant(null) }),
);

/** The property names of an object resource schema, in order. */
function schemaKeys(schema: unknown): string[] {
  return Object.keys((schema as { properties: object }).properties);
}

describe('the writers generated from the resource schemas', () => {
  it("write a day's status as JSON.stringify does, in the schema's order", () => {
    fc.assert(
      fc.property(dayStatus, (value) => {
        const json = dayStatusJson(value);
        assert.equal(json, JSON.stringify(value));
        assert.deepEqual(Object.keys(JSON.parse(json) as object), schemaKeys(RESOURCE_SCHEMAS.DayStatus));
      }),
    );
  });

  it('write a next holiday as JSON.stringify does, both branches', () => {
    fc.assert(fc.property(nextHoliday, (value) => assert.equal(nextHolidayJson(value), JSON.stringify(value))));
  });

  it('write a working-day offset as JSON.stringify does, both branches', () => {
    fc.assert(fc.property(workdayOffset, (value) => assert.equal(workdayOffsetJson(value), JSON.stringify(value))));
  });

  it("write a trading day's status, a trading-day count and a T+N as JSON.stringify does, in the schemas' order", () => {
    fc.assert(
      fc.property(tradingDayStatus, (value) => {
        const json = tradingDayStatusJson(value);
        assert.equal(json, JSON.stringify(value));
        assert.deepEqual(Object.keys(JSON.parse(json) as object), schemaKeys(RESOURCE_SCHEMAS.TradingDayStatus));
      }),
    );
    fc.assert(
      fc.property(tradingDayCount, (value) => {
        const json = tradingDayCountJson(value);
        assert.equal(json, JSON.stringify(value));
        assert.deepEqual(Object.keys(JSON.parse(json) as object), schemaKeys(RESOURCE_SCHEMAS.TradingDayCount));
      }),
    );
    fc.assert(fc.property(tradingDayOffset, (value) => assert.equal(tradingDayOffsetJson(value), JSON.stringify(value))));
  });

  it("write a day's CSV record in the order of the header's columns, CRLF-ended", () => {
    const row: DayStatusCsvRow = {
      statutoryDate: 'true',
      holidays: 'NATIONAL_DAY',
      dayStatus: 'HOLIDAY',
      workStatus: 'REST_DAY',
      dayOfWeek: 'TUESDAY',
      date: '2024-10-01',
    };
    assert.deepEqual(DAY_STATUS_CSV_COLUMNS, ['date', 'dayOfWeek', 'workStatus', 'dayStatus', 'holidays', 'statutoryDate']);
    assert.equal(dayStatusCsvRecord(row), `${DAY_STATUS_CSV_COLUMNS.map((column) => row[column]).join(',')}\r\n`);
    assert.equal(dayStatusCsvRecord(row), '2024-10-01,TUESDAY,REST_DAY,HOLIDAY,NATIONAL_DAY,true\r\n');
  });

  it("take the CSV's columns from the day status's schema, in its order", () => {
    const jsonKeys = schemaKeys(RESOURCE_SCHEMAS.DayStatus);
    const shared = DAY_STATUS_CSV_COLUMNS.filter((column) => jsonKeys.includes(column));
    assert.deepEqual(shared, jsonKeys.filter((key) => (DAY_STATUS_CSV_COLUMNS as readonly string[]).includes(key)));
  });
});
