import type { HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import {
  classifyProseSentence,
  containsDate,
  isAddressee,
  isPublicReleaseMark,
  parseDateLine,
  parseDocumentNumber,
  parseSignature,
  splitProseSentences,
} from './boilerplate.js';
import { formatChineseNumber, parseChineseNumber } from './chinese-numerals.js';
import { leadingHolidayNames, parseHolidayNameList } from './holiday-names.js';
import type { ProblemLog } from './import-error.js';
import type { SourceLine } from './normalize-text.js';
import type { EntryBlock, Located, NoticeItems } from './notice-text.js';

/**
 * The fourth stage of an import: the body below the title, line by line. Each line is one of
 * 文号, addressee, lead-in or other prose that carries no arrangement, a holiday item (一、元旦：…,
 * also numbered 1. or 1、 or （一） as reprints number them, or a sentence carried over from the
 * item above), a remark a reprint appends (特殊说明：…), the signature and its date. Items keep
 * their lines so that later stages can quote them. A line that is none of these is recorded as a
 * problem, and the walk goes on.
 */
export function readItems(lines: readonly SourceLine[], from: number, annual: boolean, log: ProblemLog): NoticeItems {
  const walk = new ItemWalk(lines, annual, log);
  let index = from;
  while (index < lines.length) index = walk.read(index) + 1;
  return walk.result();
}

/** Item numbers: 一、 一. 1、 1. （一） （1）; full-width forms arrive folded, and "." as "。". */
const ITEM_NUMBER = /^(?:([一二三四五六七八九十]{1,3})([、。])|(\d{1,2})([、。])|（([一二三四五六七八九十]{1,3}|\d{1,2})）)/;

/** 特殊说明：…, 说明：…, 备注：…: a note a reprint appends after the items. */
const REMARK = /^(特殊说明|补充说明|说明|备注|附注|注|温馨提示|提示)：(.*)$/;

interface ItemNumber {
  readonly value: number | undefined;
  readonly length: number;
  /** As written (a "." arrives as "。" and is shown as written). */
  readonly written: string;
  /** Writes another number in the same style, for messages. */
  readonly styled: (value: number) => string;
}

type Label =
  | { readonly ok: true; readonly printedName: string; readonly codes: readonly HolidayCode[]; readonly body: string }
  | { readonly ok: false; readonly unknown: string };

/** The walk's state: what has been read so far, and the item a following line may continue. */
class ItemWalk {
  #documentNumber: Located<string> | undefined;
  #signature: NoticeItems['signature'];
  #signedDate: NoticeItems['signedDate'];
  readonly #entries: EntryBlock[] = [];
  readonly #leadSentences: Located<string>[] = [];
  readonly #remarks: Located<{ readonly label: string; readonly text: string }>[] = [];
  #unreadableItems = 0;
  /** The item the next line may continue (a sentence carried over to the next line). */
  #lastEntry: EntryBlock | undefined;
  /** The running text of a special or amending notice, which states its arrangement without a label. */
  #unlabeled: EntryBlock | undefined;
  #expectedItem = 1;
  #afterSignature = false;

  constructor(
    private readonly lines: readonly SourceLine[],
    private readonly annual: boolean,
    private readonly log: ProblemLog,
  ) {}

  result(): NoticeItems {
    return {
      documentNumber: this.#documentNumber,
      signature: this.#signature,
      signedDate: this.#signedDate,
      entries: this.#entries,
      leadSentences: this.#leadSentences,
      remarks: this.#remarks,
      unreadableItems: this.#unreadableItems,
    };
  }

  /** Reads the line at `index`; returns the index of the last line it consumed. */
  read(index: number): number {
    const line = this.lines[index];
    if (line === undefined || line.text === '') return index;
    const text = line.text;
    if (this.#afterSignature) {
      this.readAfterSignature(line);
      return index;
    }
    const number = parseDocumentNumber(text);
    if (number !== undefined) {
      if (this.#documentNumber !== undefined) this.log.at([line], 'a second 文号 line');
      else this.#documentNumber = { value: number, line };
      this.#lastEntry = undefined;
      return index;
    }
    if (isAddressee(text) || isPublicReleaseMark(text)) {
      this.#lastEntry = undefined;
      return index;
    }
    const signed = parseSignature(text);
    if (signed !== undefined) {
      this.#signature = { value: signed.issuer, line };
      if (signed.date !== undefined) this.#signedDate = { value: signed.date, line };
      this.#afterSignature = true;
      return index;
    }
    const remark = REMARK.exec(text);
    if (remark?.[1] !== undefined) {
      this.#remarks.push({ value: { label: remark[1], text: remark[2] ?? '' }, line });
      this.#lastEntry = undefined;
      return index;
    }
    const item = readItemNumber(text);
    if (item !== undefined) {
      this.readNumberedItem(line, item);
      return index;
    }
    const foreignSignature = this.foreignSignatureAt(index);
    if (foreignSignature !== undefined) return foreignSignature;
    const label = this.#lastEntry !== undefined && continuesEntry(text) ? undefined : readLabel(text, false);
    if (label === undefined) this.readProse(line, text);
    else this.startItem(line, label);
    return index;
  }

  private readAfterSignature(line: SourceLine): void {
    const date = parseDateLine(line.text);
    if (date !== undefined && this.#signedDate === undefined) this.#signedDate = { value: date, line };
    else if (!isPublicReleaseMark(line.text)) this.log.at([line], 'unexpected text after the signature');
  }

  private readNumberedItem(line: SourceLine, item: ItemNumber): void {
    if (item.value !== this.#expectedItem) {
      this.log.at([line], `item ${item.written} where ${item.styled(this.#expectedItem)} was expected`);
    }
    this.#expectedItem = (item.value ?? this.#expectedItem) + 1;
    const rest = line.text.slice(item.length);
    const label = readLabel(rest, true);
    if (label === undefined) this.readProse(line, rest);
    else this.startItem(line, label);
    // A numbered line whose name cannot be read ends the item above it.
    if (label?.ok === false) this.#lastEntry = undefined;
  }

  private startItem(line: SourceLine, label: Label): void {
    if (!label.ok) {
      this.log.at([line], `unknown holiday name «${label.unknown}»`);
      this.#unreadableItems += 1;
      return;
    }
    this.#lastEntry = { lines: [line], label: { printedName: label.printedName, codes: label.codes }, body: label.body };
    this.#entries.push(this.#lastEntry);
  }

  /**
   * A short unpunctuated line followed by a date line is a signature; only the State Council
   * signs a notice, so another's (a reprint's own) is refused with its date. Returns the date
   * line's index when it is one.
   */
  private foreignSignatureAt(index: number): number | undefined {
    const line = this.lines[index];
    if (line === undefined || !isSignatureLike(line.text)) return undefined;
    const following = nextNonEmptyLine(this.lines, index + 1);
    if (following === undefined || parseDateLine(following.text) === undefined) return undefined;
    this.log.at(
      [line, following],
      `«${line.text}» signs the text, but only 国务院办公厅 or 国务院 signs a holiday notice: a reprint's own signature and date are not the notice's; remove both lines and give 成文日期：… in the header`,
    );
    return following.number - 1;
  }

  private readProse(line: SourceLine, text: string): void {
    // A sentence carried over to the next line: "2月2日（星期六）、2月3日（星期日）上班。"
    if (this.#lastEntry !== undefined && continuesEntry(text)) {
      append(this.#lastEntry, line, text);
      return;
    }
    this.#lastEntry = undefined;
    let unknown = false;
    for (const sentence of splitProseSentences(text)) {
      const kind = classifyProseSentence(sentence);
      if (kind === 'lead') this.#leadSentences.push({ value: sentence, line });
      if (kind !== undefined) continue;
      if (this.annual) {
        unknown = true;
        continue;
      }
      if (this.#unlabeled === undefined) {
        this.#unlabeled = { lines: [], label: undefined, body: '' };
        this.#entries.push(this.#unlabeled);
      }
      append(this.#unlabeled, line, `${sentence}。`);
    }
    if (unknown) this.log.at([line], 'not a recognised part of a holiday notice');
  }
}

function append(block: EntryBlock, line: SourceLine, body: string): void {
  if (block.lines[block.lines.length - 1] !== line) block.lines.push(line);
  block.body += block.body === '' || block.body.endsWith('。') ? body : `。${body}`;
}

/**
 * A sentence carried over from an entry's line begins with a date or 其中, or is an
 * encouragement naming a date (2024: …安排职工在除夕（2月9日）休息). A dateless encouragement
 * is a paragraph of its own (2026).
 */
function continuesEntry(text: string): boolean {
  return /^(?:\d|其中)/.test(text) || (text.startsWith('鼓励') && containsDate(text));
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
