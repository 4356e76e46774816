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
import { readHeader, type NoticeHeader } from './header.js';
import { leadingHolidayNames, parseHolidayNameList } from './holiday-names.js';
import { Refusal, type ImportProblem } from './import-error.js';
import { splitSourceLines, type SourceLine } from './normalize-text.js';
import { parseTitle, type TitleInfo } from './notice-title.js';

/**
 * Walks the lines of a notice and sorts them: header, title, 文号, addressee, prose that carries
 * no arrangement, holiday entries (一、元旦：…), signature and date. Entries keep their lines so
 * that later refusals can quote them. Every line must be recognised; the others are reported.
 */
export interface EntryBlock {
  readonly lines: SourceLine[];
  /** The printed holiday name(s) before the colon; absent in special and amending notices, whose title names the holiday. */
  readonly label: { readonly printedName: string; readonly codes: readonly HolidayCode[] } | undefined;
  body: string;
}

export interface NoticeText {
  readonly header: NoticeHeader;
  readonly titleLines: readonly SourceLine[];
  readonly title: string;
  readonly titleInfo: TitleInfo | undefined;
  readonly documentNumber: { readonly value: string; readonly line: SourceLine } | undefined;
  readonly signature: { readonly issuer: Issuer; readonly line: SourceLine } | undefined;
  readonly signedDate: { readonly day: DayNumber; readonly line: SourceLine } | undefined;
  readonly entries: readonly EntryBlock[];
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
    quote: lines.map((line) => line.raw).join(' ⏎ '),
  };
}

export function readNoticeText(text: string): NoticeText {
  const lines = splitSourceLines(text);
  const { header, next, problems: headerProblems } = readHeader(lines);
  const problems: ImportProblem[] = [...headerProblems];

  let index = next;
  while (index < lines.length && lines[index]?.text === '') index += 1;
  const titleLines: SourceLine[] = [];
  // gov.cn breaks long titles over two or three lines (…关于2024年 / 部分节假日安排的通知).
  for (; index < lines.length && titleLines.length < 3; index += 1) {
    const line = lines[index];
    if (line === undefined || line.text === '') break;
    titleLines.push(line);
    if (line.text.endsWith('通知') || !titleLines.map((l) => l.text).join('').startsWith('国务院')) {
      index += 1;
      break;
    }
  }
  const title = titleLines.map((line) => line.text).join('');
  let titleInfo: TitleInfo | undefined;
  if (titleLines.length === 0) {
    problems.push({ firstLine: 1, lastLine: 1, reason: 'the text has no title line', quote: lines[0]?.raw ?? '' });
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
  const annual = titleInfo === undefined || titleInfo.kind === 'annual';

  const append = (block: EntryBlock, line: SourceLine, body: string): void => {
    if (block.lines[block.lines.length - 1] !== line) block.lines.push(line);
    block.body += block.body === '' || block.body.endsWith('。') ? body : `。${body}`;
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
      if (classifyProseSentence(sentence) !== undefined) continue;
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
    const item = /^([一二三四五六七八九十]{1,3})[、。]/.exec(text);
    if (item?.[1] !== undefined) {
      const value = parseChineseNumber(item[1]);
      if (value !== expectedItem) {
        problems.push(problemAt([line], `item ${item[1]}、 where ${formatChineseNumber(expectedItem)}、 was expected`));
      }
      expectedItem = (value ?? expectedItem) + 1;
      const rest = text.slice(item[0].length);
      const label = readLabel(rest, true);
      if (label === undefined) readProse(line, rest);
      else if (!label.ok) {
        problems.push(problemAt([line], `unknown holiday name «${label.unknown}»`));
        lastEntry = undefined;
      } else {
        lastEntry = { lines: [line], label: { printedName: label.printedName, codes: label.codes }, body: label.body };
        entries.push(lastEntry);
      }
      continue;
    }
    const label = lastEntry !== undefined && continuesEntry(text) ? undefined : readLabel(text, false);
    if (label === undefined) readProse(line, text);
    else if (!label.ok) problems.push(problemAt([line], `unknown holiday name «${label.unknown}»`));
    else {
      lastEntry = { lines: [line], label: { printedName: label.printedName, codes: label.codes }, body: label.body };
      entries.push(lastEntry);
    }
  }

  return { header, titleLines, title, titleInfo, documentNumber, signature, signedDate, entries, problems };
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
