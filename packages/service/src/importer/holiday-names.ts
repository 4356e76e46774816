import { HOLIDAY_CODES, HOLIDAYS, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';

/**
 * Holiday names as notices print them in an entry label (before the colon), a lead-in or a
 * title: each holiday's official name and the other names the holiday table lists for it.
 */
const PRINTED_NAMES: ReadonlyMap<string, HolidayCode> = new Map(
  HOLIDAY_CODES.flatMap((code) => [HOLIDAYS[code].zh, ...HOLIDAYS[code].printedNames].map((name): [string, HolidayCode] => [name, code])),
);

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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Any printed name, the longest first (so that 国庆节 is not read as a shorter name's prefix). */
const ONE_NAME = `(?:${[...PRINTED_NAMES.keys()]
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')})`;
const LEADING_NAMES = new RegExp(`^(${ONE_NAME}(?:、${ONE_NAME})*)(?=\\d)`);

/**
 * A label without a colon, as some reprints print the 2009 entries ("三、清明节4月4日至6日…"):
 * the longest run of known names at the start of the text, directly followed by a digit.
 */
export function leadingHolidayNames(text: string): { readonly label: string; readonly rest: string } | undefined {
  const match = LEADING_NAMES.exec(text);
  if (match?.[1] === undefined) return undefined;
  return { label: match[1], rest: text.slice(match[1].length) };
}
