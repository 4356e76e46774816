import type { DayNumber } from './civil-date.js';
import { HOLIDAYS, type HolidayCode } from './holidays.js';
import { REGULATION_VERSIONS, type RegulationVersion } from './regulation-versions.js';
import { FIRST_SUPPORTED_YEAR } from './supported-range.js';

export { REGULATION_NAME, REGULATION_VERSIONS, type RegulationVersion } from './regulation-versions.js';

/** The revision of the regulation in force in `year` (the latest one for years still to come). */
export function regulationFor(year: number): (typeof REGULATION_VERSIONS)[number] {
  const version = regulationVersionFor(year);
  return REGULATION_VERSIONS[version - 1] ?? REGULATION_VERSIONS[0];
}


export function regulationVersionFor(year: number): RegulationVersion {
  if (!Number.isInteger(year) || year < FIRST_SUPPORTED_YEAR) {
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
