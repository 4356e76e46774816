import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import type { OriginStateSource } from '../../reader/follow-origin.js';
import type { SyncStateSource } from '../../sync/sync-state.js';
import type { DeliveryCounts } from '../../writer/webhooks.js';

/** What the exposition reads when scraped. */
export interface MetricSources {
  readonly requests: RequestRecorder;
  /** Reloads by result: changed, unchanged, invalid, failed. */
  readonly reloads: ReadonlyMap<string, number>;
  dataset(): Dataset | undefined;
  /** Sync's state, when sync runs. */
  readonly sync?: SyncStateSource;
  /** Webhook deliveries, when webhooks are configured. */
  readonly webhooks?: () => DeliveryCounts | undefined;
  /** A reader's origin. */
  readonly origin?: OriginStateSource;
}

export const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5] as const;

export interface Series {
  readonly operation: string;
  readonly status: string;
  /** Answers sent. */
  count: number;
  /** Answers timed: those in `buckets` and `sum`. */
  timed: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  readonly buckets: Float64Array;
}

/**
 * Request counts and durations kept as plain numbers: an observation is a map lookup and two
 * additions. prom-client's labelled histogram hashed the labels on every observation, a large
 * share of our cheapest answers' cost (BENCHMARKS.md); prom-client still exposes the figures,
 * reading them at scrape time.
 */
export class RequestRecorder {
  // By operation, then by status: lookups by keys that already exist, where a joined
  // "operation status" key was a new string to hash on every request.
  private readonly byOperation = new Map<string, Map<number, Series>>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(operation: string, status: number, seconds: number | undefined): void {
    let byStatus = this.byOperation.get(operation);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.byOperation.set(operation, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = { operation, status: String(status), count: 0, timed: 0, sum: 0, buckets: new Float64Array(this.bounds.length + 1) };
      byStatus.set(status, series);
    }
    series.count++;
    if (seconds === undefined) return;
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] ?? Infinity)) bucket++;
    series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
    series.timed++;
    series.sum += seconds;
  }

  *series(): IterableIterator<Readonly<Series>> {
    for (const byStatus of this.byOperation.values()) yield* byStatus.values();
  }
}

