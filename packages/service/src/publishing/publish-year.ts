import type { KeyObject } from 'node:crypto';
import { join } from 'node:path';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { formatArrangementFile } from './format-data-file.js';
import type { DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { writableFolder } from '../data-source/writable-folder.js';
import { signManifest } from './dataset-signature.js';
import { manifestOf, nextManifest, sameManifestData, sealedManifestText, type SealOptions } from './manifest-text.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/** How a folder's manifest is written: sealed (sequence, expiry), and signed (manifest.json.sig beside it) when the writer has a key. */
export interface PublishOptions extends SealOptions {
  /** DATASET_SIGNING_KEY_FILE's key. */
  readonly signingKey?: KeyObject | undefined;
}

/**
 * Publishing a year into a data folder, as `import` and `sync` both do it: the year file is
 * written first and the manifest (with every year file's digest, and its signature) second, each
 * atomically, so a running service watching the folder never sees a published year without its
 * file. The same file gives the same bytes (the canonical layout), so writers that publish the
 * same notice agree. Returns whether the data changed: publishing the file a folder already has is
 * a no-op (though a manifest without digests gets them).
 */
export function publishYear(dataDir: string, file: ArrangementFile, options: PublishOptions = {}): Promise<{ readonly path: string; readonly changed: boolean }> {
  return oneAtATime(dataDir, () => publishYearNow(dataDir, file, options));
}

async function publishYearNow(dataDir: string, file: ArrangementFile, options: PublishOptions): Promise<{ readonly path: string; readonly changed: boolean }> {
  const folder = writableFolder(dataDir);
  const snapshot = await folder.read();
  const name = `${file.year}.json`;
  const text = formatArrangementFile(file);
  const sameFile = textOf(snapshot, name) === text;
  const current = manifestOf(snapshot);
  const listed = current?.publishedYears.includes(file.year) === true;
  const manifest = nextManifest(snapshot, new Map([[name, text]]), { years: [file.year] });
  // The same data needs no new manifest: a sync that finds nothing new writes nothing.
  if (!sameFile || !sameManifestData(current, manifest)) {
    const sealed = sealedManifestText(manifest, current, options, new Date());
    await folder.publish({ yearFiles: sameFile ? new Map() : new Map([[name, text]]), manifest: sealed, signature: signatureOf(sealed, options) });
  }
  return { path: join(dataDir, name), changed: !sameFile || !listed };
}

/**
 * Writes a folder's manifest again, sealed anew (the next sequence, a new expiry): every
 * published year file's digest as the files are now, and the signature when there is a key.
 */
export function sealFolder(dataDir: string, options: PublishOptions = {}): Promise<string> {
  return oneAtATime(dataDir, async () => {
    const folder = writableFolder(dataDir);
    const snapshot = await folder.read();
    const manifest = sealedManifestText(nextManifest(snapshot, new Map(), { reseal: true }), manifestOf(snapshot), options, new Date());
    await folder.publish({ yearFiles: new Map(), manifest, signature: signatureOf(manifest, options) });
    return manifest;
  });
}

/** The publications under way, by folder. */
const publishing = new Map<string, Promise<unknown>>();

/**
 * One publication of a folder at a time in this process (a sync and the writer's re-seal): two
 * that read the same manifest would write two manifests of the same sequence, which readers
 * refuse as an equivocation.
 */
function oneAtATime<Result>(dataDir: string, task: () => Promise<Result>): Promise<Result> {
  const run = (publishing.get(dataDir) ?? Promise.resolve()).then(task);
  const settled = run.catch(() => undefined);
  publishing.set(dataDir, settled);
  void settled.then(() => {
    if (publishing.get(dataDir) === settled) publishing.delete(dataDir);
  });
  return run;
}

function signatureOf(manifest: string, options: PublishOptions): string | undefined {
  return options.signingKey === undefined ? undefined : signManifest(manifest, options.signingKey);
}

function textOf(snapshot: DirectorySnapshot, name: string): string | undefined {
  const read = name === snapshot.manifest?.fileName ? snapshot.manifest : snapshot.yearFiles.find((file) => file.fileName === name);
  return read !== undefined && 'text' in read ? read.text : undefined;
}

/** The year's file in the data directory: absent, readable and valid, or why not. */
export async function readYearFile(
  dataDir: string,
  year: number,
): Promise<{ readonly state: 'absent' } | { readonly state: 'valid'; readonly file: ArrangementFile } | { readonly state: 'invalid'; readonly reason: string }> {
  const name = `${year}.json`;
  const read = (await writableFolder(dataDir).read()).yearFiles.find((file) => file.fileName === name);
  if (read === undefined) return { state: 'absent' };
  const path = join(dataDir, name);
  if ('error' in read) return { state: 'invalid', reason: `${path} cannot be read (${read.error})` };
  let raw: unknown;
  try {
    raw = JSON.parse(read.text) as unknown;
  } catch (error) {
    return { state: 'invalid', reason: `${path} cannot be read (${messageOf(error)})` };
  }
  const validation = validateArrangementFile(raw, name);
  return validation.ok ? { state: 'valid', file: validation.file } : { state: 'invalid', reason: validation.problems.map(formatDataProblem).join('\n') };
}

/** The years the directory's manifest publishes (none when it has no manifest). */
export async function publishedYearsOf(dataDir: string): Promise<readonly number[]> {
  return manifestOf(await writableFolder(dataDir).read())?.publishedYears ?? [];
}
