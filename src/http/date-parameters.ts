import { FIRST_SUPPORTED_DAY } from '../calendar/calendar-index.js';
import type { DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate, parseIsoDate } from '../calendar/iso-date.js';
import type { ProblemSpec } from './problems.js';

/** The longest range a request may span, both ends included (spec section 8). */
export const MAX_RANGE_DAYS = 366;

export interface DateParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly description: string;
}

/** The parsed dates in the order of the operation's parameters (an array: read by position, no keyed lookups). */
export type ParsedDates = readonly DayNumber[];

/** Values as Fastify hands them over: a string, an array for a repeated query parameter, or nothing. */
export type RawValues = Readonly<Record<string, unknown>>;

/**
 * Reads an operation's date parameters in the order DESIGN.md fixes, and returns the first
 * failure: absent (naming every absent one), malformed, before 2008-01-01, start after end,
 * longer than 366 days.
 */
export function readDateParameters(
  parameters: readonly DateParameter[],
  path: RawValues,
  query: RawValues,
  isRange: boolean,
): ParsedDates | ProblemSpec {
  // Plain loops over positions: this runs on every request.
  let missing: string[] | undefined;
  for (const parameter of parameters) {
    if (valueOf(parameter, path, query) === undefined) (missing ??= []).push(parameter.name);
  }
  if (missing !== undefined) {
    return {
      code: 'MISSING_PARAMETER',
      detail: `Required parameter${missing.length > 1 ? 's' : ''} missing: ${missing.join(', ')}.`,
    };
  }
  const dates: DayNumber[] = [];
  for (const parameter of parameters) {
    const value = valueOf(parameter, path, query);
    if (typeof value !== 'string') {
      return { code: 'INVALID_DATE_FORMAT', detail: `${parameter.name} is given more than once; give it exactly once, as yyyy-MM-dd.` };
    }
    const day = parseIsoDate(value);
    if (day === undefined) {
      return { code: 'INVALID_DATE_FORMAT', detail: `${parameter.name} must be a real calendar date in yyyy-MM-dd form; got ${quote(value)}.` };
    }
    dates.push(day);
  }
  for (let at = 0; at < parameters.length; at++) {
    const day = dates[at] ?? FIRST_SUPPORTED_DAY;
    if (day < FIRST_SUPPORTED_DAY) {
      return {
        code: 'DATE_OUT_OF_SUPPORTED_RANGE',
        detail: `${parameters[at]?.name ?? 'date'} ${formatIsoDate(day)} is before ${formatIsoDate(FIRST_SUPPORTED_DAY)}, the earliest supported date.`,
      };
    }
  }
  if (isRange) {
    const start = dates[0] ?? FIRST_SUPPORTED_DAY;
    const end = dates[1] ?? FIRST_SUPPORTED_DAY;
    if (start > end) {
      return { code: 'INVALID_DATE_RANGE', detail: `startDate ${formatIsoDate(start)} is later than endDate ${formatIsoDate(end)}.` };
    }
    const span = end - start + 1;
    if (span > MAX_RANGE_DAYS) {
      return {
        code: 'DATE_RANGE_TOO_LARGE',
        detail: `The range ${formatIsoDate(start)}..${formatIsoDate(end)} spans ${span} days; at most ${MAX_RANGE_DAYS} days, both ends included, are allowed.`,
      };
    }
  }
  return dates;
}

function valueOf(parameter: DateParameter, path: RawValues, query: RawValues): unknown {
  return (parameter.in === 'path' ? path : query)[parameter.name];
}

export function isProblem(value: ParsedDates | ProblemSpec): value is ProblemSpec {
  return !Array.isArray(value);
}

/** Echoes a bad value safely: JSON-quoted (control characters escaped) and cut short. */
function quote(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(shown);
}
