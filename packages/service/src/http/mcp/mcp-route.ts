import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { ApiOperation } from '../operations/api-operation.js';
import type { CalendarSource } from '../operations/operation-route.js';
import { sendProblem } from '../kernel/problems.js';
import { CACHE_NEVER, type Responder } from '../kernel/response-policy.js';
import type { RouteDoc, ServiceRoute } from '../kernel/service-route.js';
import { SERVER_LIMITS } from '../ops/app.js';
import { MCP_BODY_LIMIT, MCP_METHODS, MCP_ORIGIN_REFUSED, MCP_PATH, MCP_TOO_LARGE, type McpAnswer } from './mcp-endpoint.js';
import { mcpOriginAllowed } from './mcp-origin.js';

/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP (docs/agents.md), with the API's
 * tools answering from the live calendar. Behind the service's own limits: a page's Origin that is
 * neither loopback nor in MCP_ALLOWED_ORIGINS is refused (the protocol's guard against DNS
 * rebinding; mcp-origin.ts), the body is
 * bounded in size and in time (the request timeout), and the answer goes through the responder
 * (request id, security headers, CORS, metrics under `/mcp`).
 */
export function mcpRoute(
  operations: readonly ApiOperation<unknown>[],
  calendar: CalendarSource,
  responder: Responder,
  log: Pick<Logger, 'error'>,
  allowedOrigins: ReadonlySet<string>,
): ServiceRoute {
  let machinery: Promise<Machinery> | undefined;
  return {
    path: MCP_PATH,
    label: MCP_PATH,
    methods: MCP_METHODS,
    doc: MCP_DOC,
    async handle(request, reply) {
      if (!mcpOriginAllowed(request.headers.origin, allowedOrigins)) {
        sendProblem(responder, request, reply, { code: 'ORIGIN_NOT_ALLOWED', detail: MCP_ORIGIN_REFUSED }, { operation: MCP_PATH });
        return;
      }
      // The body's time runs from here, not from when the machinery has loaded (seconds, the first
      // time, on a busy machine): past the server's own request timeout, Node closes the socket
      // without a word, so ours must come first, with a margin for the timer's lateness.
      const bodyDeadline = performance.now() + SERVER_LIMITS.requestTimeoutMs - BODY_DEADLINE_MARGIN_MS;
      machinery ??= loadMachinery(operations, calendar, log);
      const { readRequestBody, exchange } = await machinery;
      const read = await readRequestBody(request.raw, MCP_BODY_LIMIT, bodyDeadline - performance.now());
      if ('body' in read) {
        const answer = await exchange(read.body, request.headers);
        const headers = ['cache-control', CACHE_NEVER, ...(answer.contentType === undefined ? [] : ['content-type', answer.contentType])];
        responder.write(request, reply, { operation: MCP_PATH, status: answer.status, headers, body: answer.text });
      } else if (read.refused === 'too-large') {
        sendProblem(responder, request, reply, { code: 'CONTENT_TOO_LARGE', detail: MCP_TOO_LARGE }, { operation: MCP_PATH });
      } else if (read.refused === 'timeout') {
        sendProblem(responder, request, reply, { code: 'REQUEST_TIMEOUT', detail: 'The request body was not received in time.' }, { operation: MCP_PATH });
      } else {
        // The client is gone: nobody to answer.
        reply.hijack();
        request.raw.socket.destroy();
      }
    },
  };
}

/** The endpoint as the OpenAPI document and /docs show it: one POST, one JSON-RPC message. */
const MCP_DOC: RouteDoc = {
  kind: 'service',
  operationId: 'agents.postMcp',
  tag: 'Agents',
  summary: 'Model Context Protocol endpoint',
  description:
    'The API operations as MCP tools for AI agents (docs/agents.md): JSON-RPC 2.0 over Streamable HTTP, stateless, one message a POST, answered as JSON. ' +
    'A notification is answered 202 with no body. A browser page may call it only from a loopback origin or one in MCP_ALLOWED_ORIGINS (403 otherwise); ' +
    `a body over ${MCP_BODY_LIMIT} bytes is answered 413.`,
  requestBody: {
    description: 'One JSON-RPC request or notification. The Accept header must name both application/json and text/event-stream.',
    contentType: 'application/json',
    schema: 'McpRequest',
    accept: 'application/json, text/event-stream',
    example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_date_status', arguments: { date: '2026-10-01' } } },
  },
  responses: {
    200: { description: "The JSON-RPC response: for tools/call, the operation's answer.", contentType: 'application/json', schema: 'McpResponse', example: { live: true } },
  },
};

/** How much sooner than the server's request timeout the body's own deadline falls. */
const BODY_DEADLINE_MARGIN_MS = 500;

interface Machinery {
  readonly readRequestBody: typeof import('./request-body.js').readRequestBody;
  readonly exchange: (body: Buffer, headers: IncomingHttpHeaders) => Promise<McpAnswer>;
}

/**
 * The body reader and the SDK, loaded with the first POST: a service that no agent calls never
 * pays their start-up time, which the first POST waits for (BENCHMARKS.md).
 */
async function loadMachinery(operations: readonly ApiOperation<unknown>[], calendar: CalendarSource, log: Pick<Logger, 'error'>): Promise<Machinery> {
  const [{ readRequestBody }, { mcpExchange }] = await Promise.all([import('./request-body.js'), import('./mcp-exchange.js')]);
  return { readRequestBody, exchange: mcpExchange(operations, calendar, log) };
}
