import { ANNUAL_HOLIDAY_CODES, HOLIDAYS, holidayNames, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { classifyProseSentence, splitProseSentences } from './boilerplate.js';
import { classifyEntry, type ClassifiedEntry, type EntryDraft, type ExtensionDraft } from './classify-entry.js';
import { checkDateAnnotations, tokenizeDates } from './date-tokens.js';
import { hasArrangementFacts, parseEntryBody } from './entry-body.js';
import { Refusal, type ProblemLog } from './import-error.js';
import type { EntryBlock, NoticeText } from './notice-text.js';
import { noticeArticle, type TitleInfo } from './notice-title.js';

/**
 * The fifth stage of an import: each item's text read into an entry (its dates tokenized and
 * checked against their labels, its clauses read, its wording form classified), and the items
 * as a whole checked against what the title and lead-in promise. A refused item is recorded,
 * quoting its lines, and the others are still read.
 */

export interface NoticeEntries {
  readonly drafts: readonly EntryDraft[];
  readonly extensions: readonly ExtensionDraft[];
  /** The block each draft or extension came from, in the order the file's entries for this notice are written. */
  readonly blocks: readonly EntryBlock[];
}

export function readEntries(notice: NoticeText, info: TitleInfo, year: number, log: ProblemLog): NoticeEntries {
  const entries = classifyBlocks(notice, info, year, log);
  if (info.kind === 'annual') checkAnnualItems(notice, year, log);
  checkRemarks(notice, year, log);
  return entries;
}

function classifyBlocks(notice: NoticeText, info: TitleInfo, year: number, log: ProblemLog): NoticeEntries {
  const drafts: EntryDraft[] = [];
  const extensions: ExtensionDraft[] = [];
  const blocks: EntryBlock[] = [];
  const seen = new Set<HolidayCode>();
  for (const block of notice.entries) {
    const classified = log.reading(block.lines, () => classifyBlock(block, info, year));
    if (classified === undefined) continue;
    if (classified.kind === 'extension') {
      extensions.push(classified.extension);
      blocks.push(block);
      continue;
    }
    const repeated = classified.draft.holidays.find((code) => seen.has(code));
    if (repeated !== undefined) {
      log.at(block.lines, `${HOLIDAYS[repeated].zh} already has an entry in this notice`);
      continue;
    }
    for (const code of classified.draft.holidays) seen.add(code);
    drafts.push(classified.draft);
    blocks.push(block);
  }
  if (notice.entries.length === 0) log.at(notice.titleLines, 'the notice states no holiday arrangement');
  if (info.kind !== 'annual' && notice.entries.length > 1) {
    log.at(
      notice.entries.flatMap((block) => block.lines),
      `${noticeArticle(info.kind)} notice must state exactly one arrangement`,
    );
  }
  return { drafts, extensions, blocks };
}

function classifyBlock(block: EntryBlock, info: TitleInfo, year: number): ClassifiedEntry {
  const holidays = block.label?.codes ?? (info.kind === 'annual' ? [] : [info.code]);
  if (holidays.length === 0) throw new Refusal('an entry without a holiday name');
  if (info.kind !== 'annual' && (holidays.length !== 1 || holidays[0] !== info.code)) {
    throw new Refusal(`the entry is for ${block.label?.printedName ?? '?'}, but the title names ${info.holidayName}`);
  }
  const printedName = block.label?.printedName ?? (info.kind === 'annual' ? '' : info.holidayName);
  const tokenized = tokenizeDates(block.body, year);
  checkDateAnnotations(tokenized.items, year);
  const facts = parseEntryBody(tokenized, { year, allowDecision: info.kind === 'special' });
  return classifyEntry(facts, {
    year,
    noticeKind: info.kind,
    allowExtension: info.kind === 'amending' && info.mode === 'extend',
    holidays,
    printedName,
  });
}

/**
 * Completeness of an annual notice: its lead-in names the holidays it arranges, the regulation
 * grants the same seven every year, and the items must arrange exactly those. A text cut short
 * or with an item dropped is refused here, naming what is missing.
 */
function checkAnnualItems(notice: NoticeText, year: number, log: ProblemLog): void {
  const lead = notice.leadIn;
  const arranged = new Set(notice.entries.flatMap((block) => block.label?.codes ?? []));
  // An item whose name could not be read may be the missing one: that problem is reported already.
  const missing = notice.unreadableItems > 0 ? [] : ANNUAL_HOLIDAY_CODES.filter((code) => !arranged.has(code));
  const cutShort = '(is the notice text cut short, or an item dropped?)';
  const them = (codes: readonly HolidayCode[]): string => (codes.length === 1 ? 'it' : 'them');
  if (lead !== undefined) {
    if (lead.value.year !== undefined && lead.value.year !== year) {
      log.at([lead.line], `the lead-in is for ${lead.value.year}, but the title for ${year}`);
    }
    const unnamed = ANNUAL_HOLIDAY_CODES.filter((code) => !lead.value.codes.includes(code));
    // A holiday missing from both the lead-in and the items is one problem, said as it is.
    const nowhere = unnamed.filter((code) => missing.includes(code));
    const unnamedOnly = unnamed.filter((code) => !missing.includes(code));
    const namedMissing = missing.filter((code) => lead.value.codes.includes(code));
    const ungranted = lead.value.codes.filter((code) => !ANNUAL_HOLIDAY_CODES.includes(code));
    if (unnamedOnly.length > 0) log.at([lead.line], `the lead-in does not name ${holidayNames(unnamedOnly)}, which the regulation grants every year`);
    if (nowhere.length > 0) {
      log.at([lead.line], `neither the lead-in nor any item names ${holidayNames(nowhere)}, which the regulation grants every year ${cutShort}`);
    }
    if (ungranted.length > 0) log.at([lead.line], `the lead-in names ${holidayNames(ungranted)}, which the regulation does not grant every year`);
    if (namedMissing.length > 0) log.at([lead.line], `the lead-in names ${holidayNames(namedMissing)}, but no item arranges ${them(namedMissing)} ${cutShort}`);
  } else if (missing.length > 0) {
    log.at(notice.titleLines, `no item arranges ${holidayNames(missing)}, which the regulation grants every year ${cutShort}`);
  }
  for (const block of notice.entries) {
    const ungranted = (block.label?.codes ?? []).filter((code) => !ANNUAL_HOLIDAY_CODES.includes(code));
    if (ungranted.length > 0) log.at(block.lines, `${holidayNames(ungranted)} is not a holiday an annual notice arranges`);
  }
}

/**
 * A remark a reprint appends (特殊说明：…) is no item: it may repeat what carries no arrangement
 * (an encouragement, the closing), but a remark that names days, or says what the importer
 * cannot read, is refused: the days would be lost or misread either way.
 */
function checkRemarks(notice: NoticeText, year: number, log: ProblemLog): void {
  for (const { value, line } of notice.remarks) {
    const unclassified = splitProseSentences(value.text).filter((sentence) => classifyProseSentence(sentence) === undefined);
    if (unclassified.length === 0) continue;
    let trouble: string | undefined;
    try {
      const tokenized = tokenizeDates(`${unclassified.join('。')}。`, year);
      checkDateAnnotations(tokenized.items, year);
      if (hasArrangementFacts(parseEntryBody(tokenized, { year, allowDecision: false }))) trouble = 'it names days off or make-up working days';
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      trouble = `the importer cannot tell what it changes (${error.message})`;
    }
    if (trouble !== undefined) {
      log.at(
        [line],
        `a «${value.label}» note is not one of the notice's items, and ${trouble}; the importer reads days only from the items: remove the note if a reprint added it, or write what it says into the holiday's item`,
      );
    }
  }
}
