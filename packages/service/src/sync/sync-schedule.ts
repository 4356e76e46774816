import type { Logger } from 'pino';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { currentYearInChina } from '../importer/import-notice.js';
import type { DataFolder, PublishOptions } from '../data-folder/data-folder.js';
import { redactedUrl } from '../outbound/redacted-url.js';
import type { FetchLimits } from '../outbound/http-fetch.js';
import { runSync, type SyncReport, type YearOutcome } from './sync-run.js';
import type { SyncSettings } from '../settings/sync-settings.js';
import { syncStateOf, type SyncRecord, type SyncState } from './sync-state.js';

export interface SyncScheduleOptions {
  readonly limits?: FetchLimits;
  /** How the manifest is written (signed when the writer has a key). */
  readonly publishing?: PublishOptions;
  /** Called after a run published something: the service reloads at once rather than at its next check. */
  readonly onPublished?: () => Promise<unknown>;
  /** The dataset served now: a held notice it records (a person accepted it) is no longer awaiting review. */
  readonly dataset?: () => Dataset | undefined;
  /** The waits before retrying a run in which a year failed, one per failed run in a row (the last repeats). */
  readonly retryDelaysMs?: readonly number[];
}

/**
 * What keeps the schedule's record across restarts and acts on a run's report: the writer (its
 * state file beside the data, and its webhooks), which sits above sync and hands itself in here.
 */
export interface SyncKeeping {
  /** The record a previous process left. */
  readonly restored: SyncRecord | undefined;
  /** The record now, kept (on disk, behind the call). */
  keep(record: SyncRecord): void;
  /** A run that reached its end: the writer sends the held-notice events its outcomes call for, each once. */
  ran(report: SyncReport): void;
  /** The webhook deliveries so far, shown with the state. */
  deliveries(): SyncState['webhooks'];
}

/** After a run in which a year failed: retried after about 1, 5, 15 and then every 60 minutes (never later than the interval). */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 300_000, 900_000, 3_600_000];

/**
 * Sync inside the service: a run at start and every SYNC_INTERVAL_SECONDS after the previous run
 * ends (runs never overlap). Each run logs one line per year and keeps the state operators see,
 * on disk too (the writer state, through SyncKeeping), so that held notices survive a restart;
 * the writer sends the `calendar.notice.held` events its outcomes call for, each once. (Publications and amendments
 * are announced by the dataset's own reload, whoever wrote the files: DatasetAnnouncer.) A run's
 * failure is logged and counted, never thrown: the service keeps answering from the data it has.
 */
export class SyncSchedule {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<SyncReport | undefined> | undefined;
  private lastAttempt: string | null;
  private lastSuccess: string | null;
  private outcomes: readonly YearOutcome[];
  /** Runs in a row in which a year failed (or the run itself). */
  private failedRuns = 0;

  constructor(
    private readonly settings: SyncSettings,
    private readonly folder: DataFolder,
    private readonly log: Logger,
    private readonly keeping: SyncKeeping,
    private readonly options: SyncScheduleOptions = {},
  ) {
    const restored = keeping.restored;
    this.lastAttempt = restored?.lastAttempt ?? null;
    this.lastSuccess = restored?.lastSuccess ?? null;
    this.outcomes = restored?.outcomes ?? [];
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
  }

  /** Resolves when the run under way, if any, has ended: what stops the writer's folder being removed under it (tests). */
  async finished(): Promise<void> {
    await this.running;
  }

  /** One run now (or the one under way). */
  runOnce(): Promise<SyncReport | undefined> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  state(): SyncState {
    return syncStateOf(this.settings, this.record(), this.keeping.deliveries(), this.options.dataset?.());
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
      // Nothing is published into a folder whose history is missing (an empty volume, a wrong DATA_DIR).
      const refusal = await this.folder.refusal();
      if (refusal !== undefined) throw new Error(`${this.folder.location}: the data directory ${refusal.reason}`);
      report = await runSync({
        folder: this.folder,
        settings: this.settings,
        currentYear: currentYearInChina(),
        ...(this.options.limits ? { limits: this.options.limits } : {}),
        ...(this.options.publishing ? { publishing: this.options.publishing } : {}),
      });
    } catch (error) {
      this.log.error({ err: error }, 'sync run failed');
      this.keep();
      return undefined;
    }
    this.outcomes = report.outcomes;
    for (const outcome of report.outcomes) logOutcome(this.log, outcome);
    if (report.outcomes.every((outcome) => outcome.outcome !== 'failed')) this.lastSuccess = this.lastAttempt;
    if (report.datasetVersion !== undefined) await this.options.onPublished?.();
    this.keeping.ran(report);
    this.keep();
    return report;
  }

  private record(): SyncRecord {
    return { lastAttempt: this.lastAttempt, lastSuccess: this.lastSuccess, outcomes: this.outcomes };
  }

  /** The run's state, on disk. */
  private keep(): void {
    this.keeping.keep(this.record());
  }
}

/** One line per year and run: published, amended, nothing new, held or failed, and why. */
export function logOutcome(log: Pick<Logger, 'info' | 'warn'>, outcome: YearOutcome): void {
  const fields = { year: outcome.year, outcome: outcome.outcome, detail: outcome.detail, ...(outcome.findings.length > 0 ? { findings: outcome.findings.map((finding) => finding.id) } : {}) };
  const message = `sync ${outcome.year}: ${outcome.outcome}`;
  if (outcome.outcome === 'held' || outcome.outcome === 'failed') log.warn(fields, message);
  else log.info(fields, message);
}
