import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE_NAME, readDataDirectorySync, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { manifestOf, nextManifest, sealedManifestText } from 'china-holiday-calendar-service/internal/data-folder/manifest.js';

/**
 * A read whose manifest lists the digests of its year files as they are, as `import`, `sync` and
 * `sign` leave a folder: for tests that change a year file to check something other than its
 * digest (a changed file behind the manifest's back is refused by its digest).
 */
export function sealed(snapshot: DirectorySnapshot): DirectorySnapshot {
  return { ...snapshot, manifest: { fileName: MANIFEST_FILE_NAME, text: sealedText(snapshot) } };
}

/** The manifest `sign` writes for a read: the digests of its files as they are, the next sequence, a week's expiry. */
function sealedText(snapshot: DirectorySnapshot): string {
  return sealedManifestText(nextManifest(snapshot, new Map(), { reseal: true }), manifestOf(snapshot), {}, new Date());
}

/** Writes a folder's manifest again with the digests of its files as they are (as `sign` does). */
export function reseal(dir: string): void {
  writeFileSync(join(dir, MANIFEST_FILE_NAME), sealedText(readDataDirectorySync(dir)));
}

/** Writes a data file into a folder, then its manifest with the digests of the files as they are (as a publication does). */
export function writeSealed(dir: string, name: string, text: string): void {
  writeFileSync(join(dir, name), text);
  reseal(dir);
}
