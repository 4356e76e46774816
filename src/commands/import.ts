import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { ArrangementFile, Manifest } from '../dataset/arrangement-schema.js';
import { formatDataProblem } from '../dataset/data-problem.js';
import { restDaysOf, finalEntries } from '../dataset/entry-dates.js';
import { formatDataFile } from '../dataset/format-arrangement-file.js';
import { MANIFEST_FILE_NAME } from '../dataset/read-data-directory.js';
import { validateArrangementFile } from '../dataset/validate-arrangement.js';
import { ImportError, importNotice, noticeYearOf } from '../importer/import-notice.js';

export interface ImportOptions {
  readonly dataDir: string;
  /** Print the resulting file instead of writing it. */
  readonly dryRun: boolean;
  /** Replace an existing year's file with a new annual notice. */
  readonly force: boolean;
}

/**
 * `import <notice.txt>...`: each notice in turn, an annual one starting its year's file, a special
 * or amending one applied to it (from this same run, or from the data directory). Every result
 * must pass the loader's checks. The year file is written atomically first and the manifest
 * second, so a running service watching the directory never sees a published year without its file.
 */
export async function runImport(files: readonly string[], options: ImportOptions, out: Writable, err: Writable): Promise<number> {
  if (files.length === 0) {
    err.write('import needs at least one notice text file\n');
    return 2;
  }
  const results = new Map<number, ArrangementFile>();
  for (const path of files) {
    const outcome = await importOne(path, options, results);
    if (typeof outcome === 'string') {
      err.write(`${path}:\n${outcome}\n`);
      return 1;
    }
    results.set(outcome.year, outcome);
    const final = finalEntries(outcome.entries);
    out.write(
      `${path}: ${outcome.year}: ${final.length} holiday entries in force, ${final.flatMap(restDaysOf).length} rest days, ` +
        `${final.flatMap((entry) => entry.work).length} make-up working days; statutory days computed\n`,
    );
  }
  for (const file of results.values()) {
    const text = formatDataFile(file);
    if (options.dryRun) {
      out.write(text);
      continue;
    }
    await writeAtomically(join(options.dataDir, `${file.year}.json`), text);
    await addToManifest(options.dataDir, file.year);
    out.write(`wrote ${join(options.dataDir, `${file.year}.json`)} and published ${file.year} in ${MANIFEST_FILE_NAME}\n`);
  }
  return 0;
}

/** The year's file after applying one notice, or the reasons it was refused. */
async function importOne(path: string, options: ImportOptions, results: ReadonlyMap<number, ArrangementFile>): Promise<ArrangementFile | string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return `cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  const header = noticeYearOf(text);
  if (header?.year === undefined) return 'line 1: cannot tell which notice or year this is: the title must name it';
  const { kind, year } = header;
  const target = join(options.dataDir, `${year}.json`);
  let existing = results.get(year);
  if (kind === 'annual') {
    if (existing === undefined && existsSync(target) && !options.force && !options.dryRun) {
      return `${target} already exists; an annual notice starts a new file (use --force to replace it)`;
    }
    existing = undefined;
  } else if (existing === undefined) {
    const loaded = await readExisting(target);
    if (typeof loaded === 'string') return loaded;
    existing = loaded;
  }
  let file: ArrangementFile;
  try {
    file = importNotice(text, existing);
  } catch (error) {
    if (error instanceof ImportError) return error.message;
    throw error;
  }
  const validation = validateArrangementFile(file, `${year}.json`);
  return validation.ok ? validation.file : validation.problems.map(formatDataProblem).join('\n');
}

async function readExisting(path: string): Promise<ArrangementFile | string> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (error) {
    return `a special or amending notice is applied to the year's file, and ${path} cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  const validation = validateArrangementFile(raw, path.slice(path.lastIndexOf('/') + 1));
  return validation.ok ? validation.file : validation.problems.map(formatDataProblem).join('\n');
}

async function addToManifest(dataDir: string, year: number): Promise<void> {
  const path = join(dataDir, MANIFEST_FILE_NAME);
  const manifest: Manifest = existsSync(path)
    ? (JSON.parse(await readFile(path, 'utf8')) as Manifest)
    : { $schema: '../docs/manifest.schema.json', publishedYears: [] };
  if (manifest.publishedYears.includes(year)) return;
  manifest.publishedYears = [...manifest.publishedYears, year].sort((a, b) => a - b);
  await writeAtomically(path, formatDataFile(manifest));
}

/** Write-then-rename: a reader (the running service) sees the old file or the new one, never half of one. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}
