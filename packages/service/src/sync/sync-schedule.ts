import type { Logger } from 'pino';
import { currentYearInChina } from '../importer/import-notice.js';
import { redactedUrl } from '../redacted-url.js';
import { DEFAULT_FETCH_LIMITS, type Fetcher, type FetchLimits } from './http-fetch.js';
import { runSync, type SyncReport, type YearOutcome } from './sync-run.js';
import type { SyncSettings } from './sync-settings.js';
import type { HeldNotice, SyncState } from './sync-state.js';
import { createWebhookFetcher, DEFAULT_DELIVERY_POLICY, eventsOf, WebhookSender, type DeliveryPolicy } from './webhooks.js';

export interface SyncScheduleOptions {
  readonly limits?: FetchLimits;
  readonly delivery?: DeliveryPolicy;
  /** Called after a run published something: the service reloads at once rather than at its next check. */
  readonly onPublished?: () => Promise<unknown>;
  /** The waits before retrying a run in which a year failed, one per failed run in a row (the last repeats). */
  readonly retryDelaysMs?: readonly number[];
}

/** After a run in which a year failed: retried after about 1, 5, 15 and then every 60 minutes (never later than the interval). */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 900_000, 3_600_000];

/**
 * Sync inside the service: a run at start and every SYNC_INTERVAL_SECONDS after the previous run
 * ends (runs never overlap). Each run logs one line per year, keeps the state operators see,
 * and sends the webhooks its outcomes call for, a held notice's once per process. A run's
 * failure is logged and counted, never thrown: the service keeps answering from the data it has.
 */
export class SyncSchedule {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<SyncReport | undefined> | undefined;
  private lastAttempt: string | null = null;
  private lastSuccess: string | null = null;
  private outcomes: readonly YearOutcome[] = [];
  /** Runs in a row in which a year failed (or the run itself). */
  private failedRuns = 0;
  private readonly heldEventsSent = new Set<string>();
  private readonly webhookFetcher: Fetcher;
  private readonly webhooks: WebhookSender;

  constructor(
    private readonly settings: SyncSettings,
    private readonly dataDir: string,
    private readonly log: Logger,
    private readonly options: SyncScheduleOptions = {},
  ) {
    this.webhookFetcher = createWebhookFetcher(options.limits ?? DEFAULT_FETCH_LIMITS);
    this.webhooks = new WebhookSender(settings.webhooks, this.webhookFetcher, log, options.delivery ?? DEFAULT_DELIVERY_POLICY);
  }

  start(): void {
    this.log.info({ source: this.settings.source, searchUrl: redactedUrl(this.settings.searchUrl), intervalSeconds: this.settings.intervalSeconds }, 'sync scheduled');
    this.schedule(0);
  }

  /**
   * No further run. A run under way is not waited for (shutdown must not wait on gov.cn): its
   * writes are atomic, so stopping the process mid-run leaves the data as it was or complete.
   */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    void this.webhookFetcher.close();
  }

  /** One run now (or the one under way). */
  runOnce(): Promise<SyncReport | undefined> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  state(): SyncState {
    return {
      source: this.settings.source,
      intervalSeconds: this.settings.intervalSeconds,
      lastAttempt: this.lastAttempt,
      lastSuccess: this.lastSuccess,
      years: this.outcomes.map(({ year, outcome, detail }) => ({ year, outcome, detail })),
      held: this.outcomes.filter((outcome) => outcome.outcome === 'held').map(heldNoticeOf),
      webhooks: { ...this.webhooks.counts },
    };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce().then((report) => {
        this.schedule(this.nextDelayMs(report));
      });
    }, delayMs);
    this.timer.unref();
  }

  /**
   * The interval after a good run; after one in which a year failed, a shorter wait that grows
   * with each failed run in a row (a start-up run that failed is not left for a whole interval).
   */
  private nextDelayMs(report: SyncReport | undefined): number {
    const interval = this.settings.intervalSeconds * 1000;
    if (report !== undefined && report.outcomes.every((outcome) => outcome.outcome !== 'failed')) {
      this.failedRuns = 0;
      return interval;
    }
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.failedRuns, delays.length - 1)] ?? interval;
    this.failedRuns += 1;
    return Math.min(delay, interval);
  }

  private async run(): Promise<SyncReport | undefined> {
    this.lastAttempt = new Date().toISOString();
    let report: SyncReport;
    try {
      report = await runSync({ dataDir: this.dataDir, settings: this.settings, currentYear: currentYearInChina(), ...(this.options.limits ? { limits: this.options.limits } : {}) });
    } catch (error) {
      this.log.error({ err: error }, 'sync run failed');
      return undefined;
    }
    this.outcomes = report.outcomes;
    for (const outcome of report.outcomes) logOutcome(this.log, outcome);
    if (report.outcomes.every((outcome) => outcome.outcome !== 'failed')) this.lastSuccess = this.lastAttempt;
    if (report.datasetVersion !== undefined) await this.options.onPublished?.();
    for (const event of eventsOf(report)) {
      if (event.type === 'calendar.notice.held') {
        if (this.heldEventsSent.has(event.id)) continue;
        this.heldEventsSent.add(event.id);
      }
      this.webhooks.send(event);
    }
    return report;
  }
}

/** One line per year and run: published, amended, nothing new, held or failed, and why. */
export function logOutcome(log: Pick<Logger, 'info' | 'warn'>, outcome: YearOutcome): void {
  const fields = { year: outcome.year, outcome: outcome.outcome, detail: outcome.detail, ...(outcome.findings.length > 0 ? { findings: outcome.findings.map((finding) => finding.id) } : {}) };
  const message = `sync ${outcome.year}: ${outcome.outcome}`;
  if (outcome.outcome === 'held' || outcome.outcome === 'failed') log.warn(fields, message);
  else log.info(fields, message);
}

function heldNoticeOf(outcome: YearOutcome): HeldNotice {
  return { year: outcome.year, notices: outcome.notices, findings: outcome.findings, differences: outcome.differences };
}

