import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';
import { MANIFEST_FILE_NAME } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { manifestOf } from './manifest-text.js';
import { sealFolder, type PublishOptions } from './publish-year.js';

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
  dataDir: string,
  options: PublishOptions & { readonly expiresSeconds: number },
  dataset: () => Dataset | undefined,
  resealed: () => void,
  log: SealLog,
): Promise<SealKeeper> {
  const expires = dataset()?.seal.expires;
  const unwritable = dataDir === BUNDLED_DATA_DIR ? 'it is the bundled data, read-only' : await unwritableReason(dataDir);
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
  const check = async (): Promise<void> => {
    const due = dataset()?.seal.expires;
    if (sealing || due === undefined || Math.max(Date.parse(due), sealedUntil) - Date.now() >= (options.expiresSeconds * 1000) / 2) return;
    sealing = true;
    try {
      const text = await sealFolder(dataDir, options);
      sealedUntil = Date.parse(manifestOf({ manifest: { fileName: MANIFEST_FILE_NAME, text }, yearFiles: [] })?.expires ?? '') || 0;
      log.info({ dataDir, expiring: due }, 'data folder re-sealed: a new sequence and expiry, the same data');
      resealed();
    } catch (error) {
      log.warn({ dataDir, reason: messageOf(error) }, 'cannot re-seal the data folder; its readers refuse it once it expires');
    } finally {
      sealing = false;
    }
  };
  // The first before the service answers: a writer started on an expiring folder serves it sealed.
  await check();
  const timer = setInterval(() => void check(), Math.min(MAX_CHECK_MS, (options.expiresSeconds * 1000) / 8));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

async function unwritableReason(dataDir: string): Promise<string | undefined> {
  try {
    await access(dataDir, constants.W_OK);
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
}
