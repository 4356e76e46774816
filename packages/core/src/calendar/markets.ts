import { dayNumberFromCivil, type DayNumber } from './civil-date.js';
import { FIRST_SUPPORTED_DAY } from './supported-range.js';

/**
 * The A-share exchanges by their ISO 10383 codes: Shanghai, Shenzhen and Beijing. Their closures
 * are the same (docs/design.md, Trading days); the Beijing exchange only trades from its opening.
 */
export const MARKETS = ['XSHG', 'XSHE', 'BJSE'] as const;
export type Market = (typeof MARKETS)[number];

/** The market of a question that names none: the Shanghai exchange. */
export const DEFAULT_MARKET: Market = 'XSHG';

/** The first day each market answers: 2008-01-01, or the Beijing exchange's first trading day. */
export const MARKET_FIRST_DAY: Readonly<Record<Market, DayNumber>> = Object.freeze({
  XSHG: FIRST_SUPPORTED_DAY,
  XSHE: FIRST_SUPPORTED_DAY,
  BJSE: dayNumberFromCivil(2021, 11, 15),
});

export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}
