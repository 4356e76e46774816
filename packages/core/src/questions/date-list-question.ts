import type { DayNumber } from '../calendar/civil-date.js';
import { checkSupported, readDate } from './date-parameters.js';
import { InputProblem, missingParameters } from './input-problem.js';

/** The most dates one request may ask about (docs/design.md, Beyond the interface). */
export const MAX_LISTED_DATES = 100;

export const DATE_LIST_PARAMETER = 'dates';

/** How a problem names one date of the list: its place, counted from 1 as a person counts. */
export function listedDateName(position: number): string {
  return `${DATE_LIST_PARAMETER} (item ${position + 1})`;
}

/**
 * Reads `dates`, a comma-separated list of dates in any order, repeats allowed: absent
 * (MISSING_PARAMETER), given more than once or holding more than 100 dates (INVALID_PARAMETER,
 * counted before any date is read), then each date in order as the single-date path checks it
 * (INVALID_DATE_FORMAT, DATE_OUT_OF_SUPPORTED_RANGE): the first that fails answers, named by its place.
 */
export function readDateList(value: unknown): readonly DayNumber[] | InputProblem {
  if (value === undefined) return missingParameters([DATE_LIST_PARAMETER]);
  if (typeof value !== 'string') {
    return new InputProblem('INVALID_PARAMETER', `${DATE_LIST_PARAMETER} is given more than once; give it once, the dates separated by commas.`);
  }
  const count = countItems(value);
  if (count > MAX_LISTED_DATES) return tooManyDates(count);
  const days: DayNumber[] = [];
  let start = 0;
  for (let position = 0; position < count; position++) {
    const end = position === count - 1 ? value.length : value.indexOf(',', start);
    const name = listedDateName(position);
    const day = readDate(name, value.slice(start, end));
    if (day instanceof InputProblem) return day;
    const early = checkSupported(name, day);
    if (early !== undefined) return early;
    days.push(day);
    start = end + 1;
  }
  return days;
}

/** INVALID_PARAMETER for a list of more than 100 dates. */
export function tooManyDates(count: number): InputProblem {
  return new InputProblem('INVALID_PARAMETER', `${DATE_LIST_PARAMETER} holds ${count} dates; at most ${MAX_LISTED_DATES} may be asked at once.`);
}

/** The items of a comma-separated list: one more than its commas. */
function countItems(text: string): number {
  let count = 1;
  for (let at = text.indexOf(','); at !== -1; at = text.indexOf(',', at + 1)) count++;
  return count;
}
