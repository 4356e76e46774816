import type { DataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { MANIFEST_FILE_NAME, SIGNATURE_FILE_NAME, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { digestHex, sha256Hex } from '@china-holiday-calendar/core/dataset/file-digest.js';
import type { TrustedKey } from '../data-folder/dataset-keys.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../outbound/json-depth.js';
import { ManifestError, manifestOf, verifyManifest } from '../data-folder/manifest.js';

/** The manifest of the copy a reader answers from: what a new one is compared with. */
export interface ManifestInUse {
  readonly sequence: number;
  readonly text: string;
}

/** What a reader trusts, and what it holds. */
export interface ReaderTrust {
  /** DATASET_PUBLIC_KEY_FILE's keys. */
  readonly publicKeys: readonly TrustedKey[] | undefined;
  /** DATASET_MIN_SEQUENCE: the lowest sequence taken while no copy is held. */
  readonly minSequence: number;
  /** The manifest of the copy in use, if any. */
  readonly inUse: () => ManifestInUse | undefined;
  /** Whether a manifest past its expiry is refused: not the cache's at start, which was the copy in use. */
  readonly refusesExpired: () => boolean;
  readonly now: () => number;
}

/** The name each reader check gives the problems it finds, by the field it files them under. */
export const READER_CHECK_FIELDS = { '(digest)': 'digest', '(signature)': 'signature', '(sequence)': 'rollback', '(expires)': 'expired', '(depth)': 'depth' } as const;

/**
 * What a reader asks of a dataset beyond the loader's checks, which every copy it takes (from its
 * origin, or its cache at start) must pass: a manifest that lists the SHA-256 of every published
 * year's file (the loader then holds each file to it), and with DATASET_PUBLIC_KEY_FILE a
 * signature of the manifest's exact bytes by one of its keys, the one the signature names; a sequence never lower than the
 * copy in use (nor equal with other bytes: two manifests of one number), nor, without a copy,
 * than DATASET_MIN_SEQUENCE; and an expiry not passed. The sequence and the expiry are what the
 * signature cannot say: when the manifest was written, so that an old signed copy (a rollback, a
 * frozen origin) is refused. All of it is checked on the raw texts before the loader parses
 * anything (a file nested too deep is refused by a scan), so that a hostile origin costs hashing,
 * not parsing. A copy with any problem is refused whole.
 */
export function readerChecks(trust: ReaderTrust): (snapshot: DirectorySnapshot) => DataProblem[] {
  return (snapshot) => {
    const raw = snapshot.manifest;
    if (raw === undefined || !('text' in raw)) {
      return raw === undefined ? [{ file: MANIFEST_FILE_NAME, field: '(file)', reason: 'missing: a reader follows a dataset through its manifest' }] : [];
    }
    // Before any parse: the nesting (a cheap scan), then the signature over the exact bytes.
    const deep = [raw, ...snapshot.yearFiles].filter((file) => 'text' in file && nestedDeeperThan(file.text));
    if (deep.length > 0) return deep.map((file) => ({ file: file.fileName, field: '(depth)', reason: `JSON nested deeper than ${MAX_JSON_DEPTH} levels: no data file is, and it is not parsed` }));
    if (trust.publicKeys !== undefined) {
      const problem = signatureProblem(raw.text, snapshot.signature, trust.publicKeys);
      if (problem !== undefined) return [{ file: SIGNATURE_FILE_NAME, field: '(signature)', reason: problem }];
    }
    let manifest;
    try {
      manifest = manifestOf(snapshot);
    } catch (error) {
      // The loader names what is wrong with the manifest.
      if (error instanceof ManifestError) return [];
      throw error;
    }
    if (manifest === undefined) return [];
    const files = manifest.files ?? {};
    const problems: DataProblem[] = manifest.publishedYears
      .map((year) => `${year}.json`)
      .filter((name) => files[name] === undefined)
      .map((file) => ({ file, field: '(digest)', reason: `${MANIFEST_FILE_NAME} lists no SHA-256 digest for it, and a reader takes no file the manifest does not vouch for (china-calendar sign writes the digests)` }));
    // Each year file against its digest, before the loader parses it.
    for (const file of snapshot.yearFiles) {
      const listed = files[file.fileName];
      const expected = listed === undefined ? undefined : digestHex(listed);
      if (!('text' in file) || expected === undefined) continue;
      const actual = sha256Hex(file.text);
      if (actual !== expected) {
        problems.push({ file: file.fileName, field: '(digest)', reason: `its SHA-256 digest is ${actual.slice(0, 16)}…, not the ${expected.slice(0, 16)}… ${MANIFEST_FILE_NAME} lists: it is not the file the manifest publishes` });
      }
    }
    const rollback = sequenceProblem(manifest.sequence, raw.text, trust);
    if (rollback !== undefined) problems.push({ file: MANIFEST_FILE_NAME, field: '(sequence)', reason: rollback });
    const expiry = trust.refusesExpired() ? expiryProblem(manifest.expires, trust.now()) : undefined;
    if (expiry !== undefined) problems.push({ file: MANIFEST_FILE_NAME, field: '(expires)', reason: expiry });
    return problems;
  };
}

function sequenceProblem(sequence: number | undefined, text: string, trust: ReaderTrust): string | undefined {
  if (sequence === undefined) return 'lists no sequence: a reader takes only a sealed manifest, whose sequence tells a newer one from an older (china-calendar sign seals one)';
  const inUse = trust.inUse();
  if (inUse === undefined) {
    return sequence < trust.minSequence ? `sequence ${sequence} is below DATASET_MIN_SEQUENCE ${trust.minSequence}: an older manifest than this reader accepts` : undefined;
  }
  if (sequence < inUse.sequence) return `sequence ${sequence} is below the ${inUse.sequence} of the copy in use: an older manifest (a rollback), not taken`;
  if (sequence === inUse.sequence && text !== inUse.text) return `sequence ${sequence} is the copy in use's, with other bytes: two manifests of one number, neither of which can be trusted over the other`;
  return undefined;
}

function expiryProblem(expires: string | undefined, now: number): string | undefined {
  if (expires === undefined) return 'lists no expiry: a reader takes only a sealed manifest, whose expiry tells a frozen origin (china-calendar sign seals one)';
  return Date.parse(expires) <= now ? `expired at ${expires}: the origin serves a manifest its writer has not re-sealed (a frozen origin, or a stopped writer)` : undefined;
}

function signatureProblem(manifest: string, signature: DirectorySnapshot['signature'], keys: readonly TrustedKey[]): string | undefined {
  if (signature === undefined) return `missing: with DATASET_PUBLIC_KEY_FILE set, only a signed ${MANIFEST_FILE_NAME} is taken`;
  if ('error' in signature) return `the signature cannot be read (${signature.error})`;
  const verdict = verifyManifest(manifest, signature.text, keys);
  return verdict.verified ? undefined : `the signature of ${MANIFEST_FILE_NAME} ${verdict.reason} (DATASET_PUBLIC_KEY_FILE)`;
}
