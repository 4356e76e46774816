import { HOLIDAY_NAMES, type HolidayCode } from '../calendar/holidays.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import type { ArrangementFile, ArrangementNotice } from '../dataset/arrangement-schema.js';
import { applyAmendment, applyExtension, applySpecial, buildAnnualFile } from './assemble.js';
import { issuerOfDocumentNumber } from './boilerplate.js';
import { classifyEntry, type ClassifiedEntry, type EntryDraft, type ExtensionDraft } from './classify-entry.js';
import { checkDateAnnotations, tokenizeDates } from './date-tokens.js';
import { parseEntryBody } from './entry-body.js';
import { ImportError, Refusal, type ImportProblem } from './import-error.js';
import { problemAt, readNoticeText, type EntryBlock, type NoticeText } from './notice-text.js';
import { noticeIdOf, type TitleInfo } from './notice-title.js';

export { ImportError } from './import-error.js';

/**
 * Turns the text of a State Council holiday notice into an arrangement data file.
 *
 * An annual notice (国务院办公厅关于XXXX年部分节假日安排的通知) yields a new file for its year.
 * A special notice (adds an entry, e.g. the 2015 Victory Day) or an amending notice (replaces
 * an entry: the 2019 Labor Day change, the 2020 Spring Festival extension) is applied to
 * `existing`, the year's file. Anything the importer does not fully understand — an unknown
 * line, a weekday or lunar label that does not fit its date, a total that does not match the
 * days counted — is refused with an ImportError quoting the line(s).
 */
export function importNotice(text: string, existing?: ArrangementFile): ArrangementFile {
  const notice = readNoticeText(text);
  const problems: ImportProblem[] = [...notice.problems];
  const info = notice.titleInfo;
  if (info === undefined) throw new ImportError(problems);
  const atTitle = (reason: string): void => {
    problems.push(problemAt(notice.titleLines, reason));
  };

  const year = info.kind === 'special' ? (info.year ?? firstWrittenYear(notice.entries) ?? existing?.year) : info.year;
  if (year === undefined) {
    atTitle('cannot tell which year the notice is for');
    throw new ImportError(problems);
  }
  if (info.kind === 'annual' && existing !== undefined) atTitle('an annual notice starts a new file; no existing file may be given');
  if (info.kind !== 'annual') {
    if (existing === undefined) atTitle(`${article(info.kind)} notice is applied to the year's existing file, and none was given`);
    else if (existing.year !== year) atTitle(`the notice is for ${year}, but the existing file is for ${existing.year}`);
  }

  const results = classifyBlocks(notice, info, year, problems);
  const metadata = noticeMetadata(notice, info, problems);
  if (problems.length > 0 || metadata === undefined) throw new ImportError(problems);

  try {
    if (info.kind === 'annual') return buildAnnualFile(year, metadata, results.drafts);
    if (existing === undefined) throw new Refusal('no existing file');
    if (info.kind === 'special') return applySpecial(existing, metadata, results.drafts);
    const [extension] = results.extensions;
    if (extension !== undefined) return applyExtension(existing, metadata, extension);
    const [draft] = results.drafts;
    if (draft === undefined) throw new Refusal('the notice states no arrangement');
    return applyAmendment(existing, metadata, draft);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    atTitle(error.message);
    throw new ImportError(problems);
  }
}

/**
 * The arrangement year a notice is for, so that a caller can load the year's file before
 * applying a special or amending notice; undefined when the text does not tell.
 */
export function noticeYearOf(text: string): { readonly kind: TitleInfo['kind']; readonly year: number | undefined } | undefined {
  const notice = readNoticeText(text);
  const info = notice.titleInfo;
  if (info === undefined) return undefined;
  return { kind: info.kind, year: info.kind === 'special' ? (info.year ?? firstWrittenYear(notice.entries)) : info.year };
}

interface ClassifiedBlocks {
  readonly drafts: EntryDraft[];
  readonly extensions: ExtensionDraft[];
}

function classifyBlocks(notice: NoticeText, info: TitleInfo, year: number, problems: ImportProblem[]): ClassifiedBlocks {
  const drafts: EntryDraft[] = [];
  const extensions: ExtensionDraft[] = [];
  const seen = new Map<HolidayCode, EntryBlock>();
  for (const block of notice.entries) {
    try {
      const classified = classifyBlock(block, info, year);
      if (classified.kind === 'extension') {
        extensions.push(classified.extension);
        continue;
      }
      for (const code of classified.draft.holidays) {
        if (seen.has(code)) throw new Refusal(`${HOLIDAY_NAMES[code]} already has an entry in this notice`);
        seen.set(code, block);
      }
      drafts.push(classified.draft);
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
  return { drafts, extensions };
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
 * Title, 文号 and 成文日期 come from the notice text; publication date and addresses from the
 * header. Where both give a value they must agree, and the issuer must be the same in the
 * title, the signature, the 文号 and the header.
 */
function noticeMetadata(notice: NoticeText, info: TitleInfo, problems: ImportProblem[]): ArrangementNotice | undefined {
  const { header } = notice;
  const before = problems.length;
  const atTitle = (reason: string): void => {
    problems.push(problemAt(notice.titleLines, reason));
  };

  let documentNumber: string | null | undefined = notice.documentNumber?.value;
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

/** A special notice's title may omit the year; its text then states a date with its year. */
function firstWrittenYear(blocks: readonly EntryBlock[]): number | undefined {
  for (const block of blocks) {
    const match = /(\d{4})年\d{1,2}月\d{1,2}日/.exec(block.body);
    if (match?.[1] !== undefined) return Number(match[1]);
  }
  return undefined;
}

function article(kind: 'special' | 'amending'): string {
  return kind === 'special' ? 'a special' : 'an amending';
}
