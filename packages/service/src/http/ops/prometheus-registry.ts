import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValueWithName } from 'prom-client';
import { POLL_RESULTS, type OriginStateSource } from '../../reader/follow-origin.js';
import type { SyncState, SyncStateSource } from '../../sync/sync-state.js';
import type { DeliveryCounts } from '../../writer/webhooks.js';
import { DURATION_BUCKETS, type MetricSources, type RequestRecorder } from './request-recorder.js';

/**
 * The Prometheus registry of one app (its own, so that several apps can live in one process, as
 * in tests): every value is read from the sources at scrape time, never on the request path.
 */
export function createPrometheusRegistry(sources: MetricSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { requests } = sources;
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP answers sent, by operation and status: every one, including those to requests rejected before routing (operation "none").',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const series of requests.series()) this.inc({ operation: series.operation, status: series.status }, series.count);
    },
  });
  new RecordedHistogram(requests, {
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by operation and status (requests received whole: not those the HTTP parser or the request timeout answered).',
    labelNames: ['operation', 'status'] as const,
    buckets: [...DURATION_BUCKETS],
    registers: [registry],
  });
  new Gauge({
    name: 'calendar_dataset_info',
    help: 'The loaded dataset: always 1, labelled with its version.',
    labelNames: ['version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const current = sources.dataset();
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
      const current = sources.dataset();
      for (const year of current?.publishedYears ?? []) {
        this.set({ year: String(year) }, current?.unavailableYears.includes(year) ? 0 : 1);
      }
    },
  });
  new Gauge({
    name: 'calendar_dataset_last_published_year',
    help: 'The newest year the loaded dataset publishes (readable or not); absent while no dataset is loaded.',
    registers: [registry],
    collect() {
      const newest = sources.dataset()?.publishedYears.at(-1);
      // Absent rather than 0 (what a gauge without labels resets to): no year is not year 0.
      if (newest === undefined) this.remove();
      else this.set(newest);
    },
  });
  new Gauge({
    name: 'calendar_dataset_sequence',
    help: "The loaded dataset's manifest sequence: one more at every manifest its writer writes; absent when the manifest has none.",
    registers: [registry],
    collect() {
      const sequence = sources.dataset()?.seal.sequence;
      if (sequence === undefined) this.remove();
      else this.set(sequence);
    },
  });
  new Gauge({
    name: 'calendar_dataset_expires_timestamp_seconds',
    help: "When the loaded dataset's manifest expires (Unix time): readers refuse a manifest past it; the writer re-seals before. Absent when the manifest has none.",
    registers: [registry],
    collect() {
      const expires = sources.dataset()?.seal.expires;
      if (expires === undefined) this.remove();
      else this.set(Date.parse(expires) / 1000);
    },
  });
  new Gauge({
    name: 'calendar_dataset_missing_file',
    help: 'Data files deleted since they were loaded, each 1: their data is still served, but a restart would lose it.',
    labelNames: ['file'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const file of sources.dataset()?.missingFiles ?? []) this.set({ file }, 1);
    },
  });
  new Counter({
    name: 'calendar_dataset_reloads_total',
    help: 'Reads of the data directory, by result: changed, unchanged, invalid (some file refused or missing) or failed (directory unreadable).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [result, count] of sources.reloads) this.inc({ result }, count);
    },
  });
  if (sources.sync !== undefined) registerSyncMetrics(registry, sources.sync);
  if (sources.webhooks !== undefined) registerWebhookMetrics(registry, sources.webhooks);
  if (sources.origin !== undefined) registerOriginMetrics(registry, sources.origin);
  return registry;
}

/** Webhook deliveries, by result, and the attempts that failed. */
function registerWebhookMetrics(registry: Registry, webhooks: () => DeliveryCounts | undefined): void {
  new Counter({
    name: 'calendar_webhook_deliveries_total',
    help: 'Webhook events by result: delivered (a 2xx answer), failed (gave up after every attempt).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const counts = webhooks();
      this.inc({ result: 'delivered' }, counts?.delivered ?? 0);
      this.inc({ result: 'failed' }, counts?.failed ?? 0);
    },
  });
  new Counter({
    name: 'calendar_webhook_failed_attempts_total',
    help: 'Webhook delivery attempts that failed (no answer, or not 2xx); each is retried until the attempts run out.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(webhooks()?.failedAttempts ?? 0);
    },
  });
}

/** A reader's polls of its origin (DATA_URL): by result, the last success, the files of the copy refused last. */
function registerOriginMetrics(registry: Registry, origin: OriginStateSource): void {
  new Counter({
    name: 'calendar_dataset_source_polls_total',
    help: "A reader's polls of its origin, by result: changed (a new copy taken), unchanged, refused (a file's digest, the signature or the data's checks failed: the last good copy stays), failed (the origin could not be read).",
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const polls = origin()?.polls;
      for (const result of POLL_RESULTS) this.inc({ result }, polls?.[result] ?? 0);
    },
  });
  new Gauge({
    name: 'calendar_dataset_source_last_success_timestamp_seconds',
    help: 'When a poll of the origin last ended with its copy taken or found unchanged (Unix time).',
    registers: [registry],
    collect() {
      this.reset();
      const last = origin()?.lastSuccess;
      if (last !== undefined && last !== null) this.set(Date.parse(last) / 1000);
    },
  });
  new Gauge({
    name: 'calendar_dataset_source_refused_file',
    help: "The files of the origin's copy refused last, 1 each, by the check that refused it (digest, signature, data); none once a copy is taken.",
    labelNames: ['file', 'check'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { file, check } of origin()?.refusedFiles ?? []) this.set({ file, check }, 1);
    },
  });
}

/** Sync's last attempt and success, the outcome per year, held notices. */
function registerSyncMetrics(registry: Registry, sync: SyncStateSource): void {
  const seconds = (iso: string | null): number | undefined => (iso === null ? undefined : Date.parse(iso) / 1000);
  const timestamp = (name: string, help: string, pick: (state: SyncState) => string | null): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        const state = sync();
        const value = state === undefined ? undefined : seconds(pick(state));
        if (value !== undefined) this.set(value);
      },
    });
  };
  timestamp('calendar_sync_last_attempt_timestamp_seconds', 'When the last sync run started (Unix time).', (state) => state.lastAttempt);
  timestamp('calendar_sync_last_success_timestamp_seconds', 'When the last sync run in which no year failed started (Unix time).', (state) => state.lastSuccess);
  new Gauge({
    name: 'calendar_sync_year_outcome',
    help: "The last sync run's outcome per year: 1 for the outcome it had (published, amended, nothing-new, held, failed).",
    labelNames: ['year', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { year, outcome } of sync()?.years ?? []) this.set({ year: String(year), outcome }, 1);
    },
  });
  new Gauge({
    name: 'calendar_sync_held_notices',
    help: "Years whose new notice is held for a person's review.",
    registers: [registry],
    collect() {
      this.set(sync()?.held.length ?? 0);
    },
  });
}

type DurationLabels = 'operation' | 'status';
type HistogramValues = MetricObjectWithValues<MetricValueWithName<DurationLabels>>;

/** A prom-client histogram whose values come from a RequestRecorder when scraped. */
class RecordedHistogram extends Histogram<DurationLabels> {
  private readonly metricName: string;

  constructor(
    private readonly recorder: RequestRecorder,
    configuration: ConstructorParameters<typeof Histogram<DurationLabels>>[0],
  ) {
    super(configuration);
    this.metricName = configuration.name;
  }

  override get(): Promise<HistogramValues> {
    return this.getForPromString();
  }

  /** What prom-client's registry reads for the text format: its own fields, the recorder's values. */
  getForPromString(): Promise<HistogramValues> {
    const own = (field: string): unknown => Reflect.get(this, field);
    return Promise.resolve({
      name: this.metricName,
      help: own('help') as HistogramValues['help'],
      type: own('type') as HistogramValues['type'],
      aggregator: own('aggregator') as HistogramValues['aggregator'],
      collect: () => undefined,
      values: this.snapshot(),
    });
  }

  private snapshot(): MetricValueWithName<DurationLabels>[] {
    const values: MetricValueWithName<DurationLabels>[] = [];
    for (const series of this.recorder.series()) {
      if (series.timed === 0) continue;
      const labels = { operation: series.operation, status: series.status };
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, at) => {
        cumulative += series.buckets[at] ?? 0;
        values.push({ metricName: `${this.metricName}_bucket`, labels: { ...labels, le: bound } as typeof labels, value: cumulative });
      });
      values.push({ metricName: `${this.metricName}_bucket`, labels: { ...labels, le: '+Inf' } as typeof labels, value: series.timed });
      values.push({ metricName: `${this.metricName}_sum`, labels, value: series.sum });
      values.push({ metricName: `${this.metricName}_count`, labels, value: series.timed });
    }
    return values;
  }
}
