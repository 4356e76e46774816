import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { LiveDataset } from './answers/live-dataset.js';
import { buildApp } from './http/app.js';
import { createServiceMetrics } from './http/metrics.js';
import { createResponder, type ResponsePolicy } from './http/response-policy.js';
import { serviceRoutes } from './http/routes.js';
import { calendarOver } from './library/holiday-calendar.js';
import type { SyncStateSource } from './sync/sync-state.js';

export function responsePolicyOf(config: Pick<Config, 'docsUrl' | 'corsOrigins' | 'corsAllowedHeaders'>): ResponsePolicy {
  return { docsUrl: config.docsUrl, corsOrigins: config.corsOrigins, corsAllowedHeaders: config.corsAllowedHeaders };
}

/** The whole application for a configuration and a live dataset: route table, responder, metrics, logger, and the sync state when sync runs. */
export function buildServiceApp(config: Config, live: LiveDataset, logger?: FastifyBaseLogger, sync?: SyncStateSource): FastifyInstance {
  const metrics = createServiceMetrics(() => live.dataset(), sync);
  live.onReload((outcome) => {
    metrics.observeReload(outcome);
  });
  const responder = createResponder(responsePolicyOf(config), metrics);
  // The handlers answer through the package's calendar engine, over the service's live dataset.
  const routes = serviceRoutes({ calendar: calendarOver(live), live, responder, metrics, ...(sync ? { sync } : {}) });
  return buildApp({ routes, responder, keepAliveTimeoutMs: config.keepAliveTimeoutSeconds * 1000, ...(logger ? { logger } : {}) });
}
