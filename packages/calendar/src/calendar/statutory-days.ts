import type { DayNumber } from './civil-date.js';
import { HOLIDAYS, type HolidayCode } from './holidays.js';

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
 * The statutory holiday days (法定节假日) of `code` in arrangement year `year`, ascending, by the
 * holiday's rule under the regulation in force that year
 * (HOLIDAYS in holidays.ts); lunar dates and the Qingming term come from the generated table.
 */
export function statutoryDays(code: HolidayCode, year: number): DayNumber[] {
  return HOLIDAYS[code].statutoryDays(year, regulationVersionFor(year));
}
