import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { tradingDayCountJson, tradingDayOffsetJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { tradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
import { OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN } from '@china-holiday-calendar/core/answers/workday-offset.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { MARKETS } from '@china-holiday-calendar/core/calendar/markets.js';
import { DATE_PARAMETER, RANGE_PARAMETERS } from '@china-holiday-calendar/core/questions/date-parameters.js';
import { MAX_OFFSET_DAYS } from '@china-holiday-calendar/core/questions/workday-offset-question.js';
import {
  readTradingDatesQuestion,
  readTradingOffsetQuestion,
  tradingOffsetBeforeRange,
  type TradingDatesQuestion,
  type TradingOffsetQuestion,
} from '@china-holiday-calendar/core/questions/trading-questions.js';
import { csvRecord } from '../kernel/csv.js';
import type { ParameterDoc } from '../kernel/operation-doc.js';
import { DATES_NOTE, RANGE_NOTE, TRADING_UNKNOWN_RULE } from './agent-notes.js';
import { DATE_SCHEMA, JSON_CONTENT_TYPE, type ApiOperation } from './api-operation.js';

/**
 * The exchanges' calendar (docs/design.md, Trading days): the date operations' questions asked of
 * one market, under /v1/china-calendar/markets/{market}/. The market comes first in the path and
 * is checked first (an unknown one is 404); every other check, limit and convention is the date
 * operations' own, plus the Beijing exchange's first day.
 */

const BASE = '/v1/china-calendar/markets/{market}';

const MARKET_PARAMETER: ParameterDoc = {
  name: 'market',
  in: 'path',
  required: true,
  description: 'The exchange, by its ISO 10383 code: XSHG (Shanghai), XSHE (Shenzhen), BJSE (Beijing, trading from 2021-11-15). Another code answers 404.',
  schema: { type: 'string', enum: [...MARKETS] },
};

function documented(parameters: typeof RANGE_PARAMETERS): ParameterDoc[] {
  return [MARKET_PARAMETER, ...parameters.map((parameter) => ({ ...parameter, required: true, schema: DATE_SCHEMA }))];
}

function at(question: TradingDatesQuestion, position: number): DayNumber {
  const day = question.dates[position];
  if (day === undefined) throw new Error(`parameter ${position} was not parsed`);
  return day;
}

const rangeKey = (prefix: string) => (question: TradingDatesQuestion) => `${prefix}${question.market}:${at(question, 0)}-${at(question, 1)}`;

const RANGE_BAD_REQUESTS = (path: string) =>
  ({
    MISSING_PARAMETER: `${path}?startDate=2024-01-01`,
    INVALID_DATE_FORMAT: `${path}?startDate=2024/01/05&endDate=2024-01-31`,
    DATE_OUT_OF_SUPPORTED_RANGE: `${path}?startDate=2007-12-31&endDate=2008-01-31`,
    INVALID_DATE_RANGE: `${path}?startDate=2024-12-31&endDate=2024-01-01`,
    DATE_RANGE_TOO_LARGE: `${path}?startDate=2024-01-01&endDate=2025-01-02`,
  }) as const;

export const TRADING_CSV_COLUMNS = ['date', 'market', 'dayOfWeek', 'tradingStatus', 'closureReason', 'holidays'] as const;

export const getTradingDayStatus: ApiOperation<TradingDatesQuestion> = {
  operationId: 'chinaCalendar.getTradingDayStatus',
  tool: {
    name: 'get_trading_status',
    title: 'Trading day or not',
    description:
      "Whether an A-share exchange trades on one date, under the exchanges' own notice of the year's closures: market XSHG (Shanghai), XSHE " +
      '(Shenzhen) or BJSE (Beijing, from 2021-11-15). tradingStatus is TRADING, CLOSED or UNKNOWN; closureReason WEEKEND (every Saturday and Sunday, ' +
      'make-up working days included: the exchanges never trade on them), HOLIDAY (a State Council weekday rest day) or MARKET_CLOSURE (closed on a ' +
      `State Council working day, as 2024-02-09). ${DATES_NOTE} ${TRADING_UNKNOWN_RULE}`,
  },
  path: `${BASE}/dates/{date}`,
  tag: 'Trading days',
  summary: 'Trading status of one date',
  description:
    "Whether the exchange trades on the date, under the exchanges' own notice of the year's closures: CLOSED on every Saturday and Sunday " +
    "(make-up working days included), on every State Council weekday rest day, and on what the exchanges' notice adds; UNKNOWN while that notice is not in the dataset.",
  parameters: documented(DATE_PARAMETER),
  response: { schema: 'TradingDayStatus', contentType: JSON_CONTENT_TYPE },
  examples: {
    marketClosure: { summary: '除夕 2024: a State Council working day, the exchanges closed', request: '/v1/china-calendar/markets/XSHG/dates/2024-02-09' },
    makeUpWorkday: { summary: 'A make-up working Sunday: the exchanges stay closed', request: '/v1/china-calendar/markets/XSHE/dates/2024-02-04' },
    unknown: { summary: "A date of a year whose exchanges' notice is not in the dataset", request: '/v1/china-calendar/markets/XSHG/dates/2027-01-04' },
  },
  badRequests: {
    INVALID_DATE_FORMAT: '/v1/china-calendar/markets/XSHG/dates/2024-13-01',
    DATE_OUT_OF_SUPPORTED_RANGE: '/v1/china-calendar/markets/BJSE/dates/2021-11-12',
  },
  notFound: '/v1/china-calendar/markets/XNYS/dates/2024-02-09',
  read: (values) => readTradingDatesQuestion(DATE_PARAMETER, values, false),
  answer: (calendar, question) => calendar.tradingBytes(question.market).dayJson(at(question, 0)),
  isSettled: (calendar, question) => calendar.trading().isSettled(at(question, 0), at(question, 0)),
  answerKey: (question) => `td${question.market}:${at(question, 0)}`,
};

export const getTradingDayRangeStatus: ApiOperation<TradingDatesQuestion> = {
  operationId: 'chinaCalendar.getTradingDayRangeStatus',
  path: `${BASE}/date-ranges`,
  tag: 'Trading days',
  summary: 'Per-day trading status over a range',
  description: 'The trading status of every date from startDate to endDate, both included, in ascending order (at most 366).',
  parameters: documented(RANGE_PARAMETERS),
  response: { schema: 'TradingDayStatusList', contentType: JSON_CONTENT_TYPE },
  examples: {
    springFestival2024: {
      summary: 'The 2024 Spring Festival closure, 除夕 included',
      request: '/v1/china-calendar/markets/XSHG/date-ranges?startDate=2024-02-08&endDate=2024-02-19',
    },
  },
  badRequests: RANGE_BAD_REQUESTS('/v1/china-calendar/markets/XSHG/date-ranges'),
  notFound: '/v1/china-calendar/markets/xshg/date-ranges?startDate=2024-02-08&endDate=2024-02-19',
  read: (values) => readTradingDatesQuestion(RANGE_PARAMETERS, values, true),
  answer: (calendar, question) => calendar.tradingBytes(question.market).rangeJson(at(question, 0), at(question, 1)),
  isSettled: (calendar, question) => calendar.trading().isSettled(at(question, 0), at(question, 1)),
  answerKey: rangeKey('tr'),
  csv: {
    days: (question) => [at(question, 0), at(question, 1)],
    example: {
      summary: 'The same days as CSV, one row a day',
      request: '/v1/china-calendar/markets/XSHG/date-ranges?startDate=2024-02-08&endDate=2024-02-19',
    },
    schema: 'TradingDayStatusCsv',
    columns: TRADING_CSV_COLUMNS,
    rows(calendar, question, header) {
      const trading = calendar.trading();
      let text = header + csvRecord(TRADING_CSV_COLUMNS);
      for (let day = at(question, 0); day <= at(question, 1); day++) {
        const status = tradingDayStatus(trading, day, question.market);
        if (isUnavailable(status)) return status;
        const holidays = status.holidays.map((holiday) => holiday.code).join(';');
        text += csvRecord([status.date, status.market, status.dayOfWeek, status.tradingStatus, status.closureReason ?? '', holidays]);
      }
      return text;
    },
  },
};

export const countTradingDays: ApiOperation<TradingDatesQuestion> = {
  operationId: 'chinaCalendar.countTradingDays',
  tool: {
    name: 'count_trading_days',
    title: 'Count trading days',
    description:
      'How many of the dates from startDate to endDate the exchange trades on, is closed on, and cannot tell yet (tradingDayCount, closedDayCount, ' +
      'unknownDayCount). When unknownDayCount is not 0 the trading-day count is incomplete and must be reported as such. ' +
      `${RANGE_NOTE} ${DATES_NOTE} ${TRADING_UNKNOWN_RULE}`,
  },
  path: `${BASE}/trading-days`,
  tag: 'Trading days',
  summary: 'Counts of trading, closed and unknown days',
  description: "How many dates from startDate to endDate, both included, the exchange trades on, is closed on, and cannot tell yet (no exchanges' notice).",
  parameters: documented(RANGE_PARAMETERS),
  response: { schema: 'TradingDayCount', contentType: JSON_CONTENT_TYPE },
  examples: {
    year2024: { summary: 'The trading days of 2024', request: '/v1/china-calendar/markets/XSHG/trading-days?startDate=2024-01-01&endDate=2024-12-31' },
    acrossUnknown: {
      summary: "A range that reaches into a year whose exchanges' notice is not in the dataset",
      request: '/v1/china-calendar/markets/XSHE/trading-days?startDate=2026-12-01&endDate=2027-01-31',
    },
  },
  badRequests: RANGE_BAD_REQUESTS('/v1/china-calendar/markets/XSHG/trading-days'),
  notFound: '/v1/china-calendar/markets/SSE/trading-days?startDate=2024-01-01&endDate=2024-12-31',
  read: (values) => readTradingDatesQuestion(RANGE_PARAMETERS, values, true),
  answer(calendar, question) {
    const { core } = calendar;
    const start = at(question, 0);
    const end = at(question, 1);
    const tally = calendar.trading().tally(start, end);
    if (isUnavailable(tally)) return tally;
    const { tradingDayCount, closedDayCount, unknownDayCount } = tally;
    const { market } = question;
    return tradingDayCountJson({ startDate: core.isoDate(start), endDate: core.isoDate(end), market, tradingDayCount, closedDayCount, unknownDayCount, datasetVersion: core.version });
  },
  isSettled: (calendar, question) => calendar.trading().isSettled(at(question, 0), at(question, 1)),
  answerKey: rangeKey('tc'),
};

export const getTradingDayOffset: ApiOperation<TradingOffsetQuestion> = {
  operationId: 'chinaCalendar.getTradingDayOffset',
  tool: {
    name: 'add_trading_days',
    title: 'Date N trading days away (T+N)',
    description:
      'The date `days` trading days after fromDate (days > 0, fromDate itself not counted) or before it (days < 0); with days = 0, fromDate if the ' +
      'exchange trades on it, else the next trading day. For settlement dates (T+1, T+2). status UNKNOWN (date null) when the count reaches a year ' +
      `whose exchanges' notice is not in the data. ${DATES_NOTE} ${TRADING_UNKNOWN_RULE}`,
  },
  path: `${BASE}/trading-day-offset`,
  tag: 'Trading days',
  summary: 'The day N trading days from a date (T+N)',
  description:
    'For days > 0, the N-th trading day after fromDate (fromDate not counted); for days < 0, the |N|-th trading day before it; for days = 0, ' +
    "fromDate itself if the exchange trades on it, else the first trading day after it. UNKNOWN when the walk reaches a year whose exchanges' notice is not in the dataset.",
  parameters: [
    MARKET_PARAMETER,
    { name: 'fromDate', in: 'query', required: true, description: "The date to count from, yyyy-MM-dd, on or after 2008-01-01 (BJSE: 2021-11-15).", schema: DATE_SCHEMA },
    {
      name: 'days',
      in: 'query',
      required: true,
      description: `Trading days to move: a whole number from -${MAX_OFFSET_DAYS} to ${MAX_OFFSET_DAYS} in plain digits (an optional leading -, no +, no leading zeros).`,
      schema: { type: 'integer', minimum: -MAX_OFFSET_DAYS, maximum: MAX_OFFSET_DAYS },
    },
  ],
  response: { schema: 'TradingDayOffset', contentType: JSON_CONTENT_TYPE },
  examples: {
    settlement: { summary: 'T+1 from the last trading day before the 2024 Spring Festival closure', request: '/v1/china-calendar/markets/XSHG/trading-day-offset?fromDate=2024-02-08&days=1' },
    unknown: { summary: "A walk into a year whose exchanges' notice is not in the dataset", request: '/v1/china-calendar/markets/XSHG/trading-day-offset?fromDate=2026-12-30&days=5' },
  },
  badRequests: {
    MISSING_PARAMETER: '/v1/china-calendar/markets/XSHG/trading-day-offset?fromDate=2024-02-08',
    INVALID_DATE_FORMAT: '/v1/china-calendar/markets/XSHG/trading-day-offset?fromDate=2024/02/08&days=1',
    INVALID_PARAMETER: '/v1/china-calendar/markets/XSHG/trading-day-offset?fromDate=2024-02-08&days=%2B1',
    DATE_OUT_OF_SUPPORTED_RANGE: '/v1/china-calendar/markets/BJSE/trading-day-offset?fromDate=2021-11-16&days=-2',
  },
  notFound: '/v1/china-calendar/markets/HKEX/trading-day-offset?fromDate=2024-02-08&days=1',
  read: readTradingOffsetQuestion,
  answer(calendar, question) {
    // tradingDayOffset (packages/core/src/answers/trading-answers.ts), written without its object.
    const { core } = calendar;
    const { from, days, market } = question;
    const found = calendar.trading().offsetDay(from, days, market);
    const fromDate = core.isoDate(from);
    if (found > 0) return tradingDayOffsetJson({ fromDate, days, market, status: 'FOUND', date: core.isoDate(found), datasetVersion: core.version });
    if (found === OFFSET_UNKNOWN) return tradingDayOffsetJson({ fromDate, days, market, status: 'UNKNOWN', date: null, datasetVersion: null });
    if (found === OFFSET_BEFORE_SUPPORTED_RANGE) return tradingOffsetBeforeRange(question);
    return core.unavailableOfOffset(found) ?? core.unavailableAt(0);
  },
  isSettled: (calendar, { from, days, market }) => calendar.trading().offsetIsSettled(from, days, market),
  answerKey: ({ from, days, market }) => `to${market}:${from}:${days}`,
};
