import { calendarPageRoutes } from './docs/calendar-page-routes.js';
import { docsRoutes } from './docs/docs-routes.js';
import { frontDoorRoutes } from './docs/front-door.js';
import { datasetRoutes } from './ops/dataset-routes.js';
import { healthRoutes } from './ops/health-routes.js';
import { metricsRoute } from './ops/metrics-route.js';
import { openApiRoute } from './docs/openapi-route.js';
import { operationRoute } from './operations/operation-route.js';
import { API_OPERATIONS } from './operations/operation-list.js';
import { getYearOverview } from './operations/business-day-operations.js';
import { withNoticesAwaitingReview } from './operations/notices-awaiting-review.js';
import { mcpRoute } from './mcp/mcp-route.js';
import { SILENT_LOG } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { RouteContext } from './route-context.js';
import type { ServiceRoute } from './kernel/service-route.js';

const NO_ORIGINS: ReadonlySet<string> = new Set();

/** The route table: every path of the service, in the order the OpenAPI document lists them. */
export function serviceRoutes(context: RouteContext): ServiceRoute[] {
  const operations = API_OPERATIONS.map((operation) => (operation === getYearOverview ? withNoticesAwaitingReview(getYearOverview, context.sync) : operation));
  return [
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
    // The same operations as tools for AI agents (docs/agents.md): one POST endpoint, in the
    // OpenAPI document under its own tag.
    mcpRoute(operations, context.calendar, context.responder, context.log ?? SILENT_LOG, context.mcpAllowedOrigins ?? NO_ORIGINS),
    // The document is built from this same table: handed over, not imported back.
    openApiRoute(context, serviceRoutes),
    ...(context.metrics === undefined ? [] : [metricsRoute(context.metrics, context.responder)]),
  ];
}
