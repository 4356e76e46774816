/**
 * china-holiday-calendar: mainland China's working days and rest days under the State Council's
 * official holiday arrangements (make-up working days 调休 included), in-process.
 *
 * The functions below answer from the bundled data (2008 on), loaded and validated synchronously
 * on first use; `openCalendar()` gives the same methods on a data directory of your own. They
 * answer from the calendar core the HTTP service answers from too (each through its own view of
 * it): wherever the service answers, the same answers, value for value, UNKNOWN included; and
 * without the service's limits (a span of any length, an offset of any size). A yes/no question
 * about a year whose arrangement is not published yet throws UnpublishedYearError instead of
 * guessing; any bad argument throws CalendarInputError.
 *
 * @packageDocumentation
 */
import { bundledSnapshot } from './bundled-snapshot.js';
import type { NextHoliday, WorkdayCount, WorkdayOffset } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { YearOverview } from '@china-holiday-calendar/core/answers/year-overview.js';
import type { WorkStatus } from '@china-holiday-calendar/core/calendar/day-status.js';
import type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
import type { TradingDayCount, TradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
import type { DateInput } from './date-input.js';
import { calendarOfSnapshot, type CalendarFeedOptions, type DayStatus, type HolidayCalendar } from './holiday-calendar.js';

export { HolidayCalendar, openCalendar, type CalendarFeedOptions, type DayStatus, type OpenCalendarOptions } from './holiday-calendar.js';
export { CalendarDataError, CalendarDataUnavailableError, CalendarError, CalendarInputError, UnpublishedYearError } from './errors.js';
export type { DateInput } from './date-input.js';
export type { NextHoliday, WorkdayCount, WorkdayOffset } from '@china-holiday-calendar/core/answers/answer-kinds.js';
export type { AwaitedHoliday, MonthCount, OverviewNotice, OverviewObservance, PublishedHoliday, RegulationInForce, YearOverview } from '@china-holiday-calendar/core/answers/year-overview.js';
export type { AssociatedHoliday, DayStatusValue, WorkStatus } from '@china-holiday-calendar/core/calendar/day-status.js';
export type { DayOfWeek } from '@china-holiday-calendar/core/calendar/day-of-week.js';
export type { HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
export type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
export type { TradingDayCount, TradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
export type { ClosureReason, TradingStatus } from '@china-holiday-calendar/core/answers/trading-days.js';
export { lunarDate, solarTerm, type LunarDate, type SolarTermName } from './lunar-date.js';

let bundled: HolidayCalendar | undefined;

/** The calendar of the bundled data, read and validated on first use. */
export function bundledCalendar(): HolidayCalendar {
  bundled ??= calendarOfSnapshot(bundledSnapshot(), 'the bundled data');
  return bundled;
}

/** The status of one date: working day or rest day, and why (UNKNOWN in an unpublished year). */
export function dateStatus(date: DateInput): DayStatus {
  return bundledCalendar().dateStatus(date);
}

/** The status of every date from startDate to endDate, both included, ascending (any span: one record a day). */
export function dateRangeStatus(startDate: DateInput, endDate: DateInput): DayStatus[] {
  return bundledCalendar().dateRangeStatus(startDate, endDate);
}

/** The status of each date asked, in the order asked (any number; the service answers at most 100 a request). */
export function dateStatuses(dates: readonly DateInput[]): DayStatus[] {
  return bundledCalendar().dateStatuses(dates);
}

/** Working, rest and undetermined days from startDate to endDate, both included (any span, in O(1)). */
export function countWorkdays(startDate: DateInput, endDate: DateInput): WorkdayCount {
  return bundledCalendar().countWorkdays(startDate, endDate);
}

/** The first officially arranged holiday date on or after fromDate; status UNKNOWN when none is published. */
export function nextHoliday(fromDate: DateInput): NextHoliday {
  return bundledCalendar().nextHoliday(fromDate);
}

/** The day `days` working days (any whole number) from fromDate; status UNKNOWN when the walk reaches an unpublished year. */
export function workdayOffset(fromDate: DateInput, days: number): WorkdayOffset {
  return bundledCalendar().workdayOffset(fromDate, days);
}

/** The year at a glance: notices, holidays in their final state, counts; what the law fixes for an unpublished year. */
export function yearOverview(year: number | string): YearOverview {
  return bundledCalendar().yearOverview(year);
}

/** The coarse status of a date: WORKDAY, REST_DAY, or UNKNOWN in an unpublished year. */
export function workStatus(date: DateInput): WorkStatus {
  return bundledCalendar().workStatus(date);
}

/** Whether work is required on the date (ordinary and make-up working days). Throws UnpublishedYearError rather than guess. */
export function isWorkday(date: DateInput): boolean {
  return bundledCalendar().isWorkday(date);
}

/** Whether the date is a rest day (weekends and arranged days off). Throws UnpublishedYearError rather than guess. */
export function isRestDay(date: DateInput): boolean {
  return bundledCalendar().isRestDay(date);
}

/** Whether the date is a statutory holiday day (法定节假日). Throws UnpublishedYearError rather than guess. */
export function isStatutoryDay(date: DateInput): boolean {
  return bundledCalendar().isStatutoryDay(date);
}

/** The `yyyy-MM-dd` date N working days from `date` (as workdayOffset counts). Throws UnpublishedYearError rather than guess. */
export function addWorkdays(date: DateInput, days: number): string {
  return bundledCalendar().addWorkdays(date, days);
}

/** The arrangements as an RFC 5545 calendar of all-day events (asynchronous: the iCalendar library loads on first use). */
export function calendarFeed(options?: CalendarFeedOptions): Promise<string> {
  return bundledCalendar().calendarFeed(options);
}

/** The first working day after `date`. Throws UnpublishedYearError rather than guess. */
export function nextWorkday(date: DateInput): string {
  return bundledCalendar().nextWorkday(date);
}

/** The last working day before `date`. Throws UnpublishedYearError rather than guess. */
export function previousWorkday(date: DateInput): string {
  return bundledCalendar().previousWorkday(date);
}

/**
 * Whether the exchange trades on the date, under the exchanges' own notices (market XSHG by
 * default; XSHE; BJSE from 2021-11-15); UNKNOWN while their notice for the year is not in the data.
 */
export function tradingDayStatus(date: DateInput, market?: Market): TradingDayStatus {
  return bundledCalendar().tradingDayStatus(date, market);
}

/** Whether the exchange trades on the date. Throws UnpublishedYearError rather than guess. */
export function isTradingDay(date: DateInput, market?: Market): boolean {
  return bundledCalendar().isTradingDay(date, market);
}

/** The `yyyy-MM-dd` date `days` trading days from `date` (T+N). Throws UnpublishedYearError rather than guess. */
export function addTradingDays(date: DateInput, days: number, market?: Market): string {
  return bundledCalendar().addTradingDays(date, days, market);
}

/** Trading, closed and undetermined days from startDate to endDate, both included (any span, in O(1)). */
export function countTradingDays(startDate: DateInput, endDate: DateInput, market?: Market): TradingDayCount {
  return bundledCalendar().countTradingDays(startDate, endDate, market);
}

/** The first trading day after `date`. Throws UnpublishedYearError rather than guess. */
export function nextTradingDay(date: DateInput, market?: Market): string {
  return bundledCalendar().nextTradingDay(date, market);
}

/** The last trading day before `date`. Throws UnpublishedYearError rather than guess. */
export function previousTradingDay(date: DateInput, market?: Market): string {
  return bundledCalendar().previousTradingDay(date, market);
}
