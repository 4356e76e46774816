import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import type { HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { checkAnnotation, parseAnnotationPiece } from './annotations.js';
import { countMarks, splitClauses, splitSentences, type Clause } from './clauses.js';
import { DATE_MARK, RANGE_MARK, renderShape, type DateItem, type TokenizedText } from './date-tokens.js';
import { holidayCodeOfName, parseHolidayNameList } from './holiday-names.js';
import { Refusal } from './import-error.js';

/**
 * Reads the body of one entry (the text after "一、元旦：") clause by clause into facts: which
 * clause kinds it contains and which dates they name. It does not decide the wording form or
 * check the arithmetic; classify-entry.ts does. A clause that matches no known wording is
 * refused, quoted.
 */

export type MainVerb = '放假调休' | '调休放假' | '放假公休' | '放假';

export interface MainClause {
  readonly item: DateItem;
  readonly verb: MainVerb;
  /** 放假3天 / 放假1天: a total written into the verb. */
  readonly inlineTotal: number | undefined;
}

export interface OldStyleMove {
  readonly from: readonly DayNumber[];
  /** Holidays whose day off is moved (2009: 10月3日（星期六）公休日及中秋节分别调至…). */
  readonly holidays: readonly HolidayCode[];
  readonly to: readonly DayNumber[];
}

export interface EntryFacts {
  main: MainClause | undefined;
  /** 共N天 clauses. */
  readonly totals: number[];
  noSwap: boolean;
  joinedWithWeekend: boolean;
  readonly compensatory: DayNumber[];
  readonly work: DayNumber[];
  /** 2008-2009 breakdown: 为法定节假日 / 为公休日, 照常公休 / 公休日调至. */
  readonly statutory: { readonly days: readonly DayNumber[]; readonly holidays: readonly HolidayCode[] }[];
  readonly weekendRest: DayNumber[];
  readonly moves: OldStyleMove[];
  /** 2015 special breakdown: 9月3日（星期四）放假, 9月4日（星期五）调休. */
  readonly specialOff: DayNumber[];
  readonly specialSwap: DayNumber[];
  /** 2015 special notice: "…，2015年9月3日全国放假1天". */
  readonly decisions: { readonly day: DayNumber; readonly days: number }[];
  /** 2020: 延长2020年春节假期至2月2日（…）. */
  extension: { readonly holidayName: string; readonly year: number | undefined; readonly end: DayNumber } | undefined;
  /** 2020: 2月3日（星期一）起正常上班. */
  resume: DayNumber | undefined;
}

export interface BodyOptions {
  readonly year: number;
  /** Only a special notice states its decision in the entry text. */
  readonly allowDecision: boolean;
}

const D = DATE_MARK;
const R = RANGE_MARK;
const LIST = `${D}(?:[、和]${D})*`;

const MAIN = new RegExp(`^([${D}${R}])(放假调休|调休放假|放假公休|放假)(?:(\\d+)天)?$`);
const TOTAL = /^共(\d+)天$/;
const NO_SWAP = /^不调休$/;
const JOINED = /^与周末连休$/;
const COMPENSATORY = new RegExp(`^(${D})补休$`);
const WORK = new RegExp(`^(${LIST})上班$`);
const EXTEND = new RegExp(`^延长(?:(\\d{4})年)?([^${D}${R}]+?)假期至(${D})$`);
const EXTENDED = new RegExp(`^(?:(\\d{4})年)?([^${D}${R}]+?)假期延长至(${D})$`);
const RESUME = new RegExp(`^(${D})起正常上班$`);
const STATUTORY = new RegExp(`^(${LIST})(?:同时)?为([^${D}${R}]*?)法定(?:节)?假日$`);
const WEEKEND_REST = new RegExp(`^(${LIST})(?:为公休日|照常公休)$`);
const MOVE = new RegExp(`^将?(${LIST})(?:[两二三四五](?:个|天))?公休日(?:及([^${D}${R}]+?))?(?:分别)?调至(${LIST})$`);
const HOLIDAY_MOVE = new RegExp(`^([^${D}${R}]+?)(?:法定节假日)?(?:分别)?调至(${LIST})$`);
const SPECIAL_OFF = new RegExp(`^(${D})(?:为纪念日)?放假$`);
const SPECIAL_SWAP = new RegExp(`^(${D})为?调休$`);
const DECISION = new RegExp(`^(${D})([^${D}${R}]*?)(全国)?放假(\\d+)天$`);

export function parseEntryBody(text: TokenizedText, options: BodyOptions): EntryFacts {
  const facts: EntryFacts = {
    main: undefined,
    totals: [],
    noSwap: false,
    joinedWithWeekend: false,
    compensatory: [],
    work: [],
    statutory: [],
    weekendRest: [],
    moves: [],
    specialOff: [],
    specialSwap: [],
    decisions: [],
    extension: undefined,
    resume: undefined,
  };
  // Once a breakdown starts (其中…), the rest of the entry is breakdown, whatever the sentences.
  let inBreakdown = false;
  for (const sentence of splitSentences(text)) {
    if (sentence.shape.startsWith('鼓励')) {
      checkEncouragement(sentence, options.year);
      continue;
    }
    if (options.allowDecision && readDecision(sentence, facts)) continue;
    for (const clause of splitClauses(sentence)) {
      let shape = clause.shape;
      if (shape.startsWith('其中')) {
        inBreakdown = true;
        shape = shape.slice(2);
        if (shape === '') continue;
      }
      const understood = inBreakdown ? readBreakdownClause(shape, clause.items, facts) : readMainClause(shape, clause.items, facts);
      if (!understood) throw new Refusal(`clause not understood: «${renderShape(shape, clause.items)}»`);
    }
  }
  return facts;
}

function readMainClause(shape: string, items: readonly DateItem[], facts: EntryFacts): boolean {
  let match = MAIN.exec(shape);
  if (match !== null) {
    const item = items[0];
    if (item === undefined) return false;
    if (facts.main !== undefined) throw new Refusal(`a second 放假 clause: «${renderShape(shape, items)}»`);
    facts.main = { item, verb: match[2] as MainVerb, inlineTotal: match[3] === undefined ? undefined : Number(match[3]) };
    return true;
  }
  if ((match = TOTAL.exec(shape)) !== null) {
    facts.totals.push(Number(match[1]));
    return true;
  }
  if (NO_SWAP.test(shape)) {
    facts.noSwap = true;
    return true;
  }
  if (JOINED.test(shape)) {
    facts.joinedWithWeekend = true;
    return true;
  }
  if (COMPENSATORY.test(shape)) {
    appendAll(facts.compensatory, singleDays(items, '补休'));
    return true;
  }
  if (readWork(shape, items, facts)) return true;
  if ((match = EXTEND.exec(shape) ?? EXTENDED.exec(shape)) !== null) {
    const [, yearText, holidayName] = match;
    const day = singleDays(items, '假期延长至')[0];
    if (holidayName === undefined || day === undefined) return false;
    facts.extension = { holidayName, year: yearText === undefined ? undefined : Number(yearText), end: day };
    return true;
  }
  if (RESUME.test(shape)) {
    facts.resume = singleDays(items, '起正常上班')[0];
    return true;
  }
  return false;
}

function readBreakdownClause(shape: string, items: readonly DateItem[], facts: EntryFacts): boolean {
  if (readWork(shape, items, facts)) return true;
  let match = STATUTORY.exec(shape);
  if (match !== null) {
    facts.statutory.push({ days: singleDays(items, '法定节假日'), holidays: holidayCodes(match[2] ?? '') });
    return true;
  }
  if (WEEKEND_REST.test(shape)) {
    appendAll(facts.weekendRest, singleDays(items, '公休日'));
    return true;
  }
  if ((match = MOVE.exec(shape)) !== null) {
    const fromCount = countMarks(match[1] ?? '');
    const days = singleDays(items, '调至');
    facts.moves.push({ from: days.slice(0, fromCount), holidays: holidayCodes(match[2] ?? ''), to: days.slice(fromCount) });
    return true;
  }
  if ((match = HOLIDAY_MOVE.exec(shape)) !== null) {
    facts.moves.push({ from: [], holidays: holidayCodes(match[1] ?? ''), to: singleDays(items, '调至') });
    return true;
  }
  if (SPECIAL_OFF.test(shape)) {
    appendAll(facts.specialOff, singleDays(items, '放假'));
    return true;
  }
  if (SPECIAL_SWAP.test(shape)) {
    appendAll(facts.specialSwap, singleDays(items, '调休'));
    return true;
  }
  return false;
}

function readWork(shape: string, items: readonly DateItem[], facts: EntryFacts): boolean {
  if (!WORK.test(shape)) return false;
  appendAll(facts.work, singleDays(items, '上班'));
  return true;
}

/**
 * "为使全国人民……，2015年9月3日全国放假1天": the decision a special notice states before its
 * arrangement. Only the last clause may name a date, and it must say 全国 or follow a purpose clause.
 */
function readDecision(sentence: Clause, facts: EntryFacts): boolean {
  const clauses = splitClauses(sentence);
  const last = clauses[clauses.length - 1];
  if (last === undefined) return false;
  const match = DECISION.exec(last.shape);
  if (match === null) return false;
  const [, , name, nationwide, daysText] = match;
  if (nationwide === undefined && clauses.length < 2) return false;
  if (clauses.slice(0, -1).some((clause) => clause.items.length > 0)) return false;
  if (name !== undefined && name !== '' && holidayCodeOfName(name) === undefined) return false;
  const day = singleDays(last.items, '全国放假')[0];
  if (day === undefined) return false;
  facts.decisions.push({ day, days: Number(daysText) });
  return true;
}

/**
 * "鼓励各单位……安排职工在除夕（2月9日）休息" (2024) names a day but makes it no rest day of the
 * arrangement. Its dates must carry a label the importer can check (除夕（2月9日）).
 */
function checkEncouragement(sentence: Clause, year: number): void {
  let itemIndex = 0;
  for (let index = 0; index < sentence.shape.length; index += 1) {
    const ch = sentence.shape.charAt(index);
    if (ch !== DATE_MARK && ch !== RANGE_MARK) continue;
    const item = sentence.items[itemIndex];
    itemIndex += 1;
    const before = sentence.shape.slice(0, index);
    if (item?.kind !== 'date' || !before.endsWith('（') || sentence.shape.charAt(index + 1) !== '）') {
      throw new Refusal(`a date in an encouragement that is not written as «label（date）»: «${renderShape(sentence.shape, sentence.items)}»`);
    }
    const labelText = before.slice(0, -1);
    let checked = false;
    for (let length = Math.min(12, labelText.length); length > 0 && !checked; length -= 1) {
      const annotation = parseAnnotationPiece(labelText.slice(-length));
      if (annotation === undefined || annotation.kind === 'weekday') continue;
      checkAnnotation(item.date, annotation, year);
      checked = true;
    }
    if (!checked) throw new Refusal(`a date in an encouragement without a checkable label: «${renderShape(sentence.shape, sentence.items)}»`);
  }
}

/** Whether the facts name any day or say anything about the arrangement (an encouragement alone does not). */
export function hasArrangementFacts(facts: EntryFacts): boolean {
  const lists = [facts.totals, facts.compensatory, facts.work, facts.statutory, facts.weekendRest, facts.moves, facts.specialOff, facts.specialSwap, facts.decisions];
  return facts.main !== undefined || facts.noSwap || facts.joinedWithWeekend || facts.extension !== undefined || facts.resume !== undefined || lists.some((list) => list.length > 0);
}

/** push(...days) passes every day as an argument: a long list would overflow the call stack. */
function appendAll<T>(target: T[], values: readonly T[]): void {
  for (const value of values) target.push(value);
}

function singleDays(items: readonly DateItem[], context: string): DayNumber[] {
  return items.map((item) => {
    if (item.kind !== 'date') throw new Refusal(`a range where single dates are expected (${context})`);
    return item.date.day;
  });
}

function holidayCodes(names: string): HolidayCode[] {
  if (names === '') return [];
  const parsed = parseHolidayNameList(names);
  if (!parsed.ok) throw new Refusal(`unknown holiday name «${parsed.unknown}»`);
  return [...parsed.codes];
}
