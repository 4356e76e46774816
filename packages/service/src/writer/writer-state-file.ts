// Generated from scripts/writer-state-schema.ts by npm run docs:generate (scripts/data-file-documents.ts); do not edit.
// The writer's state file as a plain type; writer-state.ts reads and writes it.

import type { ArrangedDay } from '../sync/arrangement-days.js';
import type { YearOutcome } from '../sync/sync-run.js';
import type { WebhookEvent } from './webhooks.js';

/**
 * A writer's state, kept beside its data: what must outlive the process.
 */
export interface WriterStateFile {
  /**
   * The format of this file; another version is not read.
   */
  version: 1;
  sync?: SyncRecord;
  /**
   * Ids of the held-notice events already sent: a restart does not send them again.
   */
  heldEventsSent: string[];
  /**
   * By year; absent until the first dataset is loaded, which subscribers are not told about.
   */
  announced?: {
    [k: string]: AnnouncedYear;
  };
  /**
   * The version of the dataset subscribers were last told of.
   */
  announcedVersion: string | null;
  transitions: number;
  pending: PendingDelivery[];
  webhooks: DeliveryCounts;
}
/**
 * The last sync run: when it ran, when one last succeeded, and each year it looked at.
 */
export interface SyncRecord {
  /**
   * An ISO timestamp; null before the first.
   */
  lastAttempt: string | null;
  /**
   * An ISO timestamp; null before the first.
   */
  lastSuccess: string | null;
  /**
   * Items: One year's outcome of a sync run (the sync run's own type).
   */
  outcomes: YearOutcome[];
}
/**
 * What subscribers were last told about a year: a digest of its arrangement, its days, its notices' titles.
 *
 * This interface was referenced by `undefined`'s JSON-Schema definition
 * via the `patternProperty` "^[0-9]{4}$".
 */
export interface AnnouncedYear {
  digest: string;
  days: {
    /**
     * A day off or a make-up working day.
     *
     * This interface was referenced by `undefined`'s JSON-Schema definition
     * via the `patternProperty` "^.*$".
     */
    [k: string]: ArrangedDay;
  };
  notices: string[];
}
/**
 * A webhook delivery not made yet: the event, where to, and the attempts already made.
 */
export interface PendingDelivery {
  /**
   * A Standard Webhooks event (the webhook sender's own type).
   */
  event: WebhookEvent;
  url: string;
  attempts: number;
}
/**
 * Webhook deliveries made, given up, and attempts that did not succeed.
 */
export interface DeliveryCounts {
  delivered: number;
  failed: number;
  failedAttempts: number;
}
