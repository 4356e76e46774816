import { ANNUAL_HOLIDAY_CODES, HOLIDAY_NAMES, holidayNames, type HolidayCode } from '../calendar/holidays.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { FIRST_REGULATED_YEAR, ONE_OFF_HOLIDAY_YEARS } from '../calendar/statutory-days.js';
import type { ArrangementFile, ArrangementNotice } from '../dataset/arrangement-schema.js';
import { acceptanceHint, acceptanceOf, yearRuleFindings } from '../dataset/accepted-findings.js';
import { validateArrangementFile } from '../dataset/validate-arrangement.js';
import { applyAmendment, applyExtension, applySpecial, buildAnnualFile } from './assemble.js';
import { classifyProseSentence, issuerOfDocumentNumber, splitProseSentences } from './boilerplate.js';
import { classifyEntry, type ClassifiedEntry, type EntryDraft, type ExtensionDraft } from './classify-entry.js';
import { checkDateAnnotations, shortened, tokenizeDates } from './date-tokens.js';
import { hasArrangementFacts, parseEntryBody } from './entry-body.js';
import { ImportError, Refusal, type ImportProblem } from './import-error.js';
import { problemAt, readNoticeText, type EntryBlock, type NoticeText } from './notice-text.js';
import { noticeIdOf, type TitleInfo } from './notice-title.js';
import type { SourceLine } from './normalize-text.js';

export { ImportError } from './import-error.js';

export interface ImportOptions {
  /** This year, by the clock in China: a notice for a year more than two years ahead is refused. */
  readonly currentYear: number;
  /**
   * Ids of whole-year rule findings (rules 10-12) a person accepts after reading the notice; the
   * file records each. Findings the year's file already accepts stay accepted while they last.
   */
  readonly accept?: readonly string[];
}

/** A notice is a few kilobytes; anything over this is refused before it is parsed. */
export const MAX_NOTICE_BYTES = 1024 * 1024;

/** Why a notice text of `bytes` bytes is refused unread. */
export function oversizedNoticeReason(bytes: number): string {
  return `is ${bytes} bytes, over the ${MAX_NOTICE_BYTES} a notice text may have (a notice is a few kilobytes); it was not read`;
}

/** A notice may arrange at most this many years after the current one (notices come out in November for the next year). */
export const YEARS_AHEAD = 2;

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
 */
export function importNotice(text: string, existing?: ArrangementFile, options: ImportOptions = { currentYear: currentYearInChina() }): ArrangementFile {
  refuseOversized(text);
  const notice = readNoticeText(text);
  const problems: ImportProblem[] = [...notice.problems];
  const info = notice.titleInfo;
  if (info === undefined) throw new ImportError(problems);
  const atTitle = (reason: string): void => {
    problems.push(problemAt(notice.titleLines, reason));
  };

  const year = resolveYear(notice, info, existing, options);
  if (typeof year === 'string') {
    atTitle(year);
    throw new ImportError(problems);
  }
  if (info.kind === 'annual' && existing !== undefined) atTitle('an annual notice starts a new file; no existing file may be given');
  if (info.kind !== 'annual') {
    if (existing === undefined) atTitle(`${article(info.kind)} notice is applied to the year's existing file, and none was given`);
    else if (existing.year !== year) atTitle(`the notice is for ${year}, but the existing file is for ${existing.year}`);
  }

  const results = classifyBlocks(notice, info, year, problems);
  if (info.kind === 'annual') checkAnnualItems(notice, year, problems);
  checkRemarks(notice, year, problems);
  const metadata = noticeMetadata(notice, info, problems);
  if (problems.length > 0 || metadata === undefined) throw new ImportError(problems);

  let file: ArrangementFile;
  try {
    file = assembleFile(info, year, metadata, results, existing);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    atTitle(error.message);
    throw new ImportError(problems);
  }
  const ruled = checkYearRules(file, metadata.id, results.blocks, notice.titleLines, options.accept ?? [], (existing?.acceptedFindings ?? []).map((record) => record.id));
  if (ruled.problems.length > 0) throw new ImportError([...problems, ...ruled.problems]);
  file = ruled.file;
  // The loader's own check, last: the importer never hands over a file the service would refuse.
  const validation = validateArrangementFile(file, `${year}.json`);
  if (!validation.ok) {
    for (const problem of validation.problems) atTitle(`the resulting ${problem.file} breaks a rule of the data format: ${problem.field}: ${problem.reason}`);
    throw new ImportError(problems);
  }
  return validation.file;
}

/**
 * The kind of notice and the arrangement year it is for, so that a caller can load the year's
 * file before applying a special or amending notice. Throws an ImportError when the text does
 * not tell, or names a year the importer does not accept.
 */
export function noticeYearOf(text: string, options: ImportOptions = { currentYear: currentYearInChina() }): { readonly kind: TitleInfo['kind']; readonly year: number } {
  refuseOversized(text);
  const notice = readNoticeText(text);
  const info = notice.titleInfo;
  if (info === undefined) throw new ImportError(notice.problems.length > 0 ? notice.problems : [problemAt(notice.titleLines, 'the text has no title')]);
  const year = resolveYear(notice, info, undefined, options);
  if (typeof year === 'string') throw new ImportError([problemAt(notice.titleLines, year)]);
  return { kind: info.kind, year };
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

/**
 * The arrangement year: the title's. A special notice's title may omit it (the 2015 Victory Day
 * notice does); then the years its dates are written with, or the one year of a one-off holiday,
 * must agree on one; failing those, the existing file's. A reason string when none can be told
 * or the year is outside what the importer accepts.
 */
function resolveYear(notice: NoticeText, info: TitleInfo, existing: ArrangementFile | undefined, options: ImportOptions): number | string {
  let year = info.year;
  if (year === undefined && info.kind === 'special') {
    const candidates = new Set(writtenYears(notice.entries));
    const oneOff = ONE_OFF_HOLIDAY_YEARS[info.code];
    if (oneOff !== undefined) candidates.add(oneOff);
    if (candidates.size > 1) {
      return `the title writes no year, and the text points to several (${[...candidates].sort().join(', ')}); write the year into the title (国务院关于${[...candidates].sort()[0] ?? ''}年…的通知)`;
    }
    year = [...candidates][0] ?? existing?.year;
    if (year === undefined) {
      return 'the title writes no year, and neither does any date of the text nor the holiday itself; write the year into the title (国务院关于2015年…放假的通知)';
    }
  }
  if (year === undefined) return 'the title writes no year';
  if (year < FIRST_REGULATED_YEAR) {
    return `${year} is before ${FIRST_REGULATED_YEAR}: the importer reads the notices under the regulation as revised in 2007, the ${FIRST_REGULATED_YEAR} arrangement on`;
  }
  if (year > options.currentYear + YEARS_AHEAD) {
    return `${year} is more than ${YEARS_AHEAD} years after this year (${options.currentYear}); a notice arranges the coming year (is the year mistyped?)`;
  }
  return year;
}

/** Years written with full dates in a notice's arrangement text (2015年9月3日). */
function writtenYears(blocks: readonly EntryBlock[]): number[] {
  const years: number[] = [];
  for (const block of blocks) {
    for (const match of block.body.matchAll(/(\d{4})年\d{1,2}月\d{1,2}日/g)) years.push(Number(match[1]));
  }
  return years;
}

interface ClassifiedBlocks {
  readonly drafts: EntryDraft[];
  readonly extensions: ExtensionDraft[];
  /** The block each draft or extension came from, in the order the file's entries for this notice are written. */
  readonly blocks: EntryBlock[];
}

function classifyBlocks(notice: NoticeText, info: TitleInfo, year: number, problems: ImportProblem[]): ClassifiedBlocks {
  const drafts: EntryDraft[] = [];
  const extensions: ExtensionDraft[] = [];
  const blocks: EntryBlock[] = [];
  const seen = new Map<HolidayCode, EntryBlock>();
  for (const block of notice.entries) {
    try {
      const classified = classifyBlock(block, info, year);
      if (classified.kind === 'extension') {
        extensions.push(classified.extension);
        blocks.push(block);
        continue;
      }
      for (const code of classified.draft.holidays) {
        if (seen.has(code)) throw new Refusal(`${HOLIDAY_NAMES[code]} already has an entry in this notice`);
        seen.set(code, block);
      }
      drafts.push(classified.draft);
      blocks.push(block);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      problems.push(problemAt(block.lines, error.message));
    }
  }
  if (notice.entries.length === 0) problems.push(problemAt(notice.titleLines, 'the notice states no holiday arrangement'));
  if (info.kind !== 'annual' && notice.entries.length > 1) {
    const lines = notice.entries.flatMap((block) => block.lines);
    problems.push(problemAt(lines, `${article(info.kind)} notice must state exactly one arrangement`));
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
function checkAnnualItems(notice: NoticeText, year: number, problems: ImportProblem[]): void {
  const lead = notice.leadIn;
  if (lead !== undefined) {
    if (lead.value.year !== undefined && lead.value.year !== year) {
      problems.push(problemAt([lead.line], `the lead-in is for ${lead.value.year}, but the title for ${year}`));
    }
    const unnamed = ANNUAL_HOLIDAY_CODES.filter((code) => !lead.value.codes.includes(code));
    const ungranted = lead.value.codes.filter((code) => !ANNUAL_HOLIDAY_CODES.includes(code));
    if (unnamed.length > 0) problems.push(problemAt([lead.line], `the lead-in does not name ${holidayNames(unnamed)}, which the regulation grants every year`));
    if (ungranted.length > 0) problems.push(problemAt([lead.line], `the lead-in names ${holidayNames(ungranted)}, which the regulation does not grant every year`));
  }
  const arranged = new Set(notice.entries.flatMap((block) => block.label?.codes ?? []));
  for (const block of notice.entries) {
    const ungranted = (block.label?.codes ?? []).filter((code) => !ANNUAL_HOLIDAY_CODES.includes(code));
    if (ungranted.length > 0) problems.push(problemAt(block.lines, `${holidayNames(ungranted)} is not a holiday an annual notice arranges`));
  }
  // An item whose name could not be read may be the missing one: that problem is reported already.
  if (notice.unreadableItems > 0) return;
  const missing = ANNUAL_HOLIDAY_CODES.filter((code) => !arranged.has(code));
  if (missing.length === 0) return;
  const them = missing.length === 1 ? 'it' : 'them';
  problems.push(
    lead === undefined
      ? problemAt(notice.titleLines, `no item arranges ${holidayNames(missing)}, which the regulation grants every year (is the notice text cut short, or an item dropped?)`)
      : problemAt([lead.line], `the lead-in names ${holidayNames(missing)}, but no item arranges ${them} (is the notice text cut short, or an item dropped?)`),
  );
}

/**
 * A remark a reprint appends (特殊说明：…) is no item: it may repeat what carries no arrangement
 * (an encouragement, the closing), but a remark that names days, or says what the importer
 * cannot read, is refused: the days would be lost or misread either way.
 */
function checkRemarks(notice: NoticeText, year: number, problems: ImportProblem[]): void {
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
      problems.push(
        problemAt(
          [line],
          `a «${value.label}» note is not one of the notice's items, and ${trouble}; the importer reads days only from the items: remove the note if a reprint added it, or write what it says into the holiday's item`,
        ),
      );
    }
  }
}

function assembleFile(info: TitleInfo, year: number, metadata: ArrangementNotice, results: ClassifiedBlocks, existing: ArrangementFile | undefined): ArrangementFile {
  if (info.kind === 'annual') return buildAnnualFile(year, metadata, results.drafts);
  if (existing === undefined) throw new Refusal('no existing file');
  if (info.kind === 'special') return applySpecial(existing, metadata, results.drafts);
  const [extension] = results.extensions;
  if (extension !== undefined) return applyExtension(existing, metadata, extension);
  const [draft] = results.drafts;
  if (draft === undefined) throw new Refusal('the notice states no arrangement');
  return applyAmendment(existing, metadata, draft);
}

/**
 * The rules a whole year must meet (completeness, balance, where make-up days lie), as the loader
 * checks them, each problem quoting the items of this notice it concerns (or the title).
 */
function checkYearRules(
  file: ArrangementFile,
  noticeId: string,
  blocks: readonly EntryBlock[],
  titleLines: readonly SourceLine[],
  accept: readonly string[],
  acceptedBefore: readonly string[],
): { readonly file: ArrangementFile; readonly problems: ImportProblem[] } {
  const blockOfEntry = new Map<number, EntryBlock>();
  let own = 0;
  file.entries.forEach((entry, index) => {
    if (entry.notice !== noticeId) return;
    const block = blocks[own];
    own += 1;
    if (block !== undefined) blockOfEntry.set(index, block);
  });
  const findings = yearRuleFindings(file);
  const isAccepted = (id: string): boolean => accept.includes(id) || acceptedBefore.includes(id);
  const problems: ImportProblem[] = findings
    .filter((finding) => !isAccepted(finding.id))
    .map((finding) => {
      const lines = finding.entries.flatMap((index) => blockOfEntry.get(index)?.lines ?? []);
      return { ...problemAt(lines.length > 0 ? lines : titleLines, `${finding.reason} (${acceptanceHint(finding)})`), finding: finding.id };
    });
  const unmatched = accept.filter((id) => !findings.some((finding) => finding.id === id));
  for (const id of unmatched) {
    problems.push(problemAt(titleLines, `--accept ${id} names no finding of this notice (its findings: ${findings.map((finding) => finding.id).join(', ') || 'none'})`));
  }
  const accepted = findings.filter((finding) => isAccepted(finding.id)).map(acceptanceOf);
  // The assembled file carries no acceptance of its own: the record is exactly what is accepted now.
  return { file: accepted.length > 0 ? { ...file, acceptedFindings: accepted } : file, problems };
}

/**
 * Title, 文号 and 成文日期 come from the notice text; publication date and addresses from the
 * header. Where both give a value they must agree, and the issuer must be the same in the
 * title, the signature, the 文号 and the header. A reprint's preamble may cite the title and
 * 文号; they must agree with the notice's own where it has them.
 */
function noticeMetadata(notice: NoticeText, info: TitleInfo, problems: ImportProblem[]): ArrangementNotice | undefined {
  const { header, citation } = notice;
  const before = problems.length;
  const atTitle = (reason: string): void => {
    problems.push(problemAt(notice.titleLines, reason));
  };

  if (citation !== undefined && notice.titleLines[0] !== citation.line) {
    if (citation.value.title !== notice.title) {
      problems.push(problemAt([citation.line], `the lead-in cites «${citation.value.title}», but the title is «${notice.title}»`));
    }
    const own = notice.documentNumber?.value;
    if (own !== undefined && citation.value.documentNumber !== undefined && own !== citation.value.documentNumber) {
      problems.push(problemAt([citation.line], `the lead-in cites the 文号 ${citation.value.documentNumber}, but the notice's is ${own}`));
    }
  }

  let documentNumber: string | null | undefined = notice.documentNumber?.value ?? citation?.value.documentNumber;
  if (header.documentNumber !== undefined) {
    if (documentNumber !== undefined && header.documentNumber.value !== documentNumber) {
      problems.push(problemAt([header.documentNumber.line], `the header's 发文字号 differs from the notice's ${documentNumber}`));
    }
    documentNumber ??= header.documentNumber.value;
  }
  if (documentNumber === undefined) atTitle('the notice has no 文号 line; add 发文字号：… to the header (发文字号：不详 if unknown)');

  let signedDate: string | null | undefined = notice.signedDate === undefined ? undefined : formatIsoDate(notice.signedDate.day);
  if (header.signedDate !== undefined) {
    if (signedDate !== undefined && header.signedDate.value !== signedDate) {
      problems.push(problemAt([header.signedDate.line], `the header's 成文日期 differs from the notice's date ${signedDate}`));
    }
    signedDate ??= header.signedDate.value;
  }
  if (signedDate === undefined) {
    atTitle('the notice has no date line under the signature; add 成文日期：… to the header (成文日期：不详 if unknown)');
  }

  const publishedDate = header.publishedDate?.value;
  if (publishedDate === undefined) atTitle('the header lacks 发布日期：yyyy-MM-dd (the day gov.cn published the notice)');
  const sourceUrl = header.sourceUrl?.value;
  if (sourceUrl === undefined) atTitle('the header lacks 网址：http… (the gov.cn address of the notice)');
  if (typeof signedDate === 'string' && publishedDate !== undefined && signedDate > publishedDate && notice.signedDate !== undefined) {
    problems.push(problemAt([notice.signedDate.line], `the notice is dated ${signedDate}, after its publication on ${publishedDate}`));
  }

  if (notice.signature !== undefined && notice.signature.issuer !== info.issuer) {
    problems.push(problemAt([notice.signature.line], `signed by ${notice.signature.issuer}, but the title is ${info.issuer}'s`));
  }
  if (typeof documentNumber === 'string') {
    const issuer = issuerOfDocumentNumber(documentNumber);
    if (issuer !== undefined && issuer !== info.issuer) atTitle(`the 文号 ${documentNumber} is ${issuer}'s, but the title is ${info.issuer}'s`);
  }
  if (header.title !== undefined && header.title.value !== notice.title) {
    problems.push(problemAt([header.title.line], `the header's 标题 differs from the title «${notice.title}»`));
  }
  if (header.issuer !== undefined && header.issuer.value !== info.issuer) {
    problems.push(problemAt([header.issuer.line], `the header's 发文机关 differs from the title's ${info.issuer}`));
  }

  if (problems.length > before || documentNumber === undefined || signedDate === undefined) return undefined;
  if (publishedDate === undefined || sourceUrl === undefined) return undefined;
  return {
    id: noticeIdOf(info),
    kind: info.kind,
    title: notice.title,
    documentNumber,
    signedDate,
    publishedDate,
    sourceUrl,
    otherUrls: header.otherUrls.map((field) => field.value),
  };
}


function article(kind: 'special' | 'amending'): string {
  return kind === 'special' ? 'a special' : 'an amending';
}
