import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import type { DatasetFiles } from '@china-holiday-calendar/core/dataset/data-source.js';
import type { DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import type { PublishOptions, YearPublished } from './data-folder.js';
import { textIn } from './folder-snapshot.js';
import { formatArrangementFile } from './format-data-file.js';
import { manifestOf, nextManifest, sameManifestData, sealedManifestText, signManifest } from './manifest.js';
import { yearFileName } from './year-file-name.js';

/**
 * What a store writes to publish a year, worked out from what it holds now (`snapshot`: the
 * manifest, and the year's file at least) without touching it: the year file in its canonical
 * layout (the same file gives the same bytes, so writers that publish the same notice agree), and
 * the manifest with every year file's digest, sealed after the current one and signed with a
 * key. Nothing to write when the folder has this file already and its manifest says so (a sync
 * that finds nothing new writes nothing). `changed`: the year's data is new to the folder.
 */
export function yearPublication(snapshot: DirectorySnapshot, file: ArrangementFile, options: PublishOptions, now: Date): YearPublished {
  const name = yearFileName(file.year);
  const text = formatArrangementFile(file);
  const sameFile = textIn(snapshot, name) === text;
  const current = manifestOf(snapshot);
  const listed = current?.publishedYears.includes(file.year) === true;
  const manifest = nextManifest(snapshot, new Map([[name, text]]), { years: [file.year] });
  const changed = !sameFile || !listed;
  if (sameFile && sameManifestData(current, manifest)) return { changed, written: undefined };
  const sealed = sealedManifestText(manifest, current, options, now);
  return { changed, written: { yearFiles: sameFile ? new Map() : new Map([[name, text]]), manifest: sealed, signature: signatureOf(sealed, options) } };
}

/** The manifest written again, sealed anew (the next sequence, a new expiry), with every published year file's digest as the files are in `snapshot`. */
export function resealing(snapshot: DirectorySnapshot, options: PublishOptions, now: Date): DatasetFiles {
  const manifest = sealedManifestText(nextManifest(snapshot, new Map(), { reseal: true }), manifestOf(snapshot), options, now);
  return { yearFiles: new Map(), manifest, signature: signatureOf(manifest, options) };
}

/** Whether every year the snapshot's manifest publishes has its digest listed: then a publication needs no other year's file. */
export function listsEveryDigest(snapshot: DirectorySnapshot): boolean {
  const manifest = manifestOf(snapshot);
  return manifest === undefined || manifest.publishedYears.every((year) => manifest.files?.[yearFileName(year)] !== undefined);
}

function signatureOf(manifest: string, options: PublishOptions): string | undefined {
  return options.signingKey === undefined ? undefined : signManifest(manifest, options.signingKey);
}
