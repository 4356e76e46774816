import type { DataFolder } from '../data-folder/data-folder.js';
import type { ArrangedDay } from '../sync/arrangement-days.js';
import type { SyncRecord } from '../sync/sync-state.js';
import { NO_DELIVERIES, type DeliveryCounts, type PendingDelivery } from './webhooks.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/*
 * The writer's state that must outlive its process, in one file the data folder keeps beside the
 * data (DataFolder.readState): the last sync run (its held notices above all), the held notices
 * already announced, what subscribers have been told about each year, and the webhook deliveries
 * not made yet.
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
    const value = JSON.parse(text) as Partial<WriterStateData> & { version?: unknown };
    if (value.version !== 1) throw new Error(`version ${String(value.version)}`);
    return {
      sync: isRecord(value.sync) && Array.isArray(value.sync.outcomes) ? value.sync : undefined,
      heldEventsSent: Array.isArray(value.heldEventsSent) ? value.heldEventsSent.filter((id) => typeof id === 'string') : [],
      announced: isRecord(value.announced) ? value.announced : undefined,
      announcedVersion: typeof value.announcedVersion === 'string' ? value.announcedVersion : null,
      transitions: Number.isSafeInteger(value.transitions) && (value.transitions ?? 0) > 0 ? (value.transitions ?? 0) : 0,
      pending: Array.isArray(value.pending) ? value.pending.filter((delivery) => isRecord(delivery) && isRecord(delivery.event) && typeof delivery.url === 'string') : [],
      webhooks: isRecord(value.webhooks) ? { ...EMPTY.webhooks, ...value.webhooks } : EMPTY.webhooks,
    };
  } catch (error) {
    log.warn({ dataDir: folder.location, reason: messageOf(error) }, 'the writer state file is unusable; starting from none');
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> & object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
