import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { InputProblem } from '@china-holiday-calendar/core/questions/input-problem.js';
import type { AnswerBody } from '../http/api/operations/api-operation.js';
import { loadedCalendar, unavailableProblem, type CalendarSource } from '../http/api/operation-route.js';
import { PROBLEM_TYPES, type ProblemSpec } from '../http/api/problems.js';
import type { CalendarTool } from './calendar-tools.js';

/**
 * Calls a tool: its arguments read by the operation's own reader, in the operation's parameter
 * order, and answered from the calendar once, as the HTTP route does (operation-route.ts). The
 * answer's text is the HTTP body, byte for byte; the structured content is that JSON parsed.
 * Whatever the HTTP route answers with a problem comes back as a tool error with the same code
 * and detail.
 */
export async function callCalendarTool(tool: CalendarTool, calendar: CalendarSource, args: Readonly<Record<string, unknown>> = {}): Promise<CallToolResult> {
  const { operation } = tool;
  const question = operation.read(operation.parameters.map(({ name }) => receivedValue(args[name])));
  if (question instanceof InputProblem) return toolProblem(question);
  // One read of the calendar per call: a reload swapping it meanwhile cannot mix two datasets.
  const loaded = loadedCalendar(calendar);
  if (loaded === undefined) return toolProblem(unavailableProblem(undefined));
  const answer = await operation.answer(loaded, question);
  if (answer instanceof InputProblem) return toolProblem(answer);
  if (isUnavailable(answer)) return toolProblem(unavailableProblem(answer.year));
  const text = bodyText(answer);
  const parsed = JSON.parse(text) as unknown;
  return {
    content: [{ type: 'text', text }],
    structuredContent: tool.listKey === undefined ? (parsed as Record<string, unknown>) : { [tool.listKey]: parsed },
  };
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

/** A problem as a tool error: the API's code, title and detail, as JSON text an agent can read and a program can parse. */
export function toolProblem(problem: ProblemSpec): CallToolResult {
  const text = JSON.stringify({ code: problem.code, title: PROBLEM_TYPES[problem.code].title, detail: problem.detail });
  return { isError: true, content: [{ type: 'text', text }] };
}

function bodyText(body: AnswerBody): string {
  if (typeof body === 'string') return body;
  return (Buffer.isBuffer(body) ? body : Buffer.concat(body)).toString('utf8');
}
