import { createRequire } from 'node:module';
import { dayNumberFromCivil, type DayNumber } from './civil-date.js';
import { LUNAR_DATES, LUNAR_TABLE_FIRST_YEAR } from './lunar-date-table.js';

/** The days of a year the lunar calendar and the solar terms fix, as day numbers. */
export interface LunarDates {
  /** 正月初一, the first day of the first lunar month. */
  readonly firstMonthFirstDay: DayNumber;
  /** The day of the Qingming solar term. */
  readonly qingming: DayNumber;
  /** 五月初五 (of the first fifth month when a leap month doubles it, as the 2009 notice did). */
  readonly dragonBoat: DayNumber;
  /** 八月十五. */
  readonly midAutumn: DayNumber;
}

/** What LUNAR_DATES holds per year, in this order. */
export const LUNAR_DATE_FIELDS = ['firstMonthFirstDay', 'qingming', 'dragonBoat', 'midAutumn'] as const;

/**
 * The lunar dates of a year, computed by tyme4ts (never typed by hand). The years anyone asks
 * about come from a table tyme4ts wrote ahead of time (npm run docs:generate; a test holds it
 * equal to tyme4ts), so that the service neither loads the library nor warms it up at start; any
 * other year loads tyme4ts on first use.
 */
export function lunarDatesOf(year: number): LunarDates {
  const at = (year - LUNAR_TABLE_FIRST_YEAR) * LUNAR_DATE_FIELDS.length;
  const firstMonthFirstDay = LUNAR_DATES[at];
  if (at < 0 || firstMonthFirstDay === undefined) return computeLunarDates(year);
  return {
    firstMonthFirstDay,
    qingming: LUNAR_DATES[at + 1] ?? 0,
    dragonBoat: LUNAR_DATES[at + 2] ?? 0,
    midAutumn: LUNAR_DATES[at + 3] ?? 0,
  };
}

interface SolarDayLike {
  getYear(): number;
  getMonth(): number;
  getDay(): number;
}

interface Tyme {
  readonly LunarDay: { fromYmd(year: number, month: number, day: number): { getSolarDay(): SolarDayLike } };
  readonly SolarTerm: { fromName(year: number, name: string): { getJulianDay(): { getSolarDay(): SolarDayLike } } };
}

/** The lunar dates of a year as tyme4ts computes them (its CommonJS build, loaded synchronously on first use). */
export function computeLunarDates(year: number): LunarDates {
  const { LunarDay, SolarTerm } = createRequire(import.meta.url)('tyme4ts') as Tyme;
  const day = (solar: SolarDayLike): DayNumber => dayNumberFromCivil(solar.getYear(), solar.getMonth(), solar.getDay());
  return {
    firstMonthFirstDay: day(LunarDay.fromYmd(year, 1, 1).getSolarDay()),
    qingming: day(SolarTerm.fromName(year, '清明').getJulianDay().getSolarDay()),
    // A positive month number is the first of two fifth months (the practice of 2009).
    dragonBoat: day(LunarDay.fromYmd(year, 5, 5).getSolarDay()),
    midAutumn: day(LunarDay.fromYmd(year, 8, 15).getSolarDay()),
  };
}
