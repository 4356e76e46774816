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
  const yearFiles = await Promise.all(
    names.flatMap((fileName) => {
      const match = YEAR_FILE_NAME.exec(fileName);
      return match ? [readRaw(dir, fileName).then((raw) => ({ ...raw, year: Number(match[1]) }))] : [];
    }),
  );
  yearFiles.sort((a, b) => a.year - b.year);
  const manifest = names.includes(MANIFEST_FILE_NAME) ? await readRaw(dir, MANIFEST_FILE_NAME) : undefined;
  return { manifest, yearFiles };
}

async function readRaw(dir: string, fileName: string): Promise<RawFile> {
  try {
    return { fileName, text: await readFile(join(dir, fileName), 'utf8') };
  } catch (error) {
    return { fileName, error: error instanceof Error && 'code' in error ? String(error.code) : 'unreadable' };
  }
}
