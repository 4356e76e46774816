import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { redactedUrl } from '../outbound/redacted-url.js';
import { ANY_ADDRESS } from '../outbound/address-policy.js';
import { createFetcher, DEFAULT_FETCH_LIMITS, FetchError, type Fetcher, type FetchLimits } from '../outbound/http-fetch.js';
import type { NoticeReference, SyncReport, YearOutcome } from '../sync/sync-run.js';
import type { WebhookSettings } from '../settings/sync-settings.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

export const WEBHOOK_EVENT_TYPES = ['calendar.year.published', 'calendar.year.amended', 'calendar.notice.held'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The Standard Webhooks payload: `type`, `timestamp`, `data`. */
export interface WebhookEvent {
  /** `msg_` and a hash of what the event says: replicas sending the same event send the same id, and receivers de-duplicate. */
  readonly id: string;
  readonly type: WebhookEventType;
  readonly data: {
    readonly year: number;
    readonly notices: readonly NoticeReference[];
    /** The dataset version after the change; null for a held notice (nothing changed). */
    readonly datasetVersion: string | null;
    readonly changedDates: readonly string[];
    /** Held: why, and what a person may accept. */
    readonly findings?: readonly { readonly id: string; readonly reason: string }[];
    readonly differences?: readonly string[];
  };
}

/** The events a run's outcomes call for: one per published, amended or held year. */
export function eventsOf(report: SyncReport): WebhookEvent[] {
  return report.outcomes.flatMap((outcome) => {
    const type = typeOf(outcome);
    if (type === undefined) return [];
    const datasetVersion = type === 'calendar.notice.held' ? null : (report.datasetVersion ?? null);
    const key =
      type === 'calendar.notice.held'
        ? [type, outcome.year, ...outcome.notices.map((notice) => notice.url), ...outcome.findings.map((finding) => finding.id), ...outcome.differences]
        : [type, outcome.year, datasetVersion];
    const data = {
      year: outcome.year,
      notices: outcome.notices,
      datasetVersion,
      changedDates: outcome.changedDates,
      ...(type === 'calendar.notice.held' ? { findings: outcome.findings, differences: outcome.differences } : {}),
    };
    return [{ id: eventId(key), type, data }];
  });
}

/** `msg_` and a hash of what an event says (its type, year and transition of the dataset, or what a held notice holds): the same change, the same id, whoever sends it. */
export function eventId(key: readonly (string | number | null)[]): string {
  return `msg_${createHash('sha256').update(key.join('\n')).digest('hex').slice(0, 32)}`;
}

function typeOf(outcome: YearOutcome): WebhookEventType | undefined {
  if (outcome.outcome === 'published') return 'calendar.year.published';
  if (outcome.outcome === 'amended') return 'calendar.year.amended';
  if (outcome.outcome === 'held') return 'calendar.notice.held';
  return undefined;
}

/** Connections open at once to one receiver: one that answers slowly cannot pile them up. */
const CONNECTIONS_PER_RECEIVER = 4;


export interface DeliveryCounts {
  delivered: number;
  /** Gave up after every attempt. */
  failed: number;
  /** Attempts that did not succeed (each retried one counts). */
  failedAttempts: number;
}

/** The counts before any delivery. */
export const NO_DELIVERIES: Readonly<DeliveryCounts> = { delivered: 0, failed: 0, failedAttempts: 0 };

/** A delivery not made yet: the event, where to, and the attempts already made. */
export interface PendingDelivery {
  readonly event: WebhookEvent;
  readonly url: string;
  readonly attempts: number;
}

/** Where a sender keeps what it has not delivered yet, and its counts, whenever they change. */
export type DeliveryJournal = (pending: readonly PendingDelivery[], counts: DeliveryCounts) => void;

export interface DeliveryPolicy {
  readonly attempts: number;
  readonly backoffMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { attempts: 6, backoffMs: 2000 };

interface DeliveryLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * Delivers events to every configured URL, signed per Standard Webhooks (webhook-id,
 * webhook-timestamp, webhook-signature), at least once: an answer other than 2xx, or none, is
 * retried with backoff and jitter. Delivery runs beside the service's answers, never in their
 * way; `settled()` waits for what is under way (the `sync` command waits before it exits).
 */
/** How a sender delivers: its attempts and backoff, the limits of each request, and where it keeps what is undelivered. */
export interface SenderOptions {
  readonly policy?: DeliveryPolicy;
  readonly limits?: FetchLimits;
  readonly journal?: { readonly keep: DeliveryJournal; readonly counts: DeliveryCounts };
}

export class WebhookSender {
  readonly counts: DeliveryCounts;
  private readonly fetcher: Pick<Fetcher, 'post' | 'close'>;
  private readonly policy: DeliveryPolicy;
  private readonly journal: SenderOptions['journal'];
  private readonly inFlight = new Set<Promise<void>>();
  /** What is not delivered yet, by event id and URL, with the attempts made. */
  private readonly pending = new Map<string, PendingDelivery>();
  private readonly signer: Webhook | undefined;
  private stopped = false;

  /**
   * Receivers are the operator's own systems, often inside the network: their addresses are
   * trusted; each attempt has the limits' whole-answer deadline, and a receiver at most
   * CONNECTIONS_PER_RECEIVER connections.
   */
  constructor(
    private readonly settings: WebhookSettings,
    private readonly log: DeliveryLog,
    options: SenderOptions = {},
  ) {
    this.signer = settings.secret === undefined ? undefined : new Webhook(settings.secret);
    this.policy = options.policy ?? DEFAULT_DELIVERY_POLICY;
    this.journal = options.journal;
    this.counts = { ...(options.journal?.counts ?? NO_DELIVERIES) };
    this.fetcher = createFetcher(ANY_ADDRESS, { ...(options.limits ?? DEFAULT_FETCH_LIMITS), maxRequests: Number.MAX_SAFE_INTEGER }, { connectionsPerHost: CONNECTIONS_PER_RECEIVER });
  }

  send(event: WebhookEvent): void {
    for (const url of this.settings.urls) this.start({ event, url, attempts: 0 });
    this.keep();
  }

  /** Takes up the deliveries a previous process left undone (to the URLs still configured). */
  resume(deliveries: readonly PendingDelivery[]): void {
    const resumed = deliveries.filter((delivery) => this.settings.urls.includes(delivery.url));
    for (const delivery of resumed) this.start(delivery);
    if (resumed.length !== deliveries.length) this.keep();
  }

  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** No further attempt (a service shutting down): what is not delivered stays in the journal for the next process. */
  stop(): void {
    this.stopped = true;
  }

  /** Stops, and closes its connections (a service shutting down, a command done with it). */
  async close(): Promise<void> {
    this.stop();
    await this.fetcher.close();
  }

  private start(delivery: PendingDelivery): void {
    const key = `${delivery.event.id} ${delivery.url}`;
    if (this.pending.has(key)) return;
    this.pending.set(key, delivery);
    const run = this.deliver(delivery, key).finally(() => {
      this.inFlight.delete(run);
      if (this.stopped) return;
      this.pending.delete(key);
      this.keep();
    });
    this.inFlight.add(run);
  }

  private keep(): void {
    if (!this.stopped) this.journal?.keep([...this.pending.values()], { ...this.counts });
  }

  private async deliver({ event, url, attempts }: PendingDelivery, key: string): Promise<void> {
    if (this.signer === undefined) return;
    // Receivers put tokens in the path as well as the query.
    const shown = redactedUrl(url, { path: false });
    for (let attempt = attempts + 1; attempt <= this.policy.attempts; attempt += 1) {
      if (this.stopped) return;
      const now = new Date();
      const body = JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });
      const headers = {
        'webhook-id': event.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': this.signer.sign(event.id, now, body),
      };
      let outcome: string;
      try {
        const status = await this.fetcher.post(url, body, headers);
        if (status >= 200 && status < 300) {
          this.counts.delivered += 1;
          this.log.info({ url: shown, event: event.type, webhookId: event.id, attempt }, 'webhook delivered');
          return;
        }
        outcome = `answered ${status}`;
      } catch (error) {
        outcome = error instanceof FetchError ? error.reason : messageOf(error);
      }
      this.counts.failedAttempts += 1;
      this.pending.set(key, { event, url, attempts: attempt });
      this.keep();
      if (attempt === this.policy.attempts) break;
      this.log.warn({ url: shown, event: event.type, webhookId: event.id, attempt, outcome }, 'webhook not delivered; retrying');
      const wait = this.policy.backoffMs * 2 ** (attempt - 1);
      await sleep(wait / 2 + Math.random() * (wait / 2));
    }
    if (this.stopped) return;
    this.counts.failed += 1;
    this.log.warn({ url: shown, event: event.type, webhookId: event.id, attempts: this.policy.attempts }, 'webhook delivery failed; gave up');
  }
}
