import type { IncomingHttpHeaders } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Logger } from 'pino';
import type { ApiOperation } from '../operations/api-operation.js';
import type { CalendarSource } from '../operations/operation-route.js';
import { calendarTools } from './calendar-tools.js';
import { calendarMcpServer } from './mcp-server.js';
import { directAnswerer } from './direct-answers.js';
import type { McpAnswer } from './mcp-endpoint.js';

/** The request headers the Streamable HTTP transport reads; the rest stay out of its view. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;

/**
 * One POST to the MCP endpoint. A JSON-RPC batch is refused (the protocol dropped batches in its
 * 2025-06-18 version, and one POST must not buy the work of a hundred); tools/call and
 * tools/list that are plainly well formed are answered directly (direct-answers.ts), everything
 * else by the SDK's Streamable HTTP transport in its stateless form (no session id: every POST
 * stands alone, as the calendar's answers do) with JSON answers (no event stream: a tool answers
 * at once). The transport checks what the protocol asks of a POST (Accept, Content-Type, the
 * JSON-RPC message, the protocol version) and answers those failures with its own JSON-RPC
 * errors. A stateless transport serves one request, so each POST it answers gets a server and a
 * transport of its own.
 */
export function mcpExchange(operations: readonly ApiOperation<unknown>[], calendar: CalendarSource, log: Pick<Logger, 'error'>) {
  const tools = calendarTools(operations);
  const direct = directAnswerer(tools, calendar, log);
  return async (body: Buffer, headers: IncomingHttpHeaders): Promise<McpAnswer> => {
    const message = parsedJson(body);
    if (Array.isArray(message)) return BATCH_REFUSED;
    const answer = message === NOT_JSON ? undefined : await direct(message, headers);
    if (answer !== undefined) return answer;

    const server = calendarMcpServer(tools, calendar, log);
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      const forwarded = new Headers();
      for (const name of TRANSPORT_HEADERS) {
        const value = headers[name];
        if (typeof value === 'string') forwarded.set(name, value);
      }
      // The URL is a placeholder: the transport only hands it to handlers, and none reads it. A
      // body that is not JSON goes to the transport as it came, for its own parse error.
      const request = new Request('http://mcp.invalid/mcp', { method: 'POST', headers: forwarded, ...(message === NOT_JSON ? { body } : {}) });
      const response = await transport.handleRequest(request, message === NOT_JSON ? {} : { parsedBody: message });
      return { status: response.status, contentType: response.headers.get('content-type') ?? undefined, text: await response.text() };
    } finally {
      await server.close();
    }
  };
}

const NOT_JSON = Symbol('not JSON');

function parsedJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return NOT_JSON;
  }
}

/** JSON-RPC's Invalid Request, with the reason: what the SDK's transport answers a batch over its size limit with, for any batch. */
const BATCH_REFUSED: McpAnswer = {
  status: 400,
  contentType: 'application/json',
  text: JSON.stringify({
    jsonrpc: '2.0',
    error: {
      code: -32600,
      message:
        'Invalid Request: JSON-RPC batches are not accepted (MCP removed them in protocol version 2025-06-18). Send one message per POST; ' +
        'for many dates, one get_date_statuses or list_date_range call answers them at once.',
    },
    id: null,
  }),
};
