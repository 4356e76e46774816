import { dayNumberFromCivil, daysInMonth, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { parseChineseDigits, parseChineseNumber } from './chinese-numerals.js';

/**
 * The parts of a notice that are not holiday entries: the 文号 line, the addressee, the lead-in
 * and policy paragraphs, the closing paragraph on duty rosters and safety, the signature and
 * its date. Each is recognised by its own wording, never by position alone, so that a stray
 * line is refused instead of being skipped as "boilerplate".
 */

export type ProseKind = 'lead' | 'principles' | 'context' | 'closing' | 'encouragement' | 'provision';

export const ISSUERS = ['国务院办公厅', '国务院'] as const;
export type Issuer = (typeof ISSUERS)[number];

/** 国办发明电〔2018〕15号, 国发明电〔2015〕1号; brackets already normalised to 〔〕. */
export function parseDocumentNumber(text: string): string | undefined {
  const match = /^(国[^〔〕（）]{1,6})[〔（](\d{4})[〕）](\d{1,4})号$/.exec(text);
  if (match === null) return undefined;
  return `${match[1] ?? ''}〔${match[2] ?? ''}〕${match[3] ?? ''}号`;
}

/** The issuer a document number belongs to: 国办发… is the General Office's, 国发… the State Council's. */
export function issuerOfDocumentNumber(documentNumber: string): Issuer | undefined {
  if (documentNumber.startsWith('国办')) return '国务院办公厅';
  if (documentNumber.startsWith('国发')) return '国务院';
  return undefined;
}

export function isAddressee(text: string): boolean {
  return /^各省、自治区、直辖市人民政府，国务院各部委、各直属机构[：。]?$/.test(text);
}

export function isPublicReleaseMark(text: string): boolean {
  return /^（此件(?:公开发布|主动公开)）$/.test(text);
}

/** The signature, optionally followed by its date on the same line. */
export function parseSignature(text: string): { readonly issuer: Issuer; readonly date: DayNumber | undefined } | undefined {
  for (const issuer of ISSUERS) {
    if (!text.startsWith(issuer)) continue;
    const rest = text.slice(issuer.length);
    if (rest === '') return { issuer, date: undefined };
    const date = parseDateLine(rest);
    if (date !== undefined) return { issuer, date };
  }
  return undefined;
}

/** 2018年12月4日, or the older 二〇〇九年十二月七日. */
export function parseDateLine(text: string): DayNumber | undefined {
  const arabic = /^(\d{4})年(\d{1,2})月(\d{1,2})日$/.exec(text);
  const chinese = /^([〇○零O一二三四五六七八九]{4})年([一二三四五六七八九十]{1,2})月([一二三四五六七八九十]{1,3})日$/.exec(text);
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  if (arabic !== null) [year, month, day] = [Number(arabic[1]), Number(arabic[2]), Number(arabic[3])];
  else if (chinese !== null) {
    [year, month, day] = [parseChineseDigits(chinese[1] ?? ''), parseChineseNumber(chinese[2] ?? ''), parseChineseNumber(chinese[3] ?? '')];
  }
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return dayNumberFromCivil(year, month, day);
}

/** A paragraph's sentences: split at 。 and after a lead-in colon (…特作如下调休：). */
export function splitProseSentences(text: string): string[] {
  return text
    .split(/(?<=。)|(?<=如下(?:调休)?：)/)
    .map((sentence) => sentence.replace(/[。：]$/, ''))
    .filter((sentence) => sentence !== '');
}

export function containsDate(text: string): boolean {
  return /\d{1,2}日/.test(text);
}

/**
 * Sentences that carry no arrangement: the lead-in (…通知如下, a reprint's …具体内容如下), the 2025 statement of the
 * revised principles, the 2015 "2015年是…周年", the closing paragraph on duty rosters, the
 * encouragement to take paid leave (2026), a reprint's 特此通知, and the 2020 extension's school and staff
 * provisions. The closing, encouragement and provisions must name no date.
 */
export function classifyProseSentence(sentence: string): ProseKind | undefined {
  if (/(?:通知如下|如下调休|安排如下|内容如下)$/.test(sentence)) return 'lead';
  if (/放假调休原则|全体公民放假的假日/.test(sentence)) return 'principles';
  if (/^\d{4}年是[^，。\d]*\d*周年$/.test(sentence)) return 'context';
  if (containsDate(sentence)) return undefined;
  if ((/值班/.test(sentence) && /安全|保卫/.test(sentence)) || sentence === '特此通知') return 'closing';
  if (/^鼓励/.test(sentence) && /带薪年休假/.test(sentence)) return 'encouragement';
  if (/推迟开学/.test(sentence) || (/不能休假的职工/.test(sentence) && /补休/.test(sentence))) return 'provision';
  return undefined;
}
