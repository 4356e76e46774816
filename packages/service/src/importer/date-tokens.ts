import { dayNumberFromCivil, daysInMonth, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { checkAnnotation, parseAnnotation, type Annotation } from './annotations.js';
import { Refusal, shortened } from './import-error.js';

/**
 * Finds the dates of a (normalised) notice sentence and replaces each with a placeholder, so
 * that the wording around them can be matched as plain text: "2月4日至10日放假调休，共7天。
 * 2月2日（星期六）、2月3日（星期日）上班。" becomes "R放假调休，共7天。D、D上班。" with the range
 * and the two dates as items, in order.
 *
 * Years: a date printed with its year keeps it; a date without one takes the year last printed
 * with the same month earlier in the text (so "2018年12月30日至2019年1月1日……12月29日上班"
 * means 2018-12-29, and the 2008 notice's 12月29日 after "2007年12月30日" means 2007); any other
 * date is in the notice's year. A bare day ("至10日", "、2日") takes the month and year of the
 * date before it. A range from December to January written without years (12月30日至1月1日, as
 * reprints shorten the 2019 New Year) starts in the previous December: a notice names days of its
 * own year and of the previous December's last week only, so no other reading exists. A year
 * written with a date must be the notice's or the one before. Weekday annotations then catch any
 * remaining misreading.
 */

/** Placeholders from the Private Use Area, which no notice contains. */
export const DATE_MARK = '\uE000';
export const RANGE_MARK = '\uE001';

export interface DateToken {
  readonly day: DayNumber;
  /** The date as written, with its annotation: 2月3日（星期日）. */
  readonly written: string;
  readonly annotations: readonly Annotation[];
}

export type DateItem =
  | { readonly kind: 'date'; readonly date: DateToken }
  | { readonly kind: 'range'; readonly start: DateToken; readonly end: DateToken };

export interface TokenizedText {
  readonly shape: string;
  readonly items: readonly DateItem[];
}

const DATE_AT = /(?:(\d{4})年)?(?:(\d{1,2})月)?(\d{1,2})日/y;
const RANGE_CONNECTORS = ['至', '—', '到'];

interface Civil {
  readonly year: number;
  readonly month: number;
}

export function tokenizeDates(text: string, noticeYear: number): TokenizedText {
  if (text.includes(DATE_MARK) || text.includes(RANGE_MARK)) throw new Refusal('the text contains a private-use character');
  const items: DateItem[] = [];
  const lastYearOfMonth = new Map<number, number>();
  let previous: Civil | undefined;
  let shape = '';
  let position = 0;

  const readDate = (at: number, yearOverride?: number): { token: DateToken; next: number; inferredYear: boolean; month: number } | undefined => {
    if (!/\d/.test(text.charAt(at)) || /\d/.test(text.charAt(at - 1))) return undefined;
    DATE_AT.lastIndex = at;
    const match = DATE_AT.exec(text);
    if (match === null) return undefined;
    const [whole, yearText, monthText, dayText] = match;
    let year: number;
    let month: number;
    if (monthText !== undefined) {
      month = Number(monthText);
      year = yearOverride ?? (yearText !== undefined ? Number(yearText) : (lastYearOfMonth.get(month) ?? noticeYear));
      if (yearText !== undefined && (year < noticeYear - 1 || year > noticeYear)) {
        throw new Refusal(`«${whole}» is a date of ${year}; a ${noticeYear} notice names days of ${noticeYear} and of the end of ${noticeYear - 1}`);
      }
    } else {
      if (yearText !== undefined) throw new Refusal(`«${whole}» has a year but no month`);
      if (previous === undefined) throw new Refusal(`«${whole}» has no month and follows no date`);
      ({ year, month } = previous);
    }
    const day = Number(dayText);
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
      throw new Refusal(`«${whole}» is not a date of ${year}`);
    }
    if (yearText !== undefined || yearOverride !== undefined) lastYearOfMonth.set(month, year);
    previous = { year, month };
    let next = at + whole.length;
    let annotations: Annotation[] = [];
    if (text.charAt(next) === '（') {
      const close = text.indexOf('）', next);
      if (close < 0) throw new Refusal(`the bracket after «${whole}» is not closed`);
      annotations = parseAnnotation(text.slice(next + 1, close));
      next = close + 1;
    }
    const token = { day: dayNumberFromCivil(year, month, day), written: text.slice(at, next), annotations };
    return { token, next, inferredYear: yearText === undefined && yearOverride === undefined, month };
  };

  while (position < text.length) {
    let first = readDate(position);
    if (first === undefined) {
      shape += text.charAt(position);
      position += 1;
      continue;
    }
    const connector = RANGE_CONNECTORS.find((candidate) => text.startsWith(candidate, first?.next ?? 0));
    let second = connector === undefined ? undefined : readDate(first.next + connector.length);
    if (second === undefined || connector === undefined) {
      items.push({ kind: 'date', date: first.token });
      shape += DATE_MARK;
      position = first.next;
      continue;
    }
    if (second.token.day <= first.token.day && first.inferredYear && second.inferredYear && first.month === 12 && second.month === 1) {
      // 12月30日至1月1日: the range crosses into the notice's year from the previous December.
      first = readDate(position, noticeYear - 1);
      second = first === undefined ? undefined : readDate(first.next + connector.length, noticeYear);
      if (first === undefined || second === undefined) throw new Refusal('a year-crossing range could not be read again');
    }
    if (second.token.day <= first.token.day) {
      const written = `${first.token.written}${connector}${second.token.written}`;
      throw new Refusal(`the range ${written} ends (${formatIsoDate(second.token.day)}) before it starts (${formatIsoDate(first.token.day)})`);
    }
    items.push({ kind: 'range', start: first.token, end: second.token });
    shape += RANGE_MARK;
    position = second.next;
  }
  return { shape, items };
}

/** Checks every annotation of every date against the calendar; throws on the first misfit. */
export function checkDateAnnotations(items: readonly DateItem[], noticeYear: number): void {
  for (const item of items) {
    if (item.kind === 'date') {
      for (const annotation of item.date.annotations) checkAnnotation(item.date, annotation, noticeYear);
      continue;
    }
    for (const annotation of item.start.annotations) {
      if (annotation.kind === 'lunar-span') throw new Refusal(`the span label «${annotation.text}» must follow the end of the range`);
      checkAnnotation(item.start, annotation, noticeYear);
    }
    for (const annotation of item.end.annotations) {
      checkAnnotation({ ...item.end, rangeStart: item.start.day }, annotation, noticeYear);
    }
  }
}

/** The written form of a shape fragment, for messages: placeholders back to their dates. */
export function renderShape(shape: string, items: readonly DateItem[]): string {
  let index = 0;
  return shortened(shape).replace(/[\uE000\uE001]/g, () => {
    const item = items[index];
    index += 1;
    if (item === undefined) return '?';
    return item.kind === 'date' ? item.date.written : `${item.start.written}至${item.end.written}`;
  });
}

export function isoOfItem(item: DateItem): string {
  return item.kind === 'date' ? formatIsoDate(item.date.day) : `${formatIsoDate(item.start.day)}..${formatIsoDate(item.end.day)}`;
}
