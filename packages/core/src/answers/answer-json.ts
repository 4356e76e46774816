// Generated from packages/service/src/http/kernel/resource-schemas.ts by npm run docs:generate (scripts/answer-writers.ts); do not edit.
// Each writer gives, byte for byte, what JSON.stringify gives for the same value (tests hold them to that), without its look at every key.

import type { DayOfWeek } from '../calendar/day-of-week.js';
import type { AssociatedHoliday, DayStatusValue, WorkStatus } from '../calendar/day-status.js';
import type { Market } from '../calendar/markets.js';
import { jsonString } from '../calendar/json-string.js';

/** The JSON of an associated holiday: a holiday associated with a date. */
export function associatedHolidayJson(value: AssociatedHoliday): string {
  return `{"code":"${value.code}","name":${jsonString(value.name)},"statutoryDate":${value.statutoryDate}}`;
}

/** The status of one date. */
export interface DayStatus {
  readonly date: string;
  readonly dayOfWeek: DayOfWeek;
  readonly workStatus: WorkStatus;
  readonly dayStatus: DayStatusValue;
  readonly holidays: readonly AssociatedHoliday[];
  readonly datasetVersion: string | null;
}

/** The JSON of a day status: the status of one date. */
export function dayStatusJson(value: DayStatus): string {
  return `{"date":"${value.date}","dayOfWeek":"${value.dayOfWeek}","workStatus":"${value.workStatus}","dayStatus":"${value.dayStatus}","holidays":${associatedHolidayListJson(value.holidays)},"datasetVersion":${value.datasetVersion === null ? 'null' : `"${value.datasetVersion}"`}}`;
}

/** Counts over a range; totalDays = workdayCount + restDayCount + unknownDayCount. */
export interface WorkdayCount {
  readonly startDate: string;
  readonly endDate: string;
  readonly totalDays: number;
  readonly workdayCount: number;
  readonly restDayCount: number;
  readonly unknownDayCount: number;
}

/** The JSON of a workday count: counts over a range; totalDays = workdayCount + restDayCount + unknownDayCount. */
export function workdayCountJson(value: WorkdayCount): string {
  return `{"startDate":"${value.startDate}","endDate":"${value.endDate}","totalDays":${value.totalDays},"workdayCount":${value.workdayCount},"restDayCount":${value.restDayCount},"unknownDayCount":${value.unknownDayCount}}`;
}

/** The next holiday on or after fromDate. */
export type NextHoliday =
  | {
      readonly status: 'FOUND';
      readonly date: string;
      readonly holidays: readonly AssociatedHoliday[];
      readonly datasetVersion: string;
    }
  | {
      readonly status: 'UNKNOWN';
      readonly date: null;
      readonly holidays: readonly AssociatedHoliday[];
      readonly datasetVersion: null;
    };

/** The JSON of a next holiday: the next holiday on or after fromDate. */
export function nextHolidayJson(value: NextHoliday): string {
  if (value.status === 'FOUND') return `{"status":"FOUND","date":"${value.date}","holidays":${associatedHolidayListJson(value.holidays)},"datasetVersion":"${value.datasetVersion}"}`;
  return `{"status":"UNKNOWN","date":null,"holidays":${associatedHolidayListJson(value.holidays)},"datasetVersion":null}`;
}

/** The day a number of working days from fromDate; UNKNOWN when the walk needs a day of an unpublished year. */
export type WorkdayOffset =
  | {
      readonly fromDate: string;
      readonly days: number;
      readonly status: 'FOUND';
      readonly date: string;
      readonly datasetVersion: string;
    }
  | {
      readonly fromDate: string;
      readonly days: number;
      readonly status: 'UNKNOWN';
      readonly date: null;
      readonly datasetVersion: null;
    };

/** The JSON of a workday offset: the day a number of working days from fromDate; UNKNOWN when the walk needs a day of an unpublished year. */
export function workdayOffsetJson(value: WorkdayOffset): string {
  if (value.status === 'FOUND') return `{"fromDate":"${value.fromDate}","days":${value.days},"status":"FOUND","date":"${value.date}","datasetVersion":"${value.datasetVersion}"}`;
  return `{"fromDate":"${value.fromDate}","days":${value.days},"status":"UNKNOWN","date":null,"datasetVersion":null}`;
}

/** An RFC 9457 problem. */
export interface Problem {
  readonly type: string;
  readonly title: 'Invalid date format' | 'Missing parameter' | 'Invalid date range' | 'Date range too large' | 'Date out of supported range' | 'Resource not found' | 'Method not allowed' | 'Calendar data unavailable' | 'Internal error' | 'Invalid parameter' | 'Bad request' | 'Request timeout' | 'Expectation failed' | 'Request header fields too large' | 'Content too large' | 'Origin not allowed';
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly code: 'INVALID_DATE_FORMAT' | 'MISSING_PARAMETER' | 'INVALID_DATE_RANGE' | 'DATE_RANGE_TOO_LARGE' | 'DATE_OUT_OF_SUPPORTED_RANGE' | 'RESOURCE_NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'CALENDAR_DATA_UNAVAILABLE' | 'INTERNAL_ERROR' | 'INVALID_PARAMETER' | 'BAD_REQUEST' | 'REQUEST_TIMEOUT' | 'EXPECTATION_FAILED' | 'REQUEST_HEADER_FIELDS_TOO_LARGE' | 'CONTENT_TOO_LARGE' | 'ORIGIN_NOT_ALLOWED';
  readonly requestId: string;
}

/** The JSON of a problem: an RFC 9457 problem. */
export function problemJson(value: Problem): string {
  return `{"type":${jsonString(value.type)},"title":"${value.title}","status":${value.status},"detail":${jsonString(value.detail)},"instance":${jsonString(value.instance)},"code":"${value.code}","requestId":${jsonString(value.requestId)}}`;
}

/** Whether the exchanges trade on one date, under their own notices. */
export interface TradingDayStatus {
  readonly date: string;
  readonly market: Market;
  readonly dayOfWeek: DayOfWeek;
  readonly tradingStatus: 'TRADING' | 'CLOSED' | 'UNKNOWN';
  readonly closureReason: 'WEEKEND' | 'HOLIDAY' | 'MARKET_CLOSURE' | null;
  readonly holidays: readonly AssociatedHoliday[];
  readonly datasetVersion: string | null;
}

/** The JSON of a trading day status: whether the exchanges trade on one date, under their own notices. */
export function tradingDayStatusJson(value: TradingDayStatus): string {
  return `{"date":"${value.date}","market":"${value.market}","dayOfWeek":"${value.dayOfWeek}","tradingStatus":"${value.tradingStatus}","closureReason":${value.closureReason === null ? 'null' : `"${value.closureReason}"`},"holidays":${associatedHolidayListJson(value.holidays)},"datasetVersion":${value.datasetVersion === null ? 'null' : `"${value.datasetVersion}"`}}`;
}

/** Trading, closed and unknown days over a range, both ends included. */
export interface TradingDayCount {
  readonly startDate: string;
  readonly endDate: string;
  readonly market: Market;
  readonly tradingDayCount: number;
  readonly closedDayCount: number;
  readonly unknownDayCount: number;
  readonly datasetVersion: string;
}

/** The JSON of a trading day count: trading, closed and unknown days over a range, both ends included. */
export function tradingDayCountJson(value: TradingDayCount): string {
  return `{"startDate":"${value.startDate}","endDate":"${value.endDate}","market":"${value.market}","tradingDayCount":${value.tradingDayCount},"closedDayCount":${value.closedDayCount},"unknownDayCount":${value.unknownDayCount},"datasetVersion":"${value.datasetVersion}"}`;
}

/** The day a number of trading days from fromDate (T+N); UNKNOWN when the walk needs a day of a year whose exchanges' notice is not in the dataset. */
export type TradingDayOffset =
  | {
      readonly fromDate: string;
      readonly days: number;
      readonly market: Market;
      readonly status: 'FOUND';
      readonly date: string;
      readonly datasetVersion: string;
    }
  | {
      readonly fromDate: string;
      readonly days: number;
      readonly market: Market;
      readonly status: 'UNKNOWN';
      readonly date: null;
      readonly datasetVersion: null;
    };

/** The JSON of a trading day offset: the day a number of trading days from fromDate (T+N); UNKNOWN when the walk needs a day of a year whose exchanges' notice is not in the dataset. */
export function tradingDayOffsetJson(value: TradingDayOffset): string {
  if (value.status === 'FOUND') return `{"fromDate":"${value.fromDate}","days":${value.days},"market":"${value.market}","status":"FOUND","date":"${value.date}","datasetVersion":"${value.datasetVersion}"}`;
  return `{"fromDate":"${value.fromDate}","days":${value.days},"market":"${value.market}","status":"UNKNOWN","date":null,"datasetVersion":null}`;
}

function associatedHolidayListJson(list: readonly AssociatedHoliday[]): string {
  if (list.length === 0) return '[]';
  let text = '[';
  for (const item of list) text += text.length === 1 ? associatedHolidayJson(item) : `,${associatedHolidayJson(item)}`;
  return `${text}]`;
}

/** The columns of a day's CSV, in order: the header row names them. */
export const DAY_STATUS_CSV_COLUMNS = ['date', 'dayOfWeek', 'workStatus', 'dayStatus', 'holidays', 'statutoryDate'] as const;

/** A day's CSV row: every value as the record writes it. */
export interface DayStatusCsvRow {
  readonly date: string;
  readonly dayOfWeek: DayOfWeek;
  readonly workStatus: WorkStatus;
  readonly dayStatus: DayStatusValue;
  readonly holidays: string;
  readonly statutoryDate: 'true' | 'false' | '';
}

/** A day's CSV record, its CRLF included: the values need no quoting (codes, dates, booleans). */
export function dayStatusCsvRecord(row: DayStatusCsvRow): string {
  return `${row.date},${row.dayOfWeek},${row.workStatus},${row.dayStatus},${row.holidays},${row.statutoryDate}\r\n`;
}
