import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';
import { MANIFEST_FILE_NAME, SIGNATURE_FILE_NAME } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import type { DataFolder, PublishOptions } from '../data-folder/data-folder.js';
import { keyIdOf } from '../data-folder/dataset-keys.js';
import { manifestOfText, verifyManifest } from '../data-folder/manifest.js';

/** The longest wait between two looks at the expiry. */
const MAX_CHECK_MS = 3_600_000;

interface SealLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** A writer's re-sealing, running until stopped. */
export interface SealKeeper {
  stop(): void;
}

/**
 * The writer keeps its manifest fresh for its readers, which refuse an expired one: whenever less
 * than half of DATASET_EXPIRES_SECONDS is left before the loaded manifest's `expires`, the folder
 * is sealed again (the next sequence, a new expiry, signed again with a key). A re-seal writes no
 * year file, so it changes no answer and no dataset version. A folder that cannot be written (the
 * bundled data, a read-only mount) is said to be so at start, as is a manifest never sealed (no
 * expiry to keep): its readers refuse it, and `china-calendar sign` seals it.
 */
export async function keepSealed(
  folder: DataFolder,
  options: PublishOptions & { readonly expiresSeconds: number },
  dataset: () => Dataset | undefined,
  resealed: () => void,
  log: SealLog,
): Promise<SealKeeper> {
  const dataDir = folder.location;
  const resign = await foreignSignature(folder, options.signingKey, log);
  const expires = dataset()?.seal.expires;
  const unwritable = await folder.unwritableReason();
  if (unwritable !== undefined) {
    log.warn({ dataDir, expires: expires ?? null }, `the data folder cannot be re-sealed (${unwritable}): readers following it refuse its manifest once it expires`);
    return { stop: () => undefined };
  }
  if (expires === undefined) {
    log.warn({ dataDir }, 'the data folder\'s manifest has no expiry (never sealed): readers following it refuse it until china-calendar sign, or a publication, seals it');
  }
  let sealing = false;
  // What this process sealed last: the loaded dataset learns of it at its next reload.
  let sealedUntil = 0;
  const check = async (force = false): Promise<void> => {
    const due = dataset()?.seal.expires;
    if (sealing || due === undefined || (!force && Math.max(Date.parse(due), sealedUntil) - Date.now() >= (options.expiresSeconds * 1000) / 2)) return;
    sealing = true;
    try {
      const text = await folder.seal(options);
      sealedUntil = Date.parse(manifestOfText(text)?.expires ?? '') || 0;
      log.info({ dataDir, expiring: due }, 'data folder re-sealed: a new sequence and expiry, the same data');
      resealed();
    } catch (error) {
      log.warn({ dataDir, reason: messageOf(error) }, 'cannot re-seal the data folder; its readers refuse it once it expires');
    } finally {
      sealing = false;
    }
  };
  // The first before the service answers: a writer started on an expiring folder serves it sealed,
  // and one started with a new key (a rotation) serves the manifest signed with it.
  await check(resign);
  const timer = setInterval(() => void check(), Math.min(MAX_CHECK_MS, (options.expiresSeconds * 1000) / 8));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Whether the folder's signature is not one this writer makes, said at start: with no key, a
 * signature it does not serve (its readers with a key refuse the folder); with a key, a signature
 * missing, of another key (a rotation) or of another manifest: true, the folder is sealed again at
 * once, signed with this writer's key.
 */
async function foreignSignature(folder: DataFolder, signingKey: PublishOptions['signingKey'], log: SealLog): Promise<boolean> {
  const dataDir = folder.location;
  const [signature, manifest] = (await Promise.all([folder.servedFile(SIGNATURE_FILE_NAME), folder.servedFile(MANIFEST_FILE_NAME)])).map((bytes) => bytes?.toString('utf8'));
  if (manifest === undefined) return false;
  if (signingKey === undefined) {
    if (signature !== undefined) {
      log.warn({ dataDir }, `the data folder holds a ${SIGNATURE_FILE_NAME} this service does not make (no DATASET_SIGNING_KEY_FILE): it is not served, so readers with DATASET_PUBLIC_KEY_FILE refuse this folder; remove it, or give the writer its key`);
    }
    return false;
  }
  const keyId = keyIdOf(signingKey);
  const verdict = signature === undefined ? { verified: false, reason: 'is missing' } : verifyManifest(manifest, signature, [{ id: keyId, key: signingKey }]);
  if (verdict.verified) return false;
  log.warn({ dataDir, keyId }, `the data folder's ${SIGNATURE_FILE_NAME} is not this writer's signature of its manifest (it ${verdict.reason}): the writer seals the folder again at start, signed with key ${keyId}, when the folder can be written`);
  return true;
}
