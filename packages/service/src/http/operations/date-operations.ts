import { workdayCountJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import {
  DATE_PARAMETER,
  FROM_DATE_PARAMETER,
  RANGE_PARAMETERS,
  readDateParameters,
  type DateParameter,
  type ParsedDates,
} from '@china-holiday-calendar/core/questions/date-parameters.js';
import type { ParameterDoc } from '../kernel/operation-doc.js';
import { DATES_NOTE, RANGE_NOTE, UNKNOWN_RULE } from './agent-notes.js';
import type { AnswerBytes } from './answer-bytes.js';
import { DATE_SCHEMA, JSON_CONTENT_TYPE, type ApiOperation } from './api-operation.js';

/** The four operations of the contract (docs/interface.md, Overview): each question is one or two dates. */

function documented(parameters: readonly DateParameter[]): ParameterDoc[] {
  return parameters.map((parameter) => ({ ...parameter, required: true, schema: DATE_SCHEMA }));
}

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

const rangeIsSettled = ({ core }: AnswerBytes, dates: ParsedDates): boolean => core.isSettled(at(dates, START), at(dates, END));

const RANGE_BAD_REQUESTS = (path: string) =>
  ({
    MISSING_PARAMETER: `${path}?startDate=2024-01-01`,
    INVALID_DATE_FORMAT: `${path}?startDate=2024/01/05&endDate=2024-01-31`,
    DATE_OUT_OF_SUPPORTED_RANGE: `${path}?startDate=2007-12-31&endDate=2008-01-31`,
    INVALID_DATE_RANGE: `${path}?startDate=2024-12-31&endDate=2024-01-01`,
    DATE_RANGE_TOO_LARGE: `${path}?startDate=2024-01-01&endDate=2025-01-02`,
  }) as const;

export const getDateStatus: ApiOperation<ParsedDates> = {
  operationId: 'chinaCalendar.getDateStatus',
  tool: {
    name: 'get_date_status',
    title: 'Working day or rest day',
    description:
      "Whether one date is a working day or a rest day in mainland China under the State Council's official holiday arrangements, " +
      'make-up working days (调休) included: a Saturday or Sunday can be a working day (dayStatus ADJUSTED_WORKDAY) and a weekday a holiday (HOLIDAY). ' +
      'workStatus is WORKDAY, REST_DAY or UNKNOWN; holidays names the holiday the date belongs to, and statutoryDate marks the statutory days (法定节假日). ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  path: '/v1/china-calendar/dates/{date}',
  tag: 'China calendar',
  summary: 'Status of one date',
  description: 'Whether the date is a working day or a rest day, and why, under the official arrangements.',
  parameters: documented(DATE_PARAMETER),
  response: { schema: 'DayStatus', contentType: JSON_CONTENT_TYPE },
  examples: {
    makeUpWorkday: { summary: 'A Sunday that is a make-up working day', request: '/v1/china-calendar/dates/2024-02-04' },
    unpublished: { summary: 'A date of a year whose arrangement is not published yet', request: '/v1/china-calendar/dates/2027-01-01' },
  },
  badRequests: {
    INVALID_DATE_FORMAT: '/v1/china-calendar/dates/2024-13-01',
    DATE_OUT_OF_SUPPORTED_RANGE: '/v1/china-calendar/dates/2007-12-31',
  },
  read: (values) => readDateParameters(DATE_PARAMETER, values, false),
  answer: (calendar, dates) => calendar.dayJson(at(dates, DATE)),
  isSettled: ({ core }, dates) => core.isSettled(at(dates, DATE), at(dates, DATE)),
  answerKey: (dates) => `d${at(dates, DATE)}`,
};

export const getDateRangeStatus: ApiOperation<ParsedDates> = {
  operationId: 'chinaCalendar.getDateRangeStatus',
  tool: {
    name: 'list_date_range',
    title: 'Every day of a range',
    description:
      'The status of every date from startDate to endDate, in ascending order, each as get_date_status answers it (structured content: under days). ' +
      `${RANGE_NOTE} ${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  path: '/v1/china-calendar/date-ranges',
  tag: 'China calendar',
  summary: 'Per-day status over a range',
  description: 'The status of every date from startDate to endDate, both included, in ascending order (at most 366).',
  parameters: documented(RANGE_PARAMETERS),
  response: { schema: 'DayStatusList', contentType: JSON_CONTENT_TYPE },
  examples: {
    combinedHoliday: {
      summary: 'The start of the combined Mid-Autumn and National Day holiday of 2023',
      request: '/v1/china-calendar/date-ranges?startDate=2023-09-28&endDate=2023-09-30',
    },
  },
  badRequests: RANGE_BAD_REQUESTS('/v1/china-calendar/date-ranges'),
  read: (values) => readDateParameters(RANGE_PARAMETERS, values, true),
  answer: (calendar, dates) => calendar.rangeJson(at(dates, START), at(dates, END)),
  isSettled: rangeIsSettled,
  answerKey: (dates) => `r${at(dates, START)}-${at(dates, END)}`,
  csv: {
    days: (dates) => [at(dates, START), at(dates, END)],
    example: { summary: 'The same days as CSV, one row a day', request: '/v1/china-calendar/date-ranges?startDate=2023-09-28&endDate=2023-09-30' },
  },
};

export const calculateWorkdays: ApiOperation<ParsedDates> = {
  operationId: 'chinaCalendar.calculateWorkdays',
  tool: {
    name: 'count_workdays',
    title: 'Count working days',
    description:
      'How many of the dates from startDate to endDate are working days, rest days and unknown days (workdayCount, restDayCount, unknownDayCount). ' +
      'unknownDayCount counts the days of years not published yet: when it is not 0, the working-day count is incomplete and must be reported as such, ' +
      `not rounded into either count. ${RANGE_NOTE} ${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  path: '/v1/china-calendar/workdays',
  tag: 'China calendar',
  summary: 'Counts of working, rest and unknown days',
  description: 'How many dates from startDate to endDate, both included, are working days, rest days and undetermined.',
  parameters: documented(RANGE_PARAMETERS),
  response: { schema: 'WorkdayCount', contentType: JSON_CONTENT_TYPE },
  examples: {
    year2024: { summary: 'The working days of 2024', request: '/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2024-12-31' },
    acrossUnpublished: {
      summary: 'A range that reaches into a year whose arrangement is not published yet',
      request: '/v1/china-calendar/workdays?startDate=2026-12-01&endDate=2027-01-31',
    },
  },
  badRequests: RANGE_BAD_REQUESTS('/v1/china-calendar/workdays'),
  read: (values) => readDateParameters(RANGE_PARAMETERS, values, true),
  answer: (calendar, dates) => {
    const counts = calendar.core.countDays(at(dates, START), at(dates, END));
    return 'unavailable' in counts ? counts : workdayCountJson(counts);
  },
  isSettled: rangeIsSettled,
  answerKey: (dates) => `w${at(dates, START)}-${at(dates, END)}`,
};

export const getNextHoliday: ApiOperation<ParsedDates> = {
  operationId: 'chinaCalendar.getNextHoliday',
  tool: {
    name: 'get_next_holiday',
    title: 'Next holiday',
    description:
      'The first date on or after fromDate that is a day off of an official holiday (not an ordinary weekend), with the holiday it belongs to. ' +
      'status UNKNOWN (date null) when no holiday falls between fromDate and the end of the last published year: the next one is not known yet. ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  path: '/v1/china-calendar/next-holiday',
  tag: 'China calendar',
  summary: 'Next holiday on or after a date',
  description: 'The first officially arranged holiday date on or after fromDate (not necessarily a statutory day).',
  parameters: documented(FROM_DATE_PARAMETER),
  response: { schema: 'NextHoliday', contentType: JSON_CONTENT_TYPE },
  examples: {
    found: { summary: 'Found', request: '/v1/china-calendar/next-holiday?fromDate=2026-05-06' },
    unknown: { summary: 'No holiday until the end of the last published year', request: '/v1/china-calendar/next-holiday?fromDate=2026-10-08' },
  },
  badRequests: {
    MISSING_PARAMETER: '/v1/china-calendar/next-holiday',
    INVALID_DATE_FORMAT: '/v1/china-calendar/next-holiday?fromDate=2024-2-1',
    DATE_OUT_OF_SUPPORTED_RANGE: '/v1/china-calendar/next-holiday?fromDate=2007-06-01',
  },
  read: (values) => readDateParameters(FROM_DATE_PARAMETER, values, false),
  answer: (calendar, dates) => calendar.nextHolidayJson(at(dates, DATE)),
  isSettled: ({ core }, dates) => core.nextHolidayIsSettled(at(dates, DATE)),
  answerKey: (dates) => `n${at(dates, DATE)}`,
};
