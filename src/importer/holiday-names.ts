import { HOLIDAY_NAMES, type HolidayCode } from '../calendar/holidays.js';

/**
 * Holiday names as notices print them in an entry label (before the colon) or in a title.
 * Besides the official names, the 2008 notice prints Labor Day as “五一”国际劳动节 and the
 * 2009 intro as 国际劳动节; the 2007 regulation calls New Year's Day 新年.
 */
const PRINTED_NAMES: ReadonlyMap<string, HolidayCode> = new Map<string, HolidayCode>([
  ...(Object.entries(HOLIDAY_NAMES) as [HolidayCode, string][]).map(([code, name]): [string, HolidayCode] => [name, code]),
  ['新年', 'NEW_YEAR'],
  ['国际劳动节', 'LABOR_DAY'],
  ['“五一”国际劳动节', 'LABOR_DAY'],
  ['“五一”劳动节', 'LABOR_DAY'],
]);

export function holidayCodeOfName(name: string): HolidayCode | undefined {
  return PRINTED_NAMES.get(name);
}

export type HolidayListResult =
  | { readonly ok: true; readonly codes: readonly HolidayCode[]; readonly names: readonly string[] }
  | { readonly ok: false; readonly unknown: string };

/** 中秋节、国庆节 → both codes in printed order (the order is part of the data). */
export function parseHolidayNameList(text: string): HolidayListResult {
  const names = text.split(/[、和]/);
  const codes: HolidayCode[] = [];
  for (const name of names) {
    const code = holidayCodeOfName(name);
    if (code === undefined) return { ok: false, unknown: name };
    if (codes.includes(code)) return { ok: false, unknown: name };
    codes.push(code);
  }
  return { ok: true, codes, names };
}

/**
 * A label without a colon, as some reprints print the 2009 entries ("三、清明节4月4日至6日…"):
 * the longest run of known names at the start of the text, directly followed by a digit.
 */
export function leadingHolidayNames(text: string): { readonly label: string; readonly rest: string } | undefined {
  const names = [...PRINTED_NAMES.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const one = `(?:${names.join('|')})`;
  const match = new RegExp(`^(${one}(?:、${one})*)(?=\\d)`).exec(text);
  if (match?.[1] === undefined) return undefined;
  return { label: match[1], rest: text.slice(match[1].length) };
}

/** Stems of notice ids: "labor-day" + "-amendment", "spring-festival" + "-extension". */
export const NOTICE_ID_STEMS: Readonly<Record<HolidayCode, string>> = {
  NEW_YEAR: 'new-year',
  SPRING_FESTIVAL: 'spring-festival',
  QINGMING_FESTIVAL: 'qingming-festival',
  LABOR_DAY: 'labor-day',
  DRAGON_BOAT_FESTIVAL: 'dragon-boat-festival',
  MID_AUTUMN_FESTIVAL: 'mid-autumn-festival',
  NATIONAL_DAY: 'national-day',
  VICTORY_DAY_70TH_ANNIVERSARY: 'victory-day',
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
