import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import { quote } from '@china-holiday-calendar/core/questions/input-problem.js';
import { SERVICE_VERSION } from '../../settings/service-version.js';
import type { CalendarSource } from '../operations/operation-route.js';
import { INTERNAL_ERROR_PROBLEM } from '../kernel/problems.js';
import type { CalendarTool } from './calendar-tools.js';
import { answerCalendarTool, toolProblem, toolResult } from './tool-call.js';

/** What an agent reads first (the initialize result): what the tools answer, and the rule about UNKNOWN. */
const INSTRUCTIONS =
  "Working days and rest days in mainland China under the State Council's official holiday arrangements (make-up working days, 调休, included), " +
  'from the official notices since 2008. Dates are yyyy-MM-dd. Days of a year whose arrangement is not published yet are UNKNOWN: never treat them ' +
  'as working days or rest days, and never guess them from the weekday or from earlier years. A bad argument comes back as a tool error whose JSON ' +
  'gives the problem code and a detail that says how to fix it.';

/**
 * The MCP server over the calendar tools. Its tools/list and tools/call are set on the SDK's
 * protocol-level server (McpServer.server) rather than registered with McpServer.registerTool,
 * which takes zod schemas and checks arguments against them first: it would refuse with its own
 * words what the operation's reader refuses with the API's problem codes, and the output schemas
 * would be a second copy of the resources' (docs/design.md, Agents). tools/list shows definitions
 * built once; tools/call answers through the operations. One per transport: the stdio command
 * makes one, the HTTP endpoint one per request.
 */
export function calendarMcpServer(tools: readonly CalendarTool[], calendar: CalendarSource, log: Pick<Logger, 'error'>): McpServer {
  const mcp = new McpServer({ name: 'china-holiday-calendar', title: 'China holiday calendar', version: SERVICE_VERSION }, { instructions: INSTRUCTIONS });
  // Declared here rather than in McpServer's options, where it would install McpServer's own tool handlers.
  mcp.server.registerCapabilities({ tools: { listChanged: false } });
  const definitions = tools.map((tool) => tool.definition);
  const byName = new Map(tools.map((tool) => [tool.definition.name, tool]));
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = byName.get(params.name);
    if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${quote(params.name)}.`);
    try {
      return toolResult(tool, await answerCalendarTool(tool, calendar, params.arguments));
    } catch (error) {
      // The SDK would answer with the error's own message: nothing of the cause is shown.
      log.error({ err: error, tool: params.name }, 'tool call failed');
      return toolProblem(INTERNAL_ERROR_PROBLEM);
    }
  });
  return mcp;
}
