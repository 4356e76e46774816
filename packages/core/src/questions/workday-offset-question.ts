import type { DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import { checkSupported, readDate } from './date-parameters.js';
import { InputProblem, missingParameters, quote, repeatedParameter, type ReceivedValues } from './input-problem.js';

/** The largest number of working days an offset may move, either way (docs/design.md (Beyond the interface)). */
export const MAX_OFFSET_DAYS = 1000;

/** "Which day is `days` working days from `from`?" */
export interface WorkdayOffsetQuestion {
  readonly from: DayNumber;
  readonly days: number;
}

/**
 * Reads fromDate and days (`values` in that order, from position `first` on) in the order docs/design.md (Beyond the interface) gives: absent (naming every
 * absent one), fromDate malformed, days malformed, fromDate before 2008-01-01.
 */
export function readWorkdayOffsetQuestion(values: ReceivedValues, first = 0): WorkdayOffsetQuestion | InputProblem {
  const fromValue = values[first];
  const daysValue = values[first + 1];
  if (fromValue === undefined || daysValue === undefined) {
    return missingParameters([...(fromValue === undefined ? ['fromDate'] : []), ...(daysValue === undefined ? ['days'] : [])]);
  }
  const from = readDate('fromDate', fromValue);
  if (from instanceof InputProblem) return from;
  const days = readWorkdayCount(daysValue);
  if (days instanceof InputProblem) return days;
  return checkSupported('fromDate', from) ?? { from, days };
}

/** An integer from -1000 to 1000 in plain ASCII: an optional '-', no '+', no leading zeros (nor "-0"), given once. */
export function readWorkdayCount(value: unknown): number | InputProblem {
  if (typeof value !== 'string') return repeatedParameter('days');
  const days = parseWorkdayCount(value);
  if (days === undefined) {
    return new InputProblem(
      'INVALID_PARAMETER',
      `days must be a whole number of working days from -${MAX_OFFSET_DAYS} to ${MAX_OFFSET_DAYS}, written in plain digits with an optional leading - (no +, no leading zeros, no decimals); got ${quote(value)}.${plusHint(value)}`,
    );
  }
  return days;
}

/**
 * `days=+5` in a query string arrives as " 5": a `+` there stands for a space. Such a value gets a
 * sentence saying so, since the echoed " 5" alone puzzles whoever typed +5.
 */
function plusHint(value: string): string {
  const unsigned = value.startsWith(' ') ? parseWorkdayCount(value.slice(1)) : undefined;
  if (unsigned === undefined || unsigned <= 0) return '';
  return ` A + in a query string stands for a space (a plus sign is written %2B), and days takes no + anyway: send days=${unsigned}.`;
}

const PLAIN_INTEGER = /^(?:0|-?[1-9][0-9]{0,3})$/;

function parseWorkdayCount(text: string): number | undefined {
  if (!PLAIN_INTEGER.test(text)) return undefined;
  const days = Number(text);
  return Math.abs(days) <= MAX_OFFSET_DAYS ? days : undefined;
}

/** The problem of an offset whose working day would fall before 2008-01-01 (only the calendar core can tell). */
export function beforeSupportedRange(from: DayNumber, days: number): InputProblem {
  return new InputProblem(
    'DATE_OUT_OF_SUPPORTED_RANGE',
    `${-days} working day${days === -1 ? '' : 's'} before ${formatIsoDate(from)} is a day before ${formatIsoDate(FIRST_SUPPORTED_DAY)}, the earliest supported date.`,
  );
}
