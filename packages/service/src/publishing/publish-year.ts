import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArrangementFile, Manifest } from '@china-holiday-calendar/core/dataset/arrangement-schema.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { formatDataFile } from './format-data-file.js';
import { MANIFEST_FILE_NAME } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';

/**
 * Publishing a year into a data directory, as `import` and `sync` both do it: the year file is
 * written first and the manifest second, each atomically (write, then rename), so a running
 * service watching the directory never sees a published year without its file. The same file
 * gives the same bytes (the canonical layout), so replicas that publish the same notice agree.
 * Returns whether anything changed: publishing the file a directory already has is a no-op.
 */
export async function publishYear(dataDir: string, file: ArrangementFile): Promise<{ readonly path: string; readonly changed: boolean }> {
  const path = join(dataDir, `${file.year}.json`);
  const text = formatDataFile(file);
  const same = existsSync(path) && (await readFile(path, 'utf8')) === text;
  if (!same) await writeAtomically(path, text);
  const listed = await addToManifest(dataDir, file.year);
  return { path, changed: !same || listed };
}

/** The year's file in the data directory: absent, readable and valid, or why not. */
export async function readYearFile(
  dataDir: string,
  year: number,
): Promise<{ readonly state: 'absent' } | { readonly state: 'valid'; readonly file: ArrangementFile } | { readonly state: 'invalid'; readonly reason: string }> {
  const path = join(dataDir, `${year}.json`);
  if (!existsSync(path)) return { state: 'absent' };
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (error) {
    return { state: 'invalid', reason: `${path} cannot be read (${messageOf(error)})` };
  }
  const validation = validateArrangementFile(raw, `${year}.json`);
  return validation.ok ? { state: 'valid', file: validation.file } : { state: 'invalid', reason: validation.problems.map(formatDataProblem).join('\n') };
}

/** The years the directory's manifest publishes (none when it has no manifest). */
export async function publishedYearsOf(dataDir: string): Promise<readonly number[]> {
  const path = join(dataDir, MANIFEST_FILE_NAME);
  if (!existsSync(path)) return [];
  return (JSON.parse(await readFile(path, 'utf8')) as Manifest).publishedYears;
}

/** Adds the year to the manifest; false when it was listed already. */
async function addToManifest(dataDir: string, year: number): Promise<boolean> {
  const path = join(dataDir, MANIFEST_FILE_NAME);
  const manifest: Manifest = existsSync(path)
    ? (JSON.parse(await readFile(path, 'utf8')) as Manifest)
    : { $schema: '../docs/manifest.schema.json', publishedYears: [] };
  if (manifest.publishedYears.includes(year)) return false;
  manifest.publishedYears = [...manifest.publishedYears, year].sort((a, b) => a - b);
  await writeAtomically(path, formatDataFile(manifest));
  return true;
}

/** Write-then-rename: a reader (the running service) sees the old file or the new one, never half of one. */
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
