import { CACHE_NEVER, type Responder } from '../kernel/response-policy.js';
import type { ServiceRoute } from '../kernel/service-route.js';
import type { ServiceMetrics } from './metrics.js';

/** `/metrics`: the service's metrics for Prometheus, never cached. */
export function metricsRoute(metrics: ServiceMetrics, responder: Responder): ServiceRoute {
  return {
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
      responder.write(request, reply, { operation: 'service.getMetrics', status: 200, headers: ['content-type', contentType, 'cache-control', CACHE_NEVER], body: Buffer.from(text) });
    },
  };
}
