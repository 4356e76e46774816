import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiOperation } from 'china-holiday-calendar-service/internal/http/operations/api-operation.js';
import { API_OPERATIONS } from 'china-holiday-calendar-service/internal/http/operations/operation-list.js';
import type { HttpAnswer } from './http-answer.js';

/*
 * What the MCP tools promise over either transport, checked through the SDK's own client against
 * the HTTP answers of the same data: every tool answers as its operation does, byte for byte, and
 * refuses what it refuses, with the same problem code and detail.
 */

/** Each tool and the operation it must answer as (written here, not read from src/). */
export const TOOL_OPERATIONS = {
  get_date_status: 'chinaCalendar.getDateStatus',
  get_date_statuses: 'chinaCalendar.getDateStatuses',
  list_date_range: 'chinaCalendar.getDateRangeStatus',
  count_workdays: 'chinaCalendar.calculateWorkdays',
  add_workdays: 'chinaCalendar.getWorkdayOffset',
  get_next_holiday: 'chinaCalendar.getNextHoliday',
  get_year_overview: 'chinaCalendar.getYearOverview',
  get_trading_status: 'chinaCalendar.getTradingDayStatus',
  count_trading_days: 'chinaCalendar.countTradingDays',
  add_trading_days: 'chinaCalendar.getTradingDayOffset',
} as const;

export type ToolName = keyof typeof TOOL_OPERATIONS;

/** The tools whose operation answers a JSON array: their structured content holds it under `days`. */
const LIST_TOOLS: ReadonlySet<ToolName> = new Set(['list_date_range', 'get_date_statuses']);

/** The arguments that are a list of dates: an array to an agent, one comma-separated parameter over HTTP. */
const LIST_ARGUMENTS: ReadonlySet<string> = new Set(['dates']);

/** A GET of the service, as the transport under test reaches it (inject, or a socket). */
export type HttpGet = (path: string) => Promise<HttpAnswer>;

export function operationOf(tool: ToolName): ApiOperation<unknown> {
  const operation = API_OPERATIONS.find(({ operationId }) => operationId === TOOL_OPERATIONS[tool]);
  if (operation === undefined) throw new Error(`no operation ${TOOL_OPERATIONS[tool]}`);
  return operation;
}

/** A request of an operation (`/v1/china-calendar/dates/2024-02-04`, `…/workdays?startDate=…`) as the tool's arguments. */
export function argumentsOf(operation: ApiOperation<unknown>, request: string): Record<string, string | string[]> {
  const [path = '', query = ''] = request.split('?');
  const args: Record<string, string | string[]> = {};
  const segments = path.split('/');
  operation.path.split('/').forEach((segment, at) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (name !== undefined) args[name] = decodeURIComponent(segments[at] ?? '');
  });
  for (const [name, value] of new URLSearchParams(query)) args[name] = LIST_ARGUMENTS.has(name) ? value.split(',') : value;
  return args;
}

/** The request of a tool call as the HTTP operation takes it: arguments in the path or the query, as text. */
export function requestOf(operation: ApiOperation<unknown>, args: Readonly<Record<string, unknown>>): string {
  const item = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
  const text = (value: unknown): string => (Array.isArray(value) ? value.map(item).join(',') : item(value));
  let path = operation.path;
  const query = new URLSearchParams();
  for (const { name, in: where } of operation.parameters) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    if (where === 'path') path = path.replace(`{${name}}`, encodeURIComponent(text(value)));
    else query.set(name, text(value));
  }
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

export async function callTool(client: Client, name: string, args: Readonly<Record<string, unknown>>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: { ...args } })) as CallToolResult;
}

/** The text of a result's only content block. */
export function textOf(result: CallToolResult): string {
  assert.equal(result.content.length, 1, 'one content block');
  const [block] = result.content;
  assert.equal(block?.type, 'text');
  return block.text;
}

/** The problem a tool error carries. */
export function problemOf(result: CallToolResult): { readonly code: string; readonly title: string; readonly detail: string } {
  assert.equal(result.isError, true, `a tool error: ${JSON.stringify(result).slice(0, 300)}`);
  return JSON.parse(textOf(result)) as { code: string; title: string; detail: string };
}

/** A successful tool answer equals the HTTP answer: the text byte for byte, the structured content that JSON parsed. */
export function assertAnswersAsHttp(tool: ToolName, result: CallToolResult, http: HttpAnswer, what: string): void {
  assert.equal(http.status, 200, `${what}: HTTP answers 200 (${http.body.slice(0, 200)})`);
  assert.notEqual(result.isError, true, `${what}: not a tool error (${JSON.stringify(result.content).slice(0, 300)})`);
  const text = textOf(result);
  assert.equal(text, http.body, `${what}: the text is the HTTP body, byte for byte`);
  const parsed = JSON.parse(http.body) as unknown;
  assert.deepEqual(result.structuredContent, LIST_TOOLS.has(tool) ? { days: parsed } : parsed, `${what}: the structured content is that JSON`);
  // The same members in the same order: serialized again, it is the same text.
  if (!LIST_TOOLS.has(tool)) assert.equal(JSON.stringify(result.structuredContent), text, `${what}: structured content in the body's order`);
}

/** A tool error carries the HTTP problem's code and detail (and title). */
export function assertRefusedAsHttp(result: CallToolResult, http: HttpAnswer, what: string): void {
  assert.ok(http.status >= 400, `${what}: HTTP refuses it (${http.status})`);
  const problem = JSON.parse(http.body) as { code: string; title: string; detail: string };
  assert.equal(result.structuredContent, undefined, `${what}: no structured content in an error`);
  assert.deepEqual(problemOf(result), { code: problem.code, title: problem.title, detail: problem.detail }, what);
}

/** Calls the tool with the arguments of an HTTP request, and holds its answer or refusal to that request's. */
export async function assertToolMatchesHttp(client: Client, get: HttpGet, tool: ToolName, args: Readonly<Record<string, unknown>>): Promise<CallToolResult> {
  const request = requestOf(operationOf(tool), args);
  const [result, http] = await Promise.all([callTool(client, tool, args), get(request)]);
  const what = `${tool} ${JSON.stringify(args)} (GET ${request})`;
  if (http.status === 200) assertAnswersAsHttp(tool, result, http, what);
  else assertRefusedAsHttp(result, http, what);
  return result;
}

/** Every tool on every example and every bad request its operation documents, as HTTP answers them. */
export async function assertEveryDocumentedRequest(client: Client, get: HttpGet): Promise<number> {
  let checked = 0;
  for (const tool of Object.keys(TOOL_OPERATIONS) as ToolName[]) {
    const operation = operationOf(tool);
    const requests = [
      ...Object.values(operation.examples).map(({ request }) => request),
      ...Object.values(operation.badRequests),
      ...(operation.notFound === undefined ? [] : [operation.notFound]),
    ];
    for (const request of requests) {
      await assertToolMatchesHttp(client, get, tool, argumentsOf(operation, request));
      checked++;
    }
  }
  return checked;
}

/** tools/list: the tools with their schemas and descriptions, as an agent sees them. */
export async function assertToolList(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map(({ name }) => name).sort(),
    Object.keys(TOOL_OPERATIONS).sort(),
  );
  for (const tool of tools) {
    const operation = operationOf(tool.name as ToolName);
    const names = operation.parameters.map(({ name }) => name);
    assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}), names, `${tool.name}: its operation's parameters as arguments`);
    assert.deepEqual(tool.inputSchema.required, names, `${tool.name}: every argument required`);
    for (const name of names) {
      const schema = tool.inputSchema.properties?.[name] as { description?: string } | undefined;
      assert.ok((schema?.description ?? '').length > 10, `${tool.name}.${name} is described`);
    }
    assert.equal(tool.outputSchema?.type, 'object', `${tool.name}: an output schema`);
    assert.match(tool.description ?? '', /never treat an UNKNOWN day as a (working day or as a rest day|trading day or as a closed one)/, `${tool.name}: the UNKNOWN rule`);
    assert.equal(tool.annotations?.readOnlyHint, true, `${tool.name}: read-only`);
    assert.equal(tool.annotations.openWorldHint, false, `${tool.name}: answers from its own data`);
  }
}
