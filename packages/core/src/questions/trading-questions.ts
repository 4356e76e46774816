import type { DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { MARKET_FIRST_DAY, MARKETS, type Market } from '../calendar/markets.js';
import { readDateParameters, type DateParameter, type ParsedDates } from './date-parameters.js';
import { InputProblem, quote, type ReceivedValues } from './input-problem.js';
import { readWorkdayOffsetQuestion, type WorkdayOffsetQuestion } from './workday-offset-question.js';

/** A question about the trading days of one market: one date, or a range's two ends. */
export interface TradingDatesQuestion {
  readonly market: Market;
  readonly dates: ParsedDates;
}

/** "Which day is `days` trading days from `from` on `market`?" */
export interface TradingOffsetQuestion extends WorkdayOffsetQuestion {
  readonly market: Market;
}

/**
 * The market of a path: one of MARKETS, else RESOURCE_NOT_FOUND (the path names no market). The
 * market returned is MARKETS' own string, not the request's copy of it: the answers look their
 * market's bytes up by it, and a property named by an interned string is found without hashing it
 * first (about 300 instructions a trading request, BENCHMARKS.md).
 */
export function readMarket(value: unknown): Market | InputProblem {
  for (const market of MARKETS) if (market === value) return market;
  const shown = typeof value === 'string' ? quote(value) : 'none';
  return new InputProblem('RESOURCE_NOT_FOUND', `No market ${shown}; the markets are ${MARKETS.join(', ')} (ISO 10383 codes, upper case).`);
}

/** DATE_OUT_OF_SUPPORTED_RANGE for a date before the market's first day (the Beijing exchange opened 2021-11-15). */
export function checkMarketOpen(name: string, day: DayNumber, market: Market): InputProblem | undefined {
  const first = MARKET_FIRST_DAY[market];
  if (day >= first) return undefined;
  return new InputProblem('DATE_OUT_OF_SUPPORTED_RANGE', `${name} ${formatIsoDate(day)} is before ${formatIsoDate(first)}, the first trading day of ${market}.`);
}

/**
 * Reads the market (the first value), then the dates exactly as the date operations do, then
 * whether each date is on or after the market's first day: an unknown market is 404, the date
 * checks and their order are the date operations' own, and a Beijing date before its opening is
 * out of the supported range.
 */
export function readTradingDatesQuestion(parameters: readonly DateParameter[], values: ReceivedValues, isRange: boolean): TradingDatesQuestion | InputProblem {
  const market = readMarket(values[0]);
  if (market instanceof InputProblem) return market;
  const dates = readDateParameters(parameters, values, isRange, 1);
  if (dates instanceof InputProblem) return dates;
  // The first date only: a range read is never one whose end comes before its start, so its end
  // is open whenever its start is.
  return checkMarketOpen(parameters[0]?.name ?? 'date', dates[0] ?? 0, market) ?? { market, dates };
}

/** The market, then fromDate and days as the workday offset reads them, then the market's first day. */
export function readTradingOffsetQuestion(values: ReceivedValues): TradingOffsetQuestion | InputProblem {
  const market = readMarket(values[0]);
  if (market instanceof InputProblem) return market;
  const offset = readWorkdayOffsetQuestion(values, 1);
  if (offset instanceof InputProblem) return offset;
  return checkMarketOpen('fromDate', offset.from, market) ?? { market, from: offset.from, days: offset.days };
}

/** The problem of a T+N whose day would fall before 2008-01-01 or the market's first day (only the calendar can tell). */
export function tradingOffsetBeforeRange(question: TradingOffsetQuestion): InputProblem {
  const { from, days, market } = question;
  return new InputProblem(
    'DATE_OUT_OF_SUPPORTED_RANGE',
    `${-days} trading day${days === -1 ? '' : 's'} before ${formatIsoDate(from)} is a day before ${formatIsoDate(MARKET_FIRST_DAY[market])}, the first supported trading day of ${market}.`,
  );
}
