import type { Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { tradingDayStatusJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import type { TradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
import { tradingCalendarOf, TRADING_CODE, type TradingCalendar } from '@china-holiday-calendar/core/answers/trading-days.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { dayOfWeek } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import type { AssociatedHoliday } from '@china-holiday-calendar/core/calendar/day-status.js';
import type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';

/**
 * The trading-day status answers of one market as bytes, the way answer-bytes.ts keeps the State
 * Council's: every day of the core's tables written once into one buffer (each day's JSON followed
 * by a comma; an unreadable day, the comma alone), a day answered by a view of it and a range by
 * one slice of it between brackets. Byte for byte what JSON.stringify gives for the status object
 * the library hands out (test/trading/trading-bytes.test.ts holds every day of every market).
 * Built on a market's first question, not at start: most services are never asked about trading
 * days, and each market's text is about 1.6 MB.
 */
export interface TradingBytes {
  /** The day's JSON, or the Unavailable of a State Council year that cannot be read. */
  dayJson(day: DayNumber): Buffer | Unavailable;
  /** A range's JSON array in pieces sharing the precomputed buffer (days past the tables written on request). */
  rangeJsonChunks(start: DayNumber, end: DayNumber): readonly Buffer[] | Unavailable;
}

const OPEN_BRACKET = Buffer.from('[');
const CLOSE_BRACKET = Buffer.from(']');
const NO_HOLIDAYS: readonly AssociatedHoliday[] = Object.freeze([]);

type MarketBytes = Partial<Record<Market, TradingBytes>>;

/** Per core (one per dataset version, dropped with it), per market. */
const kept = new WeakMap<CalendarCore, MarketBytes>();

/** The trading bytes of a market on a core: built on first use, then kept as long as the core. */
export function tradingBytesOf(core: CalendarCore, market: Market): TradingBytes {
  let markets = kept.get(core);
  if (markets === undefined) {
    markets = {};
    kept.set(core, markets);
  }
  return (markets[market] ??= buildTradingBytes(tradingCalendarOf(core), market));
}

/** A day's trading status record, as tradingDayStatus (packages/core/src/answers/trading-answers.ts) makes it. */
function statusOf(trading: TradingCalendar, day: DayNumber, market: Market): TradingDayStatus {
  const { core } = trading;
  const { tradingStatus, closureReason } = trading.state(day);
  const holidays = day < core.windowEnd ? (core.holidaysAt.get(day - FIRST_SUPPORTED_DAY) ?? NO_HOLIDAYS) : NO_HOLIDAYS;
  return {
    date: core.isoDate(day),
    market,
    dayOfWeek: dayOfWeek(day),
    tradingStatus,
    closureReason,
    holidays,
    datasetVersion: tradingStatus === 'UNKNOWN' ? null : core.version,
  };
}

function buildTradingBytes(trading: TradingCalendar, market: Market): TradingBytes {
  const { core } = trading;
  const size = core.windowEnd - FIRST_SUPPORTED_DAY;
  const offsets = new Uint32Array(size + 1);
  const parts: string[] = [];
  let length = 0;
  for (let at = 0; at < size; at++) {
    offsets[at] = length;
    const day = FIRST_SUPPORTED_DAY + at;
    const part = trading.code(day) === TRADING_CODE.UNAVAILABLE ? ',' : `${tradingDayStatusJson(statusOf(trading, day, market))},`;
    parts.push(part);
    // Holiday names are the only text that is not ASCII.
    length += Buffer.byteLength(part);
  }
  offsets[size] = length;
  const allDays = Buffer.from(parts.join(''));

  const dayBuffers = new Array<Buffer | undefined>(size);
  const beyondTables = (day: DayNumber): string => tradingDayStatusJson(statusOf(trading, day, market));

  return {
    dayJson(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      if (at >= size) return Buffer.from(beyondTables(day));
      const unavailable = trading.unavailableAt(day);
      if (unavailable !== undefined) return unavailable;
      return (dayBuffers[at] ??= allDays.subarray(offsets[at], (offsets[at + 1] ?? 0) - 1));
    },
    rangeJsonChunks(start, end) {
      const blocked = core.unreadableIn(start, end);
      if (blocked !== undefined) return blocked;
      const from = start - FIRST_SUPPORTED_DAY;
      const to = Math.min(end - FIRST_SUPPORTED_DAY + 1, size);
      const chunks: Buffer[] = [OPEN_BRACKET];
      if (from < to) chunks.push(allDays.subarray(offsets[from], (offsets[to] ?? 0) - 1));
      for (let day = Math.max(start, core.windowEnd); day <= end; day++) {
        chunks.push(Buffer.from(`${day === start ? '' : ','}${beyondTables(day)}`));
      }
      chunks.push(CLOSE_BRACKET);
      return chunks;
    },
  };
}
