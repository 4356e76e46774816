import { mkdir, readdir, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { LiveDataset, type CalendarBuild, type ReloadOutcome } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { DataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { shownText } from '@china-holiday-calendar/core/message-of.js';
import { readDataDirectory, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import type { OriginSettings } from '../settings/config.js';
import { READER_CHECK_FIELDS, readerChecks, type ManifestInUse } from './reader-checks.js';
import { urlSource } from './url-source.js';
import { writeDatasetFiles } from '../data-folder/file-system-folder.js';
import { manifestOf, verifyManifest } from '../data-folder/manifest.js';

export const POLL_RESULTS = ['changed', 'unchanged', 'refused', 'failed'] as const;
export type PollResult = (typeof POLL_RESULTS)[number];

/** What /readyz and /metrics show of a reader's origin. */
export interface OriginState {
  /** DATA_URL, without credentials. */
  readonly url: string;
  readonly pollSeconds: number;
  /** ISO timestamps: the last poll whose copy was taken or found unchanged, the last that changed the dataset. */
  readonly lastSuccess: string | null;
  readonly lastChange: string | null;
  /** The last poll that failed or whose copy was refused, and why (the cache's refusal at start too). */
  readonly lastError: { readonly at: string; readonly message: string } | null;
  readonly polls: Readonly<Record<PollResult, number>>;
  /** The files of the copy refused last, and which check refused each (digest, signature, rollback, expired, data); empty once a copy is taken. */
  readonly refusedFiles: readonly { readonly file: string; readonly check: string }[];
}

export type OriginStateSource = () => OriginState | undefined;

/** A reader: its live dataset, what it knows of its origin, and its polling. */
export interface Reader<Calendar> {
  readonly live: LiveDataset<Calendar>;
  state(): OriginState;
  /** Loads the cache, polls the origin once, then on the wall clock's multiples of DATA_POLL_SECONDS. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CACHE = 'cache';
const MAX_ERROR_PROBLEMS = 5;

/**
 * A replica that follows another's dataset (docs/design.md, "Many replicas"): its live dataset
 * reads the origin's URL and takes a copy whole or not at all, after the loader's checks and the
 * reader's own (every file's digest, the signature); it never withdraws a published year. Each
 * copy taken is written to the cache (DATA_DIR), from which a restart starts while the origin is
 * down; without an origin or a cache it stays unready rather than answer unlike the fleet.
 */
export function followOrigin<Calendar>(settings: OriginSettings, build: CalendarBuild<Calendar>, log: Logger): Reader<Calendar> {
  const { publicKeys } = settings;
  const source = urlSource({
    url: settings.url,
    signed: publicKeys !== undefined,
    verify: publicKeys === undefined ? undefined : (manifest, signature) => verifyManifest(manifest, signature, publicKeys).verified,
  });
  let inUse: ManifestInUse | undefined;
  let startingFromCache = false;
  const check = readerChecks({
    publicKeys,
    minSequence: settings.minSequence,
    inUse: () => inUse,
    refusesExpired: () => !startingFromCache,
    now: Date.now,
  });
  const live = new LiveDataset(source, build, { log, acceptance: 'whole', check });
  const polls: Record<PollResult, number> = { changed: 0, unchanged: 0, refused: 0, failed: 0 };
  let state: Omit<OriginState, 'polls'> = { url: source.location, pollSeconds: settings.pollSeconds, lastSuccess: null, lastChange: null, lastError: null, refusedFiles: [] };
  let caching: Promise<void> = Promise.resolve();

  live.onReload((outcome, reason, snapshot) => {
    const at = new Date().toISOString();
    if (outcome.failed || outcome.refused) {
      state = { ...state, lastError: { at, message: errorMessage(outcome, reason, live.dataset() !== undefined) }, refusedFiles: outcome.refused ? refusedFilesOf(outcome.dataProblems) : state.refusedFiles };
    }
    const taken = !outcome.failed && !outcome.refused ? manifestInUse(snapshot) : undefined;
    const newManifest = taken !== undefined && taken.text !== inUse?.text;
    if (taken !== undefined) inUse = taken;
    if (reason === CACHE) return;
    const result: PollResult = outcome.failed ? 'failed' : outcome.refused ? 'refused' : outcome.changed ? 'changed' : 'unchanged';
    polls[result] += 1;
    if (result === 'changed' || result === 'unchanged') state = { ...state, lastSuccess: at, refusedFiles: [] };
    if (result === 'changed') state = { ...state, lastChange: at };
    // Every manifest taken goes to the cache, a re-seal too: the cache keeps the highest sequence taken.
    const cacheDir = settings.cacheDir;
    if (newManifest && snapshot !== undefined && cacheDir !== undefined) caching = caching.then(() => writeCache(cacheDir, snapshot, log));
  });

  return {
    live,
    state: () => ({ ...state, polls: { ...polls } }),
    async start() {
      if (publicKeys === undefined && settings.url.startsWith('http:')) {
        log.warn({ dataUrl: source.location }, 'the origin is followed over plain HTTP without DATASET_PUBLIC_KEY_FILE: anyone on the path can serve this reader a dataset of their own; sign the dataset, or use https');
      }
      const cached = settings.cacheDir === undefined ? undefined : await readCache(settings.cacheDir);
      if (cached !== undefined) {
        source.remember(cached);
        // The cache's copy was in use before the restart: its answers are still the best known, expired or not.
        startingFromCache = true;
        await live.adopt(cached, CACHE);
        startingFromCache = false;
      }
      await live.reload('start');
      live.startWatching(settings.pollSeconds);
    },
    async stop() {
      live.stopWatching();
      await caching;
      await source.close();
    },
  };
}

function errorMessage(outcome: ReloadOutcome, reason: string, holdsCopy: boolean): string {
  // Each problem cut: its file name and reason may quote what the origin supplied.
  const listed = outcome.dataProblems.slice(0, MAX_ERROR_PROBLEMS).map((problem) => shownText(formatDataProblem(problem)));
  const more = outcome.dataProblems.length > MAX_ERROR_PROBLEMS ? [`and ${outcome.dataProblems.length - MAX_ERROR_PROBLEMS} more`] : [];
  const kept = holdsCopy ? 'the last good copy stays' : 'no copy is held yet';
  const what = reason === CACHE ? 'the cache was refused' : outcome.failed ? 'the origin could not be read' : `the origin's copy was refused; ${kept}`;
  return `${what}: ${[...listed, ...more].join('; ')}`;
}

function refusedFilesOf(problems: readonly DataProblem[]): { file: string; check: string }[] {
  const checks = problems.map((problem) => ({ file: shownText(problem.file), check: checkOf(problem.field) }));
  return [...new Map(checks.map((entry) => [`${entry.file} ${entry.check}`, entry])).values()];
}

function checkOf(field: string): string {
  return Object.hasOwn(READER_CHECK_FIELDS, field) ? READER_CHECK_FIELDS[field as keyof typeof READER_CHECK_FIELDS] : 'data';
}

/** The sequence and bytes of a copy's manifest, once taken. */
function manifestInUse(snapshot: DirectorySnapshot | undefined): ManifestInUse | undefined {
  const manifest = snapshot?.manifest;
  if (manifest === undefined || !('text' in manifest)) return undefined;
  try {
    const sequence = manifestOf({ manifest, yearFiles: [] })?.sequence;
    return sequence === undefined ? undefined : { sequence, text: manifest.text };
  } catch {
    return undefined;
  }
}

/** The cache's copy, if the folder holds one (a manifest at least): the copy `current` names, or (as a cache written before) the folder's own files. */
async function readCache(cacheDir: string): Promise<DirectorySnapshot | undefined> {
  for (const dir of [join(cacheDir, CURRENT_COPY), cacheDir]) {
    try {
      const snapshot = await readDataDirectory(dir);
      if (snapshot.manifest !== undefined) return snapshot;
    } catch {
      // No copy there: the next place, or none.
    }
  }
  return undefined;
}

/** The link in the cache folder naming the copy in use; each copy is a folder of its own beside it. */
const CURRENT_COPY = 'current';
const COPY_PREFIX = '.copy-';

/**
 * A copy just taken, into the cache, replaced whole in one rename: the copy is written into a
 * folder of its own, then the `current` link is pointed at it by renaming a new link over it, and
 * the copies before it are removed. A crash at any moment leaves `current` naming the old copy
 * or the new one, each whole.
 */
async function writeCache(cacheDir: string, snapshot: DirectorySnapshot, log: Logger): Promise<void> {
  const manifest = snapshot.manifest;
  if (manifest === undefined || !('text' in manifest)) return;
  copies += 1;
  const name = `${COPY_PREFIX}${Date.now()}-${process.pid}-${copies}`;
  try {
    const copy = join(cacheDir, name);
    await mkdir(copy, { recursive: true });
    const yearFiles = new Map(snapshot.yearFiles.flatMap((file) => ('text' in file ? [[file.fileName, file.text] as const] : [])));
    const signature = snapshot.signature !== undefined && 'text' in snapshot.signature ? snapshot.signature.text : undefined;
    await writeDatasetFiles(copy, { yearFiles, manifest: manifest.text, signature });
    const link = join(cacheDir, `${COPY_PREFIX}link-${process.pid}`);
    await rm(link, { force: true });
    await symlink(name, link);
    await rename(link, join(cacheDir, CURRENT_COPY));
    // The copies before: this process's, and any other's (a worker of the same pod) old enough not to be under way.
    for (const entry of await readdir(cacheDir)) {
      const [, written = '0', pid = ''] = /^\.copy-(?:link-)?(\d+)-?(\d*)/.exec(entry) ?? [];
      const stale = pid === String(process.pid) || Date.now() - Number(written) > STALE_COPY_MS;
      if (entry.startsWith(COPY_PREFIX) && entry !== name && !entry.startsWith(`${COPY_PREFIX}link-`) && stale) await rm(join(cacheDir, entry), { recursive: true, force: true });
    }
  } catch (error) {
    log.warn({ err: error, cacheDir }, 'cannot write the dataset cache; a restart while the origin is down would start from an older copy, or unready');
  }
}

let copies = 0;

/** A copy of another process older than this is not being written any more. */
const STALE_COPY_MS = 60_000;
