import type { DayNumber } from '../calendar/civil-date.js';
import { dayOfWeek } from '../calendar/day-of-week.js';
import type { AssociatedHoliday } from '../calendar/day-status.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import type { Market } from '../calendar/markets.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import type { BeforeSupportedRange, Unavailable } from './answer-kinds.js';
import type { TradingDayCount, TradingDayOffset, TradingDayStatus } from './answer-json.js';
import { OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN } from './workday-offset.js';
import type { TradingCalendar } from './trading-days.js';

/** The trading-day resources of the HTTP API, field for field: declared with their writers, from the same schemas. */
export type { TradingDayCount, TradingDayOffset, TradingDayStatus };

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
