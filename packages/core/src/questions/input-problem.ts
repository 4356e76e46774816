import { jsonString } from '../calendar/json-string.js';

/** The problem codes the checks of a question can answer with: the service's 400 problem codes for the same mistakes. */
export type InputProblemCode =
  | 'MISSING_PARAMETER'
  | 'INVALID_DATE_FORMAT'
  | 'INVALID_PARAMETER'
  | 'DATE_OUT_OF_SUPPORTED_RANGE'
  | 'INVALID_DATE_RANGE'
  | 'DATE_RANGE_TOO_LARGE'
  // A path naming no resource: a market code the service does not know.
  | 'RESOURCE_NOT_FOUND';

/**
 * Why a question cannot be answered as asked. A class, so that a reader's result (the parsed
 * question or this) is told apart by one `instanceof`, whatever shape the question has.
 */
export class InputProblem {
  constructor(
    readonly code: InputProblemCode,
    readonly detail: string,
  ) {}
}

/**
 * A question's parameters as a request hands them over, in the order its operation documents
 * them: each a string, an array for a repeated parameter, or undefined when absent. Read by
 * position, so that a request makes no keyed lookups.
 */
export type ReceivedValues = readonly unknown[];

/** Echoes a bad value safely in a detail: JSON-quoted (control characters escaped) and cut short. */
export function quote(value: string): string {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return jsonString(shown);
}

/** A query parameter given more than once (the HTTP reading of a repeated one): `form` says how to give it. */
export function repeatedParameter(name: string, code: InputProblemCode = 'INVALID_PARAMETER', form = ''): InputProblem {
  return new InputProblem(code, `${name} is given more than once; give it exactly once${form}.`);
}

/** "Required parameter missing: x." / "Required parameters missing: x, y." naming every absent one. */
export function missingParameters(names: readonly string[]): InputProblem {
  return new InputProblem('MISSING_PARAMETER', `Required parameter${names.length > 1 ? 's' : ''} missing: ${names.join(', ')}.`);
}
