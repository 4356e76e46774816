/**
 * The lunar calendar and the solar terms of 2008-01-01..9999-12-31 as tyme4ts computes them: what
 * the generator encodes into src/calendar/lunar-date-table.ts and what the tests hold the table
 * to. tyme4ts runs here only (maintainer tools and tests), never in the service or the library.
 */
import { LunarYear, SolarTerm, type SolarDay } from 'tyme4ts';
import { dayNumberFromCivil, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { FIRST_SUPPORTED_YEAR, LAST_SUPPORTED_DAY, LAST_SUPPORTED_YEAR } from '@china-holiday-calendar/core/calendar/supported-range.js';

/** The lunar years the table holds: the one 2008-01-01 falls in (丁亥, 2007) to the one of 9999-12-31. */
export const LUNAR_YEARS = { first: FIRST_SUPPORTED_YEAR - 1, last: LAST_SUPPORTED_YEAR } as const;

/** One lunar month as tyme4ts has it: `month` is negative for a leap month (-4 is 闰四月). */
export interface TymeLunarMonth {
  readonly month: number;
  readonly firstDay: DayNumber;
  readonly dayCount: number;
}

/** One lunar year: its months in order (12, or 13 with a leap month) and its leap month (0 for none). */
export interface TymeLunarYear {
  readonly year: number;
  readonly leapMonth: number;
  readonly months: readonly TymeLunarMonth[];
}

export function dayNumberOfSolarDay(day: SolarDay): DayNumber {
  return dayNumberFromCivil(day.getYear(), day.getMonth(), day.getDay());
}

export function tymeLunarYears(): TymeLunarYear[] {
  const years: TymeLunarYear[] = [];
  for (let year: number = LUNAR_YEARS.first; year <= LUNAR_YEARS.last; year++) {
    const lunarYear = LunarYear.fromYear(year);
    years.push({
      year,
      leapMonth: lunarYear.getLeapMonth(),
      months: lunarYear.getMonths().map((month) => ({
        month: month.getMonthWithLeap(),
        firstDay: dayNumberOfSolarDay(month.getFirstDay().getSolarDay()),
        dayCount: month.getDayCount(),
      })),
    });
  }
  return years;
}

/** tyme4ts' index of the first term the table holds: 冬至 of 2007 (index 0 of its year 2008). */
export const FIRST_SOLAR_TERM = { year: FIRST_SUPPORTED_YEAR, index: 0 } as const;

/**
 * The day of every solar term from 冬至 2007 to the last one on or before 9999-12-31, in order;
 * term k is named SolarTerm.NAMES[k % 24] (冬至 first). tyme4ts refuses a day after 9999.
 */
export function tymeSolarTermDays(): DayNumber[] {
  const last = LAST_SUPPORTED_DAY;
  const days: DayNumber[] = [];
  for (let term = SolarTerm.fromIndex(FIRST_SOLAR_TERM.year, FIRST_SOLAR_TERM.index); ; term = term.next(1)) {
    let day: DayNumber;
    try {
      day = dayNumberOfSolarDay(term.getJulianDay().getSolarDay());
    } catch {
      return days;
    }
    if (day > last) return days;
    days.push(day);
  }
}

/** The names of the 24 terms, from 冬至, as tyme4ts has them. */
export const TYME_SOLAR_TERM_NAMES: readonly string[] = SolarTerm.NAMES;
