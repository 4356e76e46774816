import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { LiveDataset } from './dataset/live-dataset.js';
import { buildApp } from './http/app.js';
import type { ResponsePolicy } from './http/response-policy.js';
import { createServiceMetrics } from './http/metrics.js';
import { serviceRoutes } from './http/routes.js';

export function responsePolicyOf(config: Pick<Config, 'docsUrl' | 'corsOrigins'>): ResponsePolicy {
  return { docsUrl: config.docsUrl, corsOrigins: config.corsOrigins };
}

/** The whole application for a configuration and a live dataset: route table, policy, logger. */
export function buildServiceApp(config: Config, live: LiveDataset, logger?: FastifyBaseLogger): FastifyInstance {
  const policy = responsePolicyOf(config);
  const metrics = createServiceMetrics(() => live.dataset());
  live.onReload((outcome) => {
    metrics.observeReload(outcome);
  });
  const routes = serviceRoutes({ calendar: live, live, policy, publicUrl: config.publicUrl, metrics });
  return buildApp({ routes, policy, metrics, keepAliveTimeoutMs: config.keepAliveTimeoutSeconds * 1000, ...(logger ? { logger } : {}) });
}
