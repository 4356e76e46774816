import type { DataFolder } from '../data-folder/data-folder.js';
import type { ArrangedDay } from '../sync/arrangement-days.js';
import type { SyncRecord } from '../sync/sync-state.js';
import { NO_DELIVERIES, type DeliveryCounts, type PendingDelivery } from './webhooks.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';
import type { WriterStateFile } from './writer-state-file.js';
import * as validators from './writer-state-validators.js';

/*
 * The writer's state that must outlive its process, in one file the data folder keeps beside the
 * data (DataFolder.readState): the last sync run (its held notices above all), the held notices
 * already announced, what subscribers have been told about each year, and the webhook deliveries
 * not made yet. Its format is scripts/writer-state-schema.ts, from which npm run docs:generate
 * makes the file's type (writer-state-file.ts) and its validators (writer-state-validators.ts).
 */

/** What subscribers were last told about a year: a digest of its arrangement, its days, its notices' titles. */
export interface AnnouncedYear {
  readonly digest: string;
  readonly days: Readonly<Record<string, ArrangedDay>>;
  readonly notices: readonly string[];
}

export interface WriterStateData {
  readonly sync: SyncRecord | undefined;
  /** Ids of the held-notice events already sent: a restart does not send them again. */
  readonly heldEventsSent: readonly string[];
  /** By year; undefined until the first dataset is loaded, which subscribers are not told about. */
  readonly announced: Readonly<Record<string, AnnouncedYear>> | undefined;
  /** The version of the dataset subscribers were last told of: where the next transition starts. */
  readonly announcedVersion: string | null;
  /** How many transitions of the dataset have been announced: the counter in each event's id. */
  readonly transitions: number;
  readonly pending: readonly PendingDelivery[];
  readonly webhooks: DeliveryCounts;
}

const EMPTY: WriterStateData = { sync: undefined, heldEventsSent: [], announced: undefined, announcedVersion: null, transitions: 0, pending: [], webhooks: NO_DELIVERIES };

interface StateLog {
  warn(object: object, message: string): void;
}

/**
 * The state file of a writer's data folder: read once at start, then every update is kept in
 * memory at once and written behind it, atomically, one write at a time. A folder that cannot be
 * written (a read-only mount) leaves the state in memory only, said once in the log.
 */
export class WriterState {
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private warned = false;
  private closed = false;

  private constructor(
    private readonly folder: DataFolder,
    private current: WriterStateData,
    private readonly log: StateLog,
  ) {}

  static async load(folder: DataFolder, log: StateLog): Promise<WriterState> {
    return new WriterState(folder, (await readWriterState(folder, log)) ?? EMPTY, log);
  }

  get data(): WriterStateData {
    return this.current;
  }

  update(patch: Partial<WriterStateData>): void {
    this.current = { ...this.current, ...patch };
    if (this.dirty || this.closed) return;
    this.dirty = true;
    this.writing = this.writing.then(async () => {
      this.dirty = false;
      try {
        await this.folder.writeState(`${JSON.stringify({ version: 1, ...this.current }, null, 2)}\n`);
      } catch (error) {
        if (!this.warned) this.log.warn({ err: error, dataDir: this.folder.location }, 'cannot write the writer state; held notices and undelivered webhooks would not survive a restart');
        this.warned = true;
      }
    });
  }

  /** Writes what is pending, then nothing more: the process is stopping, and the next one starts from the file. */
  async close(): Promise<void> {
    this.closed = true;
    await this.writing;
  }
}

/** The state a writer left in a data folder, for a process that only shows it; undefined when there is none, or none usable. */
export async function readWriterState(folder: DataFolder, log: StateLog): Promise<WriterStateData | undefined> {
  const text = await folder.readState();
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || value.version !== 1) throw new Error(`version ${String(isRecord(value) ? value.version : value)}`);
    if (checkWhole(value)) return dataOf(value);
    const problems = (checkWhole.errors ?? []).map((error) => `${error.instancePath || '(file)'} ${error.message ?? ''}`.trim());
    log.warn({ dataDir: folder.location, problems }, 'the writer state file has fields that do not fit its format; keeping the fields that do');
    return salvaged(value);
  } catch (error) {
    log.warn({ dataDir: folder.location, reason: messageOf(error) }, 'the writer state file is unusable; starting from none');
    return undefined;
  }
}

/** The state a file that fits the format holds (an absent `announced` is one not yet told). */
function dataOf(file: WriterStateFile): WriterStateData {
  return {
    sync: file.sync,
    heldEventsSent: file.heldEventsSent,
    announced: file.announced,
    announcedVersion: file.announcedVersion,
    transitions: file.transitions,
    pending: file.pending,
    webhooks: file.webhooks,
  };
}

/**
 * A file that does not fit the format as a whole, field by field, each by its generated validator
 * (writer-state-validators.ts): a field that does not fit falls back to its empty value, and in a
 * list only the items that do not fit are dropped. A bad delivery or a garbled counter thus costs
 * that field, not the held notices or the other deliveries.
 */
function salvaged(value: Readonly<Record<string, unknown>>): WriterStateData {
  return {
    sync: checkSync(value.sync) ? value.sync : EMPTY.sync,
    heldEventsSent: Array.isArray(value.heldEventsSent) ? value.heldEventsSent.filter((id) => checkHeldEventsSentItem(id)) : EMPTY.heldEventsSent,
    announced: checkAnnounced(value.announced) ? value.announced : EMPTY.announced,
    announcedVersion: checkAnnouncedVersion(value.announcedVersion) ? value.announcedVersion : EMPTY.announcedVersion,
    transitions: checkTransitions(value.transitions) ? value.transitions : EMPTY.transitions,
    pending: Array.isArray(value.pending) ? value.pending.filter((delivery) => checkPendingItem(delivery)) : EMPTY.pending,
    webhooks: checkWebhooks(value.webhooks) ? value.webhooks : EMPTY.webhooks,
  };
}

/** A generated validator, typed by what it checks: the value, and the errors of its last failed check. */
interface Check<Shape> {
  (value: unknown): value is Shape;
  errors?: readonly { readonly instancePath: string; readonly message?: string }[] | null;
}

type Field<Key extends keyof WriterStateFile> = Exclude<WriterStateFile[Key], undefined>;

const checkWhole = validators.checkWriterStateFile as Check<WriterStateFile>;
const checkSync = validators.checkSync as Check<Field<'sync'>>;
const checkHeldEventsSentItem = validators.checkHeldEventsSentItem as Check<string>;
const checkAnnounced = validators.checkAnnounced as Check<Field<'announced'>>;
const checkAnnouncedVersion = validators.checkAnnouncedVersion as Check<string | null>;
const checkTransitions = validators.checkTransitions as Check<number>;
const checkPendingItem = validators.checkPendingItem as Check<Field<'pending'>[number]>;
const checkWebhooks = validators.checkWebhooks as Check<Field<'webhooks'>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
