import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValueWithName } from 'prom-client';
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

  const recorder = new RequestRecorder(DURATION_BUCKETS);
  new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by operation and status.',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const series of recorder.series()) this.inc({ operation: series.operation, status: series.status }, series.count);
    },
  });
  new RecordedHistogram(recorder, {
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by operation and status.',
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

  return {
    registry,
    observeRequest(operation, status, seconds) {
      recorder.observe(operation, status, seconds);
    },
    observeReload(outcome) {
      reloads.inc({ result: outcome.failed ? 'failed' : outcome.problems > 0 ? 'invalid' : outcome.changed ? 'changed' : 'unchanged' });
    },
  };
}

const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.1, 0.5] as const;

interface Series {
  readonly operation: string;
  readonly status: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last slot counts those above every bound. */
  readonly buckets: Float64Array;
}

/**
 * Request counts and durations kept as plain numbers: an observation is a map lookup and two
 * additions. prom-client's labelled histogram hashed the labels on every observation, which
 * measured at about a fifth of the cost of our cheapest answers; prom-client still exposes the
 * figures, reading them at scrape time.
 */
class RequestRecorder {
  private readonly byKey = new Map<string, Series>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(operation: string, status: number, seconds: number): void {
    const key = `${operation} ${status}`;
    let series = this.byKey.get(key);
    if (series === undefined) {
      series = { operation, status: String(status), count: 0, sum: 0, buckets: new Float64Array(this.bounds.length + 1) };
      this.byKey.set(key, series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > (this.bounds[bucket] ?? Infinity)) bucket++;
    series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
    series.count++;
    series.sum += seconds;
  }

  series(): IterableIterator<Readonly<Series>> {
    return this.byKey.values();
  }
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
      const labels = { operation: series.operation, status: series.status };
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, at) => {
        cumulative += series.buckets[at] ?? 0;
        values.push({ metricName: `${this.metricName}_bucket`, labels: { ...labels, le: bound } as typeof labels, value: cumulative });
      });
      values.push({ metricName: `${this.metricName}_bucket`, labels: { ...labels, le: '+Inf' } as typeof labels, value: series.count });
      values.push({ metricName: `${this.metricName}_sum`, labels, value: series.sum });
      values.push({ metricName: `${this.metricName}_count`, labels, value: series.count });
    }
    return values;
  }
}
