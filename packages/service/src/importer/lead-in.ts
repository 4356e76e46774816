import type { HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { ISSUERS, issuerOfDocumentNumber, parseDocumentNumber, splitProseSentences } from './boilerplate.js';
import { parseHolidayNameList } from './holiday-names.js';

/**
 * What the lead-in paragraph of a notice says beyond "here is the arrangement": the holidays it
 * names (现将2024年元旦、春节、…和国庆节放假调休日期的具体安排通知如下), which the items must
 * match, and, in a reprint, the notice it cites (根据《国务院办公厅关于2024年部分节假日安排的通知》
 * （国办发明电〔2023〕7号）…), which then stands for a missing title line.
 */
export interface LeadInHolidays {
  /** The year the lead-in writes before the names, if it writes one (reprints may not). */
  readonly year: number | undefined;
  readonly codes: readonly HolidayCode[];
}

export type LeadInResult = { readonly ok: true; readonly holidays: LeadInHolidays } | { readonly ok: false; readonly unknown: string };

/** How a lead-in ends: …放假调休日期的具体安排通知如下. */
const LEAD_IN_END = /放假调休日期的具体安排(?:通知)?如下$/;
/** Where the names start, in the clause before that end: 现将, then the year if written. */
const LEAD_IN_START = '现将';
const WRITTEN_YEAR = /^(\d{4})年/;

/**
 * 现将[YYYY年]<names>放假调休日期的具体安排[通知]如下, the names within one clause. Read with
 * string searches around two anchored expressions, not one expression searched along the
 * sentence: a sentence of many 现将 would make that retry from each and take quadratic time.
 */
export function leadInHolidays(sentence: string): LeadInResult | undefined {
  const end = LEAD_IN_END.exec(sentence);
  if (end === null) return undefined;
  const clause = sentence.slice(0, end.index);
  const clauseStart = Math.max(...['，', '。', '；', '：'].map((mark) => clause.lastIndexOf(mark))) + 1;
  const start = clause.indexOf(LEAD_IN_START, clauseStart);
  if (start < 0) return undefined;
  const rest = clause.slice(start + LEAD_IN_START.length);
  const year = WRITTEN_YEAR.exec(rest);
  const names = year !== null && rest.length > year[0].length ? rest.slice(year[0].length) : rest;
  if (names === '') return undefined;
  const parsed = parseHolidayNameList(names);
  if (!parsed.ok) return { ok: false, unknown: parsed.unknown };
  return { ok: true, holidays: { year: names === rest ? undefined : Number(year?.[1]), codes: parsed.codes } };
}

export interface NoticeCitation {
  /** Undefined when the preamble cites the notice by its 文号 alone (根据国办发明电〔2023〕7号精神…). */
  readonly title: string | undefined;
  readonly documentNumber: string | undefined;
}

const QUOTED_TITLE = /《((?:国务院办公厅|国务院)关于[^《》，。]+?的通知)》(?:（?(国[^〔〕（）《》，。]{1,6}〔\d{4}〕\d{1,4}号))?/;
const REPORTED_TITLE = /^(国务院办公厅|国务院)[^，。《》]{0,20}?(?:发布|印发|发出)了?《?(关于[^，。《》]+?的通知)》?/;

/** 根据国务院办公厅国办发明电〔2023〕7号文件精神, 按照国办发明电〔2023〕7号通知要求: a 文号 cited without the title. */
const NUMBER_ONLY = /^(?:根据|按照|依据)[^《》]*?(国[^〔〕（）《》，。国]{1,6}〔\d{4}〕\d{1,4}号)/;

/**
 * The notice a reprint's preamble names: 《国务院办公厅关于…的通知》 with its 文号 in brackets or
 * after it (…〔2019〕16号文), a news report's 国务院办公厅11月12日发布关于…的通知, or its 文号
 * alone (根据国办发明电〔2023〕7号精神…).
 */
export function citedNotice(sentence: string): NoticeCitation | undefined {
  const quoted = QUOTED_TITLE.exec(sentence);
  if (quoted?.[1] !== undefined) {
    return { title: quoted[1], documentNumber: quoted[2] === undefined ? undefined : parseDocumentNumber(quoted[2]) };
  }
  const reported = REPORTED_TITLE.exec(sentence);
  if (reported?.[1] !== undefined && reported[2] !== undefined) return { title: `${reported[1]}${reported[2]}`, documentNumber: undefined };
  const numbered = NUMBER_ONLY.exec(sentence);
  const documentNumber = numbered?.[1] === undefined ? undefined : parseDocumentNumber(numbered[1]);
  if (documentNumber !== undefined) return { title: undefined, documentNumber };
  return undefined;
}

/**
 * The title a preamble stands for when it cites the notice by its 文号 alone and no title line
 * precedes it. That is unambiguous only for an annual notice whose lead-in writes its year
 * (现将2024年元旦、春节…的具体安排如下), issued by the office the 文号 belongs to (国办… is
 * 国务院办公厅's): 国务院办公厅关于2024年部分节假日安排的通知. A reason otherwise.
 */
export function titleOfNumberCitation(sentence: string, documentNumber: string): { readonly title: string } | { readonly reason: string } {
  const issuer = issuerOfDocumentNumber(documentNumber);
  const year = splitProseSentences(sentence)
    .map(leadInHolidays)
    .map((named) => (named?.ok === true ? named.holidays.year : undefined))
    .find((written) => written !== undefined);
  const ask = 'write the title line (国务院办公厅关于…年部分节假日安排的通知) above it';
  if (issuer === undefined) return { reason: `the preamble cites the notice only by its 文号 ${documentNumber}, which names no office of the State Council; ${ask}` };
  if (year === undefined) {
    return { reason: `the preamble cites the notice only by its 文号 ${documentNumber} and its lead-in writes no year, so the notice cannot be told; ${ask}` };
  }
  // ISSUERS lists the longer name first, so 国务院办公厅 is not taken for 国务院.
  const namedIssuer = ISSUERS.find((candidate) => sentence.replace(/^(?:根据|按照|依据)/, '').startsWith(candidate));
  if (namedIssuer !== undefined && namedIssuer !== issuer) return { reason: `the preamble names ${namedIssuer}, but the 文号 ${documentNumber} is ${issuer}'s; ${ask}` };
  return { title: `${issuer}关于${year}年部分节假日安排的通知` };
}

/** A first line that is a reprint's preamble instead of the title: it cites the notice and leads in (…如下：). */
export function isReprintPreamble(text: string): boolean {
  return /如下[：。]?$/.test(text) && citedNotice(text) !== undefined;
}
