import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../settings/config.js';
import type { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { OriginStateSource } from '../reader/follow-origin.js';
import type { AnswerBytes } from '../http/operations/answer-bytes.js';
import { fileSystemFolder } from '../data-folder/file-system-folder.js';
import { buildApp } from '../http/ops/app.js';
import { createServiceMetrics } from '../http/ops/metrics.js';
import { createResponder, type ResponsePolicy } from '../http/kernel/response-policy.js';
import { serviceRoutes } from '../http/routes.js';
import type { SyncStateSource } from '../sync/sync-state.js';
import type { DeliveryCounts } from '../writer/webhooks.js';

export function responsePolicyOf(config: Pick<Config, 'docsUrl' | 'corsOrigins' | 'corsAllowedHeaders'>): ResponsePolicy {
  return { docsUrl: config.docsUrl, corsOrigins: config.corsOrigins, corsAllowedHeaders: config.corsAllowedHeaders };
}

/** What the app shows besides answers, when the service runs it: sync's state, webhook deliveries, a reader's origin. */
export interface ServiceStateSources {
  readonly sync?: SyncStateSource | undefined;
  readonly webhooks?: (() => DeliveryCounts | undefined) | undefined;
  readonly origin?: OriginStateSource | undefined;
}

/**
 * The whole application for a configuration and a live dataset: route table, responder, metrics,
 * logger, and the state of sync and of a reader's origin when they run. A service answering from
 * its own folder serves that folder at /dataset/; a reader (DATA_URL) does not.
 */
export function buildServiceApp(config: Config, live: LiveDataset<AnswerBytes>, logger?: FastifyBaseLogger, sources: ServiceStateSources = {}): FastifyInstance {
  const { sync, webhooks, origin } = sources;
  const metrics = createServiceMetrics(() => live.dataset(), { ...(sync ? { sync } : {}), ...(webhooks ? { webhooks } : {}), ...(origin ? { origin } : {}) });
  live.onReload((outcome) => {
    metrics.observeReload(outcome);
  });
  const responder = createResponder(responsePolicyOf(config), metrics);
  // The handlers answer from the live dataset's calendar: the core the library answers from too
  // (packages/core/src/answers/calendar-core.ts), with the service's own view of it, its answers' bytes.
  const routes = serviceRoutes({
    calendar: live,
    live,
    responder,
    metrics,
    ...(sync ? { sync } : {}),
    ...(origin ? { origin } : {}),
    ...(config.origin === undefined ? { datasetFolder: fileSystemFolder(config.dataDir), datasetSigned: config.signingKey !== undefined } : {}),
    ...(logger ? { log: logger } : {}),
    mcpAllowedOrigins: config.mcpAllowedOrigins,
  });
  return buildApp({ routes, responder, keepAliveTimeoutMs: config.keepAliveTimeoutSeconds * 1000, ...(logger ? { logger } : {}) });
}
