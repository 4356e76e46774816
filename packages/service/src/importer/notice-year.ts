import { HOLIDAYS } from '@china-holiday-calendar/core/calendar/holidays.js';
import { FIRST_SUPPORTED_YEAR } from '@china-holiday-calendar/core/calendar/supported-range.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import type { EntryBlock } from './notice-text.js';
import type { TitleInfo } from './notice-title.js';

/** A notice may arrange at most this many years after the current one (notices come out in November for the next year). */
const YEARS_AHEAD = 2;

/**
 * Between the items and the entries: the arrangement year, which the entries' dates are read
 * in. It is the title's. A special notice's title may omit it (the 2015 Victory Day notice
 * does); then the years its dates are written with, or the one year of a one-off holiday, must
 * agree on one; failing those, the existing file's. A reason string when none can be told or
 * the year is outside what the importer accepts.
 */
export function resolveYear(
  entries: readonly EntryBlock[],
  info: TitleInfo,
  existing: ArrangementFile | undefined,
  currentYear: number,
): number | string {
  let year = info.year;
  if (year === undefined && info.kind === 'special') {
    const candidates = new Set(writtenYears(entries));
    const oneOff = HOLIDAYS[info.code].oneOffYear;
    if (oneOff !== null) candidates.add(oneOff);
    if (candidates.size > 1) {
      return `the title writes no year, and the text points to several (${[...candidates].sort().join(', ')}); write the year into the title (国务院关于${[...candidates].sort()[0] ?? ''}年…的通知)`;
    }
    year = [...candidates][0] ?? existing?.year;
    if (year === undefined) {
      return 'the title writes no year, and neither does any date of the text nor the holiday itself; write the year into the title (国务院关于2015年…放假的通知)';
    }
  }
  if (year === undefined) return 'the title writes no year';
  if (year < FIRST_SUPPORTED_YEAR) {
    return `${year} is before ${FIRST_SUPPORTED_YEAR}: the importer reads the notices under the regulation as revised in 2007, the ${FIRST_SUPPORTED_YEAR} arrangement on`;
  }
  if (year > currentYear + YEARS_AHEAD) {
    return `${year} is more than ${YEARS_AHEAD} years after this year (${currentYear}); a notice arranges the coming year (is the year mistyped?)`;
  }
  return year;
}

/** Years written with full dates in a notice's arrangement text (2015年9月3日). */
function writtenYears(blocks: readonly EntryBlock[]): number[] {
  const years: number[] = [];
  for (const block of blocks) {
    for (const match of block.body.matchAll(/(\d{4})年\d{1,2}月\d{1,2}日/g)) years.push(Number(match[1]));
  }
  return years;
}
