import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { AnswerBytes } from './http/api/operations/answer-bytes.js';
import { buildApp } from './http/ops/app.js';
import { createServiceMetrics } from './http/ops/metrics.js';
import { createResponder, type ResponsePolicy } from './http/api/response-policy.js';
import { serviceRoutes } from './http/api/routes.js';
import type { SyncStateSource } from './sync/sync-state.js';

export function responsePolicyOf(config: Pick<Config, 'docsUrl' | 'corsOrigins' | 'corsAllowedHeaders'>): ResponsePolicy {
  return { docsUrl: config.docsUrl, corsOrigins: config.corsOrigins, corsAllowedHeaders: config.corsAllowedHeaders };
}

/** The whole application for a configuration and a live dataset: route table, responder, metrics, logger, and the sync state when sync runs. */
export function buildServiceApp(config: Config, live: LiveDataset<AnswerBytes>, logger?: FastifyBaseLogger, sync?: SyncStateSource): FastifyInstance {
  const metrics = createServiceMetrics(() => live.dataset(), sync);
  live.onReload((outcome) => {
    metrics.observeReload(outcome);
  });
  const responder = createResponder(responsePolicyOf(config), metrics);
  // The handlers answer from the live dataset's calendar: the core the library answers from too
  // (packages/core/src/answers/calendar-core.ts), with the service's own view of it, its answers' bytes.
  const routes = serviceRoutes({ calendar: live, live, responder, metrics, ...(sync ? { sync } : {}), ...(logger ? { log: logger } : {}) });
  return buildApp({ routes, responder, keepAliveTimeoutMs: config.keepAliveTimeoutSeconds * 1000, ...(logger ? { logger } : {}) });
}
