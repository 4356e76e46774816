import type { types } from 'node:util';
import { civilFromDayNumber, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { formatIsoDate, parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY, LAST_SUPPORTED_DAY, LAST_SUPPORTED_YEAR } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { readLanguage, type CalendarFeedQuestion } from '@china-holiday-calendar/core/questions/calendar-feed-question.js';
import { checkSupported, invalidDateRange, readDate } from '@china-holiday-calendar/core/questions/date-parameters.js';
import { DATE_LIST_PARAMETER, listedDateName } from '@china-holiday-calendar/core/questions/date-list-question.js';
import { InputProblem, missingParameters, quote } from '@china-holiday-calendar/core/questions/input-problem.js';
import { checkSupportedYear, readYear } from '@china-holiday-calendar/core/questions/year-question.js';
import { chinaDayOf } from '@china-holiday-calendar/core/calendar/china-day.js';
import { DEFAULT_MARKET, isMarket, MARKETS, type Market } from '@china-holiday-calendar/core/calendar/markets.js';
import { checkMarketOpen } from '@china-holiday-calendar/core/questions/trading-questions.js';
import { CalendarInputError } from './errors.js';

/*
 * The arguments of the library and the typed client, as a JavaScript caller may pass them: any
 * value at all. Each reader returns the value the calendar asks with, or throws CalendarInputError
 * with the service's problem code and a message about what was passed. A text is checked exactly
 * as the service checks a query parameter (same code, same message); a number, a Date or an
 * option is checked as what it is, never told about digits. Nothing here calls a method of the
 * value itself (its toString, valueOf, getters or a Proxy's traps may throw), except reading an
 * option object's own properties, which is guarded.
 *
 * Every date, whatever its form, lies from 2008-01-01 to 9999-12-31: the string form cannot write
 * a later one, and a Date or a year number is held to the same bound.
 */

/** Node's own test for a Proxy, where there is one (the client also runs in browsers, where there is none). */
const nodeTypes = (
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:util') as { types: typeof types } | undefined
)?.types;

function isProxy(value: unknown): boolean {
  return nodeTypes?.isProxy(value) ?? false;
}

/** The time of a real Date (any realm, any subclass), or undefined for anything else: Date's own getter, never the value's. */
function timeOf(value: object): number | undefined {
  try {
    return Date.prototype.getTime.call(value);
  } catch {
    return undefined;
  }
}

function isArray(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch {
    // A revoked Proxy.
    return false;
  }
}

/** What the caller passed, in words, read without calling anything of the value's own. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return `the string ${quote(value)}`;
    case 'number':
      return `the number ${Object.is(value, -0) ? '-0' : String(value)}`;
    case 'bigint': {
      const digits = String(value);
      return `the bigint ${digits.length > 40 ? `${digits.slice(0, 40)}…` : digits}n`;
    }
    case 'boolean':
      return String(value);
    case 'symbol':
      return 'a symbol';
    case 'function':
      return isProxy(value) ? 'a Proxy' : 'a function';
    default: {
      if (value === null) return 'null';
      const object = value as object;
      if (isProxy(object)) return 'a Proxy';
      const time = timeOf(object);
      if (time !== undefined) return Number.isNaN(time) ? 'an invalid Date' : `the Date ${new Date(time).toISOString()}`;
      return isArray(object) ? 'an array' : 'an object';
    }
  }
}

function refused(code: CalendarInputError['code'], message: string): CalendarInputError {
  return new CalendarInputError(code, message);
}

export function inputError(problem: InputProblem): CalendarInputError {
  return new CalendarInputError(problem.code, problem.detail);
}

/** MISSING_PARAMETER naming every absent one of `named` (name and value pairs), as the service names absent parameters. */
function checkPresent(named: readonly (readonly [string, unknown])[]): void {
  const absent = named.filter(([, value]) => value === undefined).map(([name]) => name);
  if (absent.length > 0) throw inputError(missingParameters(absent));
}

/**
 * The day a date argument names, its form checked but not its range (the service checks forms
 * first): a `yyyy-MM-dd` string as the service reads it, or a valid JS Date's day in China.
 */
function dateForm(name: string, value: unknown): DayNumber {
  if (typeof value === 'string') {
    const day = readDate(name, value);
    if (day instanceof InputProblem) throw inputError(day);
    return day;
  }
  if (value === undefined) throw inputError(missingParameters([name]));
  const time = typeof value === 'object' && value !== null && !isProxy(value) ? timeOf(value) : undefined;
  if (time === undefined) throw refused('INVALID_DATE_FORMAT', `${name} must be a yyyy-MM-dd string or a Date; got ${describeValue(value)}.`);
  const day = chinaDayOf(time);
  if (day === undefined) throw refused('INVALID_DATE_FORMAT', `${name} must be a valid Date or a yyyy-MM-dd string; got an invalid Date (its time is NaN).`);
  return day;
}

/** DATE_OUT_OF_SUPPORTED_RANGE for a day before 2008-01-01 (the service's message) or after 9999-12-31. */
function checkDateRange(name: string, day: DayNumber): void {
  if (day < FIRST_SUPPORTED_DAY) {
    if (day >= YEAR_ZERO) throw inputError(checkSupported(name, day) ?? missingParameters([name]));
    throw refused('DATE_OUT_OF_SUPPORTED_RANGE', `${name} ${dayText(day)} is before ${formatIsoDate(FIRST_SUPPORTED_DAY)}, the earliest supported date.`);
  }
  if (day > LAST_SUPPORTED_DAY) {
    throw refused('DATE_OUT_OF_SUPPORTED_RANGE', `${name} ${dayText(day)} is after ${formatIsoDate(LAST_SUPPORTED_DAY)}, the last supported date.`);
  }
}

const YEAR_ZERO = -719528;

/** A day as year-MM-dd, the year as many digits as it has (a Date reaches years yyyy cannot write). */
function dayText(day: DayNumber): string {
  const { year, month, day: dayOfMonth } = civilFromDayNumber(day);
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

/** A date argument as a supported day number. */
export function readDateArgument(name: string, value: unknown): DayNumber {
  const day = dateForm(name, value);
  checkDateRange(name, day);
  return day;
}

/**
 * A list of date arguments (an array, any length: the HTTP operation keeps its own bound), each
 * read as a date argument named by its place, as the service names a date of its list. Elements
 * are read through the array's own indices, guarded: a getter that throws is a bad argument.
 */
export function readDateListArgument(value: unknown): DayNumber[] {
  if (value === undefined) throw inputError(missingParameters([DATE_LIST_PARAMETER]));
  if (typeof value !== 'object' || value === null || isProxy(value) || !isArray(value)) {
    throw refused('INVALID_PARAMETER', `${DATE_LIST_PARAMETER} must be an array of dates; got ${describeValue(value)}.`);
  }
  const list = value as readonly unknown[];
  const days: DayNumber[] = [];
  for (let position = 0; position < list.length; position++) {
    const name = listedDateName(position);
    let date: unknown;
    try {
      date = list[position];
    } catch {
      throw refused('INVALID_PARAMETER', `${name} must be readable; got an array whose item ${position + 1} threw when read.`);
    }
    // A hole (or undefined) in a list is a bad date, as an empty item of the service's list is, not a missing argument.
    if (date === undefined) throw refused('INVALID_DATE_FORMAT', `${name} must be a yyyy-MM-dd string or a Date; got undefined.`);
    days.push(readDateArgument(name, date));
  }
  return days;
}

/** The two ends of a span of days, any length, checked in the service's order: absent, malformed, out of range, reversed. */
export function readSpanArguments(startDate: unknown, endDate: unknown): readonly [DayNumber, DayNumber] {
  checkPresent([
    ['startDate', startDate],
    ['endDate', endDate],
  ]);
  const start = dateForm('startDate', startDate);
  const end = dateForm('endDate', endDate);
  checkDateRange('startDate', start);
  checkDateRange('endDate', end);
  if (start > end) throw inputError(invalidDateRange(start, end));
  return [start, end];
}

/** A date and a count of working days, checked in the service's order: absent, date malformed, count malformed, date out of range. */
export function readOffsetArguments(name: string, date: unknown, days: unknown): readonly [DayNumber, number] {
  checkPresent([
    [name, date],
    ['days', days],
  ]);
  const from = dateForm(name, date);
  const count = readDaysArgument(days);
  checkDateRange(name, from);
  return [from, count];
}

/** The fast path of every date question: a valid `yyyy-MM-dd` from 2008 on, else undefined (the readers above say why). */
export function quickDay(value: unknown): DayNumber | undefined {
  if (typeof value !== 'string') return undefined;
  const day = parseIsoDate(value);
  return day !== undefined && day >= FIRST_SUPPORTED_DAY ? day : undefined;
}

/** A count of working days: any whole number a double holds exactly, either way (the HTTP operation keeps its own bound). */
function readDaysArgument(value: unknown): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value === 0 ? 0 : value;
  if (value === undefined) throw inputError(missingParameters(['days']));
  throw refused(
    'INVALID_PARAMETER',
    typeof value === 'number'
      ? `days must be a whole number of working days (at most ${Number.MAX_SAFE_INTEGER} either way); got ${describeValue(value)}.`
      : `days must be a number of working days; got ${describeValue(value)}.`,
  );
}

/** A year: a number from 2008 to 9999, or the service's four-digit text. */
export function readYearArgument(name: string, value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw refused('INVALID_PARAMETER', `${name} must be a whole number such as 2026; got ${describeValue(value)}.`);
    const early = checkSupportedYear(name, value);
    if (early !== undefined) throw inputError(early);
    if (value > LAST_SUPPORTED_YEAR) throw refused('DATE_OUT_OF_SUPPORTED_RANGE', `${name} ${value} is after ${LAST_SUPPORTED_YEAR}, the last year the calendar covers.`);
    return value;
  }
  if (typeof value === 'string') {
    const year = readYear(name, value);
    if (year instanceof InputProblem) throw inputError(year);
    return year;
  }
  if (value === undefined) throw inputError(missingParameters([name]));
  throw refused('INVALID_PARAMETER', `${name} must be a year, a number such as 2026 or a four-digit string; got ${describeValue(value)}.`);
}

/**
 * An option of an options object: its own value, read once (a getter that throws, or a Proxy's
 * trap, is a bad argument, not a crash). An inherited property is no option: what someone put on
 * Object.prototype must not change an answer.
 */
export function readOption(options: object, name: string): unknown {
  try {
    return Object.hasOwn(options, name) ? (options as Readonly<Record<string, unknown>>)[name] : undefined;
  } catch {
    throw refused('INVALID_PARAMETER', `${name} must be readable; got ${describeValue(options)} whose ${name} threw when read.`);
  }
}

/** An options argument: undefined (all defaults), or an object. */
export function optionsObject(name: string, value: unknown): object | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'object' && value !== null && !isArray(value)) return value;
  throw refused('INVALID_PARAMETER', `${name} must be an object; got ${describeValue(value)}.`);
}

/** The feed's options: `years` one year or an inclusive pair, `lang` zh or en. */
export function readFeedOptions(value: unknown): CalendarFeedQuestion {
  const options = optionsObject('options', value);
  const years = options === undefined ? undefined : readOption(options, 'years');
  const lang = options === undefined ? undefined : readOption(options, 'lang');
  let firstYear: number | undefined;
  let lastYear: number | undefined;
  if (typeof years === 'number') {
    firstYear = readYearArgument('years', years);
    lastYear = firstYear;
  } else if (years !== undefined) {
    const pair = typeof years === 'object' && years !== null && !isProxy(years) && isArray(years) ? (years as readonly unknown[]) : undefined;
    const [first, last] = pair?.length === 2 && pair.every((year) => typeof year === 'number') ? pair : [];
    if (first === undefined || last === undefined) {
      throw refused('INVALID_PARAMETER', `years must be a year such as 2026 or a pair such as [2024, 2027]; got ${describeValue(years)}.`);
    }
    firstYear = readYearArgument('years', first);
    lastYear = readYearArgument('years', last);
    if (lastYear < firstYear) throw refused('INVALID_PARAMETER', `years ${firstYear}..${lastYear} ends before it starts.`);
  }
  const language = readLanguage(lang, describeValue);
  if (language instanceof InputProblem) throw inputError(language);
  return { firstYear, lastYear, lang: language };
}

/** What openCalendar() is given: a data directory, followed or not. */
interface CalendarSourceOptions {
  readonly dataDir: string;
  /** Seconds between checks of a followed directory; undefined when it is read once. */
  readonly intervalSeconds: number | undefined;
}

/** How often a followed data directory is checked by default, besides file events. */
const DEFAULT_CHECK_SECONDS = 30;
/** The bounds of that interval (a day at most, as the service's RELOAD_INTERVAL_SECONDS). */
const MIN_CHECK_SECONDS = 1;
const MAX_CHECK_SECONDS = 86_400;

export function readOpenOptions(value: unknown): CalendarSourceOptions {
  if (value === undefined) throw inputError(missingParameters(['dataDir']));
  const options = optionsObject('options', value) ?? {};
  const dataDir = readOption(options, 'dataDir');
  if (dataDir === undefined) throw inputError(missingParameters(['dataDir']));
  if (typeof dataDir !== 'string' || dataDir === '') {
    throw refused('INVALID_PARAMETER', `dataDir must be the path of a data directory, a non-empty string; got ${describeValue(dataDir)}.`);
  }
  const live = readOption(options, 'live');
  if (live === undefined || live === false) return { dataDir, intervalSeconds: undefined };
  if (live === true) return { dataDir, intervalSeconds: DEFAULT_CHECK_SECONDS };
  const interval = typeof live === 'object' && live !== null ? readOption(live, 'intervalSeconds') : undefined;
  if (typeof interval !== 'number') {
    throw refused(
      'INVALID_PARAMETER',
      `live must be true, false or { intervalSeconds } with a number of seconds (0: file events only); got ${describeValue(interval === undefined ? live : interval)}.`,
    );
  }
  // Node fires a timer of less than a millisecond, or of more than about 24.8 days, every millisecond.
  if (interval !== 0 && !(interval >= MIN_CHECK_SECONDS && interval <= MAX_CHECK_SECONDS)) {
    throw refused(
      'INVALID_PARAMETER',
      `live.intervalSeconds must be 0 (file events only) or from ${MIN_CHECK_SECONDS} to ${MAX_CHECK_SECONDS} seconds, as RELOAD_INTERVAL_SECONDS is for the service; got ${describeValue(interval)}.`,
    );
  }
  return { dataDir, intervalSeconds: interval };
}

/** A text option of the client (a base URL, a request id, an ETag): a string, or absent where allowed. */
export function readTextOption(name: string, value: unknown, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (value === undefined) throw inputError(missingParameters([name]));
  if (typeof value === 'string') return value;
  throw refused('INVALID_PARAMETER', `${name} must be a string; got ${describeValue(value)}.`);
}

/** A market argument: one of MARKETS, XSHG when absent. */
export function readMarketArgument(value: unknown): Market {
  if (value === undefined) return DEFAULT_MARKET;
  if (isMarket(value)) return value;
  throw refused('INVALID_PARAMETER', `market must be one of ${MARKETS.join(', ')} (ISO 10383 codes); got ${typeof value === 'string' ? quote(value) : describeValue(value)}.`);
}

/** DATE_OUT_OF_SUPPORTED_RANGE for a date before the market's first day (BJSE: 2021-11-15), as the service says it. */
export function checkMarketDay(name: string, day: DayNumber, market: Market): void {
  const problem = checkMarketOpen(name, day, market);
  if (problem !== undefined) throw inputError(problem);
}
