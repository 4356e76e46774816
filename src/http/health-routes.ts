import type { LiveDataset } from '../dataset/live-dataset.js';
import type { ServiceRoute } from './app.js';

/**
 * Health endpoints outside `/v1`: `/healthz` says the process answers; `/readyz` says whether a
 * dataset is loaded (503 until then) and which years it publishes or cannot read.
 */
export function healthRoutes(live: Pick<LiveDataset, 'dataset'>): ServiceRoute[] {
  return [
    {
      path: '/healthz',
      handle: (request, reply) =>
        reply.header('x-request-id', request.id).header('cache-control', 'no-store').send({ status: 'OK' }),
    },
    {
      path: '/readyz',
      handle(request, reply) {
        const dataset = live.dataset();
        return reply
          .code(dataset ? 200 : 503)
          .header('x-request-id', request.id)
          .header('cache-control', 'no-store')
          .send({
            status: dataset ? 'READY' : 'NOT_READY',
            datasetVersion: dataset?.version ?? null,
            publishedYears: dataset?.publishedYears ?? [],
            unavailableYears: dataset?.unavailableYears ?? [],
          });
      },
    },
  ];
}
