import { formatIsoDate } from '../calendar/iso-date.js';
import { HOLIDAY_CODES, type HolidayCode } from '../calendar/holidays.js';
import { statutoryDays } from '../calendar/statutory-days.js';
import type { ArrangementFile } from './data-file-types.js';

/**
 * The `statutoryDays` field a file must carry: for every holiday its entries name, in code order,
 * the statutory days of that holiday in the file's year.
 */
export function computeStatutoryDaysField(file: Pick<ArrangementFile, 'year' | 'entries'>): ArrangementFile['statutoryDays'] {
  const named = new Set<HolidayCode>(file.entries.flatMap((entry) => entry.holidays));
  const field: Partial<Record<HolidayCode, string[]>> = {};
  for (const code of HOLIDAY_CODES) {
    if (named.has(code)) field[code] = statutoryDays(code, file.year).map(formatIsoDate);
  }
  return field;
}
