import type { Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import type { AnswerBytes } from './answer-bytes.js';
import type { InputProblem, InputProblemCode, ReceivedValues } from '@china-holiday-calendar/core/questions/input-problem.js';
import type { ResourceName } from '../kernel/resource-schemas.js';

export const OPERATION_IDS = [
  'chinaCalendar.getDateStatus',
  'chinaCalendar.getDateRangeStatus',
  'chinaCalendar.calculateWorkdays',
  'chinaCalendar.getNextHoliday',
  'chinaCalendar.getDateStatuses',
  'chinaCalendar.getWorkdayOffset',
  'chinaCalendar.getYearOverview',
  'chinaCalendar.getCalendarFeed',
  'chinaCalendar.getTradingDayStatus',
  'chinaCalendar.getTradingDayRangeStatus',
  'chinaCalendar.countTradingDays',
  'chinaCalendar.getTradingDayOffset',
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];

/** A body as the byte view holds it (one Buffer, or pieces written in order without copying), or text made for the request. */
export type AnswerBody = string | Buffer | readonly Buffer[];

/** What an operation answers: a body, a published year that cannot be read, or a problem only the calendar can find. */
export type Answer = AnswerBody | Unavailable | InputProblem;

/** How a parameter appears in the OpenAPI document. */
export interface ParameterDoc {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly description: string;
  /** Its JSON Schema. */
  readonly schema: Readonly<Record<string, unknown>>;
}

/** A request whose real answer the OpenAPI document shows as an example. */
export interface ExampleRequest {
  readonly summary: string;
  /** Path and query, as a client sends them. */
  readonly request: string;
}

/**
 * The CSV representation of an operation whose answer is a run of days (docs/interface.md,
 * CSV): one row a day, sent when the request's Accept prefers text/csv.
 */
export interface CsvRepresentation<Question> {
  /** The first and last day of the rows. */
  days(question: Question): readonly [DayNumber, DayNumber];
  /** A request whose real CSV answer the OpenAPI document shows (asked with Accept: text/csv). */
  readonly example: ExampleRequest;
  /** Rows other than the day-status rows (day-csv.ts): their schema, columns, and the text after `header` (a byte-order mark or nothing). */
  readonly schema?: ResourceName;
  readonly columns?: readonly string[];
  rows?(calendar: AnswerBytes, question: Question, header: string): string | Unavailable;
}

/**
 * One read-only operation: where it lives, how it is documented, and how it answers. `read`
 * checks the parameters in the documented order, `answer` asks the calendar once (adding an operation: one query of
 * the core, packages/core/src/answers/calendar-core.ts, and one record like this in a file beside this one). A question type
 * per operation; the route table holds them all as ApiOperation<unknown> (each operation's
 * `answer` only ever receives what its own `read` returned).
 */
export interface ApiOperation<Question> {
  readonly operationId: OperationId;
  /** Path template in OpenAPI form, `{name}` for a path parameter. */
  readonly path: string;
  /** The OpenAPI tag: the four operations of docs/interface.md, the business-day tools beyond it, or the exchanges' calendar. */
  readonly tag: 'China calendar' | 'Business days' | 'Trading days';
  readonly summary: string;
  readonly description: string;
  readonly parameters: readonly ParameterDoc[];
  /** The resource of a 200 answer and its media type. */
  readonly response: { readonly schema: ResourceName; readonly contentType: string };
  readonly examples: Readonly<Record<string, ExampleRequest>>;
  /** The 400 problems its parameters can cause, in check order, each with a request that causes it. */
  readonly badRequests: Readonly<Partial<Record<Exclude<InputProblemCode, 'RESOURCE_NOT_FOUND'>, string>>>;
  /** A request whose path names no resource its parameters can (an unknown market): its 404 problem is documented. */
  readonly notFound?: string;
  /** The question, from the values of `parameters` in their order. */
  read(values: ReceivedValues): Question | InputProblem;
  /** One question to the calendar: its core's numbers written here, or bytes its byte view keeps. */
  answer(calendar: AnswerBytes, question: Question): Answer | Promise<Answer>;
  /** Whether the answer is final until the data changes (see CalendarCore.isSettled). */
  isSettled(core: CalendarCore, question: Question): boolean;
  /** Identifies the answer within one dataset version: the ETag is the version plus this key. */
  answerKey(question: Question): string;
  /** Its CSV representation, for an answer that is a run of days. */
  readonly csv?: CsvRepresentation<Question>;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The JSON Schema of a date parameter. */
export const DATE_SCHEMA = { $ref: '#/components/schemas/IsoDate' } as const;
