import { workdayCountJson, type Unavailable } from '../calendar/answers.js';
import type { CalendarIndex } from '../calendar/calendar-index.js';
import type { DateParameter, ParsedDates } from './date-parameters.js';
import type { ProblemCode } from './problems.js';
import type { ResourceName } from './resource-schemas.js';

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
  /** The resource of a 200 answer, and examples of it (for the OpenAPI document). */
  readonly response: ResourceName;
  readonly examples: Readonly<Record<string, { readonly summary: string; readonly value: unknown }>>;
  /** The 400 problems its parameters can cause, in check order. */
  readonly badRequestProblems: readonly ProblemCode[];
  /** The JSON body: one Buffer, or pieces written in order without copying. */
  answer(index: CalendarIndex, dates: ParsedDates): Buffer | readonly Buffer[] | Unavailable;
  /** Whether the answer is final until the data changes (see CalendarIndex.isSettled). */
  isSettled(index: CalendarIndex, dates: ParsedDates): boolean;
  /** Identifies the answer within one dataset version: the ETag is the version plus this key. */
  answerKey(dates: ParsedDates): string;
}

const RANGE_PARAMETERS: readonly DateParameter[] = [
  { name: 'startDate', in: 'query', description: 'Range start, inclusive, yyyy-MM-dd.' },
  { name: 'endDate', in: 'query', description: 'Range end, inclusive, yyyy-MM-dd; the range spans at most 366 days, both ends included.' },
];

const RANGE_PROBLEMS: readonly ProblemCode[] = [
  'MISSING_PARAMETER',
  'INVALID_DATE_FORMAT',
  'DATE_OUT_OF_SUPPORTED_RANGE',
  'INVALID_DATE_RANGE',
  'DATE_RANGE_TOO_LARGE',
];

/** The date of the parameter at `position` (in the operation's parameter order). */
const at = (dates: ParsedDates, position: number): number => {
  const day = dates[position];
  if (day === undefined) throw new Error(`parameter ${position} was not parsed`);
  return day;
};

/** Positions of the date parameters: the only one, or a range's two ends. */
const DATE = 0;
const START = 0;
const END = 1;

const rangeIsSettled = (index: CalendarIndex, dates: ParsedDates): boolean => index.isSettled(at(dates, START), at(dates, END));

const EXAMPLE_VERSION = '2025.11.04-56279d56';


export const API_OPERATIONS: readonly ApiOperation[] = [
  {
    operationId: 'chinaCalendar.getDateStatus',
    path: '/v1/china-calendar/dates/{date}',
    summary: 'Status of one date',
    description: 'Whether the date is a working day or a rest day, and why, under the official arrangements.',
    parameters: [{ name: 'date', in: 'path', description: 'Calendar date, yyyy-MM-dd, on or after 2008-01-01.' }],
    isRange: false,
    response: 'DayStatus',
    examples: {
      makeUpWorkday: {
        summary: 'A Sunday that is a make-up working day',
        value: {
          date: '2024-02-04',
          dayOfWeek: 'SUNDAY',
          workStatus: 'WORKDAY',
          dayStatus: 'ADJUSTED_WORKDAY',
          holidays: [{ code: 'SPRING_FESTIVAL', name: '春节', statutoryDate: false }],
          datasetVersion: EXAMPLE_VERSION,
        },
      },
      unpublished: {
        summary: 'A date of a year whose arrangement is not published yet',
        value: { date: '2027-01-01', dayOfWeek: 'FRIDAY', workStatus: 'UNKNOWN', dayStatus: 'UNKNOWN', holidays: [], datasetVersion: null },
      },
    },
    badRequestProblems: ['INVALID_DATE_FORMAT', 'DATE_OUT_OF_SUPPORTED_RANGE'],
    answer: (index, dates) => index.dayJson(at(dates, DATE)),
    isSettled: (index, dates) => index.isSettled(at(dates, DATE), at(dates, DATE)),
    answerKey: (dates) => `d${at(dates, DATE)}`,
  },
  {
    operationId: 'chinaCalendar.getDateRangeStatus',
    path: '/v1/china-calendar/date-ranges',
    summary: 'Per-day status over a range',
    description: 'The status of every date from startDate to endDate, both included, in ascending order (at most 366).',
    parameters: RANGE_PARAMETERS,
    isRange: true,
    response: 'DayStatusList',
    examples: {
      combinedHoliday: {
        summary: 'The start of the combined Mid-Autumn and National Day holiday of 2023',
        value: [
          { date: '2023-09-28', dayOfWeek: 'THURSDAY', workStatus: 'WORKDAY', dayStatus: 'WORKDAY', holidays: [], datasetVersion: EXAMPLE_VERSION },
          {
            date: '2023-09-29',
            dayOfWeek: 'FRIDAY',
            workStatus: 'REST_DAY',
            dayStatus: 'HOLIDAY',
            holidays: [
              { code: 'MID_AUTUMN_FESTIVAL', name: '中秋节', statutoryDate: true },
              { code: 'NATIONAL_DAY', name: '国庆节', statutoryDate: false },
            ],
            datasetVersion: EXAMPLE_VERSION,
          },
        ],
      },
    },
    badRequestProblems: RANGE_PROBLEMS,
    answer: (index, dates) => index.rangeJsonChunks(at(dates, START), at(dates, END)),
    isSettled: rangeIsSettled,
    answerKey: (dates) => `r${at(dates, START)}-${at(dates, END)}`,
  },
  {
    operationId: 'chinaCalendar.calculateWorkdays',
    path: '/v1/china-calendar/workdays',
    summary: 'Counts of working, rest and unknown days',
    description: 'How many dates from startDate to endDate, both included, are working days, rest days and undetermined.',
    parameters: RANGE_PARAMETERS,
    isRange: true,
    response: 'WorkdayCount',
    examples: {
      year2024: {
        summary: 'The working days of 2024',
        value: { startDate: '2024-01-01', endDate: '2024-12-31', totalDays: 366, workdayCount: 251, restDayCount: 115, unknownDayCount: 0 },
      },
    },
    badRequestProblems: RANGE_PROBLEMS,
    answer: (index, dates) => {
      const counts = index.countDays(at(dates, START), at(dates, END));
      return 'unavailable' in counts ? counts : Buffer.from(workdayCountJson(counts));
    },
    isSettled: rangeIsSettled,
    answerKey: (dates) => `w${at(dates, START)}-${at(dates, END)}`,
  },
  {
    operationId: 'chinaCalendar.getNextHoliday',
    path: '/v1/china-calendar/next-holiday',
    summary: 'Next holiday on or after a date',
    description: 'The first officially arranged holiday date on or after fromDate (not necessarily a statutory day).',
    parameters: [{ name: 'fromDate', in: 'query', description: 'Search start, yyyy-MM-dd; the search begins on this day itself.' }],
    isRange: false,
    response: 'NextHoliday',
    examples: {
      found: {
        summary: 'Found',
        value: {
          status: 'FOUND',
          date: '2026-06-19',
          holidays: [{ code: 'DRAGON_BOAT_FESTIVAL', name: '端午节', statutoryDate: true }],
          datasetVersion: EXAMPLE_VERSION,
        },
      },
      unknown: {
        summary: 'No holiday until the end of the last published year',
        value: { status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null },
      },
    },
    badRequestProblems: ['MISSING_PARAMETER', 'INVALID_DATE_FORMAT', 'DATE_OUT_OF_SUPPORTED_RANGE'],
    answer: (index, dates) => index.nextHolidayJson(at(dates, DATE)),
    isSettled: (index, dates) => index.nextHolidayIsSettled(at(dates, DATE)),
    answerKey: (dates) => `n${at(dates, DATE)}`,
  },
];
