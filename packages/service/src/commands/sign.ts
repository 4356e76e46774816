import type { Writable } from 'node:stream';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { MANIFEST_FILE_NAME, SIGNATURE_FILE_NAME, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';
import type { PublishOptions } from '../data-folder/data-folder.js';
import { keyIdOf } from '../data-folder/dataset-keys.js';
import { formatManifest } from '../data-folder/format-data-file.js';
import { ManifestError, manifestOf, manifestOfText } from '../data-folder/manifest.js';
import { commandFolder } from './command-folder.js';
import { print } from './terminal-text.js';

/**
 * `sign --data-dir DIR`: seals a folder made or edited by hand, for a fleet to follow (upload to
 * object storage, a static server): checks it as the loader does (the digests aside, which it is
 * about to write), then writes the manifest again with every year file's SHA-256, and with a key
 * (--key-file or DATASET_SIGNING_KEY_FILE) its Ed25519 signature, `manifest.json.sig`; sealed with
 * the next sequence (at least --sequence-at-least) and an expiry (--expires-seconds). Exit 0
 * done, 1 the folder has a data problem or cannot be written (nothing written; another process
 * holding the folder's lock for the whole wait among them), 2 bad usage or not a data folder.
 */
export async function runSign(dataDir: string, options: PublishOptions, out: Writable, err: Writable): Promise<number> {
  const folder = commandFolder(dataDir, err);
  const refusal = await folder.refusal();
  if (refusal !== undefined) {
    print(err, `${dataDir}: the data directory ${refusal.reason}; nothing was signed\n`);
    return refusal.kind === 'usage' ? 2 : 1;
  }
  let snapshot: DirectorySnapshot;
  try {
    snapshot = withoutDigests(await folder.snapshot());
  } catch (error) {
    print(err, `${dataDir}: ${messageOf(error)}; nothing was signed\n`);
    return 1;
  }
  const dataset = assembleDataset(snapshot);
  if (dataset.problems.length > 0) {
    for (const problem of dataset.problems) print(err, `${formatDataProblem(problem)}\n`);
    print(err, `${dataDir}: not signed: a dataset with a problem is refused by every reader; mend it first\n`);
    return 1;
  }
  let sealed: string;
  try {
    sealed = await folder.seal(options);
  } catch (error) {
    print(err, `${dataDir}: ${messageOf(error)}; nothing was signed\n`);
    return 1;
  }
  const manifest = manifestOfText(sealed);
  const years = dataset.publishedYears;
  print(
    out,
    `${dataDir}: ${MANIFEST_FILE_NAME} lists the SHA-256 of ${years.length} year files (${years[0] ?? ''}..${years.at(-1) ?? ''}), datasetVersion ${dataset.version}\n` +
      `sequence ${manifest?.sequence ?? ''}, expires ${manifest?.expires ?? ''}\n` +
      (options.signingKey === undefined
        ? `not signed (no key: --key-file or DATASET_SIGNING_KEY_FILE); a ${SIGNATURE_FILE_NAME} of an earlier manifest is removed\n`
        : `signed by key ${keyIdOf(options.signingKey)}: ${SIGNATURE_FILE_NAME} written\n`),
  );
  return 0;
}

/** The folder's read with the manifest's digests left out: they describe the files as they were, and are about to be written again. */
function withoutDigests(snapshot: DirectorySnapshot): DirectorySnapshot {
  const manifest = manifestOf(snapshot);
  if (manifest === undefined || snapshot.manifest === undefined) throw new ManifestError(`${MANIFEST_FILE_NAME} is missing`);
  const { $schema, publishedYears } = manifest;
  return { ...snapshot, manifest: { fileName: snapshot.manifest.fileName, text: formatManifest($schema === undefined ? { publishedYears } : { $schema, publishedYears }) } };
}
