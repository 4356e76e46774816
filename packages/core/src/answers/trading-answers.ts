import type { DayNumber } from '../calendar/civil-date.js';
import { dayOfWeek, type DayOfWeek } from '../calendar/day-of-week.js';
import type { AssociatedHoliday } from '../calendar/day-status.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import type { Market } from '../calendar/markets.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import type { BeforeSupportedRange, Unavailable } from './answer-kinds.js';
import { OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN } from './workday-offset.js';
import type { ClosureReason, TradingCalendar, TradingStatus } from './trading-days.js';

/** The trading-day status resource (docs/interface.md, Trading days), field for field. */
export interface TradingDayStatus {
  readonly date: string;
  readonly market: Market;
  readonly dayOfWeek: DayOfWeek;
  readonly tradingStatus: TradingStatus;
  readonly closureReason: ClosureReason | null;
  readonly holidays: readonly AssociatedHoliday[];
  readonly datasetVersion: string | null;
}

/** The trading-day count resource. */
export interface TradingDayCount {
  readonly startDate: string;
  readonly endDate: string;
  readonly market: Market;
  readonly tradingDayCount: number;
  readonly closedDayCount: number;
  readonly unknownDayCount: number;
  readonly datasetVersion: string;
}

/** The trading-day offset resource (T+N), shaped like the working-day offset. */
export type TradingDayOffset =
  | { readonly fromDate: string; readonly days: number; readonly market: Market; readonly status: 'FOUND'; readonly date: string; readonly datasetVersion: string }
  | { readonly fromDate: string; readonly days: number; readonly market: Market; readonly status: 'UNKNOWN'; readonly date: null; readonly datasetVersion: null };

const NO_HOLIDAYS: readonly AssociatedHoliday[] = Object.freeze([]);
const BEFORE_SUPPORTED_RANGE: BeforeSupportedRange = Object.freeze({ beforeSupportedRange: true });

/** A day's trading status on a market (frozen: the library hands it out as it is). */
export function tradingDayStatus(trading: TradingCalendar, day: DayNumber, market: Market): TradingDayStatus | Unavailable {
  const unavailable = trading.unavailableAt(day);
  if (unavailable !== undefined) return unavailable;
  const { core } = trading;
  const { tradingStatus, closureReason } = trading.state(day);
  const holidays = day < core.windowEnd ? (core.holidaysAt.get(day - FIRST_SUPPORTED_DAY) ?? NO_HOLIDAYS) : NO_HOLIDAYS;
  return Object.freeze({
    date: core.isoDate(day),
    market,
    dayOfWeek: dayOfWeek(day),
    tradingStatus,
    closureReason,
    holidays,
    datasetVersion: tradingStatus === 'UNKNOWN' ? null : core.version,
  });
}

/** Trading, closed and undetermined days of [start, end] on a market. */
export function tradingDayCount(trading: TradingCalendar, start: DayNumber, end: DayNumber, market: Market): TradingDayCount | Unavailable {
  const tally = trading.tally(start, end);
  if ('unavailable' in tally) return tally;
  return Object.freeze({ startDate: formatIsoDate(start), endDate: formatIsoDate(end), market, ...tally, datasetVersion: trading.core.version });
}

/** T+N on a market (the working-day offset's convention), or why there is none. */
export function tradingDayOffset(trading: TradingCalendar, from: DayNumber, days: number, market: Market): TradingDayOffset | Unavailable | BeforeSupportedRange {
  const found = trading.offsetDay(from, days, market);
  const fromDate = formatIsoDate(from);
  if (found > 0) return Object.freeze({ fromDate, days, market, status: 'FOUND', date: formatIsoDate(found), datasetVersion: trading.core.version });
  if (found === OFFSET_UNKNOWN) return Object.freeze({ fromDate, days, market, status: 'UNKNOWN', date: null, datasetVersion: null });
  if (found === OFFSET_BEFORE_SUPPORTED_RANGE) return BEFORE_SUPPORTED_RANGE;
  return trading.core.unavailableOfOffset(found) ?? trading.core.unavailableAt(0);
}
