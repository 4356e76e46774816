import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Dataset } from '../dataset/dataset.js';
import type { ReloadOutcome } from '../dataset/live-dataset.js';

/**
 * The service's Prometheus metrics, in a registry of its own (so that several apps can live in
 * one process, as in tests): request counts and latency by operation and status, the dataset
 * version and published years (read at scrape time, never on the request path), reloads and
 * their failures, and Node's process metrics.
 */
export interface ServiceMetrics {
  readonly registry: Registry;
  observeRequest(operation: string, status: number, seconds: number): void;
  observeReload(outcome: ReloadOutcome): void;
}

export function createServiceMetrics(dataset: () => Dataset | undefined): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by operation and status.',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by operation and status.',
    labelNames: ['operation', 'status'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5],
    registers: [registry],
  });
  new Gauge({
    name: 'calendar_dataset_info',
    help: 'The loaded dataset: always 1, labelled with its version.',
    labelNames: ['version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const current = dataset();
      if (current) this.set({ version: current.version }, 1);
    },
  });
  new Gauge({
    name: 'calendar_dataset_published_year',
    help: 'Published years of the loaded dataset: 1 when readable, 0 when unavailable.',
    labelNames: ['year'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const current = dataset();
      for (const year of current?.publishedYears ?? []) {
        this.set({ year: String(year) }, current?.unavailableYears.includes(year) ? 0 : 1);
      }
    },
  });
  const reloads = new Counter({
    name: 'calendar_dataset_reloads_total',
    help: 'Reads of the data directory, by result: changed, unchanged, invalid (some file refused) or failed (directory unreadable).',
    labelNames: ['result'] as const,
    registers: [registry],
  });

  // Label children are cached: resolving labels per request would cost more than the answer.
  const children = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'operation' | 'status'> }>();
  return {
    registry,
    observeRequest(operation, status, seconds) {
      const key = `${operation} ${status}`;
      let child = children.get(key);
      if (child === undefined) {
        const labels = { operation, status: String(status) };
        child = { count: requests.labels(labels), time: duration.labels(labels) };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    observeReload(outcome) {
      reloads.inc({ result: outcome.failed ? 'failed' : outcome.problems > 0 ? 'invalid' : outcome.changed ? 'changed' : 'unchanged' });
    },
  };
}
