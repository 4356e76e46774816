import { dayNumberFromCivil, lastDayOfYear, yearOfDayNumber, type DayNumber } from '../calendar/civil-date.js';
import { isWeekend } from '../calendar/day-of-week.js';
import { parseIsoDate } from '../calendar/iso-date.js';
import { MARKET_FIRST_DAY, type Market } from '../calendar/markets.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import type { Dataset } from '../dataset/dataset.js';
import { PREVIOUS_DECEMBER_REACH_FROM_DAY } from '../dataset/validate-arrangement.js';
import type { Unavailable } from './answer-kinds.js';
import type { CalendarCore } from './calendar-core.js';
import { DAY_CODE } from './day-codes.js';
import { buildOffsetTables, locateWorkdayOffset, OFFSET_BEFORE_SUPPORTED_RANGE, type OffsetTables } from './workday-offset.js';

export const TRADING_STATUSES = ['TRADING', 'CLOSED', 'UNKNOWN'] as const;
export type TradingStatus = (typeof TRADING_STATUSES)[number];
export const CLOSURE_REASONS = ['WEEKEND', 'HOLIDAY', 'MARKET_CLOSURE'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

/**
 * One code per day of the trading table. The first values are those of DAY_CODE with the same
 * meaning for a walk (a trading day is a "working" code, a closed day a rest code, UNKNOWN and
 * UNAVAILABLE the same), so that the working-day offset's tables and walk
 * (packages/core/src/answers/workday-offset.ts) serve trading days unchanged; a closure on a State
 * Council working day has a code of its own.
 */
export const TRADING_CODE = {
  TRADING: DAY_CODE.WORKDAY,
  WEEKEND: DAY_CODE.WEEKEND,
  HOLIDAY: DAY_CODE.HOLIDAY,
  UNKNOWN: DAY_CODE.UNKNOWN,
  UNAVAILABLE: DAY_CODE.UNAVAILABLE,
  MARKET_CLOSURE: 6,
} as const;

/** A day's trading status and, when closed, why. */
export interface TradingState {
  readonly tradingStatus: TradingStatus;
  readonly closureReason: ClosureReason | null;
}

const STATES: readonly TradingState[] = Object.freeze([
  Object.freeze({ tradingStatus: 'TRADING', closureReason: null }),
  Object.freeze({ tradingStatus: 'UNKNOWN', closureReason: null }),
  Object.freeze({ tradingStatus: 'CLOSED', closureReason: 'WEEKEND' }),
  Object.freeze({ tradingStatus: 'CLOSED', closureReason: 'HOLIDAY' }),
  Object.freeze({ tradingStatus: 'UNKNOWN', closureReason: null }),
  Object.freeze({ tradingStatus: 'UNKNOWN', closureReason: null }),
  Object.freeze({ tradingStatus: 'CLOSED', closureReason: 'MARKET_CLOSURE' }),
] satisfies TradingState[]);

/** Trading, closed and undetermined days of a span. */
export interface TradingDayTally {
  readonly tradingDayCount: number;
  readonly closedDayCount: number;
  readonly unknownDayCount: number;
}

/**
 * The exchanges' calendar of one calendar core, as tables built once: a code per day, prefix
 * counts and the offset tables. The same for every market (their notices close the same days);
 * a market's first day (the Beijing exchange's opening) bounds what its questions may ask, which
 * the question readers check, and where a walk backwards may end (tradingOffsetDay).
 */
export interface TradingCalendar {
  readonly core: CalendarCore;
  /** The day's TRADING_CODE: UNKNOWN after the tables. */
  code(day: DayNumber): number;
  /** The day's status and closure reason (UNKNOWN for an unreadable day too: callers ask unavailableAt first). */
  state(day: DayNumber): TradingState;
  /** The Unavailable of a day whose State Council year cannot be read, or undefined. */
  unavailableAt(day: DayNumber): Unavailable | undefined;
  /** Trading, closed and undetermined days of [start, end], or the first unreadable day met. */
  tally(start: DayNumber, end: DayNumber): TradingDayTally | Unavailable;
  /**
   * The day `days` trading days from `from` under the workday-offset convention: a day number
   * (> 0), or OFFSET_UNKNOWN, OFFSET_BEFORE_SUPPORTED_RANGE (before 2008, or before the market's
   * first day), or an unavailable outcome the core's unavailableOfOffset reads.
   */
  offsetDay(from: DayNumber, days: number, market: Market): number;
  /** Whether every answer about [start, end] is final (see CalendarCore.isSettled; and no exchanges' notice still to come may name it). */
  isSettled(start: DayNumber, end: DayNumber): boolean;
  /** Whether an offset answer is final: found, and every day walked settled. */
  offsetIsSettled(from: DayNumber, days: number, market: Market): boolean;
}

const calendars = new WeakMap<CalendarCore, TradingCalendar>();

/** The trading calendar of a core, built on first use and kept as long as the core. */
export function tradingCalendarOf(core: CalendarCore): TradingCalendar {
  let calendar = calendars.get(core);
  if (calendar === undefined) {
    calendar = buildTradingCalendar(core);
    calendars.set(core, calendar);
  }
  return calendar;
}

function buildTradingCalendar(core: CalendarCore): TradingCalendar {
  const codes = tradingCodes(core);
  const size = codes.length;
  const trading = new Int32Array(size + 1);
  const closed = new Int32Array(size + 1);
  const unavailable = new Int32Array(size + 1);
  const unsettledFlags = unsettledTradingDays(core, codes);
  const unsettled = new Int32Array(size + 1);
  for (let at = 0; at < size; at++) {
    const code = codes[at] ?? TRADING_CODE.UNKNOWN;
    trading[at + 1] = (trading[at] ?? 0) + (code === TRADING_CODE.TRADING ? 1 : 0);
    closed[at + 1] = (closed[at] ?? 0) + (isClosedCode(code) ? 1 : 0);
    unavailable[at + 1] = (unavailable[at] ?? 0) + (code === TRADING_CODE.UNAVAILABLE ? 1 : 0);
    unsettled[at + 1] = (unsettled[at] ?? 0) + (unsettledFlags[at] ?? 0);
  }
  const offsetTables: OffsetTables = buildOffsetTables(codes, trading);

  const codeAt = (day: DayNumber): number => {
    const at = day - FIRST_SUPPORTED_DAY;
    return at < size ? (codes[at] ?? TRADING_CODE.UNKNOWN) : TRADING_CODE.UNKNOWN;
  };
  const isSettled = (start: DayNumber, end: DayNumber): boolean => {
    const from = start - FIRST_SUPPORTED_DAY;
    const to = end - FIRST_SUPPORTED_DAY + 1;
    return to <= size && (unsettled[to] ?? 0) === (unsettled[from] ?? 0);
  };
  const offsetDay = (from: DayNumber, days: number, market: Market): number => {
    const outcome = locateWorkdayOffset(offsetTables, from - FIRST_SUPPORTED_DAY, days);
    if (outcome < 0) return outcome;
    const found = FIRST_SUPPORTED_DAY + outcome;
    return found < MARKET_FIRST_DAY[market] ? OFFSET_BEFORE_SUPPORTED_RANGE : found;
  };

  return {
    core,
    code: codeAt,
    state: (day) => STATES[codeAt(day)] ?? unknownState(),
    unavailableAt(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      return at < size && codes[at] === TRADING_CODE.UNAVAILABLE ? core.unavailableAt(at) : undefined;
    },
    tally(start, end) {
      const from = start - FIRST_SUPPORTED_DAY;
      const to = Math.max(from, Math.min(end - FIRST_SUPPORTED_DAY + 1, size));
      if (from < size && (unavailable[to] ?? 0) !== (unavailable[from] ?? 0)) {
        let at = from;
        while (codes[at] !== TRADING_CODE.UNAVAILABLE) at++;
        return core.unavailableAt(at);
      }
      const tradingDayCount = from < size ? (trading[to] ?? 0) - (trading[from] ?? 0) : 0;
      const closedDayCount = from < size ? (closed[to] ?? 0) - (closed[from] ?? 0) : 0;
      return { tradingDayCount, closedDayCount, unknownDayCount: end - start + 1 - tradingDayCount - closedDayCount };
    },
    offsetDay,
    isSettled,
    offsetIsSettled(from, days, market) {
      const found = offsetDay(from, days, market);
      return found > 0 && isSettled(Math.min(from, found), Math.max(from, found));
    },
  };
}

function unknownState(): TradingState {
  return STATES[TRADING_CODE.UNKNOWN] as TradingState;
}

function isClosedCode(code: number): boolean {
  return code === TRADING_CODE.WEEKEND || code === TRADING_CODE.HOLIDAY || code === TRADING_CODE.MARKET_CLOSURE;
}

/** The years whose exchanges' notice is in the dataset, ascending. */
export function tradingYears(dataset: Dataset): number[] {
  return [...dataset.arrangements.keys()].filter((year) => hasExchangeNotice(dataset, year)).sort((a, b) => a - b);
}

/** Whether the exchanges' notice for a year is in the dataset. */
export function hasExchangeNotice(dataset: Dataset, year: number): boolean {
  return dataset.arrangements.get(year)?.exchanges !== undefined;
}

/**
 * The trading code of every day of the core's tables: UNKNOWN where the day's year has no
 * exchanges' notice (or the State Council's day is UNKNOWN), UNAVAILABLE where the State
 * Council's is, then every Saturday and Sunday closed (make-up working days included), every
 * State Council rest day closed, and the exchanges' own closures of State Council working days.
 */
function tradingCodes(core: CalendarCore): Uint8Array {
  const { dataset } = core;
  const size = core.windowEnd - FIRST_SUPPORTED_DAY;
  const codes = new Uint8Array(size);
  const additional = additionalClosureDays(dataset);
  for (let day = FIRST_SUPPORTED_DAY; day < core.windowEnd; ) {
    const year = yearOfDayNumber(day);
    const yearEnd = Math.min(lastDayOfYear(year) + 1, core.windowEnd);
    const known = hasExchangeNotice(dataset, year);
    for (; day < yearEnd; day++) {
      const at = day - FIRST_SUPPORTED_DAY;
      codes[at] = tradingCodeOf(core.codes[at] ?? DAY_CODE.UNKNOWN, known, isWeekend(day), additional.has(day));
    }
  }
  return codes;
}

function tradingCodeOf(dayCode: number, known: boolean, weekend: boolean, closedByExchanges: boolean): number {
  if (dayCode === DAY_CODE.UNAVAILABLE) return TRADING_CODE.UNAVAILABLE;
  if (!known || dayCode === DAY_CODE.UNKNOWN) return TRADING_CODE.UNKNOWN;
  if (weekend) return TRADING_CODE.WEEKEND;
  if (dayCode === DAY_CODE.HOLIDAY) return TRADING_CODE.HOLIDAY;
  return closedByExchanges ? TRADING_CODE.MARKET_CLOSURE : TRADING_CODE.TRADING;
}

function additionalClosureDays(dataset: Dataset): ReadonlySet<DayNumber> {
  const days = new Set<DayNumber>();
  for (const file of dataset.arrangements.values()) {
    for (const closure of file.exchanges?.additionalClosures ?? []) {
      const day = parseIsoDate(closure.date);
      if (day !== undefined) days.add(day);
    }
  }
  return days;
}

/**
 * The days whose trading answer may still change: undetermined ones, those the core calls
 * unsettled, and the last December week of a year whose next exchanges' notice is not in yet
 * (that notice may close one of them, as the 2019 notice closed 2018-12-31).
 */
function unsettledTradingDays(core: CalendarCore, codes: Uint8Array): Uint8Array {
  const flags = new Uint8Array(codes.length);
  for (let at = 0; at < codes.length; at++) {
    const code = codes[at];
    if (code === TRADING_CODE.UNKNOWN || code === TRADING_CODE.UNAVAILABLE || !core.isSettled(FIRST_SUPPORTED_DAY + at, FIRST_SUPPORTED_DAY + at)) flags[at] = 1;
  }
  for (const year of core.dataset.arrangements.keys()) {
    if (!hasExchangeNotice(core.dataset, year) || hasExchangeNotice(core.dataset, year + 1)) continue;
    const from = Math.max(dayNumberFromCivil(year, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY), FIRST_SUPPORTED_DAY);
    for (let day = from; day <= lastDayOfYear(year) && day - FIRST_SUPPORTED_DAY < flags.length; day++) flags[day - FIRST_SUPPORTED_DAY] = 1;
  }
  return flags;
}
