import type { DayNumber } from '../calendar/civil-date.js';
import type { HolidayCode } from '../calendar/holidays.js';
import {
  classifyProseSentence,
  containsDate,
  isAddressee,
  isPublicReleaseMark,
  parseDateLine,
  parseDocumentNumber,
  parseSignature,
  splitProseSentences,
  type Issuer,
} from './boilerplate.js';
import { formatChineseNumber, parseChineseNumber } from './chinese-numerals.js';
import { shortened } from './date-tokens.js';
import { readHeader, type NoticeHeader } from './header.js';
import { leadingHolidayNames, parseHolidayNameList } from './holiday-names.js';
import { Refusal, type ImportProblem } from './import-error.js';
import { citedNotice, isReprintPreamble, leadInHolidays, type LeadInHolidays, type NoticeCitation } from './lead-in.js';
import { splitSourceLines, type SourceLine } from './normalize-text.js';
import { parseTitle, type TitleInfo } from './notice-title.js';

/**
 * Walks the lines of a notice and sorts them: header, title (or a reprint's preamble citing it),
 * 文号, addressee, lead-in, prose that carries no arrangement, holiday entries (一、元旦：…, also
 * numbered 1. or 1、 or （一） as reprints number them), remarks a reprint appends (特殊说明：…),
 * signature and date. Entries keep their lines so that later refusals can quote them. Every line
 * must be recognised; the others are reported.
 */
export interface EntryBlock {
  readonly lines: SourceLine[];
  /** The printed holiday name(s) before the colon; absent in special and amending notices, whose title names the holiday. */
  readonly label: { readonly printedName: string; readonly codes: readonly HolidayCode[] } | undefined;
  body: string;
}

export interface Located<T> {
  readonly value: T;
  readonly line: SourceLine;
}

export interface NoticeText {
  readonly header: NoticeHeader;
  /** The title line(s), or the reprint preamble that cites the title when the text has no title line. */
  readonly titleLines: readonly SourceLine[];
  readonly title: string;
  readonly titleInfo: TitleInfo | undefined;
  readonly documentNumber: { readonly value: string; readonly line: SourceLine } | undefined;
  readonly signature: { readonly issuer: Issuer; readonly line: SourceLine } | undefined;
  readonly signedDate: { readonly day: DayNumber; readonly line: SourceLine } | undefined;
  readonly entries: readonly EntryBlock[];
  /** The holidays the lead-in names (现将…元旦、春节…放假调休日期的具体安排通知如下). */
  readonly leadIn: Located<LeadInHolidays> | undefined;
  /** The notice a reprint's preamble cites (根据《…的通知》（文号）…). */
  readonly citation: Located<NoticeCitation> | undefined;
  /** Remarks a reprint appends (特殊说明：…): checked to carry no arrangement. */
  readonly remarks: readonly Located<{ readonly label: string; readonly text: string }>[];
  /** Item lines whose holiday name could not be read (reported among the problems). */
  readonly unreadableItems: number;
  readonly problems: readonly ImportProblem[];
}

/**
 * A sentence carried over from an entry's line begins with a date or 其中, or is an
 * encouragement naming a date (2024: …安排职工在除夕（2月9日）休息). A dateless encouragement
 * is a paragraph of its own (2026).
 */
function continuesEntry(text: string): boolean {
  return /^(?:\d|其中)/.test(text) || (text.startsWith('鼓励') && containsDate(text));
}

type Label =
  | { readonly ok: true; readonly printedName: string; readonly codes: readonly HolidayCode[]; readonly body: string }
  | { readonly ok: false; readonly unknown: string };

export function problemAt(lines: readonly SourceLine[], reason: string): ImportProblem {
  const first = lines[0];
  const last = lines[lines.length - 1];
  return {
    firstLine: first?.number ?? 0,
    lastLine: last?.number ?? 0,
    reason,
    quote: lines.map((line) => shortened(line.raw)).join(' ⏎ '),
  };
}

/** Item numbers: 一、 一. 1、 1. （一） （1）; full-width forms arrive folded, and "." as "。". */
const ITEM_NUMBER = /^(?:([一二三四五六七八九十]{1,3})([、。])|(\d{1,2})([、。])|（([一二三四五六七八九十]{1,3}|\d{1,2})）)/;

interface ItemNumber {
  readonly value: number | undefined;
  readonly length: number;
  /** As written (a "." arrives as "。" and is shown as written). */
  readonly written: string;
  /** Writes another number in the same style, for messages. */
  readonly styled: (value: number) => string;
}

function readItemNumber(text: string): ItemNumber | undefined {
  const match = ITEM_NUMBER.exec(text);
  if (match === null) return undefined;
  const [whole, chinese, chineseMark, arabic, arabicMark, bracketed] = match;
  const shown = (mark: string | undefined): string => (mark === '。' ? '.' : (mark ?? ''));
  const written = whole.replace(/。$/, '.');
  if (chinese !== undefined) {
    return { value: parseChineseNumber(chinese), length: whole.length, written, styled: (value) => `${formatChineseNumber(value)}${shown(chineseMark)}` };
  }
  if (arabic !== undefined) return { value: Number(arabic), length: whole.length, written, styled: (value) => `${value}${shown(arabicMark)}` };
  const inner = bracketed ?? '';
  const isArabic = /^\d/.test(inner);
  return {
    value: isArabic ? Number(inner) : parseChineseNumber(inner),
    length: whole.length,
    written,
    styled: (value) => `（${isArabic ? String(value) : formatChineseNumber(value)}）`,
  };
}

/** 特殊说明：…, 说明：…, 备注：…: a note a reprint appends after the items. */
const REMARK = /^(特殊说明|补充说明|说明|备注|附注|注|温馨提示|提示)：(.*)$/;

/** A short unpunctuated line signs the text when a date line follows; only the State Council signs a notice. */
function isSignatureLike(text: string): boolean {
  return text.length <= 30 && !/[，。：；、“”（）]/.test(text) && !/^\d/.test(text);
}

function nextNonEmptyLine(lines: readonly SourceLine[], from: number): SourceLine | undefined {
  for (let index = from; index < lines.length; index += 1) {
    const line = lines[index];
    if (line !== undefined && line.text !== '') return line;
  }
  return undefined;
}

export function readNoticeText(text: string): NoticeText {
  const lines = splitSourceLines(text);
  const { header, next, problems: headerProblems } = readHeader(lines);
  const problems: ImportProblem[] = [...headerProblems];

  let index = next;
  while (index < lines.length && lines[index]?.text === '') index += 1;
  const titleLines: SourceLine[] = [];
  let title = '';
  const first = lines[index];
  if (first !== undefined && isReprintPreamble(first.text)) {
    // A reprint that starts with its preamble: the notice it cites is the title. The line is
    // read again below as the lead-in it also is.
    titleLines.push(first);
    title = citedNotice(first.text)?.title ?? '';
  } else {
    // gov.cn breaks long titles over two or three lines (…关于2024年 / 部分节假日安排的通知).
    for (; index < lines.length && titleLines.length < 3; index += 1) {
      const line = lines[index];
      if (line === undefined || line.text === '') break;
      if (titleLines.length > 0 && /[，。：；]/.test(line.text)) break;
      titleLines.push(line);
      if (line.text.endsWith('通知') || !titleLines.map((l) => l.text).join('').startsWith('国务院')) {
        index += 1;
        break;
      }
    }
    title = titleLines.map((line) => line.text).join('');
  }
  let titleInfo: TitleInfo | undefined;
  if (titleLines.length === 0) {
    problems.push({ firstLine: 1, lastLine: 1, reason: 'the text has no title line', quote: shortened(lines[0]?.raw ?? '') });
  } else {
    try {
      titleInfo = parseTitle(title);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      problems.push(problemAt(titleLines, error.message));
    }
  }

  let documentNumber: NoticeText['documentNumber'];
  let signature: NoticeText['signature'];
  let signedDate: NoticeText['signedDate'];
  const entries: EntryBlock[] = [];
  let lastEntry: EntryBlock | undefined;
  let unlabeled: EntryBlock | undefined;
  let expectedItem = 1;
  let leadIn: NoticeText['leadIn'];
  let citation: NoticeText['citation'];
  const remarks: Located<{ readonly label: string; readonly text: string }>[] = [];
  let unreadableItems = 0;
  const annual = titleInfo === undefined || titleInfo.kind === 'annual';

  const append = (block: EntryBlock, line: SourceLine, body: string): void => {
    if (block.lines[block.lines.length - 1] !== line) block.lines.push(line);
    block.body += block.body === '' || block.body.endsWith('。') ? body : `。${body}`;
  };

  const readLeadIn = (line: SourceLine, sentence: string): void => {
    const cited = citedNotice(sentence);
    if (cited !== undefined && citation === undefined) citation = { value: cited, line };
    const named = leadInHolidays(sentence);
    if (named === undefined) return;
    if (!named.ok) problems.push(problemAt([line], `the lead-in names «${named.unknown}», which is no holiday of the regulation`));
    else if (leadIn === undefined) leadIn = { value: named.holidays, line };
    else if (leadIn.value.codes.join() !== named.holidays.codes.join() || leadIn.value.year !== named.holidays.year) {
      problems.push(problemAt([line], `a second lead-in naming other holidays than line ${leadIn.line.number}`));
    }
  };

  const readProse = (line: SourceLine, text: string): void => {
    // A sentence carried over to the next line: "2月2日（星期六）、2月3日（星期日）上班。"
    if (lastEntry !== undefined && continuesEntry(text)) {
      append(lastEntry, line, text);
      return;
    }
    lastEntry = undefined;
    let unknown = false;
    for (const sentence of splitProseSentences(text)) {
      const kind = classifyProseSentence(sentence);
      if (kind === 'lead') readLeadIn(line, sentence);
      if (kind !== undefined) continue;
      if (annual) {
        unknown = true;
        continue;
      }
      // Special and amending notices state their arrangement in running text, without a label.
      if (unlabeled === undefined) {
        unlabeled = { lines: [], label: undefined, body: '' };
        entries.push(unlabeled);
      }
      append(unlabeled, line, `${sentence}。`);
    }
    if (unknown) problems.push(problemAt([line], 'not a recognised part of a holiday notice'));
  };

  let afterSignature = false;
  for (; index < lines.length; index += 1) {
    const line = lines[index];
    if (line === undefined) break;
    const text = line.text;
    if (text === '') continue;
    if (afterSignature) {
      const date = parseDateLine(text);
      if (date !== undefined && signedDate === undefined) signedDate = { day: date, line };
      else if (!isPublicReleaseMark(text)) problems.push(problemAt([line], 'unexpected text after the signature'));
      continue;
    }
    const number = parseDocumentNumber(text);
    if (number !== undefined) {
      if (documentNumber !== undefined) problems.push(problemAt([line], 'a second 文号 line'));
      else documentNumber = { value: number, line };
      lastEntry = undefined;
      continue;
    }
    if (isAddressee(text) || isPublicReleaseMark(text)) {
      lastEntry = undefined;
      continue;
    }
    const signed = parseSignature(text);
    if (signed !== undefined) {
      signature = { issuer: signed.issuer, line };
      if (signed.date !== undefined) signedDate = { day: signed.date, line };
      afterSignature = true;
      continue;
    }
    const remark = REMARK.exec(text);
    if (remark?.[1] !== undefined) {
      remarks.push({ value: { label: remark[1], text: remark[2] ?? '' }, line });
      lastEntry = undefined;
      continue;
    }
    const item = readItemNumber(text);
    if (item !== undefined) {
      if (item.value !== expectedItem) {
        problems.push(problemAt([line], `item ${item.written} where ${item.styled(expectedItem)} was expected`));
      }
      expectedItem = (item.value ?? expectedItem) + 1;
      const rest = text.slice(item.length);
      const label = readLabel(rest, true);
      if (label === undefined) readProse(line, rest);
      else if (!label.ok) {
        problems.push(problemAt([line], `unknown holiday name «${label.unknown}»`));
        unreadableItems += 1;
        lastEntry = undefined;
      } else {
        lastEntry = { lines: [line], label: { printedName: label.printedName, codes: label.codes }, body: label.body };
        entries.push(lastEntry);
      }
      continue;
    }
    const following = isSignatureLike(text) ? nextNonEmptyLine(lines, index + 1) : undefined;
    if (following !== undefined && parseDateLine(following.text) !== undefined) {
      problems.push(
        problemAt(
          [line, following],
          `«${text}» signs the text, but only 国务院办公厅 or 国务院 signs a holiday notice: a reprint's own signature and date are not the notice's; remove both lines and give 成文日期：… in the header`,
        ),
      );
      index = following.number - 1;
      continue;
    }
    const label = lastEntry !== undefined && continuesEntry(text) ? undefined : readLabel(text, false);
    if (label === undefined) readProse(line, text);
    else if (!label.ok) {
      problems.push(problemAt([line], `unknown holiday name «${label.unknown}»`));
      unreadableItems += 1;
    } else {
      lastEntry = { lines: [line], label: { printedName: label.printedName, codes: label.codes }, body: label.body };
      entries.push(lastEntry);
    }
  }

  return { header, titleLines, title, titleInfo, documentNumber, signature, signedDate, entries, leadIn, citation, remarks, unreadableItems, problems };
}

/**
 * "元旦：…", "中秋节、国庆节：…", and in numbered items also "清明节4月4日…" (no colon, as the
 * 2009 reprints print it). Text before a colon that reads as a lead-in is not a label.
 */
function readLabel(text: string, numbered: boolean): Label | undefined {
  const colon = /^([^：，。；（）]{1,40})：(.*)$/.exec(text);
  if (colon?.[1] !== undefined && classifyProseSentence(colon[1]) === undefined) {
    const parsed = parseHolidayNameList(colon[1]);
    if (!parsed.ok) return { ok: false, unknown: parsed.unknown };
    return { ok: true, printedName: colon[1], codes: parsed.codes, body: colon[2] ?? '' };
  }
  if (!numbered) return undefined;
  const leading = leadingHolidayNames(text);
  if (leading === undefined) return undefined;
  const parsed = parseHolidayNameList(leading.label);
  if (!parsed.ok) return undefined;
  return { ok: true, printedName: leading.label, codes: parsed.codes, body: leading.rest };
}
