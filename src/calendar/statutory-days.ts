import { dayNumberFromCivil, type DayNumber } from './civil-date.js';
import { lunarDatesOf } from './lunar-dates.js';
import type { HolidayCode } from './holidays.js';

/**
 * The versions of 《全国年节及纪念日放假办法》 that govern 2008 onward, by the first arrangement
 * year each governs. Version 1: decree No. 513 (2007); version 2: No. 644 (2013); version 3:
 * No. 795 (2024).
 */
export const REGULATION_VERSIONS = [
  { version: 1, firstYear: 2008, revision: 2007, decree: '国务院令第513号', inForceFrom: '2008-01-01' },
  { version: 2, firstYear: 2014, revision: 2013, decree: '国务院令第644号', inForceFrom: '2014-01-01' },
  { version: 3, firstYear: 2025, revision: 2024, decree: '国务院令第795号', inForceFrom: '2025-01-01' },
] as const;

export const REGULATION_NAME = '全国年节及纪念日放假办法';

export type RegulationVersion = (typeof REGULATION_VERSIONS)[number]['version'];

/** The revision of the regulation in force in `year` (the latest one for years still to come). */
export function regulationFor(year: number): (typeof REGULATION_VERSIONS)[number] {
  const version = regulationVersionFor(year);
  return REGULATION_VERSIONS[version - 1] ?? REGULATION_VERSIONS[0];
}

export const FIRST_REGULATED_YEAR = 2008;

export function regulationVersionFor(year: number): RegulationVersion {
  if (!Number.isInteger(year) || year < FIRST_REGULATED_YEAR) {
    throw new RangeError(`no regulation version is known for ${String(year)}`);
  }
  let found: RegulationVersion = 1;
  for (const { version, firstYear } of REGULATION_VERSIONS) if (year >= firstYear) found = version;
  return found;
}

/**
 * The statutory holiday days (法定节假日) of `code` in arrangement year `year`, ascending.
 *
 * Lunar dates and the Qingming solar term come from the table tyme4ts wrote (lunar-dates.ts),
 * never from a hand-typed one.
 * The Victory Day commemoration is not in the regulation: its one day, 2015-09-03, was fixed by
 * the State Council's special notice 国发明电〔2015〕1号, and it is the statutory day of that
 * one-off holiday.
 */
export function statutoryDays(code: HolidayCode, year: number): DayNumber[] {
  const version = regulationVersionFor(year);
  switch (code) {
    case 'NEW_YEAR':
      return [dayNumberFromCivil(year, 1, 1)];
    case 'SPRING_FESTIVAL': {
      const firstOfFirstMonth = lunarDatesOf(year).firstMonthFirstDay;
      // 除夕 is the last day of the lunar year: the day before 正月初一, whether the twelfth
      // month has 29 or 30 days.
      const eve = firstOfFirstMonth - 1;
      const firstThree = [firstOfFirstMonth, firstOfFirstMonth + 1, firstOfFirstMonth + 2];
      if (version === 1) return [eve, firstOfFirstMonth, firstOfFirstMonth + 1];
      if (version === 2) return firstThree;
      return [eve, ...firstThree];
    }
    case 'QINGMING_FESTIVAL':
      return [lunarDatesOf(year).qingming];
    case 'LABOR_DAY':
      return version === 3
        ? [dayNumberFromCivil(year, 5, 1), dayNumberFromCivil(year, 5, 2)]
        : [dayNumberFromCivil(year, 5, 1)];
    case 'DRAGON_BOAT_FESTIVAL':
      // A leap fifth month doubles the month; practice (2009) takes the first one.
      return [lunarDatesOf(year).dragonBoat];
    case 'MID_AUTUMN_FESTIVAL':
      return [lunarDatesOf(year).midAutumn];
    case 'NATIONAL_DAY':
      return [dayNumberFromCivil(year, 10, 1), dayNumberFromCivil(year, 10, 2), dayNumberFromCivil(year, 10, 3)];
    case 'VICTORY_DAY_70TH_ANNIVERSARY':
      return year === ONE_OFF_HOLIDAY_YEARS.VICTORY_DAY_70TH_ANNIVERSARY ? [dayNumberFromCivil(year, 9, 3)] : [];
  }
}

/** The one year of each one-off holiday (a commemoration the State Council granted once). */
export const ONE_OFF_HOLIDAY_YEARS: Readonly<Partial<Record<HolidayCode, number>>> & { readonly VICTORY_DAY_70TH_ANNIVERSARY: number } = {
  VICTORY_DAY_70TH_ANNIVERSARY: 2015,
};
