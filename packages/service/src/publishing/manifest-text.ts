import type { Manifest } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { sha256Hex } from '@china-holiday-calendar/core/dataset/file-digest.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import type { DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import { MANIFEST_SCHEMA_REFERENCE } from './data-file-layout.js';
import { formatManifest } from './format-data-file.js';

export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** A folder's manifest, validated: none when the folder has none; an error naming the file and each field at fault when it has one that cannot be used. */
export function manifestOf(snapshot: DirectorySnapshot): Manifest | undefined {
  if (snapshot.manifest === undefined) return undefined;
  const reading = readManifest(snapshot.manifest);
  if (!reading.ok) throw new ManifestError(reading.problems.map(formatDataProblem).join('; '));
  return reading.manifest;
}

/**
 * The manifest a folder gets whenever one is written (import, sync, an acceptance, sign): its
 * `$schema` and published years, with `years` added, and the SHA-256 of every published year's
 * file: for a file being written (`written`, name and text), of its new text; for any other, the
 * digest the manifest lists already, so that publishing one year never vouches for a file edited
 * by hand since (`sign`, with `reseal`, does that on purpose), or of the file as it is when the
 * manifest lists none yet. A published year whose file cannot be read gets no digest: a reader of
 * the folder then refuses it rather than trust it.
 */
export function manifestText(
  snapshot: DirectorySnapshot,
  written: ReadonlyMap<string, string>,
  options: { readonly years?: readonly number[]; readonly reseal?: boolean } = {},
): string {
  const current = manifestOf(snapshot);
  const publishedYears = [...new Set([...(current?.publishedYears ?? []), ...(options.years ?? [])])].sort((a, b) => a - b);
  const files: Record<string, string> = {};
  for (const year of publishedYears) {
    const name = `${year}.json`;
    const read = snapshot.yearFiles.find((file) => file.fileName === name);
    const text = written.get(name) ?? (read !== undefined && 'text' in read ? read.text : undefined);
    const listed = written.has(name) || options.reseal === true ? undefined : current?.files?.[name];
    const digest = listed ?? (text === undefined ? undefined : sha256Hex(text));
    if (digest !== undefined) files[name] = digest;
  }
  return formatManifest({ $schema: current?.$schema ?? MANIFEST_SCHEMA_REFERENCE, publishedYears, files });
}
