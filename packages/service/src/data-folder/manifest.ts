import { sign, verify, type KeyObject } from 'node:crypto';
import type { Manifest } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { sha256Hex } from '@china-holiday-calendar/core/dataset/file-digest.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { MANIFEST_FILE_NAME, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import { MANIFEST_SCHEMA_REFERENCE } from './data-file-layout.js';
import { formatManifest } from './format-data-file.js';
import type { SealOptions } from './data-folder.js';
import { keyIdOf, type TrustedKey } from './dataset-keys.js';
import { yearFileName } from './year-file-name.js';

/**
 * The manifest, known here only: reading it from a folder's snapshot, the next one a publication
 * writes (its digests), its seal (sequence, expiry), and its signature.
 */

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

/** A manifest's text, validated (manifestOf() of a folder holding only it). */
export function manifestOfText(text: string): Manifest | undefined {
  return manifestOf({ manifest: { fileName: MANIFEST_FILE_NAME, text }, yearFiles: [] });
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
    const name = yearFileName(year);
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

/*
 * Signed datasets: the manifest's exact bytes signed with Ed25519 (Node's crypto, RFC 8032), the
 * signature written beside it as `manifest.json.sig`: the signing key's id, a space, the signature
 * in base64, and a newline. A signature file of the base64 alone (as written before key ids) is
 * still read: it is tried with every trusted key. The manifest lists every year file's SHA-256,
 * so one signature covers the whole dataset.
 */

/** The text of `manifest.json.sig`: the key's id, a space, the base64 signature of the manifest's bytes, and a newline. */
export function signManifest(manifest: string, key: KeyObject): string {
  return `${keyIdOf(key)} ${sign(null, Buffer.from(manifest, 'utf8'), key).toString('base64')}\n`;
}

/** Whether a signature verifies, with the id of the key that made it; or why not. */
export type SignatureVerdict = { readonly verified: true; readonly keyId: string } | { readonly verified: false; readonly reason: string };

// An Ed25519 signature is 64 bytes: 88 base64 characters; a key id is 64 hex digits.
const SIGNATURE = /^(?:([0-9a-f]{64}) )?([A-Za-z0-9+/]{86}==)$/;

/** Whether `signature` (the text of `manifest.json.sig`) is a trusted key's signature of the manifest's exact bytes. */
export function verifyManifest(manifest: string, signature: string, keys: readonly TrustedKey[]): SignatureVerdict {
  const [, keyId, encoded] = SIGNATURE.exec(signature.trim()) ?? [];
  if (encoded === undefined) return { verified: false, reason: 'is not a signature (a key id, a space and a base64 Ed25519 signature)' };
  const bytes = Buffer.from(manifest, 'utf8');
  const signatureBytes = Buffer.from(encoded, 'base64');
  if (keyId === undefined) {
    // Written before key ids: any trusted key may have made it.
    const signer = keys.find(({ key }) => verify(null, bytes, key, signatureBytes));
    return signer === undefined
      ? { verified: false, reason: `names no key, and verifies with none of the trusted keys (${keys.map(({ id }) => id).join(', ')}): a key or signature mismatch` }
      : { verified: true, keyId: signer.id };
  }
  const trusted = keys.find(({ id }) => id === keyId);
  if (trusted === undefined) return { verified: false, reason: `is made by key ${keyId}, which is not among the trusted keys (${keys.map(({ id }) => id).join(', ')}): the writer signs with a key this reader does not trust` };
  return verify(null, bytes, trusted.key, signatureBytes)
    ? { verified: true, keyId }
    : { verified: false, reason: `does not verify with key ${keyId}: a signature mismatch, the manifest is not the one that key signed` };
}
