import type { Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { tradingDayStatusJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { runToEnd } from '@china-holiday-calendar/core/answers/calendar-core.js';
import type { TradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
import { TRADING_CODE, type TradingCalendar } from '@china-holiday-calendar/core/answers/trading-days.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { dayOfWeek, isoWeekdayIndex } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import type { AssociatedHoliday } from '@china-holiday-calendar/core/calendar/day-status.js';
import type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
import { consecutiveIsoDates } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { dayJsonBuffer, dayJsonViews, type DaySource } from './day-json-buffer.js';

/**
 * The trading-day status answers of one market as bytes, the way answer-bytes.ts keeps the State
 * Council's: every day of the core's tables written once into one buffer (day-json-buffer.ts), a
 * day answered by a view of it and a range by one slice of it between brackets. Byte for byte what
 * JSON.stringify gives for the status object the library hands out
 * (test/trading/trading-bytes.test.ts holds every day of every market). Built on a market's first
 * question, not at start: most services are never asked about trading days, and each market's
 * text is about 1.6 MB.
 */
export interface TradingBytes {
  /** The day's JSON, or the Unavailable of a State Council year that cannot be read. */
  dayJson(day: DayNumber): Buffer | Unavailable;
  /** A range's JSON array in one buffer (days past the tables written on request). */
  rangeJson(start: DayNumber, end: DayNumber): Buffer | Unavailable;
}

const NO_HOLIDAYS: readonly AssociatedHoliday[] = Object.freeze([]);

/** Kinds of day per weekday: one per trading code. */
const TRADING_CODES = Math.max(...Object.values(TRADING_CODE)) + 1;

/** A day's trading status record, as tradingDayStatus (packages/core/src/answers/trading-answers.ts) makes it, dated `date` (the day's ISO text). */
function statusOf(trading: TradingCalendar, day: DayNumber, market: Market, date = trading.core.isoDate(day)): TradingDayStatus {
  const { core } = trading;
  const { tradingStatus, closureReason } = trading.state(day);
  const holidays = day < core.windowEnd ? (core.holidaysAt.get(day - FIRST_SUPPORTED_DAY) ?? NO_HOLIDAYS) : NO_HOLIDAYS;
  return {
    date,
    market,
    dayOfWeek: dayOfWeek(day),
    tradingStatus,
    closureReason,
    holidays,
    datasetVersion: tradingStatus === 'UNKNOWN' ? null : core.version,
  };
}

/** Each day's trading status JSON: a day without holidays is of the kind of its weekday and trading code. */
function tradingStatusSource(trading: TradingCalendar, market: Market): DaySource {
  const { core } = trading;
  // A kind's JSON is the status of its first day, the date replaced.
  const firstOfKind: DayNumber[] = [];
  // Counted forward, not the core's kept texts: the build asks for every day once, in order.
  const isoDate = consecutiveIsoDates();
  return {
    size: core.windowEnd - FIRST_SUPPORTED_DAY,
    writeDay(at, out) {
      const day = FIRST_SUPPORTED_DAY + at;
      const code = trading.code(day);
      if (code === TRADING_CODE.UNAVAILABLE) {
        out.unreadable();
        return;
      }
      const status = statusOf(trading, day, market, isoDate(day));
      if (status.holidays.length > 0) {
        out.whole(tradingDayStatusJson(status));
        return;
      }
      const kind = isoWeekdayIndex(day) * TRADING_CODES + code;
      firstOfKind[kind] ??= day;
      out.ofKind(kind, status.date);
    },
    jsonOfKind: (kind, date) => tradingDayStatusJson({ ...statusOf(trading, firstOfKind[kind] ?? FIRST_SUPPORTED_DAY, market), date }),
  };
}

/** A market's trading bytes on the trading calendar of a core (kept by the core's byte view, answer-bytes.ts). */
export function buildTradingBytes(trading: TradingCalendar, market: Market): TradingBytes {
  const { core } = trading;
  const days = dayJsonViews(runToEnd(dayJsonBuffer(tradingStatusSource(trading, market))), (day) => tradingDayStatusJson(statusOf(trading, day, market)));
  return {
    dayJson(day) {
      if (day >= core.windowEnd) return days.day(day);
      return trading.unavailableAt(day) ?? days.day(day);
    },
    rangeJson(start, end) {
      return core.unreadableIn(start, end) ?? days.range(start, end);
    },
  };
}
