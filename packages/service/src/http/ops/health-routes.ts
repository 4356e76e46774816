import type { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import type { OriginState, OriginStateSource } from '../../reader/follow-origin.js';
import type { SyncState, SyncStateSource } from '../../sync/sync-state.js';
import { CACHE_NEVER, type Responder } from '../kernel/response-policy.js';
import type { ServiceRoute } from '../kernel/service-route.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const JSON_NO_STORE = ['content-type', JSON_TYPE, 'cache-control', CACHE_NEVER];
const HEALTHY = Buffer.from(JSON.stringify({ status: 'OK' }));

/** What /readyz shows beside the dataset: sync's state, a reader's origin. */
export interface ReadinessExtras {
  readonly sync?: SyncState | undefined;
  readonly source?: OriginState | undefined;
}

/** The readiness answer: ready once a dataset publishing at least one year is loaded (an empty directory is not data). */
export function readiness(
  dataset: Dataset | undefined,
  { sync, source }: ReadinessExtras = {},
): {
  readonly ready: boolean;
  readonly body: {
    readonly status: 'READY' | 'NOT_READY';
    readonly datasetVersion: string | null;
    readonly publishedYears: readonly number[];
    readonly unavailableYears: readonly number[];
    readonly missingFiles: readonly string[];
    readonly sequence: number | null;
    readonly expires: string | null;
    readonly sync?: SyncState;
    readonly source?: OriginState;
  };
} {
  // Sync never decides readiness: a gov.cn outage must not take answering replicas out of service;
  // nor does a reader's origin: a reader with a good copy keeps answering while its origin is down.
  const ready = dataset !== undefined && dataset.publishedYears.length > 0;
  return {
    ready,
    body: {
      status: ready ? 'READY' : 'NOT_READY',
      datasetVersion: dataset?.version ?? null,
      publishedYears: dataset?.publishedYears ?? [],
      unavailableYears: dataset?.unavailableYears ?? [],
      missingFiles: dataset?.missingFiles ?? [],
      sequence: dataset?.seal.sequence ?? null,
      expires: dataset?.seal.expires ?? null,
      ...(sync === undefined ? {} : { sync }),
      ...(source === undefined ? {} : { source }),
    },
  };
}

/**
 * Health endpoints outside `/v1`: `/healthz` says the process answers; `/readyz` says whether a
 * dataset is loaded (503 until then) and which years it publishes or cannot read.
 */
export function healthRoutes(
  live: Pick<LiveDataset, 'dataset'>,
  responder: Responder,
  extras: { readonly sync?: SyncStateSource | undefined; readonly origin?: OriginStateSource | undefined } = {},
): ServiceRoute[] {
  return [
    {
      path: '/healthz',
      doc: {
        kind: 'service',
        operationId: 'service.getHealth',
        summary: 'Liveness',
        description: 'Answers 200 while the process serves requests.',
        responses: { 200: { description: 'The process answers.', contentType: JSON_TYPE, schema: 'Health', example: { live: true } } },
      },
      handle: (request, reply) => responder.write(request, reply, { operation: 'service.getHealth', status: 200, headers: JSON_NO_STORE, body: HEALTHY }),
    },
    {
      path: '/readyz',
      doc: {
        kind: 'service',
        operationId: 'service.getReadiness',
        summary: 'Readiness',
        description:
          "Ready once a dataset publishing at least one year is loaded; reports the dataset version, the published years, any unavailable year, any data file deleted since it was loaded, the manifest's sequence and expiry, when sync runs its state, and for a reader (DATA_URL) its origin: last successful poll, last change, last error (neither decides readiness).",
        responses: {
          200: { description: 'A dataset is loaded.', contentType: JSON_TYPE, schema: 'Readiness', example: { live: true } },
          503: {
            description: 'No dataset is loaded yet, or it publishes no year.',
            contentType: JSON_TYPE,
            schema: 'Readiness',
            example: { value: readiness(undefined).body },
          },
        },
      },
      handle(request, reply) {
        const { ready, body } = readiness(live.dataset(), { sync: extras.sync?.(), source: extras.origin?.() });
        responder.write(request, reply, { operation: 'service.getReadiness', status: ready ? 200 : 503, headers: JSON_NO_STORE, body: Buffer.from(JSON.stringify(body)) });
      },
    },
  ];
}
