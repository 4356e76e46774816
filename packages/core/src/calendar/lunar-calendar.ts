import { civilFromDayNumber, type DayNumber } from './civil-date.js';
import { LAST_SUPPORTED_DAY } from './supported-range.js';
import {
  FIRST_LUNAR_NEW_YEAR,
  FIRST_LUNAR_YEAR,
  FIRST_SOLAR_TERM_DAY,
  LUNAR_MONTHS,
  SOLAR_TERM_COUNT,
  SOLAR_TERM_GAPS,
} from './lunar-date-table.js';

/**
 * The Chinese lunar calendar (农历) and the 24 solar terms (节气) of 2008-01-01..9999-12-31, read
 * from the table tyme4ts wrote ahead of time (lunar-date-table.ts, npm run docs:generate; a test
 * holds every day of it to tyme4ts). Every lookup is O(1): the year, then at most 13 months or 25
 * terms; the per-year starting points are summed once, on first use.
 */

/** Where the leap month's number sits in a lunar year's 24 bits (below it: the months' lengths). */
export const LUNAR_LEAP_MONTH_SHIFT = 13;
/** Consecutive solar terms are 14 to 17 days apart; the table stores the excess over 14. */
export const SOLAR_TERM_MIN_GAP = 14;

/** The last day the tables answer for. */

/** The 24 solar terms in the table's order: 冬至 first, as the term of index 0 of a year. */
export const SOLAR_TERM_NAMES = [
  '冬至', '小寒', '大寒', '立春', '雨水', '惊蛰', '春分', '清明', '谷雨', '立夏', '小满', '芒种',
  '夏至', '小暑', '大暑', '立秋', '处暑', '白露', '秋分', '寒露', '霜降', '立冬', '小雪', '大雪',
] as const;

export type SolarTermName = (typeof SOLAR_TERM_NAMES)[number];

/** A day of the lunar calendar, as numbers: `month` 1-12, `day` 1-30. */
export interface LunarDay {
  /** The lunar year, numbered as the civil year its 正月初一 falls in. */
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly isLeapMonth: boolean;
}

const MONTH_NAMES = ['正月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '冬月', '腊月'] as const;
const DAY_NAMES = [
  '初一', '初二', '初三', '初四', '初五', '初六', '初七', '初八', '初九', '初十',
  '十一', '十二', '十三', '十四', '十五', '十六', '十七', '十八', '十九', '二十',
  '廿一', '廿二', '廿三', '廿四', '廿五', '廿六', '廿七', '廿八', '廿九', '三十',
] as const;

/** A month's name as wall calendars print it: 正月 … 十月, 冬月, 腊月; 闰 before a leap month. */
export function lunarMonthName(month: number, isLeapMonth: boolean): string {
  return `${isLeapMonth ? '闰' : ''}${MONTH_NAMES[month - 1] ?? String(month)}`;
}

/** A day's name: 初一 … 初十, 十一 … 二十, 廿一 … 廿九, 三十. */
export function lunarDayName(day: number): string {
  return DAY_NAMES[day - 1] ?? String(day);
}

const monthBytes = Buffer.from(LUNAR_MONTHS, 'base64');
const termGapBytes = Buffer.from(SOLAR_TERM_GAPS, 'base64');
const LUNAR_YEAR_COUNT = monthBytes.length / 3;
const LAST_LUNAR_YEAR = FIRST_LUNAR_YEAR + LUNAR_YEAR_COUNT - 1;

function yearBits(lunarYear: number): number {
  const at = (lunarYear - FIRST_LUNAR_YEAR) * 3;
  return (monthBytes[at] ?? 0) | ((monthBytes[at + 1] ?? 0) << 8) | ((monthBytes[at + 2] ?? 0) << 16);
}

function leapMonthOfBits(bits: number): number {
  return bits >> LUNAR_LEAP_MONTH_SHIFT;
}

function monthLength(bits: number, monthAt: number): number {
  return 29 + ((bits >> monthAt) & 1);
}

let lunarNewYears: Int32Array | undefined;

/** 正月初一 of every lunar year of the table (and the day after its last), summed once. */
function lunarNewYearDays(): Int32Array {
  if (lunarNewYears !== undefined) return lunarNewYears;
  const days = new Int32Array(LUNAR_YEAR_COUNT + 1);
  days[0] = FIRST_LUNAR_NEW_YEAR;
  for (let at = 0; at < LUNAR_YEAR_COUNT; at++) {
    const bits = yearBits(FIRST_LUNAR_YEAR + at);
    const months = leapMonthOfBits(bits) === 0 ? 12 : 13;
    let length = 0;
    for (let month = 0; month < months; month++) length += monthLength(bits, month);
    days[at + 1] = (days[at] ?? 0) + length;
  }
  lunarNewYears = days;
  return days;
}

function checkLunarYear(lunarYear: number): void {
  if (!Number.isInteger(lunarYear) || lunarYear < FIRST_LUNAR_YEAR || lunarYear > LAST_LUNAR_YEAR) {
    throw new RangeError(`lunar year ${lunarYear} is outside the table (${FIRST_LUNAR_YEAR}-${LAST_LUNAR_YEAR})`);
  }
}

function checkTableDay(day: DayNumber): void {
  if (!Number.isInteger(day) || day < FIRST_LUNAR_NEW_YEAR || day > LAST_SUPPORTED_DAY) {
    throw new RangeError(`day ${day} is outside the lunar table`);
  }
}

/** 正月初一 of a lunar year. */
export function lunarNewYearDay(lunarYear: number): DayNumber {
  checkLunarYear(lunarYear);
  return lunarNewYearDays()[lunarYear - FIRST_LUNAR_YEAR] ?? 0;
}

/** The first day of an ordinary (not leap) month of a lunar year, month 1-12. */
export function lunarMonthFirstDay(lunarYear: number, month: number): DayNumber {
  const bits = yearBits(lunarYear);
  const leapMonth = leapMonthOfBits(bits);
  // A leap month follows the month it doubles, so it shifts every later month by one place.
  const monthAt = month - 1 + (leapMonth !== 0 && leapMonth < month ? 1 : 0);
  let day = lunarNewYearDay(lunarYear);
  for (let at = 0; at < monthAt; at++) day += monthLength(bits, at);
  return day;
}

/** The lunar date of a day of the table's range (2008-01-01..9999-12-31). */
export function lunarDayOf(day: DayNumber): LunarDay {
  checkTableDay(day);
  // 正月初一 falls between January 21 and February 20, so the lunar year is the civil one or the one before.
  let year = civilFromDayNumber(day).year;
  if (day < lunarNewYearDay(year)) year -= 1;
  const bits = yearBits(year);
  const leapMonth = leapMonthOfBits(bits);
  let first = lunarNewYearDay(year);
  let monthAt = 0;
  while (day >= first + monthLength(bits, monthAt)) {
    first += monthLength(bits, monthAt);
    monthAt += 1;
  }
  const isLeapMonth = leapMonth !== 0 && monthAt === leapMonth;
  const month = leapMonth !== 0 && monthAt >= leapMonth ? monthAt : monthAt + 1;
  return { year, month, day: day - first + 1, isLeapMonth };
}

function termGap(term: number): number {
  const at = term - 1;
  return SOLAR_TERM_MIN_GAP + (((termGapBytes[at >> 2] ?? 0) >> ((at & 3) * 2)) & 3);
}

/** The day of term 24·n (冬至 of civil year 2007 + n), summed as far as asked so far: a start asks for two decades, not eight millennia. */
const winterSolstices = new Int32Array(Math.ceil(SOLAR_TERM_COUNT / 24));
winterSolstices[0] = FIRST_SOLAR_TERM_DAY;
let winterSolsticesSummed = 1;

/** The day of term 24·n. */
function winterSolsticeDay(n: number): DayNumber {
  for (; winterSolsticesSummed <= n && winterSolsticesSummed < winterSolstices.length; winterSolsticesSummed++) {
    const at = winterSolsticesSummed;
    let day = winterSolstices[at - 1] ?? 0;
    for (let term = (at - 1) * 24 + 1; term <= at * 24; term++) day += termGap(term);
    winterSolstices[at] = day;
  }
  return winterSolstices[n] ?? 0;
}

/** The first civil year whose solar terms the table holds in full. */
const FIRST_TERM_YEAR = civilFromDayNumber(FIRST_SOLAR_TERM_DAY).year + 1;

/** The solar term whose day `day` is (2008-01-01..9999-12-31), or undefined on any other day. */
export function solarTermOf(day: DayNumber): SolarTermName | undefined {
  checkTableDay(day);
  // The 冬至 of the year before is always in its December; the terms of the year follow it, the
  // 小寒 of the year after sometimes inside it (late December, from the 93rd century on).
  const firstTerm = (civilFromDayNumber(day).year - FIRST_TERM_YEAR) * 24;
  let termDay = winterSolsticeDay(firstTerm / 24);
  for (let term = firstTerm + 1; term <= firstTerm + 25 && term < SOLAR_TERM_COUNT; term++) {
    termDay += termGap(term);
    if (termDay === day) return SOLAR_TERM_NAMES[term % 24];
    if (termDay > day) return undefined;
  }
  return undefined;
}

/**
 * The day of a named solar term of a year (2008-9999): the terms from 小寒 to 冬至 that follow the
 * 冬至 of the year before (that 小寒 falls on December 31 of the year before in a few years of
 * the 93rd century on; every other term inside its year).
 */
export function solarTermDay(year: number, name: SolarTermName): DayNumber {
  const index = SOLAR_TERM_NAMES.indexOf(name);
  const term = (year - FIRST_TERM_YEAR) * 24 + (index === 0 ? 24 : index);
  if (!Number.isInteger(year) || term <= 0 || term >= SOLAR_TERM_COUNT) throw new RangeError(`no ${name} of ${year} in the table`);
  let day = winterSolsticeDay(Math.floor((term - 1) / 24));
  for (let next = Math.floor((term - 1) / 24) * 24 + 1; next <= term; next++) day += termGap(next);
  return day;
}
