import { datesFromTo, isWeekendDate, LAST_PUBLISHED_YEAR, yearOf } from './spec-dates.js';

/*
 * Calendar facts for 2023 through 2026 typed from the official notices (test/fixtures/notices/) (final state
 * of every notice entry: rest dates, make-up working days, holiday codes in the notice's order),
 * plus the statutory days of those years under the regulation in force (version 2 for 2023-2024,
 * version 3 from 2025; lunar dates and Qingming as printed in the notices and almanacs). With
 * docs/design.md (Interface decisions) these fix the complete expected answer for every date of those years.
 */

export const HOLIDAY_NAMES = {
  NEW_YEAR: '元旦',
  SPRING_FESTIVAL: '春节',
  QINGMING_FESTIVAL: '清明节',
  LABOR_DAY: '劳动节',
  DRAGON_BOAT_FESTIVAL: '端午节',
  MID_AUTUMN_FESTIVAL: '中秋节',
  NATIONAL_DAY: '国庆节',
  VICTORY_DAY_70TH_ANNIVERSARY: '中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日',
} as const;

export type HolidayCode = keyof typeof HOLIDAY_NAMES;
export type DayStatusValue = 'WORKDAY' | 'ADJUSTED_WORKDAY' | 'WEEKEND' | 'HOLIDAY' | 'UNKNOWN';

interface Entry {
  readonly codes: readonly HolidayCode[];
  readonly rest: readonly (string | readonly [string, string])[];
  readonly work: readonly string[];
}

const ENTRIES: readonly Entry[] = [
  // 2023 notice
  { codes: ['NEW_YEAR'], rest: [['2022-12-31', '2023-01-02']], work: [] },
  { codes: ['SPRING_FESTIVAL'], rest: [['2023-01-21', '2023-01-27']], work: ['2023-01-28', '2023-01-29'] },
  { codes: ['QINGMING_FESTIVAL'], rest: ['2023-04-05'], work: [] },
  { codes: ['LABOR_DAY'], rest: [['2023-04-29', '2023-05-03']], work: ['2023-04-23', '2023-05-06'] },
  { codes: ['DRAGON_BOAT_FESTIVAL'], rest: [['2023-06-22', '2023-06-24']], work: ['2023-06-25'] },
  { codes: ['MID_AUTUMN_FESTIVAL', 'NATIONAL_DAY'], rest: [['2023-09-29', '2023-10-06']], work: ['2023-10-07', '2023-10-08'] },
  // 2024 notice (2023-12-30/31 and 2024-06-08/09 are only joined weekends: not listed)
  { codes: ['NEW_YEAR'], rest: ['2024-01-01'], work: [] },
  { codes: ['SPRING_FESTIVAL'], rest: [['2024-02-10', '2024-02-17']], work: ['2024-02-04', '2024-02-18'] },
  { codes: ['QINGMING_FESTIVAL'], rest: [['2024-04-04', '2024-04-06']], work: ['2024-04-07'] },
  { codes: ['LABOR_DAY'], rest: [['2024-05-01', '2024-05-05']], work: ['2024-04-28', '2024-05-11'] },
  { codes: ['DRAGON_BOAT_FESTIVAL'], rest: ['2024-06-10'], work: [] },
  { codes: ['MID_AUTUMN_FESTIVAL'], rest: [['2024-09-15', '2024-09-17']], work: ['2024-09-14'] },
  { codes: ['NATIONAL_DAY'], rest: [['2024-10-01', '2024-10-07']], work: ['2024-09-29', '2024-10-12'] },
  // 2025 notice
  { codes: ['NEW_YEAR'], rest: ['2025-01-01'], work: [] },
  { codes: ['SPRING_FESTIVAL'], rest: [['2025-01-28', '2025-02-04']], work: ['2025-01-26', '2025-02-08'] },
  { codes: ['QINGMING_FESTIVAL'], rest: [['2025-04-04', '2025-04-06']], work: [] },
  { codes: ['LABOR_DAY'], rest: [['2025-05-01', '2025-05-05']], work: ['2025-04-27'] },
  { codes: ['DRAGON_BOAT_FESTIVAL'], rest: [['2025-05-31', '2025-06-02']], work: [] },
  { codes: ['NATIONAL_DAY', 'MID_AUTUMN_FESTIVAL'], rest: [['2025-10-01', '2025-10-08']], work: ['2025-09-28', '2025-10-11'] },
  // 2026 notice
  { codes: ['NEW_YEAR'], rest: [['2026-01-01', '2026-01-03']], work: ['2026-01-04'] },
  { codes: ['SPRING_FESTIVAL'], rest: [['2026-02-15', '2026-02-23']], work: ['2026-02-14', '2026-02-28'] },
  { codes: ['QINGMING_FESTIVAL'], rest: [['2026-04-04', '2026-04-06']], work: [] },
  { codes: ['LABOR_DAY'], rest: [['2026-05-01', '2026-05-05']], work: ['2026-05-09'] },
  { codes: ['DRAGON_BOAT_FESTIVAL'], rest: [['2026-06-19', '2026-06-21']], work: [] },
  { codes: ['MID_AUTUMN_FESTIVAL'], rest: [['2026-09-25', '2026-09-27']], work: [] },
  { codes: ['NATIONAL_DAY'], rest: [['2026-10-01', '2026-10-07']], work: ['2026-09-20', '2026-10-10'] },
];

/** Statutory days (法定节假日) of 2023-2026: regulation version 2 (2023, 2024) and 3 (2025, 2026). */
const STATUTORY: Readonly<Record<HolidayCode, readonly string[]>> = {
  NEW_YEAR: ['2023-01-01', '2024-01-01', '2025-01-01', '2026-01-01'],
  SPRING_FESTIVAL: [
    // Version 2: 正月初一..初三.
    '2023-01-22', '2023-01-23', '2023-01-24',
    '2024-02-10', '2024-02-11', '2024-02-12',
    // Version 3: 除夕 and 正月初一..初三 (除夕 2026 is the 29th of the 12th lunar month).
    '2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31',
    '2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19',
  ],
  QINGMING_FESTIVAL: ['2023-04-05', '2024-04-04', '2025-04-04', '2026-04-05'],
  LABOR_DAY: ['2023-05-01', '2024-05-01', '2025-05-01', '2025-05-02', '2026-05-01', '2026-05-02'],
  DRAGON_BOAT_FESTIVAL: ['2023-06-22', '2024-06-10', '2025-05-31', '2026-06-19'],
  MID_AUTUMN_FESTIVAL: ['2023-09-29', '2024-09-17', '2025-10-06', '2026-09-25'],
  NATIONAL_DAY: [
    '2023-10-01', '2023-10-02', '2023-10-03',
    '2024-10-01', '2024-10-02', '2024-10-03',
    '2025-10-01', '2025-10-02', '2025-10-03',
    '2026-10-01', '2026-10-02', '2026-10-03',
  ],
  VICTORY_DAY_70TH_ANNIVERSARY: [],
};

/** The dates whose complete expected answer this file fixes. */
export const REFERENCE_FIRST = '2023-01-01';
export const REFERENCE_LAST = '2026-12-31';

export interface ExpectedHoliday {
  readonly code: HolidayCode;
  readonly name: string;
  readonly statutoryDate: boolean;
}

export interface ExpectedDay {
  readonly date: string;
  readonly dayStatus: DayStatusValue;
  readonly holidays: readonly ExpectedHoliday[];
}

const REST = new Map<string, Entry>();
const WORK = new Map<string, Entry>();
for (const entry of ENTRIES) {
  for (const item of entry.rest) {
    for (const date of typeof item === 'string' ? [item] : datesFromTo(item[0], item[1])) REST.set(date, entry);
  }
  for (const date of entry.work) WORK.set(date, entry);
}

function holidaysOf(entry: Entry, date: string): ExpectedHoliday[] {
  return entry.codes.map((code) => ({ code, name: HOLIDAY_NAMES[code], statutoryDate: STATUTORY[code].includes(date) }));
}

/** Whether the reference fixes this date's answer (2023-2026, or any date of an unpublished year). */
export function isReferenceDate(date: string): boolean {
  return (date >= REFERENCE_FIRST && date <= REFERENCE_LAST) || yearOf(date) > LAST_PUBLISHED_YEAR;
}

/** The expected dayStatus and holidays of a date of 2023-2026 or of an unpublished year. */
export function expectedDay(date: string): ExpectedDay {
  if (!isReferenceDate(date)) throw new Error(`no reference facts for ${date}`);
  if (yearOf(date) > LAST_PUBLISHED_YEAR) return { date, dayStatus: 'UNKNOWN', holidays: [] };
  const work = WORK.get(date);
  if (work !== undefined) return { date, dayStatus: 'ADJUSTED_WORKDAY', holidays: holidaysOf(work, date).map((h) => ({ ...h, statutoryDate: false })) };
  const rest = REST.get(date);
  if (rest !== undefined) return { date, dayStatus: 'HOLIDAY', holidays: holidaysOf(rest, date) };
  return { date, dayStatus: isWeekendDate(date) ? 'WEEKEND' : 'WORKDAY', holidays: [] };
}

export interface ExpectedCounts {
  readonly totalDays: number;
  readonly workdayCount: number;
  readonly restDayCount: number;
  readonly unknownDayCount: number;
}

/** Counts of a range of reference dates, by the definitions of docs/interface.md, Workday count. */
export function expectedCounts(start: string, end: string): ExpectedCounts {
  let workdayCount = 0;
  let restDayCount = 0;
  let unknownDayCount = 0;
  const dates = datesFromTo(start, end);
  for (const date of dates) {
    const { dayStatus } = expectedDay(date);
    if (dayStatus === 'UNKNOWN') unknownDayCount++;
    else if (dayStatus === 'WORKDAY' || dayStatus === 'ADJUSTED_WORKDAY') workdayCount++;
    else restDayCount++;
  }
  return { totalDays: dates.length, workdayCount, restDayCount, unknownDayCount };
}

/**
 * The expected next holiday from a reference date: the first HOLIDAY date on or after it up to
 * the end of the last published year, or undefined (status UNKNOWN).
 */
export function expectedNextHoliday(from: string): ExpectedDay | undefined {
  if (yearOf(from) > LAST_PUBLISHED_YEAR) return undefined;
  for (const date of datesFromTo(from, REFERENCE_LAST)) {
    const day = expectedDay(date);
    if (day.dayStatus === 'HOLIDAY') return day;
  }
  return undefined;
}

/** The next-holiday answer the service must give from a reference date, under dataset `version`. */
export function expectedNextHolidayBody(from: string, version: string): unknown {
  const expected = expectedNextHoliday(from);
  return expected === undefined
    ? { status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null }
    : { status: 'FOUND', date: expected.date, holidays: expected.holidays, datasetVersion: version };
}
