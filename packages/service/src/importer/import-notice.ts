import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { assembleYear } from './assemble.js';
import { readHeader } from './header.js';
import { ImportError, problemAt, ProblemLog, shortened } from './import-error.js';
import { validatedFile } from './notice-file.js';
import { noticeMetadata } from './notice-metadata.js';
import { readEntries } from './notice-entries.js';
import { readItems } from './notice-items.js';
import type { NoticeText } from './notice-text.js';
import { noticeArticle, type TitleInfo } from './notice-title.js';
import { resolveYear } from './notice-year.js';
import { splitSourceLines } from './normalize-text.js';
import { readLeadIn, readTitle } from './title-and-lead-in.js';
import { checkYear } from './year-checks.js';

export { ImportError } from './import-error.js';

export interface ImportOptions {
  /** This year, by the clock in China: a notice for a year more than two years ahead is refused. */
  readonly currentYear: number;
  /**
   * Ids of whole-year rule findings (completeness, balance, where make-up days lie) a person
   * accepts after reading the notice; the file records each. Findings the year's file already
   * accepts stay accepted while they last.
   */
  readonly accept?: readonly string[];
}

/** A notice is a few kilobytes; anything over this is refused before it is parsed. */
export const MAX_NOTICE_BYTES = 1024 * 1024;

/** Why a notice text of `bytes` bytes is refused unread. */
export function oversizedNoticeReason(bytes: number): string {
  return `is ${bytes} bytes, over the ${MAX_NOTICE_BYTES} a notice text may have (a notice is a few kilobytes); it was not read`;
}

/** The year of `now` in China (UTC+8), where the notices are issued. */
export function currentYearInChina(now: Date = new Date()): number {
  return new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
}

/**
 * Turns the text of a State Council holiday notice into an arrangement data file.
 *
 * An annual notice (国务院办公厅关于XXXX年部分节假日安排的通知) yields a new file for its year.
 * A special notice (adds an entry, e.g. the 2015 Victory Day) or an amending notice (replaces
 * an entry: the 2019 Labor Day change, the 2020 Spring Festival extension) is applied to
 * `existing`, the year's file. Anything the importer does not fully understand — an unknown
 * line, a weekday or lunar label that does not fit its date, a total that does not match the
 * days counted, a holiday the lead-in names but no item arranges, a year that does not balance —
 * is refused with an ImportError quoting the line(s). It throws nothing else: whatever the
 * text, the result is a file the loader accepts or an ImportError.
 *
 * The text moves through the stages in the order below, each a module of its own; each records
 * what it refuses in one ProblemLog, and the import stops between stages once a later one could
 * only compound what is recorded, so that a person sees all of a notice's problems at once.
 */
export function importNotice(text: string, existing?: ArrangementFile, options: ImportOptions = { currentYear: currentYearInChina() }): ArrangementFile {
  const log = new ProblemLog();
  // Lines, header, title and lead-in, items (readNotice), and the year they arrange.
  const { notice, info, year } = readNotice(text, existing, options, log);
  if (typeof year === 'string') {
    log.at(notice.titleLines, year);
    return log.stop();
  }
  checkExistingFile(notice, info, year, existing, log);

  // Entries: each item read into days off and make-up days, the items checked against the lead-in.
  const entries = readEntries(notice, info, year, log);
  const metadata = noticeMetadata(notice, info, log);
  log.stopIfAny();
  if (metadata === undefined) return log.stop();

  // Year checks: the year with this notice applied, checked as a whole.
  const file = log.reading(notice.titleLines, () => assembleYear(info, year, metadata, entries, existing));
  if (file === undefined) return log.stop();
  const accepted = (existing?.acceptedFindings ?? []).map((record) => record.id);
  const checked = checkYear(file, { noticeId: metadata.id, blocks: entries.blocks, titleLines: notice.titleLines, accept: options.accept ?? [], acceptedBefore: accepted }, log);
  log.stopIfAny();

  // File: what the loader accepts, or nothing.
  return validatedFile(checked, notice.titleLines, log) ?? log.stop();
}

/** An annual notice starts its year's file; the others are applied to it. */
function checkExistingFile(notice: NoticeText, info: TitleInfo, year: number, existing: ArrangementFile | undefined, log: ProblemLog): void {
  if (info.kind === 'annual') {
    if (existing !== undefined) log.at(notice.titleLines, 'an annual notice starts a new file; no existing file may be given');
    return;
  }
  if (existing === undefined) log.at(notice.titleLines, `${noticeArticle(info.kind)} notice is applied to the year's existing file, and none was given`);
  else if (existing.year !== year) log.at(notice.titleLines, `the notice is for ${year}, but the existing file is for ${existing.year}`);
}

/**
 * The kind of notice and the arrangement year it is for, so that a caller can load the year's
 * file before applying a special or amending notice. Throws an ImportError when the text does
 * not tell, or names a year the importer does not accept.
 */
export function noticeYearOf(text: string, options: ImportOptions = { currentYear: currentYearInChina() }): { readonly kind: TitleInfo['kind']; readonly year: number } {
  const log = new ProblemLog();
  const { notice, info, year } = readNotice(text, undefined, options, log);
  if (typeof year === 'string') throw new ImportError([problemAt(notice.titleLines, year)]);
  return { kind: info.kind, year };
}

interface ReadNotice {
  readonly notice: NoticeText;
  readonly info: TitleInfo;
  /** The year the notice arranges, or why it cannot be told. */
  readonly year: number | string;
}

/**
 * The reading stages: lines, header, title and lead-in, items, and the year they arrange.
 * Stops (throws the log's ImportError) when the title cannot be read.
 */
function readNotice(text: string, existing: ArrangementFile | undefined, options: ImportOptions, log: ProblemLog): ReadNotice {
  refuseOversized(text);
  const lines = splitSourceLines(text);
  const { header, next } = readHeader(lines, log);
  const title = readTitle(lines, next, log);
  const info = title.titleInfo;
  const items = readItems(lines, title.next, info === undefined || info.kind === 'annual', log);
  const notice: NoticeText = { header, ...title, ...items, ...readLeadIn(items.leadSentences, log) };
  if (info === undefined) {
    if (log.count === 0) log.at(notice.titleLines, 'the text has no title');
    return log.stop();
  }
  return { notice, info, year: resolveYear(notice.entries, info, existing, options.currentYear) };
}

function refuseOversized(text: string): void {
  // Counted in UTF-16 units first: no text longer than that can be within the limit in bytes.
  if (text.length <= MAX_NOTICE_BYTES / 3 || Buffer.byteLength(text) <= MAX_NOTICE_BYTES) return;
  const firstLine = text.slice(0, 200).split(/\r\n|\r|\n/)[0] ?? '';
  throw new ImportError([
    {
      firstLine: 1,
      lastLine: 1,
      reason: `the text ${oversizedNoticeReason(Buffer.byteLength(text))}`,
      quote: shortened(firstLine.trim()),
    },
  ]);
}
