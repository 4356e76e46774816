import { FIRST_SUPPORTED_YEAR } from '../calendar/supported-range.js';
import { InputProblem, quote, repeatedParameter } from './input-problem.js';

const FOUR_DIGITS = /^[0-9]{4}$/;

/** A calendar year as `name` gives it: exactly four ASCII digits (INVALID_PARAMETER), from 2008 (DATE_OUT_OF_SUPPORTED_RANGE). */
export function readYear(name: string, value: unknown): number | InputProblem {
  const year = parseYear(name, value);
  return year instanceof InputProblem ? year : (checkSupportedYear(name, year) ?? year);
}

/** Only the form: exactly four ASCII digits, given once. */
export function parseYear(name: string, value: unknown): number | InputProblem {
  if (typeof value !== 'string') return repeatedParameter(name);
  if (!FOUR_DIGITS.test(value)) return new InputProblem('INVALID_PARAMETER', `${name} must be a year of exactly four digits, such as 2026; got ${quote(value)}.`);
  return Number(value);
}

export function checkSupportedYear(name: string, year: number): InputProblem | undefined {
  if (year >= FIRST_SUPPORTED_YEAR) return undefined;
  return new InputProblem('DATE_OUT_OF_SUPPORTED_RANGE', `${name} ${year} is before ${FIRST_SUPPORTED_YEAR}, the first year the service covers.`);
}
