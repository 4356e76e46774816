import type { LiveDataset } from '../answers/live-dataset.js';
import { PACKAGE_VERSION } from '../package-root.js';
import { docsRoutes } from './docs-routes.js';
import { healthRoutes } from './health-routes.js';
import type { ServiceMetrics } from './metrics.js';
import { operationRoute, type CalendarSource } from './operation-route.js';
import { API_OPERATIONS } from './operations.js';
import { CACHE_NEVER, type Responder } from './response-policy.js';
import type { ServiceRoute } from './service-route.js';

export interface RouteContext {
  readonly calendar: CalendarSource;
  readonly live: Pick<LiveDataset, 'dataset'>;
  readonly responder: Responder;
  /** The server URL the OpenAPI document announces. */
  readonly publicUrl: string;
  readonly metrics?: ServiceMetrics;
}

/** The route table: every path of the service, in the order the OpenAPI document lists them. */
export function serviceRoutes(context: RouteContext): ServiceRoute[] {
  const routes: ServiceRoute[] = [
    ...API_OPERATIONS.map((operation) => operationRoute(operation, context.calendar, context.responder)),
    ...healthRoutes(context.live, context.responder),
    ...docsRoutes(context.responder),
  ];
  // The examples are real answers: the document is built again when the dataset changes.
  let openApi: { readonly version: string | undefined; readonly json: Buffer } | undefined;
  routes.push({
    path: '/openapi.json',
    doc: {
      kind: 'service',
      operationId: 'service.getOpenApiDocument',
      summary: 'This OpenAPI document',
      description: 'The OpenAPI 3.1 description of the service, generated from its route table.',
      responses: { 200: { description: 'The document.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
    async handle(request, reply) {
      // Built on first use: the schema library and the example requests are not worth start-up time.
      const version = context.calendar.current()?.version;
      let built = openApi;
      if (built === undefined || built.version !== version) {
        const { servedOpenApiDocument } = await import('./openapi.js');
        const document = await servedOpenApiDocument(context, { docsUrl: context.responder.policy.docsUrl, serverUrl: context.publicUrl, version: PACKAGE_VERSION });
        built = openApi = { version, json: Buffer.from(JSON.stringify(document)) };
      }
      context.responder.write(request, reply, 'service.getOpenApiDocument', 200, ['content-type', 'application/json; charset=utf-8', 'cache-control', 'public, max-age=3600'], built.json);
    },
  });
  const { metrics } = context;
  if (metrics) {
    routes.push({
      path: '/metrics',
      doc: {
        kind: 'service',
        operationId: 'service.getMetrics',
        summary: 'Prometheus metrics',
        description: 'Request counts and latency by operation and status, the dataset version and published years, reloads and their failures, process metrics.',
        responses: { 200: { description: 'Metrics in the Prometheus text format.', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
      async handle(request, reply) {
        const { contentType, text } = await metrics.scrape();
        context.responder.write(request, reply, 'service.getMetrics', 200, ['content-type', contentType, 'cache-control', CACHE_NEVER], Buffer.from(text));
      },
    });
  }
  return routes;
}
