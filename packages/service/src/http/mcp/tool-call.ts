import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { readDate } from '@china-holiday-calendar/core/questions/date-parameters.js';
import { listedDateName, MAX_LISTED_DATES, readDateList, tooManyDates } from '@china-holiday-calendar/core/questions/date-list-question.js';
import { InputProblem } from '@china-holiday-calendar/core/questions/input-problem.js';
import type { AnswerBody } from '../operations/api-operation.js';
import { loadedCalendar, unavailableProblem, type CalendarSource } from '../operations/operation-route.js';
import { PROBLEM_TYPES, type ProblemSpec } from '../kernel/problems.js';
import type { CalendarTool } from './calendar-tools.js';

/** What a tool call comes to: the HTTP body's text, or the problem the HTTP route would answer with. */
export type ToolOutcome = { readonly text: string } | { readonly problem: ProblemSpec };

/**
 * Calls a tool: its arguments read by the operation's own reader, in the operation's parameter
 * order, and answered from the calendar once, as the HTTP route does (operation-route.ts). The
 * text is the HTTP body, byte for byte (the operation's precomputed bytes, decoded once);
 * whatever the HTTP route answers with a problem comes back as that problem.
 */
export async function answerCalendarTool(tool: CalendarTool, calendar: CalendarSource, args: Readonly<Record<string, unknown>> = {}): Promise<ToolOutcome> {
  const { operation } = tool;
  const values = operation.parameters.map(({ name }) => {
    const value = args[name];
    return name === tool.listArgument && Array.isArray(value) ? dateListText(value) : receivedValue(value);
  });
  const listProblem = values.find((value) => value instanceof InputProblem);
  if (listProblem !== undefined) return { problem: listProblem };
  const question = operation.read(values);
  if (question instanceof InputProblem) return { problem: question };
  // One read of the calendar per call: a reload swapping it meanwhile cannot mix two datasets.
  const loaded = loadedCalendar(calendar);
  if (loaded === undefined) return { problem: unavailableProblem(undefined) };
  const answer = await operation.answer(loaded, question);
  if (answer instanceof InputProblem) return { problem: answer };
  if (isUnavailable(answer)) return { problem: unavailableProblem(answer.year) };
  return { text: bodyText(answer) };
}

/**
 * A tool call's result as the SDK sends it: the answer's text as text content, and the same JSON
 * parsed as structured content (under the tool's list key for an array); a problem as a tool error
 * with the same code and detail as over HTTP.
 */
export function toolResult(tool: CalendarTool, outcome: ToolOutcome): CallToolResult {
  if ('problem' in outcome) return toolProblem(outcome.problem);
  const parsed = JSON.parse(outcome.text) as unknown;
  return {
    content: [{ type: 'text', text: outcome.text }],
    structuredContent: tool.listKey === undefined ? (parsed as Record<string, unknown>) : { [tool.listKey]: parsed },
  };
}

/**
 * The same result as JSON text, without parsing the answer back: its text is already the JSON of
 * the structured content (the answers are written to JSON.stringify's bytes; tests in
 * test/answers hold them to it), so it goes in twice, once quoted as the text content and once as it is.
 */
export function toolResultJson(tool: CalendarTool, outcome: ToolOutcome): string {
  if ('problem' in outcome) return JSON.stringify(toolProblem(outcome.problem));
  const structured = tool.listKey === undefined ? outcome.text : `{${JSON.stringify(tool.listKey)}:${outcome.text}}`;
  return `{"content":[{"type":"text","text":${JSON.stringify(outcome.text)}}],"structuredContent":${structured}}`;
}

/**
 * A tool argument as the operation's reader takes a query parameter: text as it is; absent or
 * null as absent; any other JSON value as its JSON text, so that a number (3, 2026, 20240204)
 * reads as the same digits would in a URL, and anything else is refused with the value quoted.
 */
export function receivedValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A list of dates as the HTTP parameter carries it: the items, each as receivedValue reads a
 * value, separated by commas. An item with a comma of its own cannot be told apart there, so it
 * is refused as that item, once the items before it have been read as the list reader reads them:
 * the first failure answers, named by its place, as over HTTP.
 */
export function dateListText(items: readonly unknown[]): string | InputProblem {
  if (items.length > MAX_LISTED_DATES) return tooManyDates(items.length);
  const texts = items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  const split = texts.findIndex((text) => text.includes(','));
  if (split === -1) return texts.join(',');
  const before = split === 0 ? undefined : readDateList(texts.slice(0, split).join(','));
  if (before instanceof InputProblem) return before;
  const item = readDate(listedDateName(split), texts[split]);
  return item instanceof InputProblem ? item : new InputProblem('INVALID_DATE_FORMAT', `${listedDateName(split)} holds a comma.`);
}

/** A problem as a tool error: the API's code, title and detail, as JSON text an agent can read and a program can parse. */
export function toolProblem(problem: ProblemSpec): CallToolResult {
  const text = JSON.stringify({ code: problem.code, title: PROBLEM_TYPES[problem.code].title, detail: problem.detail });
  return { isError: true, content: [{ type: 'text', text }] };
}

function bodyText(body: AnswerBody): string {
  if (typeof body === 'string') return body;
  return (Buffer.isBuffer(body) ? body : Buffer.concat(body)).toString('utf8');
}
