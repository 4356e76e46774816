import { watch, type FSWatcher } from 'node:fs';
import type { DataSource } from './data-source.js';
import { readDataDirectory, readDataDirectorySync, type DirectorySnapshot } from './read-data-directory.js';

/** A local folder is read synchronously too: a program that opens a calendar has it ready at once. */
export type FolderSource = DataSource & { readonly readSync: () => DirectorySnapshot };

/**
 * A data directory on a local file system (or a Kubernetes ConfigMap mounted as one): read with
 * the loader's bounded reader, watched with the file-system watch and a periodic check.
 */
export function folderSource(dir: string): FolderSource {
  return {
    location: dir,
    read: () => readDataDirectory(dir),
    readSync: () => readDataDirectorySync(dir),
    watch(changed, { intervalSeconds, log }) {
      let timer: NodeJS.Timeout | undefined;
      let debounce: NodeJS.Timeout | undefined;
      let watcher: FSWatcher | undefined;
      if (intervalSeconds > 0) {
        timer = setInterval(() => changed('periodic check'), intervalSeconds * 1000);
        timer.unref();
      }
      try {
        watcher = watch(dir, () => {
          // Editors and copies write in several steps; read once the burst is over.
          clearTimeout(debounce);
          debounce = setTimeout(() => changed('file change'), 200);
          debounce.unref();
        });
        watcher.on('error', (error) => {
          log.warn({ err: error, dir }, 'watching the data directory failed; the periodic check still runs');
        });
        watcher.unref();
      } catch (error) {
        log.warn({ err: error, dir }, 'cannot watch the data directory; the periodic check still runs');
      }
      return () => {
        clearInterval(timer);
        clearTimeout(debounce);
        watcher?.close();
      };
    },
  };
}
