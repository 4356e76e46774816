import type { Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import type { AnswerBytes } from './answer-bytes.js';
import type { InputProblem, ReceivedValues } from '@china-holiday-calendar/core/questions/input-problem.js';
import type { CsvDoc, OperationDoc } from '../kernel/operation-doc.js';

/** The operation as an MCP tool (http/mcp/calendar-tools.ts): the name and the words an agent reads; its arguments and output schema come from the operation. */
export interface ToolDoc {
  readonly name: string;
  readonly title: string;
  /** What an agent must know to use the answer right (agent-notes.ts: UNKNOWN is neither). */
  readonly description: string;
  /**
   * Argument schemas that differ from the HTTP parameter's (a year is a number to an agent, text in
   * a path; a list is an array). A list of dates names its items DATE_SCHEMA, which the tools write
   * out: an operation record never loads the resource schemas (TypeBox's hundreds of modules) at
   * start, only the MCP tools and the OpenAPI document do, on first use.
   */
  readonly argumentSchemas?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The argument that is a list of dates, sent over HTTP as one comma-separated parameter. */
  readonly listArgument?: string;
}

/** A body as the byte view holds it (one Buffer, or pieces written in order without copying), or text made for the request. */
export type AnswerBody = string | Buffer | readonly Buffer[];

/** What an operation answers: a body, a published year that cannot be read, or a problem only the calendar can find. */
export type Answer = AnswerBody | Unavailable | InputProblem;

/**
 * The CSV representation of an operation whose answer is a run of days (docs/interface.md,
 * CSV): one row a day, sent when the request's Accept prefers text/csv.
 */
export interface CsvRepresentation<Question> extends CsvDoc {
  /** The first and last day of the rows. */
  days(question: Question): readonly [DayNumber, DayNumber];
  /** Rows other than the day-status rows (day-csv.ts), with the text after `header` (a byte-order mark or nothing). */
  rows?(calendar: AnswerBytes, question: Question, header: string): string | Unavailable;
}

/**
 * One read-only operation: where it lives, how it is documented, and how it answers. `read`
 * checks the parameters in the documented order, `answer` asks the calendar once (adding an operation: one query of
 * the core, packages/core/src/answers/calendar-core.ts, and one record like this in a file beside this one). A question type
 * per operation; the route table holds them all as ApiOperation<unknown> (each operation's
 * `answer` only ever receives what its own `read` returned).
 */
export interface ApiOperation<Question> extends OperationDoc {
  /** Its id in the OpenAPI document, and its metrics label. */
  readonly operationId: `chinaCalendar.${string}`;
  /** The same operation as an MCP tool, listed in the order of the operations; none: not offered to agents (the calendar feed). */
  readonly tool?: ToolDoc;
  /** The question, from the values of `parameters` in their order. */
  read(values: ReceivedValues): Question | InputProblem;
  /** One question to the calendar: its core's numbers written here, or bytes its byte view keeps. */
  answer(calendar: AnswerBytes, question: Question): Answer | Promise<Answer>;
  /** Whether the answer is final until the data changes (see CalendarCore.isSettled). */
  isSettled(calendar: AnswerBytes, question: Question): boolean;
  /** Identifies the answer within one dataset version: the ETag is the version plus this key. */
  answerKey(question: Question): string;
  readonly csv?: CsvRepresentation<Question>;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The JSON Schema of a date parameter. */
export const DATE_SCHEMA = { $ref: '#/components/schemas/IsoDate' } as const;
