import { dayNumberFromCivil, type DayNumber } from './civil-date.js';

/**
 * The years every part of the project covers, from one place: the first the 2008 notice governs
 * (docs/interface.md, Dates and the supported range), to the last a `yyyy-MM-dd` date can write. The library holds a JS
 * Date or a year number to the same bounds, so that every form of a date reaches the same years; the
 * lunar table and the statutory days cover the same span.
 */
export const FIRST_SUPPORTED_YEAR = 2008;
export const LAST_SUPPORTED_YEAR = 9999;

export const FIRST_SUPPORTED_DAY: DayNumber = dayNumberFromCivil(FIRST_SUPPORTED_YEAR, 1, 1);
export const LAST_SUPPORTED_DAY: DayNumber = dayNumberFromCivil(LAST_SUPPORTED_YEAR, 12, 31);
