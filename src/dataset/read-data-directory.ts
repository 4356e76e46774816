import { readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MANIFEST_FILE_NAME = 'manifest.json';
const YEAR_FILE_NAME = /^(\d{4})\.json$/;

/** What one read of a data directory found: raw texts, or the reason a file could not be read. */
export interface DirectorySnapshot {
  readonly manifest: RawFile | undefined;
  readonly yearFiles: readonly YearFile[];
}

export type RawFile = { readonly fileName: string; readonly text: string } | { readonly fileName: string; readonly error: string };

export type YearFile = RawFile & { readonly year: number };

/** Reads the manifest and every `<year>.json` of a data directory, without interpreting them. */
export async function readDataDirectory(dir: string): Promise<DirectorySnapshot> {
  const names = await readdir(dir);
  const read = async (fileName: string): Promise<RawFile> => {
    try {
      return { fileName, text: await readFile(join(dir, fileName), 'utf8') };
    } catch (error) {
      return { fileName, error: errorCode(error) };
    }
  };
  const yearFiles = await Promise.all(yearFileNames(names).map(async ({ fileName, year }) => ({ ...(await read(fileName)), year })));
  return snapshotOf(yearFiles, names.includes(MANIFEST_FILE_NAME) ? await read(MANIFEST_FILE_NAME) : undefined);
}

/** The same read, synchronously: for a program that wants its calendar ready without awaiting. */
export function readDataDirectorySync(dir: string): DirectorySnapshot {
  const names = readdirSync(dir);
  const read = (fileName: string): RawFile => {
    try {
      return { fileName, text: readFileSync(join(dir, fileName), 'utf8') };
    } catch (error) {
      return { fileName, error: errorCode(error) };
    }
  };
  const yearFiles = yearFileNames(names).map(({ fileName, year }) => ({ ...read(fileName), year }));
  return snapshotOf(yearFiles, names.includes(MANIFEST_FILE_NAME) ? read(MANIFEST_FILE_NAME) : undefined);
}

function yearFileNames(names: readonly string[]): { fileName: string; year: number }[] {
  return names.flatMap((fileName) => {
    const match = YEAR_FILE_NAME.exec(fileName);
    return match ? [{ fileName, year: Number(match[1]) }] : [];
  });
}

function snapshotOf(yearFiles: YearFile[], manifest: RawFile | undefined): DirectorySnapshot {
  return { manifest, yearFiles: [...yearFiles].sort((a, b) => a.year - b.year) };
}

function errorCode(error: unknown): string {
  return error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
}
