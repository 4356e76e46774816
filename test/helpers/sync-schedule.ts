import { pino } from 'pino';
import { SyncSchedule, type SyncScheduleOptions } from 'china-holiday-calendar-service/internal/sync/sync-schedule.js';
import type { SyncSettings } from 'china-holiday-calendar-service/internal/settings/sync-settings.js';
import { WebhookSender } from 'china-holiday-calendar-service/internal/writer/webhooks.js';
import { syncKeepingOf } from 'china-holiday-calendar-service/internal/writer/writer.js';
import { WriterState } from 'china-holiday-calendar-service/internal/writer/writer-state.js';
import { fileSystemFolder } from 'china-holiday-calendar-service/internal/data-folder/file-system-folder.js';

/**
 * Sync's schedule on a data folder, as the service's writer builds it (its state kept in the
 * folder), without webhooks: for tests of the schedule itself. Not started.
 */
export async function syncScheduleOn(settings: SyncSettings, dataDir: string, options: SyncScheduleOptions = {}): Promise<SyncSchedule> {
  const log = pino({ level: 'silent' });
  const sender = new WebhookSender({ urls: [], secret: undefined }, log);
  const folder = fileSystemFolder(dataDir);
  return new SyncSchedule(settings, folder, log, syncKeepingOf(await WriterState.load(folder, log), sender), options);
}
