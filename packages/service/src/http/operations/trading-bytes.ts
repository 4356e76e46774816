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
  const text = new GrowingBuffer(size * BYTES_PER_DAY);
  // What precedes and what follows the date of a day without holidays, by weekday and code, cut
  // once from the writer's own text: most days are then two strings and a date, no record.
  const halves = new Map<string, readonly [string, string]>();
  for (let at = 0; at < size; at++) {
    offsets[at] = text.length;
    const day = FIRST_SUPPORTED_DAY + at;
    const code = trading.code(day);
    if (code === TRADING_CODE.UNAVAILABLE) {
      text.write(',');
      continue;
    }
    const status = statusOf(trading, day, market);
    if (status.holidays.length > 0) {
      text.write(`${tradingDayStatusJson(status)},`);
      continue;
    }
    const key = `${status.dayOfWeek}${code}`;
    let cut = halves.get(key);
    if (cut === undefined) {
      const [head = '', tail = ''] = tradingDayStatusJson({ ...status, date: PLACEHOLDER_DATE }).split(PLACEHOLDER_DATE);
      cut = [head, `${tail},`];
      halves.set(key, cut);
    }
    text.write(`${cut[0]}${status.date}${cut[1]}`);
  }
  offsets[size] = text.length;
  const allDays = text.toBuffer();
  const beyondTables = (day: DayNumber): string => tradingDayStatusJson(statusOf(trading, day, market));

  const dayBuffers = new Array<Buffer | undefined>(size);

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

/** About what a day without holidays takes (its JSON is 150 to 175 bytes): the text rarely has to grow. */
const BYTES_PER_DAY = 176;

/** Stands for the date while a weekday and code's halves are cut: the writer puts a date in as it is, and a NUL nowhere else unescaped. */
const PLACEHOLDER_DATE = '\u0000';

/** UTF-8 text written into one buffer that grows as needed, handed out at its exact length. */
class GrowingBuffer {
  length = 0;
  private buffer: Buffer;

  constructor(capacity: number) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  write(part: string): void {
    // A UTF-16 unit is at most three bytes of UTF-8.
    if (this.length + part.length * 3 > this.buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + part.length * 3));
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
    }
    this.length += this.buffer.write(part, this.length);
  }

  toBuffer(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }
}
