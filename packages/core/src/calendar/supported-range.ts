import { dayNumberFromCivil, type DayNumber } from './civil-date.js';

/** The earliest date the service answers for (the interface: limits): the first day the 2008 notice governs. */
export const FIRST_SUPPORTED_DAY: DayNumber = dayNumberFromCivil(2008, 1, 1);

/**
 * The last date there is: the last a `yyyy-MM-dd` date can write. The library holds a JS Date or a
 * year number to the same bound, so that every form of a date reaches the same years.
 */
export const LAST_SUPPORTED_DAY: DayNumber = dayNumberFromCivil(9999, 12, 31);
export const LAST_SUPPORTED_YEAR = 9999;
