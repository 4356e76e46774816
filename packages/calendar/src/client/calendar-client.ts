import { formatIsoDate, parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import {
  describeValue,
  inputError,
  optionsObject,
  readDateArgument,
  readDateListArgument,
  readFeedOptions,
  checkMarketDay,
  readMarketArgument,
  readOffsetArguments,
  readOption,
  readSpanArguments,
  readTextOption,
  readYearArgument,
} from '../library/arguments.js';
import type { DateInput } from '../library/date-input.js';
import { checkRangeSpan } from '@china-holiday-calendar/core/questions/date-parameters.js';
import { MAX_LISTED_DATES, tooManyDates } from '@china-holiday-calendar/core/questions/date-list-question.js';
import { missingParameters } from '@china-holiday-calendar/core/questions/input-problem.js';
import { MAX_OFFSET_DAYS } from '@china-holiday-calendar/core/questions/workday-offset-question.js';
import type { CalendarFeedOptions } from '../library/holiday-calendar.js';
import { CalendarError, CalendarInputError, CalendarNetworkError, UnpublishedYearError } from '../library/errors.js';
import { firstUnpublishedYearOfWalk } from '../library/unpublished-year.js';
import type { components } from './openapi-types.js';
import { MARKET_FIRST_DAY, type Market } from '@china-holiday-calendar/core/calendar/markets.js';
import { dayNumberFromCivil, yearOfDayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { DEFAULT_RETRIES, DEFAULT_TIMEOUT_MS, getWithin, MAX_TIMEOUT_MS, type ReadAnswer, type TransportOptions } from './transport.js';

type Schemas = components['schemas'];

/** The answers of the service, typed from its OpenAPI document (the library's types are the same shapes). */
export type DayStatus = Schemas['DayStatus'];
export type WorkdayCount = Schemas['WorkdayCount'];
export type NextHoliday = Schemas['NextHoliday'];
export type WorkdayOffset = Schemas['WorkdayOffset'];
export type YearOverview = Schemas['YearOverview'];
/**
 * The one field of the service's readiness answer (`GET /readyz`) the client reads: which years
 * are published, to name the one an offset waits for. Not part of the `/v1` types the package
 * exports.
 */
interface Readiness {
  readonly publishedYears: readonly number[];
}
/** An RFC 9457 problem the service answered with. */
export type Problem = Schemas['Problem'];
export type ProblemCode = Problem['code'];
export type WorkStatus = DayStatus['workStatus'];
export type TradingDayStatus = Schemas['TradingDayStatus'];
export type TradingDayCount = Schemas['TradingDayCount'];
export type TradingDayOffset = Schemas['TradingDayOffset'];

/**
 * The service answered with a problem (`application/problem+json`): its typed body, its `code`
 * (the same code the library's CalendarInputError carries for bad input), the HTTP status and the
 * request id to quote when reporting it.
 */
export class CalendarProblemError extends CalendarError {
  override readonly name: string = 'CalendarProblemError';
  declare readonly code: ProblemCode;

  constructor(
    readonly problem: Problem,
    readonly status: number,
  ) {
    super(problem.code, problem.detail);
  }

  get requestId(): string {
    return this.problem.requestId;
  }
}

export interface CalendarClientOptions {
  /** The service's address, e.g. `https://calendar.example.com` (paths are resolved against it). */
  readonly baseUrl: string;
  /** A fetch to use instead of the global one (a proxy agent, a test double, a tracing wrapper). */
  readonly fetch?: typeof fetch;
  /**
   * Keep each answer with its ETag and revalidate with If-None-Match: an unchanged answer then
   * costs a 304 and no body. Keeps the most recent `revalidate` answers (true: 1000).
   */
  readonly revalidate?: boolean | number;
  /**
   * The longest a call may take, in milliseconds, its retries and the reading of the answer
   * included (default 10000): past it the call rejects with CalendarNetworkError TIMEOUT.
   */
  readonly timeoutMs?: number;
  /**
   * How many times a call is tried again (default 2, at most 10) when the service cannot be
   * reached or answers 503 with Retry-After, within timeoutMs, with backoff. Every call is a GET.
   */
  readonly retries?: number;
}

/** Per call: a request id of your own (echoed in the service's logs and problems), If-None-Match, an abort signal. */
export interface RequestOptions {
  readonly requestId?: string;
  readonly ifNoneMatch?: string;
  readonly signal?: AbortSignal;
}

/** An answer with what the service said about it: 200 with the body, or 304 (If-None-Match matched) without. */
export type ClientResponse<Body> =
  | { readonly status: 200; readonly data: Body; readonly requestId: string; readonly etag: string | undefined; readonly cacheControl: string | undefined }
  | { readonly status: 304; readonly data: undefined; readonly requestId: string; readonly etag: string | undefined; readonly cacheControl: string | undefined };

/** The questions whose answers are resources, with the response's details. */
export interface ResponseMethods {
  dateStatus(date: DateInput, options?: RequestOptions): Promise<ClientResponse<DayStatus>>;
  dateRangeStatus(startDate: DateInput, endDate: DateInput, options?: RequestOptions): Promise<ClientResponse<DayStatus[]>>;
  dateStatuses(dates: readonly DateInput[], options?: RequestOptions): Promise<ClientResponse<DayStatus[]>>;
  countWorkdays(startDate: DateInput, endDate: DateInput, options?: RequestOptions): Promise<ClientResponse<WorkdayCount>>;
  nextHoliday(fromDate: DateInput, options?: RequestOptions): Promise<ClientResponse<NextHoliday>>;
  workdayOffset(fromDate: DateInput, days: number, options?: RequestOptions): Promise<ClientResponse<WorkdayOffset>>;
  yearOverview(year: number | string, options?: RequestOptions): Promise<ClientResponse<YearOverview>>;
  tradingDayStatus(date: DateInput, market?: Market, options?: RequestOptions): Promise<ClientResponse<TradingDayStatus>>;
  countTradingDays(startDate: DateInput, endDate: DateInput, market?: Market, options?: RequestOptions): Promise<ClientResponse<TradingDayCount>>;
}

/**
 * The service, with the method names and answer types of the library: move a program between
 * in-process and remote by changing the line that creates the calendar.
 */
export interface CalendarClient {
  dateStatus(date: DateInput): Promise<DayStatus>;
  dateRangeStatus(startDate: DateInput, endDate: DateInput): Promise<DayStatus[]>;
  /** The status of each date, in the order asked: at most 100 (the service's bound), none asked none answered. */
  dateStatuses(dates: readonly DateInput[]): Promise<DayStatus[]>;
  countWorkdays(startDate: DateInput, endDate: DateInput): Promise<WorkdayCount>;
  nextHoliday(fromDate: DateInput): Promise<NextHoliday>;
  workdayOffset(fromDate: DateInput, days: number): Promise<WorkdayOffset>;
  yearOverview(year: number | string): Promise<YearOverview>;
  workStatus(date: DateInput): Promise<WorkStatus>;
  isWorkday(date: DateInput): Promise<boolean>;
  isRestDay(date: DateInput): Promise<boolean>;
  isStatutoryDay(date: DateInput): Promise<boolean>;
  addWorkdays(date: DateInput, days: number): Promise<string>;
  nextWorkday(date: DateInput): Promise<string>;
  previousWorkday(date: DateInput): Promise<string>;
  /** The arrangements as an RFC 5545 calendar (calendar.ics): one year or an inclusive pair, zh or en. */
  calendarFeed(options?: CalendarFeedOptions): Promise<string>;
  /** The exchanges' calendar (market XSHG by default): the library's trading-day methods. */
  tradingDayStatus(date: DateInput, market?: Market): Promise<TradingDayStatus>;
  isTradingDay(date: DateInput, market?: Market): Promise<boolean>;
  countTradingDays(startDate: DateInput, endDate: DateInput, market?: Market): Promise<TradingDayCount>;
  addTradingDays(date: DateInput, days: number, market?: Market): Promise<string>;
  nextTradingDay(date: DateInput, market?: Market): Promise<string>;
  previousTradingDay(date: DateInput, market?: Market): Promise<string>;
  /** The same questions, answered with the request id, the ETag and Cache-Control, and 304 for If-None-Match. */
  readonly withResponse: ResponseMethods;
}

const PREFIX = '/v1/china-calendar';
/** The most retries a client may ask for: more would only hide an outage. */
const MAX_RETRIES = 10;
const DEFAULT_KEPT_ANSWERS = 1000;

/**
 * A typed client of the service. No request is sent until a method is called. Arguments are read
 * as the library reads them (a bad one throws the library's CalendarInputError before any
 * request), and held to the HTTP contract's bounds too (a span of at most 366 days, at most 1000
 * working days either way); a problem the service answers with rejects with CalendarProblemError;
 * no answer (unreachable, too slow, too large, not the service's) rejects with CalendarNetworkError.
 */
export function createCalendarClient(options: CalendarClientOptions): CalendarClient {
  const { baseUrl, transport, keep } = readClientOptions(options);
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const kept = new Map<string, { readonly etag: string; readonly data: unknown }>();

  async function get<Body>(
    path: string,
    query: Readonly<Record<string, string | undefined>>,
    requestOptions: RequestOptions | undefined,
    mediaType = 'application/json',
  ): Promise<ClientResponse<Body>> {
    const request = readRequestOptions(requestOptions);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, value);
    const url = `${base}${path}${search.size > 0 ? `?${search.toString()}` : ''}`;
    const remembered = keep > 0 && request.ifNoneMatch === undefined ? kept.get(url) : undefined;
    const ifNoneMatch = request.ifNoneMatch ?? remembered?.etag;
    const answer = await getWithin(
      url,
      {
        accept: `${mediaType}, application/problem+json`,
        ...(request.requestId === undefined ? {} : { 'x-request-id': request.requestId }),
        ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }),
      },
      transport,
      request.signal,
    );
    const details = {
      requestId: answer.headers.get('x-request-id') ?? '',
      etag: answer.headers.get('etag') ?? undefined,
      cacheControl: answer.headers.get('cache-control') ?? undefined,
    };
    if (answer.status === 304 && remembered !== undefined) return { status: 200, data: remembered.data as Body, ...details };
    if (answer.status === 304) return { status: 304, data: undefined, ...details };
    const contentType = answer.headers.get('content-type') ?? '';
    if (contentType.startsWith('application/problem+json')) throw new CalendarProblemError(problemOf(url, answer), answer.status);
    if (answer.status !== 200 || !contentType.startsWith(mediaType)) {
      throw new CalendarNetworkError('UNEXPECTED_RESPONSE', `${url} answered ${answer.status} ${contentType || '(no content type)'}, not the service's ${mediaType}`, url);
    }
    // Trusted from here: a JSON object or array of the service's is the answer its OpenAPI document types (see the module's notes).
    const data = (mediaType === 'application/json' ? answerOf(url, answer) : answer.text) as Body;
    if (keep > 0 && details.etag !== undefined) {
      kept.delete(url);
      kept.set(url, { etag: details.etag, data });
      if (kept.size > keep) kept.delete(kept.keys().next().value ?? url);
    }
    return { status: 200, data, ...details };
  }

  // Async arrows: a bad argument rejects the returned promise, as every other failure of a call does.
  const withResponse: ResponseMethods = {
    dateStatus: async (date, request) => get(`${PREFIX}/dates/${formatIsoDate(readDateArgument('date', date))}`, {}, request),
    dateRangeStatus: async (startDate, endDate, request) => get(`${PREFIX}/date-ranges`, spanQuery(startDate, endDate), request),
    dateStatuses: async (dates, request) => get(`${PREFIX}/dates`, { dates: datesQuery(readDateListArgument(dates)) }, request),
    countWorkdays: async (startDate, endDate, request) => get(`${PREFIX}/workdays`, spanQuery(startDate, endDate), request),
    nextHoliday: async (fromDate, request) => get(`${PREFIX}/next-holiday`, { fromDate: formatIsoDate(readDateArgument('fromDate', fromDate)) }, request),
    workdayOffset: async (fromDate, days, request) => get(`${PREFIX}/workday-offset`, offsetQuery('fromDate', fromDate, days), request),
    yearOverview: async (year, request) => get(`${PREFIX}/years/${readYearArgument('year', year)}`, {}, request),
    tradingDayStatus: async (date, market, request) => {
      const chosen = readMarketArgument(market);
      const day = readDateArgument('date', date);
      checkMarketDay('date', day, chosen);
      return get(`${PREFIX}/markets/${chosen}/dates/${formatIsoDate(day)}`, {}, request);
    },
    countTradingDays: async (startDate, endDate, market, request) => {
      const query = spanQuery(startDate, endDate);
      const chosen = readMarketArgument(market);
      checkMarketDay('startDate', parseIsoDate(query.startDate ?? '') ?? 0, chosen);
      return get(`${PREFIX}/markets/${chosen}/trading-days`, query, request);
    },
  };

  const data = async <Body>(answer: Promise<ClientResponse<Body>>): Promise<Body> => {
    const response = await answer;
    if (response.status === 304) throw new CalendarNetworkError('UNEXPECTED_RESPONSE', 'the service answered 304 to a request without If-None-Match', undefined);
    return response.data;
  };

  /** A published year's status: a yes/no question about any other waits for its notice. */
  const known = async (date: DateInput): Promise<DayStatus> => {
    const status = await data(withResponse.dateStatus(date));
    if (status.workStatus === 'UNKNOWN') throw new UnpublishedYearError(Number(status.date.slice(0, 4)));
    return status;
  };

  const addWorkdays = async (date: DateInput, days: number): Promise<string> => {
    const { fromDate, days: count } = offsetQuery('date', date, days);
    const offset = await data(get<WorkdayOffset>(`${PREFIX}/workday-offset`, { fromDate, days: count }, undefined));
    if (offset.status === 'FOUND') return offset.date;
    const readiness = await data(get<Readiness>('/readyz', {}, undefined));
    throw new UnpublishedYearError(firstUnpublishedYearOfWalk(readiness.publishedYears, parseIsoDate(offset.fromDate) ?? 0, offset.days));
  };

  const addTradingDays = async (date: DateInput, days: number, market?: Market): Promise<string> => {
    const { fromDate, days: count } = offsetQuery('date', date, days);
    const chosen = readMarketArgument(market);
    const from = parseIsoDate(fromDate) ?? 0;
    checkMarketDay('date', from, chosen);
    const offset = await data(get<TradingDayOffset>(`${PREFIX}/markets/${chosen}/trading-day-offset`, { fromDate, days: count }, undefined));
    if (offset.status === 'FOUND') return offset.date;
    throw new UnpublishedYearError(await firstUnknownTradingYear(from, offset.days, chosen), "exchanges' notice of market closures");
  };

  /** The first year the walk reaches with days the service cannot tell (a walk of at most 1000 trading days crosses a few years). */
  const firstUnknownTradingYear = async (from: number, days: number, market: Market): Promise<number> => {
    const step = days < 0 ? -1 : 1;
    for (let year = yearOfDayNumber(days === 0 ? from : from + step); ; year += step) {
      const start = Math.max(dayNumberFromCivil(year, 1, 1), MARKET_FIRST_DAY[market]);
      const end = dayNumberFromCivil(year, 12, 31);
      const count = await data(get<TradingDayCount>(`${PREFIX}/markets/${market}/trading-days`, { startDate: formatIsoDate(start), endDate: formatIsoDate(end) }, undefined));
      if (count.unknownDayCount > 0 || start >= end) return year;
    }
  };

  const knownTrading = async (date: DateInput, market?: Market): Promise<TradingDayStatus> => {
    const status = await data(withResponse.tradingDayStatus(date, market));
    if (status.tradingStatus === 'UNKNOWN') throw new UnpublishedYearError(Number(status.date.slice(0, 4)), "exchanges' notice of market closures");
    return status;
  };

  return {
    dateStatus: (date) => data(withResponse.dateStatus(date)),
    dateRangeStatus: (startDate, endDate) => data(withResponse.dateRangeStatus(startDate, endDate)),
    dateStatuses: async (dates) => {
      const days = readDateListArgument(dates);
      return days.length === 0 ? [] : data(get<DayStatus[]>(`${PREFIX}/dates`, { dates: datesQuery(days) }, undefined));
    },
    countWorkdays: (startDate, endDate) => data(withResponse.countWorkdays(startDate, endDate)),
    nextHoliday: (fromDate) => data(withResponse.nextHoliday(fromDate)),
    workdayOffset: (fromDate, days) => data(withResponse.workdayOffset(fromDate, days)),
    yearOverview: (year) => data(withResponse.yearOverview(year)),
    workStatus: async (date) => (await data(withResponse.dateStatus(date))).workStatus,
    isWorkday: async (date) => (await known(date)).workStatus === 'WORKDAY',
    isRestDay: async (date) => (await known(date)).workStatus === 'REST_DAY',
    isStatutoryDay: async (date) => (await known(date)).holidays.some((holiday) => holiday.statutoryDate),
    addWorkdays,
    nextWorkday: (date) => addWorkdays(date, 1),
    previousWorkday: (date) => addWorkdays(date, -1),
    calendarFeed: async (feed) => {
      const { firstYear, lastYear, lang } = readFeedOptions(feed);
      const years = firstYear === undefined ? undefined : firstYear === lastYear ? String(firstYear) : `${firstYear}..${lastYear ?? firstYear}`;
      return data(get<string>(`${PREFIX}/calendar.ics`, { years, lang }, undefined, 'text/calendar'));
    },
    tradingDayStatus: (date, market) => data(withResponse.tradingDayStatus(date, market)),
    isTradingDay: async (date, market) => (await knownTrading(date, market)).tradingStatus === 'TRADING',
    countTradingDays: (startDate, endDate, market) => data(withResponse.countTradingDays(startDate, endDate, market)),
    addTradingDays,
    nextTradingDay: (date, market) => addTradingDays(date, 1, market),
    previousTradingDay: (date, market) => addTradingDays(date, -1, market),
    withResponse,
  };
}

/** The query of a span: the library's checks, then the HTTP contract's 366 days. */
function spanQuery(startDate: unknown, endDate: unknown): Readonly<Record<string, string>> {
  const [start, end] = readSpanArguments(startDate, endDate);
  const tooLarge = checkRangeSpan(start, end);
  if (tooLarge !== undefined) throw inputError(tooLarge);
  return { startDate: formatIsoDate(start), endDate: formatIsoDate(end) };
}

/** The query of a list of dates (read by the library's checks): the HTTP contract's 100 dates, and at least one. */
function datesQuery(days: readonly number[]): string {
  if (days.length > MAX_LISTED_DATES) throw inputError(tooManyDates(days.length));
  if (days.length === 0) throw new CalendarInputError('INVALID_PARAMETER', 'dates must hold at least one date for the service.');
  return days.map(formatIsoDate).join(',');
}

/** The query of an offset: the library's checks, then the HTTP contract's 1000 working days either way. */
function offsetQuery(name: string, date: unknown, days: unknown): { readonly fromDate: string; readonly days: string } {
  const [from, count] = readOffsetArguments(name, date, days);
  if (Math.abs(count) > MAX_OFFSET_DAYS) {
    throw new CalendarInputError(
      'INVALID_PARAMETER',
      `days must be a whole number from -${MAX_OFFSET_DAYS} to ${MAX_OFFSET_DAYS} for the service (the library takes any); got ${describeValue(count)}.`,
    );
  }
  return { fromDate: formatIsoDate(from), days: String(count) };
}

/** A JSON body, or UNEXPECTED_RESPONSE when it is not JSON at all. */
function parsedJson(url: string, answer: ReadAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (error) {
    throw new CalendarNetworkError('UNEXPECTED_RESPONSE', `${url} answered ${answer.status} with a body that is not JSON`, url, error);
  }
}

/** A success answer: a JSON object or array, as every answer of the service is. */
function answerOf(url: string, answer: ReadAnswer): unknown {
  const value = parsedJson(url, answer);
  if (typeof value !== 'object' || value === null) throw new CalendarNetworkError('UNEXPECTED_RESPONSE', `${url} answered 200 with JSON that is no object or array`, url);
  return value;
}

const PROBLEM_TEXT_FIELDS = ['type', 'title', 'detail', 'instance', 'code', 'requestId'] as const;

/** A problem answer: the seven fields of the service's problems, each of its type; anything else is not the service's. */
function problemOf(url: string, answer: ReadAnswer): Problem {
  const value = parsedJson(url, answer);
  const record = typeof value === 'object' && value !== null ? (value as Readonly<Record<string, unknown>>) : undefined;
  if (record === undefined || !PROBLEM_TEXT_FIELDS.every((field) => typeof record[field] === 'string') || record.status !== answer.status) {
    throw new CalendarNetworkError('UNEXPECTED_RESPONSE', `${url} answered ${answer.status} with a problem that is not the service's (its seven fields, status equal to the HTTP status)`, url);
  }
  return record as Problem;
}

function readClientOptions(value: unknown): { baseUrl: string; transport: TransportOptions; keep: number } {
  const options = optionsObject('options', value);
  if (options === undefined) throw inputError(missingParameters(['baseUrl']));
  const baseUrl = readTextOption('baseUrl', readOption(options, 'baseUrl'), true) ?? '';
  if (!URL.canParse(baseUrl)) throw new CalendarInputError('INVALID_PARAMETER', `baseUrl must be an absolute URL such as http://127.0.0.1:8080; got ${describeValue(baseUrl)}.`);
  const fetchOption = readOption(options, 'fetch');
  if (fetchOption !== undefined && typeof fetchOption !== 'function') {
    throw new CalendarInputError('INVALID_PARAMETER', `fetch must be a function; got ${describeValue(fetchOption)}.`);
  }
  const revalidate = readOption(options, 'revalidate');
  const keep = revalidate === true ? DEFAULT_KEPT_ANSWERS : revalidate === undefined || revalidate === false ? 0 : revalidate;
  if (typeof keep !== 'number' || !Number.isSafeInteger(keep) || keep < 0) {
    throw new CalendarInputError('INVALID_PARAMETER', `revalidate must be true, false or a number of answers to keep; got ${describeValue(revalidate)}.`);
  }
  const timeoutMs = readOption(options, 'timeoutMs') ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new CalendarInputError('INVALID_PARAMETER', `timeoutMs must be a number of milliseconds above 0, at most ${MAX_TIMEOUT_MS}; got ${describeValue(timeoutMs)}.`);
  }
  const retries = readOption(options, 'retries') ?? DEFAULT_RETRIES;
  if (typeof retries !== 'number' || !Number.isInteger(retries) || retries < 0 || retries > MAX_RETRIES) {
    throw new CalendarInputError('INVALID_PARAMETER', `retries must be a whole number from 0 to ${MAX_RETRIES}; got ${describeValue(retries)}.`);
  }
  return { baseUrl, transport: { fetch: (fetchOption as typeof fetch | undefined) ?? globalThis.fetch, timeoutMs, retries }, keep };
}


function readRequestOptions(value: unknown): RequestOptions {
  const options = optionsObject('options', value);
  if (options === undefined) return {};
  const requestId = readTextOption('requestId', readOption(options, 'requestId'), false);
  const ifNoneMatch = readTextOption('ifNoneMatch', readOption(options, 'ifNoneMatch'), false);
  const signal = readOption(options, 'signal');
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new CalendarInputError('INVALID_PARAMETER', `signal must be an AbortSignal; got ${describeValue(signal)}.`);
  }
  return { ...(requestId === undefined ? {} : { requestId }), ...(ifNoneMatch === undefined ? {} : { ifNoneMatch }), ...(signal === undefined ? {} : { signal }) };
}
