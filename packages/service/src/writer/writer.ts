import type { Logger } from 'pino';
import type { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { DataFolder } from '../data-folder/data-folder.js';
import type { Config } from '../settings/config.js';
import { DatasetAnnouncer } from './dataset-events.js';
import { SyncSchedule, type SyncKeeping } from '../sync/sync-schedule.js';
import { syncStateOf, type SyncStateSource } from '../sync/sync-state.js';
import { eventsOf, NO_DELIVERIES, WebhookSender, type DeliveryCounts } from './webhooks.js';
import { readWriterState, WriterState, type WriterStateData } from './writer-state.js';

/** What a service with its own data folder does beyond answering: sync, and the webhooks that follow its dataset. */
export interface Writer {
  /** The schedule, in the process that syncs; undefined in the others. */
  readonly sync: SyncSchedule | undefined;
  /** Sync's state for /readyz and /metrics (read from the writer state file in a process that does not sync). */
  readonly syncState: SyncStateSource | undefined;
  /** The webhook deliveries so far, for /metrics. */
  readonly webhookCounts: () => DeliveryCounts | undefined;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The writer's part of a service on a local folder: nothing at all unless sync or webhooks are
 * configured (the default makes no request and writes no file). With them, exactly one process
 * of the pod syncs and sends (docs/operators.md, "One dataset for a fleet"); it keeps its state in the
 * folder (writer-state.ts), resumes undelivered webhooks, and announces every change of the
 * loaded dataset, whoever wrote it. Other worker processes show the state that process keeps.
 */
export async function createWriter(config: Config, folder: DataFolder, live: LiveDataset<unknown>, logger: Logger, isWriterProcess: boolean): Promise<Writer | undefined> {
  const settings = config.sync;
  if (settings === undefined && config.webhooks.urls.length === 0) return undefined;
  if (!isWriterProcess) {
    let kept: WriterStateData | undefined = await readWriterState(folder, logger);
    live.onReload(() => {
      void readWriterState(folder, logger).then((state) => {
        kept = state;
      });
    });
    return {
      sync: undefined,
      syncState: settings === undefined ? undefined : () => syncStateOf(settings, kept?.sync, kept?.webhooks ?? NO_DELIVERIES, live.dataset()),
      webhookCounts: () => kept?.webhooks,
      start: () => undefined,
      stop: () => Promise.resolve(),
    };
  }
  const state = await WriterState.load(folder, logger);
  const sender = new WebhookSender(config.webhooks, logger, {
    journal: { keep: (pending, webhooks) => state.update({ pending, webhooks }), counts: state.data.webhooks },
  });
  // Before the first load, which may announce: what a previous process left undelivered goes first.
  sender.resume(state.data.pending);
  const announcer = config.webhooks.urls.length > 0 ? new DatasetAnnouncer(sender, state) : undefined;
  live.onReload(() => {
    const dataset = live.dataset();
    if (dataset !== undefined) announcer?.observe(dataset);
  });
  const schedule =
    settings === undefined
      ? undefined
      : new SyncSchedule(settings, folder, logger, syncKeepingOf(state, sender), {
          onPublished: () => live.reload('sync'),
          publishing: { signingKey: config.signingKey, expiresSeconds: config.expiresSeconds },
          dataset: () => live.dataset(),
        });
  return {
    sync: schedule,
    syncState: schedule === undefined ? undefined : () => schedule.state(),
    webhookCounts: () => ({ ...sender.counts }),
    start() {
      schedule?.start();
    },
    async stop() {
      schedule?.stop();
      sender.stop();
      await state.close();
      await sender.close();
    },
  };
}

/** What sync's schedule keeps in the writer's state (its record, the held-notice events sent) and sends through its webhooks. */
export function syncKeepingOf(state: WriterState, sender: WebhookSender): SyncKeeping {
  return {
    restored: state.data.sync,
    keep: (record) => state.update({ sync: record }),
    ran(report) {
      const sent = new Set(state.data.heldEventsSent);
      const held = eventsOf(report).filter((event) => event.type === 'calendar.notice.held' && !sent.has(event.id));
      for (const event of held) sender.send(event);
      if (held.length > 0) state.update({ heldEventsSent: [...sent, ...held.map((event) => event.id)] });
    },
    deliveries: () => sender.counts,
  };
}
