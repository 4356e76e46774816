import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import { isYearFileName, MANIFEST_FILE_NAME } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/** Why a folder cannot be published into; `usage` (exit 2) when it is not a data folder at all, `io` (exit 1) when it cannot be written. */
export interface FolderRefusal {
  readonly kind: 'usage' | 'io';
  readonly reason: string;
}

const SEED_HINT = '--seed copies the bundled data into an empty folder first';

/**
 * Whether `import` and `sync` may publish into `dir`: it must be a writable data folder with a
 * manifest, so that nothing publishes a year into a folder whose history is missing (the years
 * before it would answer UNKNOWN while the service says it is ready).
 */
export async function dataFolderRefusal(dir: string): Promise<FolderRefusal | undefined> {
  try {
    if (!(await stat(dir)).isDirectory()) return { kind: 'usage', reason: 'is not a directory' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'usage', reason: `does not exist (${SEED_HINT})` };
    if (code === 'ENOTDIR') return { kind: 'usage', reason: 'is not a directory' };
    return { kind: 'io', reason: `cannot be read (${messageOf(error)})` };
  }
  try {
    await access(join(dir, MANIFEST_FILE_NAME));
  } catch {
    return { kind: 'usage', reason: `has no ${MANIFEST_FILE_NAME}, so it is not a data folder (${SEED_HINT})` };
  }
  try {
    await access(dir, constants.W_OK);
  } catch (error) {
    return { kind: 'io', reason: `cannot be written (${messageOf(error)})` };
  }
  return undefined;
}

/**
 * `--seed`: a folder that does not exist or is empty gets the bundled data (the manifest and every
 * year file); a folder with a manifest is left as it is. A folder holding something else is not
 * filled: that is a refusal.
 */
export async function seedDataFolder(dir: string): Promise<{ readonly seeded: boolean } | FolderRefusal> {
  try {
    await mkdir(dir, { recursive: true });
    // A fresh volume's file system may hold lost+found; hidden files are no data either.
    const names = (await readdir(dir)).filter((name) => !name.startsWith('.') && name !== 'lost+found');
    if (names.includes(MANIFEST_FILE_NAME)) return { seeded: false };
    if (names.length > 0) return { kind: 'usage', reason: `is not empty and has no ${MANIFEST_FILE_NAME}: --seed fills only an empty folder` };
    const bundled = (await readdir(BUNDLED_DATA_DIR)).filter((name) => isYearFileName(name));
    // The manifest last: until it is there, the folder is no data folder.
    for (const name of [...bundled, MANIFEST_FILE_NAME]) await copyFile(join(BUNDLED_DATA_DIR, name), join(dir, name), constants.COPYFILE_EXCL);
    return { seeded: true };
  } catch (error) {
    return { kind: 'io', reason: `cannot be seeded (${messageOf(error)})` };
  }
}

/** The folder ready to publish into (seeded first when asked: whether it was), or why it is not. */
export async function readyDataFolder(dir: string, options: { readonly seed: boolean }): Promise<FolderRefusal | { readonly seeded: boolean }> {
  const seeded = options.seed ? await seedDataFolder(dir) : { seeded: false };
  if ('reason' in seeded) return seeded;
  return (await dataFolderRefusal(dir)) ?? seeded;
}

