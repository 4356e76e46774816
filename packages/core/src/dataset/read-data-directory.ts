import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync, type Stats } from 'node:fs';
import { open, readdir, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

export const MANIFEST_FILE_NAME = 'manifest.json';
/** The manifest's Ed25519 signature (base64), beside it when the dataset is signed. */
export const SIGNATURE_FILE_NAME = 'manifest.json.sig';
const YEAR_FILE_NAME = /^(\d{4})\.json$/;

/** Whether a file name is a year file's (`2027.json`). */
export function isYearFileName(name: string): boolean {
  return YEAR_FILE_NAME.test(name);
}

/**
 * The largest year file or manifest read, in bytes. A real year file is a few KB; anything near
 * this is not one, and reading it whole (a huge file, a sparse one, a link to a device) would cost
 * the memory and time of every reload. docs/operators.md, "The data, and publishing a new year", documents it.
 */
export const MAX_DATA_FILE_BYTES = 1024 * 1024;

/**
 * Opening never waits: a FIFO put in a file's place would otherwise block the open until a writer
 * comes (a thread of the pool for the asynchronous read, the whole process for the synchronous
 * one), and a terminal device is never made the process's controlling terminal. Links are
 * followed (a Kubernetes ConfigMap's files are links into its `..data` directory). (Windows has
 * neither flag: there they are undefined, which `|` takes as 0.)
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** What one read of a dataset found (a folder's, or an origin's over HTTP): raw texts, or the reason a file could not be read. */
export interface DirectorySnapshot {
  readonly manifest: RawFile | undefined;
  readonly yearFiles: readonly YearFile[];
  /** `manifest.json.sig`, when there is one (only a service that checks signatures reads it). */
  readonly signature?: RawFile | undefined;
}

export type RawFile = { readonly fileName: string; readonly text: string } | { readonly fileName: string; readonly error: string };

export type YearFile = RawFile & { readonly year: number };

/** Reads the manifest and every `<year>.json` of a data directory, without interpreting them. */
export async function readDataDirectory(dir: string): Promise<DirectorySnapshot> {
  const names = await readdir(dir);
  const read = async (fileName: string): Promise<RawFile> => {
    try {
      return { fileName, text: await readDataFile(join(dir, fileName)) };
    } catch (error) {
      return { fileName, error: errorCode(error) };
    }
  };
  const yearFiles = await Promise.all(yearFileNames(names).map(async ({ fileName, year }) => ({ ...(await read(fileName)), year })));
  const manifest = names.includes(MANIFEST_FILE_NAME) ? await read(MANIFEST_FILE_NAME) : undefined;
  return snapshotOf(yearFiles, manifest, names.includes(SIGNATURE_FILE_NAME) ? await read(SIGNATURE_FILE_NAME) : undefined);
}

/** The same read, synchronously: for a program that wants its calendar ready without awaiting. */
export function readDataDirectorySync(dir: string): DirectorySnapshot {
  const names = readdirSync(dir);
  const read = (fileName: string): RawFile => {
    try {
      return { fileName, text: readDataFileSync(join(dir, fileName)) };
    } catch (error) {
      return { fileName, error: errorCode(error) };
    }
  };
  const yearFiles = yearFileNames(names).map(({ fileName, year }) => ({ ...read(fileName), year }));
  const manifest = names.includes(MANIFEST_FILE_NAME) ? read(MANIFEST_FILE_NAME) : undefined;
  return snapshotOf(yearFiles, manifest, names.includes(SIGNATURE_FILE_NAME) ? read(SIGNATURE_FILE_NAME) : undefined);
}

/** Why a file is not read: it is not a regular file, it is larger than the limit, or it is not UTF-8. */
class RefusedFile extends Error {}

/**
 * One data file's text, read only if it is a regular file (after links) of at most
 * MAX_DATA_FILE_BYTES, and never more than that many bytes, even if it grows while read. The kind
 * is checked before opening (a device is never opened) and again on the opened descriptor (the
 * name may have been replaced in between).
 */
export async function readDataFile(path: string): Promise<string> {
  refuseUnusable(await stat(path));
  const handle = await open(path, OPEN_FLAGS);
  try {
    const size = refuseUnusable(await handle.stat());
    return await readAtMostLimit(handle, size);
  } finally {
    await handle.close();
  }
}

function readDataFileSync(path: string): string {
  refuseUnusable(statSync(path));
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const size = refuseUnusable(fstatSync(fd));
    let buffer: Buffer = Buffer.alloc(initialBufferSize(size));
    let length = 0;
    for (;;) {
      const count = readSync(fd, buffer, length, buffer.length - length, null);
      if (count === 0) return utf8Text(buffer.subarray(0, length));
      length += count;
      buffer = roomForMore(buffer, length);
    }
  } finally {
    closeSync(fd);
  }
}

async function readAtMostLimit(handle: FileHandle, size: number): Promise<string> {
  let buffer: Buffer = Buffer.alloc(initialBufferSize(size));
  let length = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) return utf8Text(buffer.subarray(0, length));
    length += bytesRead;
    buffer = roomForMore(buffer, length);
  }
}

/**
 * The bytes as text, refused unless they are UTF-8: a data file's digest is taken of its text, so
 * the text must give back exactly the bytes read (a byte-order mark included).
 */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new RefusedFile('not UTF-8 text');
  }
}

/** The size found plus one byte: a read that fills it has met a file that grew. */
function initialBufferSize(size: number): number {
  return Math.min(size, MAX_DATA_FILE_BYTES) + 1;
}

/** The buffer, grown when full; refuses the file once it has given more than the limit. */
function roomForMore(buffer: Buffer, length: number): Buffer {
  if (length > MAX_DATA_FILE_BYTES) throw new RefusedFile(`gave more than the ${formatLimit()} limit of a data file when read`);
  if (length < buffer.length) return buffer;
  const grown = Buffer.alloc(Math.min(buffer.length * 2, MAX_DATA_FILE_BYTES + 1));
  buffer.copy(grown, 0, 0, length);
  return grown;
}

/** The file's size, if it is a regular file within the limit. */
function refuseUnusable(stats: Stats): number {
  if (!stats.isFile()) throw new RefusedFile(`${kindOf(stats)}, not a regular file`);
  if (stats.size > MAX_DATA_FILE_BYTES) throw new RefusedFile(`${stats.size} bytes, over the ${formatLimit()} limit of a data file`);
  return stats.size;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  return 'not a file';
}

function formatLimit(): string {
  return `${MAX_DATA_FILE_BYTES / 1024 / 1024} MiB`;
}

function yearFileNames(names: readonly string[]): { fileName: string; year: number }[] {
  return names.flatMap((fileName) => {
    const match = YEAR_FILE_NAME.exec(fileName);
    return match ? [{ fileName, year: Number(match[1]) }] : [];
  });
}

function snapshotOf(yearFiles: YearFile[], manifest: RawFile | undefined, signature: RawFile | undefined): DirectorySnapshot {
  return { manifest, yearFiles: [...yearFiles].sort((a, b) => a.year - b.year), ...(signature === undefined ? {} : { signature }) };
}

function errorCode(error: unknown): string {
  if (error instanceof RefusedFile) return error.message;
  return error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
}
