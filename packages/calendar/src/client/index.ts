/**
 * china-holiday-calendar/client: a typed client of the China holiday calendar service, with the
 * method names and answer types of the in-process library (`china-holiday-calendar`). Its types
 * are generated from the service's OpenAPI document; problems reject with CalendarProblemError,
 * typed by `code`; a call that gets no answer of the service's (unreachable, past `timeoutMs`, too
 * large, not its JSON) rejects with CalendarNetworkError.
 *
 * What it checks and what it trusts: every answer's status, media type and size; that a success
 * body is a JSON object or array and a problem has the service's seven fields. The fields of a
 * success answer are then trusted to be what the service's OpenAPI document types them as: point
 * the client at the service (or a proxy that passes its answers through), not at another API.
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
  type RequestOptions,
  type ResponseMethods,
  type TradingDayCount,
  type TradingDayOffset,
  type TradingDayStatus,
  type WorkdayCount,
  type WorkdayOffset,
  type WorkStatus,
  type YearOverview,
} from './calendar-client.js';
export { CalendarError, CalendarInputError, CalendarNetworkError, UnpublishedYearError, type NetworkErrorCode } from '../library/errors.js';
export type { DateInput } from '../library/date-input.js';
export type { CalendarFeedOptions } from '../library/holiday-calendar.js';
