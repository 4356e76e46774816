import { readFile, stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { finalEntries, restDaysOf } from '@china-holiday-calendar/core/dataset/entry-dates.js';
import { MANIFEST_FILE_NAME, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import type { DataFolder, PublishOptions } from '../data-folder/data-folder.js';
import { yearFileIn, type YearFileReading } from '../data-folder/folder-snapshot.js';
import { formatArrangementFile } from '../data-folder/format-data-file.js';
import { yearFileName } from '../data-folder/year-file-name.js';
import { describeBalance, yearBalance } from '@china-holiday-calendar/core/dataset/year-balance.js';
import { shortened } from '../importer/import-error.js';
import { currentYearInChina, ImportError, importNotice, MAX_NOTICE_BYTES, noticeYearOf, oversizedNoticeReason } from '../importer/import-notice.js';
import { exchangeNoticeYears, importExchangeNotice, isExchangeNotice } from '../importer/exchange-notice.js';
import { renderYearPicture } from './year-picture.js';
import { commandFolder } from './command-folder.js';
import { print } from './terminal-text.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

export interface ImportCommandOptions {
  readonly dataDir: string;
  /** Print the resulting file instead of writing it. */
  readonly dryRun: boolean;
  /** Replace an existing year's file with a new annual notice. */
  readonly force: boolean;
  /** This year; by default the clock's, in China (tests choose it). */
  readonly currentYear?: number;
  /** Ids of whole-year rule findings a person accepts after reading the notice (--accept). */
  readonly accept?: readonly string[];
  /** Copy the bundled data into an empty (or absent) data directory first (--seed). */
  readonly seed?: boolean;
  /** How the manifest is written (signed with DATASET_SIGNING_KEY_FILE's key). */
  readonly publishing?: PublishOptions;
}

type Outcome = { readonly ok: true; readonly file: ArrangementFile } | { readonly ok: false; readonly reason: string };

/** A notice's outcome: the year files it changes (an exchanges' notice may cover several years), or why it was refused. */
type NoticeOutcome = { readonly ok: true; readonly files: readonly ArrangementFile[]; readonly exchanges: boolean } | { readonly ok: false; readonly reason: string };

/**
 * `import <notice.txt>...`: each notice in turn, an annual one starting its year's file, a special
 * or amending one applied to it (from this same run, or from the data directory). Every result
 * passes the loader's checks. Nothing is written, and nothing printed on stdout, unless every
 * notice is accepted; a refusal goes to stderr (exit 1). Then, per notice, a summary; per year,
 * its month grids; and the file (--dry-run) or where it was written. The year file is written
 * atomically first and the manifest second, so a running service watching the directory never
 * sees a published year without its file.
 */
export async function runImport(files: readonly string[], options: ImportCommandOptions, out: Writable, err: Writable): Promise<number> {
  if (files.length === 0) {
    print(err, 'import needs at least one notice text file\n');
    return 2;
  }
  const folder = commandFolder(options.dataDir, err);
  if (!options.dryRun) {
    const ready = await folder.ready({ seed: options.seed === true });
    if ('reason' in ready) {
      print(err, `${options.dataDir}: the data directory ${ready.reason}; nothing was imported\n`);
      return ready.kind === 'usage' ? 2 : 1;
    }
    if (ready.seeded) print(out, `${options.dataDir}: seeded with the bundled data\n`);
  }
  const results = new Map<number, ArrangementFile>();
  const report: string[] = [];
  const context: ImportContext = { ...options, currentYear: options.currentYear ?? currentYearInChina(), accept: options.accept ?? [], folder, yearFile: yearFilesOf(folder) };
  for (const path of files) {
    const outcome = await importOneSafely(path, context, results);
    if (!outcome.ok) {
      print(err, `${path}:\n${outcome.reason}\n`);
      return 1;
    }
    for (const file of outcome.files) {
      results.set(file.year, file);
      report.push(outcome.exchanges ? exchangesSummaryOf(path, file) : summaryOf(path, file));
    }
  }
  for (const file of results.values()) {
    report.push(renderYearPicture(file));
    if (options.dryRun) report.push(formatArrangementFile(file));
  }
  if (options.dryRun) {
    print(out, report.join(''));
    return 0;
  }
  for (const file of results.values()) {
    const path = folder.nameOf(yearFileName(file.year));
    try {
      await folder.publishYear(file, options.publishing);
    } catch (error) {
      print(out, report.join(''));
      print(err, `${path}: cannot be written (${messageOf(error)})\n`);
      return 1;
    }
    report.push(`wrote ${path} and published ${file.year} in ${MANIFEST_FILE_NAME}\n`);
  }
  print(out, report.join(''));
  return 0;
}

function exchangesSummaryOf(path: string, file: ArrangementFile): string {
  const extra = file.exchanges?.additionalClosures.map((closure) => closure.date) ?? [];
  const exchanges = file.exchanges?.notices.map((notice) => notice.exchange).join(', ') ?? '';
  return (
    `${path}: ${file.year}: the exchanges' notice (${exchanges}): every State Council weekday rest day closed` +
    `${extra.length === 0 ? ', nothing more' : `, and ${extra.join(', ')} (a State Council working day)`}\n`
  );
}

function summaryOf(path: string, file: ArrangementFile): string {
  const final = finalEntries(file.entries);
  return (
    `${path}: ${file.year}: ${final.length} holiday entries in force, ${final.reduce((total, entry) => total + restDaysOf(entry).length, 0)} rest days, ` +
    `${final.reduce((total, entry) => total + entry.work.length, 0)} make-up working days; statutory days computed\n` +
    `  balance: ${describeBalance(yearBalance(file))}\n`
  );
}

/** The importer answers every text with a file or a refusal; should it fail all the same, the user gets one line, not a stack trace. */
type ImportContext = ImportCommandOptions & {
  readonly currentYear: number;
  readonly accept: readonly string[];
  readonly folder: DataFolder;
  /** A year's file as the data folder had it before this run (the folder read once, when first asked). */
  readonly yearFile: (year: number) => Promise<YearFileReading>;
};

/** The folder's year files, from one read made when the first is asked for. */
function yearFilesOf(folder: DataFolder): (year: number) => Promise<YearFileReading> {
  let snapshot: Promise<DirectorySnapshot> | undefined;
  return async (year) => {
    snapshot ??= folder.snapshot();
    return yearFileIn(await snapshot, year, (name) => folder.nameOf(name));
  };
}

async function importOneSafely(path: string, options: ImportContext, results: ReadonlyMap<number, ArrangementFile>): Promise<NoticeOutcome> {
  try {
    const text = await readNoticeFile(path);
    if (!text.ok) return text;
    if (isExchangeNotice(text.text)) return await importExchanges(text.text, options, results);
    const outcome = await importOne(text.text, options, results);
    return outcome.ok ? { ok: true, files: [outcome.file], exchanges: false } : outcome;
  } catch (error) {
    return { ok: false, reason: `the importer failed on this text (an internal error: ${messageOf(error)}); please report it with the text` };
  }
}

/** The year's file after applying one notice, or why it was refused. */
async function importOne(noticeText: string, options: ImportContext, results: ReadonlyMap<number, ArrangementFile>): Promise<Outcome> {
  const text = { text: noticeText };
  const refused = (error: unknown): Outcome => {
    if (error instanceof ImportError) return { ok: false, reason: error.message };
    throw error;
  };
  let target: ReturnType<typeof noticeYearOf>;
  try {
    target = noticeYearOf(text.text, options);
  } catch (error) {
    return refused(error);
  }
  const { kind, year } = target;
  const targetPath = options.folder.nameOf(yearFileName(year));
  let existing = results.get(year);
  if (kind === 'annual') {
    if (existing === undefined && !options.force && !options.dryRun && (await options.yearFile(year)).state !== 'absent') {
      return { ok: false, reason: `${targetPath} already exists; an annual notice starts a new file (use --force to replace it)` };
    }
    existing = undefined;
  } else if (existing === undefined) {
    const loaded = await readExisting(targetPath, options, kind, year);
    if (!loaded.ok) return loaded;
    existing = loaded.file;
  }
  try {
    return { ok: true, file: importNotice(text.text, existing, options) };
  } catch (error) {
    return refused(error);
  }
}

/**
 * An exchanges' notice of market closures: each year it covers must have its State Council file
 * (from this run, or in the data directory), which gains the exchanges' part.
 */
async function importExchanges(text: string, options: ImportContext, results: ReadonlyMap<number, ArrangementFile>): Promise<NoticeOutcome> {
  try {
    const files = new Map<number, ArrangementFile>();
    for (const year of exchangeNoticeYears(text)) {
      const inRun = results.get(year);
      const onDisk = inRun === undefined ? await options.yearFile(year) : ({ state: 'valid', file: inRun } as const);
      if (onDisk.state === 'invalid') return { ok: false, reason: onDisk.reason };
      if (onDisk.state === 'valid') files.set(year, onDisk.file);
    }
    return { ok: true, files: importExchangeNotice(text, (year) => files.get(year)), exchanges: true };
  } catch (error) {
    if (error instanceof ImportError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The notice text, refused unread when it is too large, and refused when it is not UTF-8. */
async function readNoticeFile(path: string): Promise<{ readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string }> {
  let bytes: Buffer;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { ok: false, reason: 'is not a file' };
    if (info.size > MAX_NOTICE_BYTES) return { ok: false, reason: oversizedNoticeReason(info.size) };
    bytes = await readFile(path);
  } catch (error) {
    return { ok: false, reason: `cannot be read (${messageOf(error)})` };
  }
  if (bytes.length > MAX_NOTICE_BYTES) return { ok: false, reason: oversizedNoticeReason(bytes.length) };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const lines = new TextDecoder('utf-8').decode(bytes).split(/\r\n|\r|\n/);
    const at = Math.max(0, lines.findIndex((line) => line.includes('\uFFFD')));
    return {
      ok: false,
      reason: `line ${at + 1}: the text is not UTF-8 (saved as GBK or UTF-16?); save the notice as UTF-8: «${shortened((lines[at] ?? '').trim())}»`,
    };
  }
}


async function readExisting(path: string, options: ImportContext, kind: 'special' | 'amending', year: number): Promise<Outcome> {
  const article = kind === 'special' ? 'a special' : 'an amending';
  const read = await options.yearFile(year);
  if (read.state === 'absent') {
    return { ok: false, reason: `${article} notice is applied to the year's file, and ${path} does not exist: import the ${year} annual notice first` };
  }
  if (read.state === 'invalid') return { ok: false, reason: `${article} notice is applied to the year's file, and ${read.reason}` };
  return { ok: true, file: read.file };
}

