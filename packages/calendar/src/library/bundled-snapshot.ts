import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import { readDataDirectorySync, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';

/**
 * The texts of the bundled data files. Run from the sources, they are read from the data folder;
 * the published package's build puts this module's place with one that holds the texts themselves
 * (scripts/build-library.ts), so that the package reads no file and loads in any bundler.
 */
export function bundledSnapshot(): DirectorySnapshot {
  return readDataDirectorySync(BUNDLED_DATA_DIR);
}
