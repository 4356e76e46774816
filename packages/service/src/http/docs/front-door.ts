import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiOperation } from '../operations/api-operation.js';
import { writeAnswer } from '../kernel/answer-writer.js';
import type { Responder } from '../kernel/response-policy.js';
import type { ServiceRoute } from '../kernel/service-route.js';
import { MCP_PATH } from '../mcp/mcp-endpoint.js';
import { SERVICE_VERSION } from '../../settings/service-version.js';
import { CALENDAR_PAGE_PATH } from './calendar-page-routes.js';
import { layout, PAGE_HEADERS } from './docs-routes.js';
import { escapeHtml, HTML_CONTENT_TYPE, PAGE_CSP, prefersHtml } from './html.js';

/** The front door's JSON: where everything is, as paths on this origin. */
interface FrontDoor {
  readonly name: string;
  readonly version: string;
  /** The API reference (HTML), with one page per problem type. */
  readonly docs: string;
  readonly openapi: string;
  /** A year as a calendar page, for people. */
  readonly calendar: string;
  /** The Model Context Protocol endpoint for AI agents (POST). */
  readonly mcp: string;
  /** The interface's four operations, each with a request to try. */
  readonly operations: readonly { readonly operationId: string; readonly summary: string; readonly path: string; readonly example: string }[];
}

const NAME = 'China holiday calendar';

/**
 * `GET /`, the front door: a small page for a browser (its Accept ranks HTML first) linking the
 * reference, the calendar page, the OpenAPI document, the MCP endpoint and the interface's four
 * operations (`operations` tagged "China calendar", each with its first example); the same links
 * as JSON for anyone else. Both never change while the process runs.
 */
export function frontDoorRoutes(operations: readonly ApiOperation<unknown>[], responder: Responder): ServiceRoute[] {
  const door = frontDoor(operations);
  const json = Buffer.from(JSON.stringify(door));
  const html = Buffer.from(frontPage(door));
  const handle = (request: FastifyRequest, reply: FastifyReply): void | Promise<void> => {
    const asHtml = prefersHtml(request.headers.accept);
    return writeAnswer(responder, request, reply, {
      operation: '/',
      contentType: asHtml ? HTML_CONTENT_TYPE : 'application/json; charset=utf-8',
      body: asHtml ? html : json,
      etag: `"start-${SERVICE_VERSION}-${asHtml ? 'html' : 'json'}"`,
      headers: PAGE_HEADERS,
      variesOnAccept: true,
      ...(asHtml ? { csp: PAGE_CSP } : {}),
    });
  };
  return [{ path: '/', handle }];
}

function frontDoor(operations: readonly ApiOperation<unknown>[]): FrontDoor {
  return {
    name: NAME,
    version: SERVICE_VERSION,
    docs: '/docs',
    openapi: '/openapi.json',
    calendar: CALENDAR_PAGE_PATH,
    mcp: MCP_PATH,
    operations: operations
      .filter((operation) => operation.tag === 'China calendar')
      .map((operation) => ({
        operationId: operation.operationId,
        summary: operation.summary,
        path: operation.path,
        example: Object.values(operation.examples)[0]?.request ?? operation.path,
      })),
  };
}

function frontPage(door: FrontDoor): string {
  const link = (href: string, text: string): string => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  return layout(
    NAME,
    `<h1>${NAME}</h1>
<p>Whether a date is a working day or a rest day in mainland China, under the State Council's official holiday arrangements, with the make-up working days (调休).</p>
<ul>
<li>${link(door.docs, 'API reference')}: every operation, its parameters and its problems (a ${link(door.openapi, 'OpenAPI document')} to generate clients from)</li>
<li>${link(door.calendar, 'This year as a calendar page')}</li>
<li>For AI agents: the Model Context Protocol endpoint, <code>POST ${escapeHtml(door.mcp)}</code></li>
</ul>
<h2>Try it</h2>
<ul>
${door.operations.map((operation) => `<li>${escapeHtml(operation.summary)}: ${link(operation.example, operation.example)}</li>`).join('\n')}
</ul>
<p>Version ${escapeHtml(door.version)}.</p>`,
    'start',
  );
}
