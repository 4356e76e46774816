import { hostname } from 'node:os';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The lock file of a data folder's publications. A dot file: the loader reads only `manifest.json`
 * and `<year>.json`, and `/dataset/` serves nothing else, so it is never data nor listed.
 */
export const PUBLICATION_LOCK_FILE_NAME = '.publication.lock';

/** Who holds a folder's publication lock: created with O_EXCL, so one process at a time. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** When it was taken (ISO). */
  readonly since: string;
}

export interface LockPolicy {
  /** How long to wait for a live holder before giving up. */
  readonly waitMs: number;
  /** A lock older than this is a holder's that died unseen (another host's, or a PID reused): taken over. */
  readonly staleMs: number;
  /** How often to look again while a live holder has it. */
  readonly pollMs: number;
  /** Told once when a live holder makes this process wait. */
  readonly onWait?: (holder: LockHolder) => void;
}

/** A publication takes a second or two; a lock held ten minutes is no publication's. */
export const DEFAULT_LOCK_POLICY: LockPolicy = { waitMs: 60_000, staleMs: 10 * 60_000, pollMs: 100 };

/** The folder's lock was held by a live process for the whole wait. */
export class FolderLockedError extends Error {
  constructor(readonly holder: LockHolder | undefined, waitedMs: number) {
    super(
      `the data folder is locked by ${holder === undefined ? 'another process' : `process ${holder.pid} on ${holder.host} (since ${holder.since})`}, ` +
        `still after ${Math.round(waitedMs / 1000)} s; try again when it is done, or remove ${PUBLICATION_LOCK_FILE_NAME} if that process is gone`,
    );
    this.name = 'FolderLockedError';
  }
}

/**
 * `task` run holding the folder's publication lock, so that the CLI's `import`, `sign` and
 * `sync --accept` and a running writer's re-seal never write the manifest at once (two that read
 * the same manifest would write two of the same sequence, which readers refuse). A lock whose
 * process is gone (its PID not alive on this host), or older than `staleMs`, is taken over.
 */
export async function withFolderLock<Result>(dir: string, task: () => Promise<Result>, policy: LockPolicy = DEFAULT_LOCK_POLICY): Promise<Result> {
  const path = join(dir, PUBLICATION_LOCK_FILE_NAME);
  const mine: LockHolder = await acquire(path, policy);
  try {
    return await task();
  } finally {
    // Only our own lock is removed: one taken over as stale while we ran is the new holder's.
    if (sameHolder(await holderOf(path), mine)) await rm(path, { force: true });
  }
}

async function acquire(path: string, policy: LockPolicy): Promise<LockHolder> {
  const started = Date.now();
  let told = false;
  for (;;) {
    const mine: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    try {
      await writeFile(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      return mine;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = await lockOf(path);
    if (seen === undefined) continue;
    if (isStale(seen, policy.staleMs)) {
      // Removed only if it is still the lock judged stale; between that read and the removal,
      // another process taking it over too is the one race left, as narrow as two reads.
      if ((await lockOf(path))?.text === seen.text) await rm(path, { force: true });
      continue;
    }
    if (Date.now() - started >= policy.waitMs) throw new FolderLockedError(seen.holder, Date.now() - started);
    if (!told && seen.holder !== undefined) policy.onWait?.(seen.holder);
    told ||= seen.holder !== undefined;
    await sleep(policy.pollMs);
  }
}

/** A lock file as found: its text, its holder (undefined for a garbled or half-written file) and when it was last written. */
interface SeenLock {
  readonly text: string;
  readonly holder: LockHolder | undefined;
  readonly writtenMs: number;
}

/** The lock file as it is; undefined when there is none. */
async function lockOf(path: string): Promise<SeenLock | undefined> {
  let text: string;
  let writtenMs: number;
  try {
    [text, writtenMs] = await Promise.all([readFile(path, 'utf8'), stat(path).then((stats) => stats.mtimeMs)]);
  } catch {
    return undefined;
  }
  return { text, holder: holderIn(text), writtenMs };
}

async function holderOf(path: string): Promise<LockHolder | undefined> {
  return (await lockOf(path))?.holder;
}

function holderIn(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isSafeInteger(value.pid) && typeof value.host === 'string' && typeof value.since === 'string') {
      return { pid: value.pid ?? 0, host: value.host, since: value.since };
    }
  } catch {
    // garbled: no holder
  }
  return undefined;
}

/** A file being written this instant is empty for a moment: a garbled lock is stale only after this. */
const GARBLED_GRACE_MS = 2000;

function isStale({ holder, writtenMs }: SeenLock, staleMs: number): boolean {
  if (holder === undefined) return Date.now() - writtenMs >= GARBLED_GRACE_MS;
  const age = Date.now() - Date.parse(holder.since);
  if (!(age < staleMs)) return true;
  return holder.host === hostname() && !isAlive(holder.pid);
}

/** Whether a process of this host is alive: signal 0 checks without sending; EPERM is a live process of another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sameHolder(a: LockHolder | undefined, b: LockHolder | undefined): boolean {
  return a !== undefined && b !== undefined && a.pid === b.pid && a.host === b.host && a.since === b.since;
}
