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

/** How a manifest is sealed when written: how long it vouches for the data, and the least sequence it may have. */
export interface SealOptions {
  /** DATASET_EXPIRES_SECONDS, or sign's --expires-seconds: `expires` is this long after now. */
  readonly expiresSeconds?: number | undefined;
  /** sign's --sequence-at-least: the way back for a writer that lost its folder (its readers hold a higher sequence). */
  readonly sequenceAtLeast?: number | undefined;
}

/** A week: a reader then trusts a frozen origin for at most a week, and the writer re-seals twice a week. */
export const DEFAULT_EXPIRES_SECONDS = 604_800;

/**
 * The manifest a folder gets whenever one is written (import, sync, an acceptance, sign): its
 * `$schema` and published years, with `years` added, and the SHA-256 of every published year's
 * file: for a file being written (`written`, name and text), of its new text; for any other, the
 * digest the manifest lists already, so that publishing one year never vouches for a file edited
 * by hand since (`sign`, with `reseal`, does that on purpose), or of the file as it is when the
 * manifest lists none yet. A published year whose file cannot be read gets no digest: a reader of
 * the folder then refuses it rather than trust it. Unsealed: sealedManifestText() adds the seal.
 */
export function nextManifest(
  snapshot: DirectorySnapshot,
  written: ReadonlyMap<string, string>,
  options: { readonly years?: readonly number[]; readonly reseal?: boolean } = {},
): Manifest {
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
  return { $schema: current?.$schema ?? MANIFEST_SCHEMA_REFERENCE, publishedYears, files };
}

/**
 * The text of `manifest` sealed after `previous` (the folder's manifest now, if any): the
 * previous sequence plus one (at least `sequenceAtLeast`), and an expiry `expiresSeconds` from
 * `now`. Every manifest written is sealed anew, so a reader can tell a newer one from an older.
 */
export function sealedManifestText(manifest: Manifest, previous: Manifest | undefined, options: SealOptions, now: Date): string {
  const sequence = Math.max((previous?.sequence ?? 0) + 1, options.sequenceAtLeast ?? 1);
  const expires = rfc3339Seconds(new Date(now.getTime() + (options.expiresSeconds ?? DEFAULT_EXPIRES_SECONDS) * 1000));
  return formatManifest({ ...manifest, sequence, expires });
}

/** Whether two manifests say the same of the data: their seals aside. */
export function sameManifestData(a: Manifest | undefined, b: Manifest): boolean {
  const data = (manifest: Manifest): string => JSON.stringify([manifest.$schema, manifest.publishedYears, manifest.files]);
  return a !== undefined && data(a) === data(b);
}

/** `2026-11-27T21:00:00Z`: RFC 3339 in UTC, to the second, as the manifest's schema writes it. */
export function rfc3339Seconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
