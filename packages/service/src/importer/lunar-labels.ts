import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { lunarDayName, lunarDayOf, lunarMonthName } from '@china-holiday-calendar/core/calendar/lunar-calendar.js';
import { parseChineseNumber } from './chinese-numerals.js';

/**
 * Lunar labels printed next to dates: 农历除夕, 农历正月初七, 农历腊月二十八, 正月初二,
 * 农历五月初五. The importer checks them against the lunar calendar (the table the statutory
 * days come from) because a label that disagrees with its date means the date was mistyped.
 */
export type LunarLabel =
  | { readonly kind: 'eve' }
  | { readonly kind: 'date'; readonly month: number | undefined; readonly leap: boolean; readonly day: number };

const MONTH_NAMES: Readonly<Record<string, number>> = { 正: 1, 冬: 11, 腊: 12 };

const LABEL_PATTERN =
  /^(?:农历)?(?:大年|(闰)?(正|冬|腊|十一|十二|[一二三四五六七八九十])月)?(初[一二三四五六七八九十]|十[一二三四五六七八九]?|二十[一二三四五六七八九]?|廿[一二三四五六七八九]|三十)$/;

/** `monthless` allows a bare day (初七) — only the end of a span label (除夕至初七) may omit the month. */
export function parseLunarLabel(text: string, monthless = false): LunarLabel | undefined {
  if (/^(?:农历)?(?:除夕|大年三十)$/.test(text)) return { kind: 'eve' };
  const match = LABEL_PATTERN.exec(text);
  if (match === null) return undefined;
  const [, leap, monthName, dayName] = match;
  if (dayName === undefined) return undefined;
  let month: number | undefined;
  if (text.includes('大年')) {
    if (!dayName.startsWith('初')) return undefined;
    month = 1;
  } else if (monthName !== undefined) {
    month = MONTH_NAMES[monthName] ?? parseChineseNumber(monthName);
  }
  if (month === undefined && !monthless) return undefined;
  // 初十 is the tenth; 十 alone is not a day name, 十五 is.
  if (dayName === '十') return undefined;
  const day = dayName.startsWith('初') ? parseChineseNumber(dayName.slice(1)) : parseChineseNumber(dayName);
  if (day === undefined) return undefined;
  return { kind: 'date', month, leap: leap !== undefined, day };
}

/** `fallbackMonth` supplies the month of a bare day label (the start label's month). */
export function lunarLabelHolds(dayNumber: DayNumber, label: LunarLabel, fallbackMonth?: number): boolean {
  if (label.kind === 'eve') {
    // 除夕 is the last day of the year, whether the twelfth month has 29 or 30 days.
    const next = lunarDayOf(dayNumber + 1);
    return next.month === 1 && !next.isLeapMonth && next.day === 1;
  }
  const actual = lunarDayOf(dayNumber);
  const month = label.month ?? fallbackMonth;
  return month === actual.month && label.leap === actual.isLeapMonth && label.day === actual.day;
}

/** 农历正月初九, for error messages. */
export function describeLunarDate(dayNumber: DayNumber): string {
  const { month, isLeapMonth, day } = lunarDayOf(dayNumber);
  const eve = lunarLabelHolds(dayNumber, { kind: 'eve' }) ? '（除夕）' : '';
  return `农历${lunarMonthName(month, isLeapMonth)}${lunarDayName(day)}${eve}`;
}
