import type { HeldFinding, NoticeReference, YearOutcomeKind } from './sync-run.js';

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
