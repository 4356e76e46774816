import type { Unavailable } from '../calendar/answers.js';
import type { CalendarIndex } from '../calendar/calendar-index.js';
import type { DateParameter, ParsedDates } from './date-parameters.js';

export const OPERATION_IDS = [
  'chinaCalendar.getDateStatus',
  'chinaCalendar.getDateRangeStatus',
  'chinaCalendar.calculateWorkdays',
  'chinaCalendar.getNextHoliday',
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];

/** One operation of spec section 4: where it lives, what it reads, how the index answers it. */
export interface ApiOperation {
  readonly operationId: OperationId;
  /** Path template in OpenAPI form, `{name}` for a path parameter. */
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly DateParameter[];
  /** Whether the parameters are startDate/endDate of a range (range rules apply). */
  readonly isRange: boolean;
  answer(index: CalendarIndex, dates: ParsedDates): Buffer | Unavailable;
}

const RANGE_PARAMETERS: readonly DateParameter[] = [
  { name: 'startDate', in: 'query', description: 'Range start, inclusive, yyyy-MM-dd.' },
  { name: 'endDate', in: 'query', description: 'Range end, inclusive, yyyy-MM-dd; the range spans at most 366 days, both ends included.' },
];

const at = (dates: ParsedDates, name: string): number => {
  const day = dates[name];
  if (day === undefined) throw new Error(`parameter ${name} was not parsed`);
  return day;
};

export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    operationId: 'chinaCalendar.getDateStatus',
    path: '/v1/china-calendar/dates/{date}',
    summary: 'Status of one date',
    description: 'Whether the date is a working day or a rest day, and why, under the official arrangements.',
    parameters: [{ name: 'date', in: 'path', description: 'Calendar date, yyyy-MM-dd, on or after 2008-01-01.' }],
    isRange: false,
    answer: (index, dates) => index.dayJson(at(dates, 'date')),
  },
  {
    operationId: 'chinaCalendar.getDateRangeStatus',
    path: '/v1/china-calendar/date-ranges',
    summary: 'Per-day status over a range',
    description: 'The status of every date from startDate to endDate, both included, in ascending order (at most 366).',
    parameters: RANGE_PARAMETERS,
    isRange: true,
    answer: (index, dates) => index.rangeJson(at(dates, 'startDate'), at(dates, 'endDate')),
  },
  {
    operationId: 'chinaCalendar.calculateWorkdays',
    path: '/v1/china-calendar/workdays',
    summary: 'Counts of working, rest and unknown days',
    description: 'How many dates from startDate to endDate, both included, are working days, rest days and undetermined.',
    parameters: RANGE_PARAMETERS,
    isRange: true,
    answer: (index, dates) => {
      const counts = index.countDays(at(dates, 'startDate'), at(dates, 'endDate'));
      return 'unavailable' in counts ? counts : Buffer.from(JSON.stringify(counts));
    },
  },
  {
    operationId: 'chinaCalendar.getNextHoliday',
    path: '/v1/china-calendar/next-holiday',
    summary: 'Next holiday on or after a date',
    description: 'The first officially arranged holiday date on or after fromDate (not necessarily a statutory day).',
    parameters: [{ name: 'fromDate', in: 'query', description: 'Search start, yyyy-MM-dd; the search begins on this day itself.' }],
    isRange: false,
    answer: (index, dates) => index.nextHolidayJson(at(dates, 'fromDate')),
  },
];
