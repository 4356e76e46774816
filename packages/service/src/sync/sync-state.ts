import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import type { HeldFinding, NoticeReference, YearOutcome, YearOutcomeKind } from './sync-run.js';
import type { SyncSettings } from '../settings/sync-settings.js';

/** What a sync run leaves for operators, kept across restarts (in the writer's state). */
export interface SyncRecord {
  readonly lastAttempt: string | null;
  readonly lastSuccess: string | null;
  readonly outcomes: readonly YearOutcome[];
}

/** What operators see of sync: /readyz's `sync` object and the calendar_sync_* metrics. */
export interface SyncState {
  readonly source: string;
  readonly intervalSeconds: number;
  /** ISO timestamps; null before the first run (or the first run without a failed year). */
  readonly lastAttempt: string | null;
  readonly lastSuccess: string | null;
  /** The last run's outcome for each year it looked at. */
  readonly years: readonly { readonly year: number; readonly outcome: YearOutcomeKind; readonly detail: string }[];
  /** Notices awaiting a person's review: the year stays unpublished until one accepts. */
  readonly held: readonly HeldNotice[];
  readonly webhooks: { readonly delivered: number; readonly failed: number; readonly failedAttempts: number };
}

export interface HeldNotice {
  readonly year: number;
  readonly notices: readonly NoticeReference[];
  readonly findings: readonly HeldFinding[];
  readonly differences: readonly string[];
}

/** Where the HTTP layer reads the sync state; undefined when sync is off. */
export type SyncStateSource = () => SyncState | undefined;

/**
 * The held notices still awaiting review: one whose every notice the dataset's year file now
 * records (a person accepted it, by `sync --accept` or `import --accept`) is no longer held, from
 * the reload that loaded it on, not only from the next run.
 */
function heldAwaiting(held: readonly HeldNotice[], dataset: Dataset | undefined): readonly HeldNotice[] {
  return held.filter((notice) => {
    const recorded = new Set(dataset?.arrangements.get(notice.year)?.notices.map((each) => each.title));
    return notice.notices.length === 0 || !notice.notices.every((reference) => recorded.has(reference.title));
  });
}

/** The state operators see, from a sync record (the schedule's own, or the one a writer process left on disk) and the dataset served now. */
export function syncStateOf(
  settings: Pick<SyncSettings, 'source' | 'intervalSeconds'>,
  record: SyncRecord | undefined,
  webhooks: SyncState['webhooks'],
  dataset: Dataset | undefined,
): SyncState {
  const outcomes = record?.outcomes ?? [];
  return {
    source: settings.source,
    intervalSeconds: settings.intervalSeconds,
    lastAttempt: record?.lastAttempt ?? null,
    lastSuccess: record?.lastSuccess ?? null,
    years: outcomes.map(({ year, outcome, detail }) => ({ year, outcome, detail })),
    held: heldAwaiting(outcomes.filter((outcome) => outcome.outcome === 'held').map(heldNoticeOf), dataset),
    webhooks: { ...webhooks },
  };
}

function heldNoticeOf(outcome: YearOutcome): HeldNotice {
  return { year: outcome.year, notices: outcome.notices, findings: outcome.findings, differences: outcome.differences };
}
