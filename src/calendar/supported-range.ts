import { dayNumberFromCivil, type DayNumber } from './civil-date.js';

/** The earliest date the service answers for (spec section 8): the first day the 2008 notice governs. */
export const FIRST_SUPPORTED_DAY: DayNumber = dayNumberFromCivil(2008, 1, 1);
