import { EARLIEST_SUPPORTED, isValidDate, MAX_SPAN_DAYS, spanDays } from './spec-dates.js';

/*
 * The four operations of docs/interface.md and the parameter checks of docs/design.md (Interface decisions), written
 * here so that a test can say which answer a request must get without asking src/.
 */

export type OperationName = 'getDateStatus' | 'getDateRangeStatus' | 'calculateWorkdays' | 'getNextHoliday';

export interface OperationSpec {
  readonly name: OperationName;
  /** A concrete path for the operation (for the date operation: with a sample date). */
  readonly samplePath: string;
  readonly parameters: readonly string[];
  readonly location: 'path' | 'query';
  readonly isRange: boolean;
}

export const OPERATIONS: readonly OperationSpec[] = [
  { name: 'getDateStatus', samplePath: '/v1/china-calendar/dates/2024-10-01', parameters: ['date'], location: 'path', isRange: false },
  {
    name: 'getDateRangeStatus',
    samplePath: '/v1/china-calendar/date-ranges?startDate=2024-10-01&endDate=2024-10-07',
    parameters: ['startDate', 'endDate'],
    location: 'query',
    isRange: true,
  },
  {
    name: 'calculateWorkdays',
    samplePath: '/v1/china-calendar/workdays?startDate=2024-10-01&endDate=2024-10-07',
    parameters: ['startDate', 'endDate'],
    location: 'query',
    isRange: true,
  },
  {
    name: 'getNextHoliday',
    samplePath: '/v1/china-calendar/next-holiday?fromDate=2024-10-01',
    parameters: ['fromDate'],
    location: 'query',
    isRange: false,
  },
];

/** The four API paths without query (the date path with a sample date). */
export const KNOWN_PATHS = [
  '/v1/china-calendar/dates/2024-10-01',
  '/v1/china-calendar/date-ranges',
  '/v1/china-calendar/workdays',
  '/v1/china-calendar/next-holiday',
] as const;

export const PATH_PREFIX = {
  getDateStatus: '/v1/china-calendar/dates/',
  getDateRangeStatus: '/v1/china-calendar/date-ranges',
  calculateWorkdays: '/v1/china-calendar/workdays',
  getNextHoliday: '/v1/china-calendar/next-holiday',
} as const;

/**
 * A parameter as the service receives it after decoding: absent, given once (its decoded text),
 * or given more than once.
 */
export type ReceivedValue = { readonly kind: 'absent' } | { readonly kind: 'once'; readonly text: string } | { readonly kind: 'repeated' };

export type ParameterOutcome =
  | { readonly code: 'OK' }
  | { readonly code: 'MISSING_PARAMETER'; readonly missing: readonly string[] }
  | { readonly code: 'INVALID_DATE_FORMAT' | 'DATE_OUT_OF_SUPPORTED_RANGE' | 'INVALID_DATE_RANGE' | 'DATE_RANGE_TOO_LARGE' };

/**
 * docs/design.md (Interface decisions): the first failing check answers, in this order: absent (naming every absent
 * one), malformed (including empty and repeated), before 2008-01-01, start after end, more than
 * 366 days counting both ends.
 */
export function expectedOutcome(parameters: readonly string[], values: Readonly<Record<string, ReceivedValue>>, isRange: boolean): ParameterOutcome {
  const received = parameters.map((name) => ({ name, value: values[name] ?? { kind: 'absent' as const } }));
  const missing = received.filter(({ value }) => value.kind === 'absent').map(({ name }) => name);
  if (missing.length > 0) return { code: 'MISSING_PARAMETER', missing };
  const dates: string[] = [];
  for (const { value } of received) {
    if (value.kind !== 'once' || !isValidDate(value.text)) return { code: 'INVALID_DATE_FORMAT' };
    dates.push(value.text);
  }
  if (dates.some((date) => date < EARLIEST_SUPPORTED)) return { code: 'DATE_OUT_OF_SUPPORTED_RANGE' };
  if (isRange) {
    const [start = '', end = ''] = dates;
    if (start > end) return { code: 'INVALID_DATE_RANGE' };
    if (spanDays(start, end) > MAX_SPAN_DAYS) return { code: 'DATE_RANGE_TOO_LARGE' };
  }
  return { code: 'OK' };
}

export function once(text: string): ReceivedValue {
  return { kind: 'once', text };
}

export const ABSENT: ReceivedValue = { kind: 'absent' };
export const REPEATED: ReceivedValue = { kind: 'repeated' };
