import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import type { ReloadOutcome } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { AnswerCounter } from '../kernel/response-policy.js';
import { DURATION_BUCKETS, RequestRecorder, type MetricSources } from './request-recorder.js';

/**
 * The service's metrics. Observing is cheap and always on: plain counts, kept here. The
 * Prometheus exposition (prom-client, with Node's process metrics) is loaded on the first scrape,
 * so that start-up does not pay for it; it reads these counts and the dataset when scraped.
 */
export interface ServiceMetrics extends AnswerCounter {
  /**
   * Counts an answer. `seconds` is the time from receiving the request to answering it; an answer
   * to a request never received whole (a parser error, a timeout) has none and is counted only.
   */
  observeRequest(operation: string, status: number, seconds?: number): void;
  observeReload(outcome: ReloadOutcome): void;
  /** The metrics in the Prometheus text format. */
  scrape(): Promise<{ readonly contentType: string; readonly text: string }>;
}

export function createServiceMetrics(dataset: () => Dataset | undefined, extras: Pick<MetricSources, 'sync' | 'webhooks' | 'origin'> = {}): ServiceMetrics {
  const requests = new RequestRecorder(DURATION_BUCKETS);
  const reloads = new Map<string, number>();
  let exposition: Promise<{ contentType: string; metrics(): Promise<string> }> | undefined;
  return {
    observeRequest(operation, status, seconds) {
      requests.observe(operation, status, seconds);
    },
    observeReload(outcome) {
      const result = outcome.failed ? 'failed' : outcome.refused || outcome.problems > 0 ? 'invalid' : outcome.changed ? 'changed' : 'unchanged';
      reloads.set(result, (reloads.get(result) ?? 0) + 1);
    },
    async scrape() {
      exposition ??= import('./prometheus-registry.js').then(({ createPrometheusRegistry }) =>
        createPrometheusRegistry({ requests, reloads, dataset, ...extras }),
      );
      const registry = await exposition;
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
