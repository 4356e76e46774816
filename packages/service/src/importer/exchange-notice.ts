import { dayNumberFromCivil, yearOfDayNumber, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isoWeekdayIndex, isWeekend } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
import type { ArrangementFile, ExchangeClosure, ExchangeNotice } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { finalEntries, restDaysOf } from '@china-holiday-calendar/core/dataset/entry-dates.js';
import { PREVIOUS_DECEMBER_REACH_FROM_DAY } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { parseChineseDigits, parseChineseNumber } from './chinese-numerals.js';
import { ImportError, shortened } from './import-error.js';
import { splitSourceLines, type SourceLine } from './normalize-text.js';

/**
 * The exchanges' notice of a year's market closures (全年休市安排, 部分节假日休市安排), as the
 * Shanghai, Shenzhen and Beijing exchanges publish it restating the CSRC's: per holiday, the days
 * closed (`2月9日（星期五）至2月17日（星期六）休市`, `…为节假日休市`), the weekend days closed
 * around them (`另外，2月4日（星期日）、2月18日（星期日）为周末休市`) and the day trading resumes
 * (`2月19日（星期一）起照常开市`); weekdays as 星期 or 周; one year, or a section per year.
 * Every date the text gives must be read, its weekday must match, and the State Council's
 * arrangement of the year must be closed whole: anything else is refused with the line.
 */

const MARKET_NAMES: readonly (readonly [Market, RegExp])[] = [
  ['XSHG', /上海证券交易所|上交所/],
  ['XSHE', /深圳证券交易所|深交所/],
  ['BJSE', /北京证券交易所|北交所/],
];

/** Whether a text is an exchanges' closure notice rather than the State Council's arrangement. */
export function isExchangeNotice(text: string): boolean {
  return /休市/.test(text) && /证券交易所|上证公告|深证会/.test(text) && !/国务院办公厅/.test(text);
}

const WEEKDAY = '(?:星期|周|礼拜)([一二三四五六日天])';
const DATE = `(?:(\\d{4})年)?(\\d{1,2})月(\\d{1,2})日（${WEEKDAY}）`;
const DATE_TOKEN = new RegExp(DATE, 'g');
const HAS_DATE = new RegExp(DATE);
const WEEKDAY_INDEX: Readonly<Record<string, number>> = { 一: 0, 二: 1, 三: 2, 四: 3, 五: 4, 六: 5, 日: 6, 天: 6 };
const SECTION_YEAR = /^(?:[一二三四五六七八九十]+、)?(\d{4})年(?:全年|部分节假日)?休市安排/;
const NOTICE_YEAR = /(\d{4})年(?:全年|部分节假日)?(?:放假和)?休市(?:有关)?安排/;
const DOCUMENT_NUMBER = /(?:上证公告|上证交字|上证发|深证会|深证上|北证公告)〔\d{4}〕\d+号/;
const SIGNED = /^(\d{4}|[〇零一二三四五六七八九]{4})年([0-9一二三四五六七八九十]{1,3})月([0-9一二三四五六七八九十廿]{1,3})日$/;

/** What one notice says: its exchange and metadata, and per year the days it closes. */
interface ReadNotice {
  readonly notice: ExchangeNotice;
  readonly closedByYear: ReadonlyMap<number, ReadonlySet<DayNumber>>;
  /** The line each closed day was read from, for refusals. */
  readonly lineOf: ReadonlyMap<DayNumber, SourceLine>;
}

/**
 * The year files after an exchanges' notice: each year it covers gets the notice and the
 * closures beyond the State Council's rest days. `fileOf` gives a year's current file (the State
 * Council's arrangement must be in first).
 */
export function importExchangeNotice(text: string, fileOf: (year: number) => ArrangementFile | undefined): ArrangementFile[] {
  const read = readExchangeNotice(text);
  return [...read.closedByYear].map(([year, closed]) => {
    const file = fileOf(year);
    if (file === undefined) {
      throw refusal(undefined, `the State Council's ${year} arrangement is not in the data directory: import its notice first, then the exchanges'`);
    }
    return withExchanges(file, read.notice, closuresOf(file, closed, read.lineOf));
  });
}

/** The years an exchanges' notice closes days of, ascending (refused as importExchangeNotice refuses it). */
export function exchangeNoticeYears(text: string): number[] {
  return [...readExchangeNotice(text).closedByYear.keys()].sort((a, b) => a - b);
}

function readExchangeNotice(text: string): ReadNotice {
  const lines = splitSourceLines(text).filter((line) => line.text !== '');
  const market = marketOf(lines);
  const noticeYear = lines.map((line) => NOTICE_YEAR.exec(line.text)?.[1]).find((year) => year !== undefined);
  let year = noticeYear === undefined ? undefined : Number(noticeYear);
  const closedByYear = new Map<number, Set<DayNumber>>();
  const lineOf = new Map<DayNumber, SourceLine>();
  for (const line of lines) {
    const section = SECTION_YEAR.exec(line.text);
    if (section !== null && !/关于|通知|公告/.test(line.text)) year = Number(section[1]);
    if (!HAS_DATE.test(line.text) || !/休市|开市/.test(line.text)) continue;
    if (year === undefined) throw refusal(line, 'the notice names no year of closures (…年全年休市安排, …年部分节假日休市安排) before its first date');
    const closed = closedByYear.get(year) ?? new Set<DayNumber>();
    closedByYear.set(year, closed);
    for (const day of closedDaysOfLine(line, year)) {
      closed.add(day);
      lineOf.set(day, line);
    }
  }
  if (closedByYear.size === 0) throw refusal(undefined, 'the notice closes no day the importer can read');
  return { notice: noticeMetadata(lines, market), closedByYear, lineOf };
}

/**
 * The days one line closes, clause by clause (between ，。；): a clause ending 为周末休市 lists
 * weekend days, one ending 休市 a span (two dates joined by 至, — or 到) or single days, one ending
 * 起照常开市 the day trading resumes. A date in any other clause is refused: the line is not read whole.
 */
function closedDaysOfLine(line: SourceLine, year: number): DayNumber[] {
  const closed: DayNumber[] = [];
  const reopened: DayNumber[] = [];
  for (const clause of line.text.split(/[，。；]/)) {
    if (!HAS_DATE.test(clause)) continue;
    const days = datesIn(clause, line, year);
    if (clause.endsWith('为周末休市')) {
      for (const day of days) {
        if (!isWeekend(day)) throw refusal(line, `${formatIsoDate(day)} is said to be a weekend closure, but it is a weekday`);
      }
      closed.push(...days);
    } else if (clause.endsWith('休市')) {
      const [from, to] = days;
      if (days.length === 2 && from !== undefined && to !== undefined && ['）至', '）—', '）到'].some((joint) => clause.includes(joint))) {
        if (to < from) throw refusal(line, `the closure «${clause}» does not run forward`);
        for (let day = from; day <= to; day++) closed.push(day);
      } else {
        closed.push(...days);
      }
    } else if (clause.endsWith('起照常开市') && days.length === 1) {
      reopened.push(...days);
    } else {
      throw refusal(line, `«${clause}» is neither a closure nor a reopening the importer can read`);
    }
  }
  for (const day of reopened) {
    if (isWeekend(day) || closed.includes(day)) throw refusal(line, `trading is said to resume on ${formatIsoDate(day)}, a day the notice closes`);
  }
  return closed;
}

/**
 * The dates of a matched clause. A date without a year is in the section's year, or in the
 * December before it (a New Year closure that begins on 2018-12-30): the weekday printed beside it
 * tells which, and a weekday that matches neither is refused.
 */
function datesIn(clause: string, line: SourceLine, year: number): DayNumber[] {
  return [...clause.matchAll(DATE_TOKEN)].map((match) => {
    const [token, yearText, monthText, dayText, weekdayText] = match;
    const weekday = WEEKDAY_INDEX[weekdayText ?? ''];
    const candidates = yearText === undefined ? [year, year - 1] : [Number(yearText)];
    for (const candidate of candidates) {
      const day = dayNumberFromCivil(candidate, Number(monthText), Number(dayText));
      const real = formatIsoDate(day) === `${candidate}-${String(monthText).padStart(2, '0')}-${String(dayText).padStart(2, '0')}`;
      if (real && isoWeekdayIndex(day) === weekday) return day;
    }
    throw refusal(line, `«${token}»: no such date of ${year} (or the December before) falls on that weekday`);
  });
}

/**
 * Checked against the State Council's arrangement of the year: every weekday rest day of it must
 * be closed; a weekday the exchanges close beyond them is kept as an additional closure.
 */
function closuresOf(file: ArrangementFile, closed: ReadonlySet<DayNumber>, lineOf: ReadonlyMap<DayNumber, SourceLine>): ExchangeClosure[] {
  const earliest = dayNumberFromCivil(file.year - 1, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY);
  const latest = dayNumberFromCivil(file.year, 12, 31);
  const restDays = new Set(finalEntries(file.entries).flatMap(restDaysOf));
  const open = [...restDays].filter((day) => !isWeekend(day) && !closed.has(day)).sort((a, b) => a - b);
  if (open.length > 0) {
    throw refusal(
      undefined,
      `the notice leaves open ${open.map(formatIsoDate).join(', ')}, rest day${open.length > 1 ? 's' : ''} of the State Council's ${file.year} arrangement; ` +
        'the exchanges close on every one: is the text whole, and of the same year?',
    );
  }
  const additional: ExchangeClosure[] = [];
  for (const day of [...closed].sort((a, b) => a - b)) {
    if (day < earliest || day > latest) throw refusal(lineOf.get(day), `${formatIsoDate(day)} lies outside the days a ${file.year} notice may name`);
    if (isWeekend(day) || restDays.has(day)) continue;
    const line = lineOf.get(day);
    additional.push({ date: formatIsoDate(day), reason: `Closed by the exchanges' notice («${shortened(line?.raw ?? '')}»); a working day under the State Council's arrangement.` });
  }
  return additional;
}

function withExchanges(file: ArrangementFile, notice: ExchangeNotice, additionalClosures: ExchangeClosure[]): ArrangementFile {
  const existing = file.exchanges;
  if (existing !== undefined) {
    const before = existing.additionalClosures.map((closure) => closure.date).join(', ');
    const now = additionalClosures.map((closure) => closure.date).join(', ');
    if (before !== now) {
      throw refusal(undefined, `the file's exchanges' notices close ${before || 'no State Council working day'}, this one ${now || 'none'}: the exchanges close the same days; check both texts`);
    }
  }
  const others = existing?.notices.filter((other) => other.exchange !== notice.exchange) ?? [];
  return { ...file, exchanges: { notices: [...others, notice], additionalClosures: existing?.additionalClosures ?? additionalClosures } };
}

function marketOf(lines: readonly SourceLine[]): Market {
  // The exchange that signs the notice (its last lines), else the first it names.
  for (const line of [...lines].reverse().slice(0, 4)) {
    const found = MARKET_NAMES.find(([, name]) => name.test(line.text) && line.text.length <= 12);
    if (found !== undefined) return found[0];
  }
  const named = MARKET_NAMES.find(([, name]) => lines.some((line) => name.test(line.text)));
  if (named === undefined) throw refusal(undefined, 'the notice names no exchange (上海证券交易所, 深圳证券交易所, 北京证券交易所)');
  return named[0];
}

function noticeMetadata(lines: readonly SourceLine[], exchange: Market): ExchangeNotice {
  const first = lines[0];
  const isTitle = first !== undefined && first.text.startsWith('关于') && first.text.includes('休市') && /(?:通知|公告)$/.test(first.text);
  const title = isTitle ? first.raw : null;
  const documentNumber = lines.map((line) => DOCUMENT_NUMBER.exec(line.text)?.[0]).find((number) => number !== undefined) ?? null;
  return { exchange, title, documentNumber, publishedDate: signedDate(lines), sourceUrl: null, otherUrls: [] };
}

/** The date the notice is signed with, in digits or in Chinese numerals, on one of its last lines. */
function signedDate(lines: readonly SourceLine[]): string | null {
  for (const line of [...lines].reverse().slice(0, 3)) {
    const match = SIGNED.exec(line.text);
    if (match === null) continue;
    const [, yearText = '', monthText = '', dayText = ''] = match;
    const year = /^\d+$/.test(yearText) ? Number(yearText) : parseChineseDigits(yearText);
    const month = /^\d+$/.test(monthText) ? Number(monthText) : parseChineseNumber(monthText);
    const day = /^\d+$/.test(dayText) ? Number(dayText) : parseChineseNumber(dayText);
    if (year === undefined || month === undefined || day === undefined) continue;
    const text = formatIsoDate(dayNumberFromCivil(year, month, day));
    if (yearOfDayNumber(dayNumberFromCivil(year, month, day)) === year && text.endsWith(`-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)) return text;
  }
  return null;
}

function refusal(line: SourceLine | undefined, reason: string): ImportError {
  return new ImportError([{ firstLine: line?.number ?? 1, lastLine: line?.number ?? 1, reason, quote: shortened(line?.raw ?? '(the whole notice)') }]);
}
