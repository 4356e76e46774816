import type { KeyObject } from 'node:crypto';
import { join } from 'node:path';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { formatArrangementFile } from './format-data-file.js';
import { MANIFEST_FILE_NAME, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { writableFolder } from '../data-source/writable-folder.js';
import { signManifest } from './dataset-signature.js';
import { manifestOf, manifestText } from './manifest-text.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/** How a folder's manifest is written: signed (manifest.json.sig beside it) when the writer has a key. */
export interface PublishOptions {
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
export async function publishYear(dataDir: string, file: ArrangementFile, options: PublishOptions = {}): Promise<{ readonly path: string; readonly changed: boolean }> {
  const folder = writableFolder(dataDir);
  const snapshot = await folder.read();
  const name = `${file.year}.json`;
  const text = formatArrangementFile(file);
  const sameFile = textOf(snapshot, name) === text;
  const listed = manifestOf(snapshot)?.publishedYears.includes(file.year) === true;
  const manifest = manifestText(snapshot, new Map([[name, text]]), { years: [file.year] });
  if (!sameFile || manifest !== textOf(snapshot, MANIFEST_FILE_NAME)) {
    await folder.publish({ yearFiles: sameFile ? new Map() : new Map([[name, text]]), manifest, signature: signatureOf(manifest, options) });
  }
  return { path: join(dataDir, name), changed: !sameFile || !listed };
}

/** Writes a folder's manifest again: every published year file's digest as the files are now, and the signature when there is a key. */
export async function sealFolder(dataDir: string, options: PublishOptions = {}): Promise<string> {
  const folder = writableFolder(dataDir);
  const manifest = manifestText(await folder.read(), new Map(), { reseal: true });
  await folder.publish({ yearFiles: new Map(), manifest, signature: signatureOf(manifest, options) });
  return manifest;
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
