import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { DatasetFiles } from '@china-holiday-calendar/core/dataset/data-source.js';
import { isYearFileName, MANIFEST_FILE_NAME, readDataDirectory, readDataFile, SIGNATURE_FILE_NAME, type DirectorySnapshot, type RawFile } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import type { DataFolder, FolderRefusal, PublishOptions } from './data-folder.js';
import { DEFAULT_LOCK_POLICY, withFolderLock, type LockPolicy } from './folder-lock.js';
import { listsEveryDigest, resealing, yearPublication } from './publication.js';
import { yearFileName } from './year-file-name.js';

/**
 * The writer's state file, beside the data. A dot file: the loader reads only `manifest.json` and
 * `<year>.json`, and `/dataset/` serves nothing else, so it is never data.
 */
export const WRITER_STATE_FILE_NAME = '.writer-state.json';

const SEED_HINT = '--seed copies the bundled data into an empty folder first';

/** Why the bundled data is never sealed again. */
const BUNDLED_IS_READ_ONLY = 'it is the bundled data, read-only';

/**
 * A data folder on the local file system (or a mounted volume): the loader's bounded reader for
 * reading (the core's read-data-directory.ts, which the library uses too), and for writing each
 * file written atomically (write, then rename), year files first and the manifest last, so that a
 * reader of the folder, the running service among them, never sees half a file nor a manifest
 * listing a file that is not there yet. Publications of one folder run one at a time in this
 * process, and across processes under the folder's lock file (folder-lock.ts): the CLI's and a
 * running writer's. `lock` says how long to wait for another holder, and whom to tell.
 */
export function fileSystemFolder(dir: string, lock: LockPolicy = DEFAULT_LOCK_POLICY): DataFolder {
  const publication = <Result>(task: () => Promise<Result>): Promise<Result> => oneAtATime(dir, () => withFolderLock(dir, task, lock));
  const nameOf = (fileName: string): string => join(dir, fileName);
  return {
    location: dir,
    nameOf,
    refusal: () => dataFolderRefusal(dir),
    async ready({ seed }) {
      const seeded = seed ? await seedDataFolder(dir) : { seeded: false };
      if ('reason' in seeded) return seeded;
      return (await dataFolderRefusal(dir)) ?? seeded;
    },
    unwritableReason: () => (dir === BUNDLED_DATA_DIR ? Promise.resolve(BUNDLED_IS_READ_ONLY) : unwritableReason(dir)),
    snapshot: () => readDataDirectory(dir),
    publishYear: (file, options: PublishOptions = {}) =>
      publication(async () => {
        // The manifest and this year's file are all a publication needs, when the manifest lists every digest.
        const partial = await readFiles(dir, [MANIFEST_FILE_NAME, yearFileName(file.year)]);
        const snapshot = listsEveryDigest(partial) ? partial : await readDataDirectory(dir);
        const published = yearPublication(snapshot, file, options, new Date());
        if (published.written !== undefined) await writeDatasetFiles(dir, published.written);
        return published;
      }),
    seal: (options: PublishOptions = {}) =>
      publication(async () => {
        const files = resealing(await readDataDirectory(dir), options, new Date());
        await writeDatasetFiles(dir, files);
        return files.manifest;
      }),
    servedFile: (fileName) => readInside(dir, fileName),
    async readState() {
      try {
        return await readFile(nameOf(WRITER_STATE_FILE_NAME), 'utf8');
      } catch {
        return undefined;
      }
    },
    writeState: (text) => writeAtomically(nameOf(WRITER_STATE_FILE_NAME), text),
  };
}

/**
 * Files written into a folder: year files first, then the signature (a stale one removed when
 * there is none), the manifest last, each atomically. Also the reader's cache copies (a folder of
 * their own each).
 */
export async function writeDatasetFiles(dir: string, { yearFiles, manifest, signature }: DatasetFiles): Promise<void> {
  for (const [name, text] of yearFiles) await writeAtomically(join(dir, name), text);
  if (signature === undefined) await rm(join(dir, SIGNATURE_FILE_NAME), { force: true });
  else await writeAtomically(join(dir, SIGNATURE_FILE_NAME), signature);
  await writeAtomically(join(dir, MANIFEST_FILE_NAME), manifest);
}

/** Write-then-rename, the temporary file removed if anything fails. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A snapshot of the named files only (the manifest, year files), each read as the loader reads it; a missing one is left out. */
async function readFiles(dir: string, names: readonly string[]): Promise<DirectorySnapshot> {
  const read = async (fileName: string): Promise<RawFile | undefined> => {
    try {
      return { fileName, text: await readDataFile(join(dir, fileName)) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? undefined : { fileName, error: code ?? messageOf(error) };
    }
  };
  const files = await Promise.all(names.map(read));
  const manifest = files.find((file) => file?.fileName === MANIFEST_FILE_NAME);
  const yearFiles = files.flatMap((file) => (file === undefined || file.fileName === MANIFEST_FILE_NAME ? [] : [{ ...file, year: Number(file.fileName.slice(0, -'.json'.length)) }]));
  return { manifest, yearFiles };
}

/** The publications under way, by folder. */
const publishing = new Map<string, Promise<unknown>>();

/**
 * One publication of a folder at a time in this process (a sync and the writer's re-seal): two
 * that read the same manifest would write two manifests of the same sequence, which readers
 * refuse as an equivocation.
 */
function oneAtATime<Result>(dir: string, task: () => Promise<Result>): Promise<Result> {
  const run = (publishing.get(dir) ?? Promise.resolve()).then(task);
  const settled = run.catch(() => undefined);
  publishing.set(dir, settled);
  void settled.then(() => {
    if (publishing.get(dir) === settled) publishing.delete(dir);
  });
  return run;
}

/**
 * Whether `import` and `sync` may publish into `dir`: it must be a writable data folder with a
 * manifest, so that nothing publishes a year into a folder whose history is missing (the years
 * before it would answer UNKNOWN while the service says it is ready).
 */
async function dataFolderRefusal(dir: string): Promise<FolderRefusal | undefined> {
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
  const unwritable = await unwritableReason(dir);
  return unwritable === undefined ? undefined : { kind: 'io', reason: `cannot be written (${unwritable})` };
}

async function unwritableReason(dir: string): Promise<string | undefined> {
  try {
    await access(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
}

/**
 * `--seed`: a folder that does not exist or is empty gets the bundled data (the manifest and every
 * year file); a folder with a manifest is left as it is. A folder holding something else is not
 * filled: that is a refusal.
 */
async function seedDataFolder(dir: string): Promise<{ readonly seeded: boolean } | FolderRefusal> {
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

/**
 * A file's bytes, if it lies inside the folder once links are followed (a ConfigMap's files are
 * links into its `..data` directory) and the loader would read it; undefined otherwise.
 */
async function readInside(dir: string, name: string): Promise<Buffer | undefined> {
  try {
    const [folder, file] = await Promise.all([realpath(dir), realpath(join(dir, name))]);
    if (!file.startsWith(folder + sep)) return undefined;
    return Buffer.from(await readDataFile(file), 'utf8');
  } catch {
    return undefined;
  }
}
