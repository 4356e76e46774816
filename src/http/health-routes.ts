import type { LiveDataset } from '../answers/live-dataset.js';
import { CACHE_NEVER, type Responder } from './response-policy.js';
import type { ServiceRoute } from './service-route.js';

const JSON_NO_STORE = ['content-type', 'application/json; charset=utf-8', 'cache-control', CACHE_NEVER];
const HEALTHY = Buffer.from(JSON.stringify({ status: 'OK' }));

const jsonResponse = (description: string, example: unknown) => ({
  description,
  content: { 'application/json': { schema: { type: 'object' }, example } },
});

/**
 * Health endpoints outside `/v1`: `/healthz` says the process answers; `/readyz` says whether a
 * dataset is loaded (503 until then) and which years it publishes or cannot read.
 */
export function healthRoutes(live: Pick<LiveDataset, 'dataset'>, responder: Responder): ServiceRoute[] {
  return [
    {
      path: '/healthz',
      doc: {
        kind: 'service',
        operationId: 'service.getHealth',
        summary: 'Liveness',
        description: 'Answers 200 while the process serves requests.',
        responses: { 200: jsonResponse('The process answers.', { status: 'OK' }) },
      },
      handle: (request, reply) => responder.write(request, reply, 'service.getHealth', 200, JSON_NO_STORE, HEALTHY),
    },
    {
      path: '/readyz',
      doc: {
        kind: 'service',
        operationId: 'service.getReadiness',
        summary: 'Readiness',
        description: 'Ready once a dataset publishing at least one year is loaded; reports the dataset version, the published years and any unavailable year.',
        responses: {
          200: jsonResponse('A dataset is loaded.', {
            status: 'READY',
            datasetVersion: '2025.11.04-56279d56',
            publishedYears: [2008, 2009, 2026],
            unavailableYears: [],
          }),
          503: jsonResponse('No dataset is loaded yet, or it publishes no year.', { status: 'NOT_READY', datasetVersion: null, publishedYears: [], unavailableYears: [] }),
        },
      },
      handle(request, reply) {
        const dataset = live.dataset();
        // Ready once a dataset publishing at least one year is loaded: an empty directory is not data.
        const ready = dataset !== undefined && dataset.publishedYears.length > 0;
        const body = {
          status: ready ? 'READY' : 'NOT_READY',
          datasetVersion: dataset?.version ?? null,
          publishedYears: dataset?.publishedYears ?? [],
          unavailableYears: dataset?.unavailableYears ?? [],
        };
        responder.write(request, reply, 'service.getReadiness', ready ? 200 : 503, JSON_NO_STORE, Buffer.from(JSON.stringify(body)));
      },
    },
  ];
}
