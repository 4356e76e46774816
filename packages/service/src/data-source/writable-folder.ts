import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DataSource } from '@china-holiday-calendar/core/dataset/data-source.js';
import { folderSource, type FolderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { MANIFEST_FILE_NAME, SIGNATURE_FILE_NAME } from '@china-holiday-calendar/core/dataset/read-data-directory.js';

/**
 * A local data folder that this process may write: the folder source of the loader, and its
 * publishing (which the library, never writing, does without). Each file is written atomically
 * (write, then rename): a reader of the folder, the running service among them, sees the old file
 * or the new one, never half of one; year files go first and the manifest last, so the manifest
 * never lists a file that is not there yet.
 */
export function writableFolder(dir: string): FolderSource & Required<Pick<DataSource, 'publish'>> {
  return {
    ...folderSource(dir),
    async publish({ yearFiles, manifest, signature }) {
      for (const [name, text] of yearFiles) await writeAtomically(join(dir, name), text);
      if (signature === undefined) await rm(join(dir, SIGNATURE_FILE_NAME), { force: true });
      else await writeAtomically(join(dir, SIGNATURE_FILE_NAME), signature);
      await writeAtomically(join(dir, MANIFEST_FILE_NAME), manifest);
    },
  };
}

/** Write-then-rename, the temporary file removed if anything fails. */
export async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
