/**
 * china-holiday-calendar/client: a typed client of the China holiday calendar service, with the
 * method names and answer types of the in-process library (`china-holiday-calendar`). Its types
 * are generated from the service's OpenAPI document; problems reject with CalendarProblemError,
 * typed by `code`; a call that gets no answer of the service's (unreachable, past `timeoutMs`, too
 * large, not its JSON) rejects with CalendarNetworkError.
 *
 * @packageDocumentation
 */
export {
  CalendarProblemError,
  createCalendarClient,
  type CalendarClient,
  type CalendarClientOptions,
  type ClientResponse,
  type DayStatus,
  type NextHoliday,
  type Problem,
  type ProblemCode,
  type Readiness,
  type RequestOptions,
  type ResponseMethods,
  type WorkdayCount,
  type WorkdayOffset,
  type WorkStatus,
  type YearOverview,
} from './calendar-client.js';
export { CalendarError, CalendarInputError, CalendarNetworkError, UnpublishedYearError, type NetworkErrorCode } from '../library/errors.js';
export type { DateInput } from '../library/date-input.js';
export type { CalendarFeedOptions } from '../library/holiday-calendar.js';
export type { components, paths } from './openapi-types.js';
