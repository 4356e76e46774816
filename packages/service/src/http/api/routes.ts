import { calendarPageRoutes } from '../docs/calendar-page-routes.js';
import { docsRoutes } from '../docs/docs-routes.js';
import { frontDoorRoutes } from '../docs/front-door.js';
import { datasetRoutes } from '../ops/dataset-routes.js';
import { healthRoutes } from '../ops/health-routes.js';
import { openApiRoute } from '../docs/openapi-route.js';
import { operationRoute } from './operation-route.js';
import { API_OPERATIONS } from './operation-list.js';
import { getYearOverview } from './operations/business-day-operations.js';
import { withNoticesAwaitingReview } from './operations/notices-awaiting-review.js';
import { CACHE_NEVER } from './response-policy.js';
import { mcpRoute } from '../mcp/mcp-route.js';
import { SILENT_LOG } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { RouteContext } from './route-context.js';
import type { ServiceRoute } from './service-route.js';

export type { RouteContext } from './route-context.js';

const NO_ORIGINS: ReadonlySet<string> = new Set();

/** The route table: every path of the service, in the order the OpenAPI document lists them. */
export function serviceRoutes(context: RouteContext): ServiceRoute[] {
  const operations = API_OPERATIONS.map((operation) => (operation === getYearOverview ? withNoticesAwaitingReview(getYearOverview, context.sync) : operation));
  const routes: ServiceRoute[] = [
    ...operations.map((operation) => operationRoute(operation, context.calendar, context.responder)),
    ...healthRoutes(context.live, context.responder, { sync: context.sync, origin: context.origin }),
    ...(context.datasetFolder === undefined ? [] : datasetRoutes(context.datasetFolder, context.datasetSigned === true, context.responder)),
    ...docsRoutes(context.responder),
    // The front door (`/`): where a newcomer, a browser or a client finds everything else.
    ...frontDoorRoutes(operations, context.responder),
    // The calendar page is for people, as the documentation pages are: like them it stays out of
    // the OpenAPI document (an HTML page is no operation for a client to call), while the router,
    // 405 and OPTIONS know it through this list.
    ...calendarPageRoutes(context.calendar, context.responder),
    // The same operations as tools for AI agents (docs/agents.md): out of the OpenAPI document too,
    // being JSON-RPC rather than one more resource.
    mcpRoute(operations, context.calendar, context.responder, context.log ?? SILENT_LOG, context.mcpAllowedOrigins ?? NO_ORIGINS),
    // The document is built from this same table: handed over, not imported back.
    openApiRoute(context, serviceRoutes),
  ];
  const { metrics } = context;
  if (metrics) {
    routes.push({
      path: '/metrics',
      doc: {
        kind: 'service',
        operationId: 'service.getMetrics',
        summary: 'Prometheus metrics',
        description:
          "Request counts and latency by operation and status, the dataset version and published years, reloads and their failures, sync runs, outcomes and webhook deliveries (when sync runs), a reader's polls of its origin (DATA_URL), process metrics.",
        responses: { 200: { description: 'Metrics in the Prometheus text format.', contentType: 'text/plain; version=0.0.4; charset=utf-8', schema: 'MetricsText' } },
      },
      async handle(request, reply) {
        const { contentType, text } = await metrics.scrape();
        context.responder.write(request, reply, { operation: 'service.getMetrics', status: 200, headers: ['content-type', contentType, 'cache-control', CACHE_NEVER], body: Buffer.from(text) });
      },
    });
  }
  return routes;
}
