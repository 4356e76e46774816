import type { Writable } from 'node:stream';
import { currentYearInChina } from '../importer/import-notice.js';
import type { PublishOptions } from '../data-folder/data-folder.js';
import type { FetchLimits } from '../outbound/http-fetch.js';
import { runSync, type SyncReport } from '../sync/sync-run.js';
import { commandFolder } from './command-folder.js';
import { print } from './terminal-text.js';
import { ConfigError } from '../settings/settings.js';
import { readSyncSettings, SYNC_SOURCES, type SyncSettingValues } from '../settings/sync-settings.js';
import { eventsOf, WebhookSender, type DeliveryPolicy } from '../writer/webhooks.js';
import { readWriterState } from '../writer/writer-state.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/**
 * Exit codes of `sync` (docs/operators.md, "Staying current"): 0 every year is published, amended or has
 * nothing new; 1 a year failed (network, a page or notice refused, the data directory); 2 bad
 * usage or settings, sync not configured; 3 a notice is held for review and none failed.
 */
export const SYNC_EXIT = { ok: 0, failed: 1, usage: 2, held: 3 } as const;

export interface SyncCommandOptions {
  readonly dataDir: string;
  /** The settings: the environment's, each overridden by its flag. */
  readonly values: SyncSettingValues;
  readonly accept: readonly string[];
  readonly currentYear?: number;
  readonly limits?: FetchLimits;
  readonly importerBudgetMs?: number;
  readonly delivery?: DeliveryPolicy;
  /** Copy the bundled data into an empty (or absent) data directory first (--seed). */
  readonly seed?: boolean;
  /** How the manifest is written (signed with DATASET_SIGNING_KEY_FILE's key). */
  readonly publishing?: PublishOptions;
}

/**
 * `sync`: one run, as the service's schedule makes it. Prints one line per year (published,
 * amended, nothing new, held, failed, and why) and the dataset version when it published; sends
 * the run's webhooks (its publications only for a folder no writer announces) and waits for
 * their delivery before it exits.
 */
export async function runSyncCommand(options: SyncCommandOptions, out: Writable, err: Writable): Promise<number> {
  let settings;
  try {
    settings = readSyncSettings(options.values);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    print(err, `${error.message}\n`);
    return SYNC_EXIT.usage;
  }
  if (settings === undefined) {
    err.write(`sync is not configured: set SYNC_SOURCE=${SYNC_SOURCES[0]} (or --source ${SYNC_SOURCES[0]}); nothing was requested\n`);
    return SYNC_EXIT.usage;
  }
  const folder = commandFolder(options.dataDir, err);
  const ready = await folder.ready({ seed: options.seed === true });
  if ('reason' in ready) {
    err.write(`${options.dataDir}: the data directory ${ready.reason}; nothing was requested\n`);
    return ready.kind === 'usage' ? SYNC_EXIT.usage : SYNC_EXIT.failed;
  }
  if (ready.seeded) out.write(`${options.dataDir}: seeded with the bundled data\n`);
  let report: SyncReport;
  try {
    report = await runSync({
      folder,
      settings,
      currentYear: options.currentYear ?? currentYearInChina(),
      accept: options.accept,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.publishing ? { publishing: options.publishing } : {}),
      ...(options.importerBudgetMs === undefined ? {} : { importerBudgetMs: options.importerBudgetMs }),
    });
  } catch (error) {
    print(err, `sync failed: ${messageOf(error)}\n`);
    return SYNC_EXIT.failed;
  }
  for (const outcome of report.outcomes) {
    const line = `${outcome.year}: ${outcome.outcome}: ${outcome.detail}\n`;
    if (outcome.outcome === 'failed' || outcome.outcome === 'held') print(err, line);
    else print(out, line);
    for (const finding of outcome.findings) {
      print(err, `  ${finding.id}: after reading the notice, publish it with: china-calendar sync --accept ${finding.id} (or import its text with --accept)\n`);
    }
  }
  if (report.datasetVersion !== undefined) print(out, `datasetVersion ${report.datasetVersion}\n`);
  const log = {
    info: (fields: object, message: string): void => print(out, `${message}: ${JSON.stringify(fields)}\n`),
    warn: (fields: object, message: string): void => print(err, `${message}: ${JSON.stringify(fields)}\n`),
  };
  // A writer that announces this folder's changes (its state beside the data says what it told)
  // announces what this run published too, at its reload: sent from here as well, it would arrive twice.
  const announced = settings.webhooks.urls.length > 0 && (await readWriterState(folder, log))?.announced !== undefined;
  const events = eventsOf(report).filter((event) => event.type === 'calendar.notice.held' || !announced);
  if (events.length > 0 && settings.webhooks.urls.length > 0) {
    const sender = new WebhookSender(settings.webhooks, log, { ...(options.limits ? { limits: options.limits } : {}), ...(options.delivery ? { policy: options.delivery } : {}) });
    for (const event of events) sender.send(event);
    await sender.settled();
    await sender.close();
  }
  if (report.outcomes.some((outcome) => outcome.outcome === 'failed')) return SYNC_EXIT.failed;
  if (report.outcomes.some((outcome) => outcome.outcome === 'held')) return SYNC_EXIT.held;
  return SYNC_EXIT.ok;
}
