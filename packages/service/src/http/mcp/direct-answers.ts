import type { IncomingHttpHeaders } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import type { CalendarSource } from '../operations/operation-route.js';
import { INTERNAL_ERROR_PROBLEM } from '../kernel/problems.js';
import type { CalendarTool } from './calendar-tools.js';
import { answerCalendarTool, toolResultJson } from './tool-call.js';
import type { McpAnswer } from './mcp-endpoint.js';

/** A JSON-RPC request in the plain form the direct path answers: nothing it would have to check further. */
interface PlainRequest {
  readonly id: string | number;
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The two requests an agent repeats, answered without the SDK: tools/call and tools/list. The
 * SDK answers each POST with a server and a transport of its own, Web Request and Response
 * objects around it, and schema checks of the message and of the result: several times the CPU of
 * the REST answer a tool call mirrors (BENCHMARKS.md, "MCP"). Here a tool call is the
 * operation's answer (its precomputed bytes, decoded) written into the JSON-RPC result as text,
 * and tools/list a text made once.
 *
 * Only a request the SDK would answer the same way is taken: the headers the transport requires
 * (both media types accepted, a JSON body, a supported protocol version or none), a JSON-RPC
 * request with nothing but jsonrpc, id, method and params, and for tools/call a known tool with
 * an object of arguments or none. Anything else, malformed or merely unusual, returns undefined
 * and goes to the SDK, whose answer test/mcp/mcp-http.test.ts holds these to.
 */
export function directAnswerer(tools: readonly CalendarTool[], calendar: CalendarSource, log: Pick<Logger, 'error'>) {
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  const toolList = JSON.stringify({ tools: tools.map((tool) => tool.definition) });
  return async (message: unknown, headers: IncomingHttpHeaders): Promise<McpAnswer | undefined> => {
    if (!transportWouldAccept(headers)) return undefined;
    const request = plainRequest(message);
    if (request === undefined) return undefined;
    const { id, method, params } = request;
    if (method === 'tools/list') return params === undefined || Object.keys(params).length === 0 ? result(id, toolList) : undefined;
    if (method !== 'tools/call' || params === undefined || !onlyKeys(params, CALL_KEYS)) return undefined;
    const tool = typeof params.name === 'string' ? byName.get(params.name) : undefined;
    const args = params.arguments;
    if (tool === undefined || !(args === undefined || isPlainObject(args))) return undefined;
    try {
      return result(id, toolResultJson(tool, await answerCalendarTool(tool, calendar, args)));
    } catch (error) {
      // As mcp-server.ts: nothing of the cause is shown.
      log.error({ err: error, tool: tool.definition.name }, 'tool call failed');
      return result(id, toolResultJson(tool, { problem: INTERNAL_ERROR_PROBLEM }));
    }
  };
}

const REQUEST_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);
const CALL_KEYS: ReadonlySet<string> = new Set(['name', 'arguments']);

/** The transport's own checks of a POST that is not an initialization (webStandardStreamableHttp.js, handlePostRequest). */
function transportWouldAccept(headers: IncomingHttpHeaders): boolean {
  const accept = headers.accept;
  if (accept === undefined || !accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  if (!isJsonContentType(headers['content-type'] ?? null)) return false;
  const version = headers['mcp-protocol-version'];
  return version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version));
}

function plainRequest(message: unknown): PlainRequest | undefined {
  if (!isPlainObject(message) || !onlyKeys(message, REQUEST_KEYS) || message.jsonrpc !== '2.0') return undefined;
  const { id, method, params } = message;
  if (!(typeof id === 'string' || Number.isSafeInteger(id)) || typeof method !== 'string') return undefined;
  if (!(params === undefined || isPlainObject(params))) return undefined;
  return { id: id as string | number, method, params };
}

function result(id: string | number, resultJson: string): McpAnswer {
  return { status: 200, contentType: 'application/json', text: `{"result":${resultJson},"jsonrpc":"2.0","id":${JSON.stringify(id)}}` };
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyKeys(value: Readonly<Record<string, unknown>>, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}
