import type { IncomingHttpHeaders } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Logger } from 'pino';
import type { ApiOperation } from '../api/operations/api-operation.js';
import type { CalendarSource } from '../api/operation-route.js';
import { calendarTools } from '../../mcp/calendar-tools.js';
import { calendarMcpServer } from '../../mcp/mcp-server.js';

/** What the SDK's transport answers to one POST: a status, JSON-RPC text (empty for 202), and its content type. */
export interface McpAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

/** The request headers the Streamable HTTP transport reads; the rest stay out of its view. */
const TRANSPORT_HEADERS = ['accept', 'content-type', 'mcp-protocol-version'] as const;

/**
 * One POST to the MCP endpoint, answered by the SDK's Streamable HTTP transport in its stateless
 * form (no session id: every POST stands alone, as the calendar's answers do) with JSON answers
 * (no event stream: a tool answers at once). The transport checks what the protocol asks of a
 * POST (Accept, Content-Type, the JSON-RPC message, the protocol version) and answers those
 * failures with its own JSON-RPC errors; the route writes whatever it answers through the responder.
 * A stateless transport serves one request, so each POST gets a server and a transport of its own.
 */
export function mcpExchange(operations: readonly ApiOperation<unknown>[], calendar: CalendarSource, log: Pick<Logger, 'error'>) {
  const tools = calendarTools(operations);
  return async (body: Buffer, headers: IncomingHttpHeaders): Promise<McpAnswer> => {
    const server = calendarMcpServer(tools, calendar, log);
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    try {
      const forwarded = new Headers();
      for (const name of TRANSPORT_HEADERS) {
        const value = headers[name];
        if (typeof value === 'string') forwarded.set(name, value);
      }
      // The URL is a placeholder: the transport only hands it to handlers, and none reads it.
      const response = await transport.handleRequest(new Request('http://mcp.invalid/mcp', { method: 'POST', headers: forwarded, body }));
      return { status: response.status, contentType: response.headers.get('content-type') ?? undefined, text: await response.text() };
    } finally {
      await server.close();
    }
  };
}
