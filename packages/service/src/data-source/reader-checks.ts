import type { KeyObject } from 'node:crypto';
import type { DataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { MANIFEST_FILE_NAME, SIGNATURE_FILE_NAME, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { verifyManifest } from '../publishing/dataset-signature.js';
import { ManifestError, manifestOf } from '../publishing/manifest-text.js';

/**
 * What a reader asks of a dataset beyond the loader's checks, which every copy it takes (from its
 * origin, or its cache at start) must pass: a manifest that lists the SHA-256 of every published
 * year's file (the loader then holds each file to it), and with DATASET_PUBLIC_KEY_FILE a
 * signature of the manifest's exact bytes by the writer's key. A copy with any problem is refused
 * whole.
 */
export function readerChecks(publicKey: KeyObject | undefined): (snapshot: DirectorySnapshot) => DataProblem[] {
  return (snapshot) => {
    let manifest;
    try {
      manifest = manifestOf(snapshot);
    } catch (error) {
      // The loader names what is wrong with the manifest.
      if (error instanceof ManifestError) return [];
      throw error;
    }
    if (manifest === undefined || snapshot.manifest === undefined || !('text' in snapshot.manifest)) {
      return [{ file: MANIFEST_FILE_NAME, field: '(file)', reason: 'missing: a reader follows a dataset through its manifest' }];
    }
    const problems: DataProblem[] = manifest.publishedYears
      .map((year) => `${year}.json`)
      .filter((name) => manifest.files?.[name] === undefined)
      .map((file) => ({ file, field: '(digest)', reason: `${MANIFEST_FILE_NAME} lists no SHA-256 digest for it, and a reader takes no file the manifest does not vouch for (china-calendar sign writes the digests)` }));
    if (publicKey !== undefined) {
      const problem = signatureProblem(snapshot.manifest.text, snapshot.signature, publicKey);
      if (problem !== undefined) problems.push({ file: SIGNATURE_FILE_NAME, field: '(signature)', reason: problem });
    }
    return problems;
  };
}

function signatureProblem(manifest: string, signature: DirectorySnapshot['signature'], key: KeyObject): string | undefined {
  if (signature === undefined) return `missing: with DATASET_PUBLIC_KEY_FILE set, only a signed ${MANIFEST_FILE_NAME} is taken`;
  if ('error' in signature) return `the signature cannot be read (${signature.error})`;
  return verifyManifest(manifest, signature.text, key) ? undefined : `the signature does not verify with DATASET_PUBLIC_KEY_FILE's key: ${MANIFEST_FILE_NAME} is not the one its writer signed`;
}
