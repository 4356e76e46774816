import type { DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate, parseIsoDate, probableIsoDate } from '../calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import { InputProblem, missingParameters, quote, repeatedParameter, type ReceivedValues } from './input-problem.js';

/** The longest range a request may span, both ends included (docs/interface.md, Limits). */
export const MAX_RANGE_DAYS = 366;

export interface DateParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly description: string;
}

/** The date parameters of the spec's operations. */
export const DATE_PARAMETER: readonly DateParameter[] = [{ name: 'date', in: 'path', description: 'Calendar date, yyyy-MM-dd, on or after 2008-01-01.' }];
export const RANGE_PARAMETERS: readonly DateParameter[] = [
  { name: 'startDate', in: 'query', description: 'Range start, inclusive, yyyy-MM-dd.' },
  { name: 'endDate', in: 'query', description: 'Range end, inclusive, yyyy-MM-dd; the range spans at most 366 days, both ends included.' },
];
export const FROM_DATE_PARAMETER: readonly DateParameter[] = [
  { name: 'fromDate', in: 'query', description: 'Search start, yyyy-MM-dd; the search begins on this day itself.' },
];

/** The parsed dates in the order of the operation's parameters (an array: read by position, no keyed lookups). */
export type ParsedDates = readonly DayNumber[];

/**
 * Reads an operation's date parameters (`values` from position `first` on, in the order of
 * `parameters`: a market's questions have the market before them) in the order docs/design.md
 * fixes, and returns the first failure: absent (naming every absent one), malformed, before
 * 2008-01-01, start after end, longer than 366 days.
 */
export function readDateParameters(parameters: readonly DateParameter[], values: ReceivedValues, isRange: boolean, first = 0): ParsedDates | InputProblem {
  // Plain loops over positions, no copy of the values: this runs on every request.
  let missing: string[] | undefined;
  for (let at = 0; at < parameters.length; at++) {
    if (values[first + at] === undefined) (missing ??= []).push(parameters[at]?.name ?? 'date');
  }
  if (missing !== undefined) return missingParameters(missing);
  const dates: DayNumber[] = [];
  for (let at = 0; at < parameters.length; at++) {
    const day = readDate(parameters[at]?.name ?? 'date', values[first + at]);
    if (day instanceof InputProblem) return day;
    dates.push(day);
  }
  for (let at = 0; at < parameters.length; at++) {
    const problem = checkSupported(parameters[at]?.name ?? 'date', dates[at] ?? FIRST_SUPPORTED_DAY);
    if (problem !== undefined) return problem;
  }
  if (isRange) {
    const start = dates[0] ?? FIRST_SUPPORTED_DAY;
    const end = dates[1] ?? FIRST_SUPPORTED_DAY;
    if (start > end) return invalidDateRange(start, end);
    const tooLarge = checkRangeSpan(start, end);
    if (tooLarge !== undefined) return tooLarge;
  }
  return dates;
}

/** DATE_RANGE_TOO_LARGE for a range of more than 366 days, both ends included (the HTTP contract's limit). */
export function checkRangeSpan(start: DayNumber, end: DayNumber): InputProblem | undefined {
  const span = end - start + 1;
  if (span <= MAX_RANGE_DAYS) return undefined;
  return new InputProblem(
    'DATE_RANGE_TOO_LARGE',
    `The range ${formatIsoDate(start)}..${formatIsoDate(end)} spans ${span} days; at most ${MAX_RANGE_DAYS} days, both ends included, are allowed.`,
  );
}

export function invalidDateRange(start: DayNumber, end: DayNumber): InputProblem {
  return new InputProblem('INVALID_DATE_RANGE', `startDate ${formatIsoDate(start)} is later than endDate ${formatIsoDate(end)}.`);
}

/** One present date value: exactly once, exactly yyyy-MM-dd, a real date. */
export function readDate(name: string, value: unknown): DayNumber | InputProblem {
  if (typeof value !== 'string') {
    return repeatedParameter(name, 'INVALID_DATE_FORMAT', ', as yyyy-MM-dd');
  }
  const day = parseIsoDate(value);
  if (day === undefined) {
    const meant = probableIsoDate(value);
    const hint = meant === undefined ? '.' : `; did you mean ${meant}?`;
    return new InputProblem('INVALID_DATE_FORMAT', `${name} must be a real calendar date in yyyy-MM-dd form; got ${quote(value)}${hint}`);
  }
  return day;
}

/** DATE_OUT_OF_SUPPORTED_RANGE for a date before 2008-01-01. */
export function checkSupported(name: string, day: DayNumber): InputProblem | undefined {
  if (day >= FIRST_SUPPORTED_DAY) return undefined;
  return new InputProblem(
    'DATE_OUT_OF_SUPPORTED_RANGE',
    `${name} ${formatIsoDate(day)} is before ${formatIsoDate(FIRST_SUPPORTED_DAY)}, the earliest supported date.`,
  );
}
