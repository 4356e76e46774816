import type { Writable } from 'node:stream';
import type { DataFolder } from '../data-folder/data-folder.js';
import { fileSystemFolder } from '../data-folder/file-system-folder.js';
import { DEFAULT_LOCK_POLICY } from '../data-folder/folder-lock.js';
import { print } from './terminal-text.js';

/**
 * The data folder of `import`, `sign` and `sync`: its publications wait (a bounded time) for
 * another process holding the folder's lock, a running writer re-sealing it above all, and say so.
 */
export function commandFolder(dataDir: string, err: Writable): DataFolder {
  return fileSystemFolder(dataDir, {
    ...DEFAULT_LOCK_POLICY,
    onWait: (holder) => print(err, `${dataDir}: waiting for process ${holder.pid} on ${holder.host}, which holds the data folder's lock since ${holder.since}\n`),
  });
}
