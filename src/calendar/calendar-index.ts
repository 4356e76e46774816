import type { Dataset } from '../dataset/dataset.js';
import { PREVIOUS_DECEMBER_REACH_FROM_DAY } from '../dataset/validate-arrangement.js';
import { isUnavailable, type NextHoliday, type Unavailable, type WorkdayCount } from './answers.js';
import { dayNumberFromCivil, firstDayOfYear, lastDayOfYear, yearOfDayNumber, type DayNumber } from './civil-date.js';
import { isWeekend } from './day-of-week.js';
import { dayStatusRecord, unknownDayRecord, type DayStatusRecord } from './day-json.js';
import { dayMarksOf } from './day-marks.js';
import { DAY_STATUSES, type AssociatedHoliday, type DayStatus } from './day-status.js';
import { formatIsoDate } from './iso-date.js';

/** The earliest date the service answers for (spec section 8). */
export const FIRST_SUPPORTED_DAY: DayNumber = dayNumberFromCivil(2008, 1, 1);

/** Years after the last year of data whose (UNKNOWN) answers are precomputed too. */
const PRECOMPUTED_YEARS_AFTER_DATA = 4;

/** Per-day codes: the index of the DayStatus in DAY_STATUSES, or UNAVAILABLE. */
const CODE = { WORKDAY: 0, ADJUSTED_WORKDAY: 1, WEEKEND: 2, HOLIDAY: 3, UNKNOWN: 4, UNAVAILABLE: 5 } as const;
const NEXT_UNKNOWN = -1;
const NEXT_UNAVAILABLE = -2;

const OPEN_BRACKET = Buffer.from('[');
const CLOSE_BRACKET = Buffer.from(']');
const NEXT_HOLIDAY_UNKNOWN: NextHoliday = { status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null };
const NEXT_HOLIDAY_UNKNOWN_JSON = Buffer.from(JSON.stringify(NEXT_HOLIDAY_UNKNOWN));

/**
 * Everything the service answers, precomputed once per dataset and never changed: per-day
 * statuses and their serialized JSON, prefix sums for range counts and a forward index for the
 * next holiday. Every query is O(1), or O(days returned) for a range. Dates after the
 * precomputed window are all UNKNOWN and are answered by computing them.
 *
 * Callers pass day numbers on or after FIRST_SUPPORTED_DAY, and ranges with start <= end.
 */
export interface CalendarIndex {
  readonly version: string;
  readonly publishedYears: readonly number[];
  readonly unavailableYears: readonly number[];
  dayStatus(day: DayNumber): DayStatusRecord | Unavailable;
  dayJson(day: DayNumber): Buffer | Unavailable;
  /** The range's JSON array as one Buffer. */
  rangeJson(start: DayNumber, end: DayNumber): Buffer | Unavailable;
  /**
   * The same JSON in pieces that share the precomputed memory (brackets, one slice of all days'
   * JSON, computed days past the window): written as they are, nothing is copied.
   */
  rangeJsonChunks(start: DayNumber, end: DayNumber): readonly Buffer[] | Unavailable;
  countDays(start: DayNumber, end: DayNumber): WorkdayCount | Unavailable;
  nextHoliday(from: DayNumber): NextHoliday | Unavailable;
  nextHolidayJson(from: DayNumber): Buffer | Unavailable;
  /**
   * Whether every answer about [start, end] is final: no day is UNKNOWN, and none lies in the
   * last December week of a published year whose next year is unpublished (that next notice may
   * still name it). Caches may keep settled answers long.
   */
  isSettled(start: DayNumber, end: DayNumber): boolean;
  /** Whether the next-holiday answer from `from` is settled: found, and every day searched settled. */
  nextHolidayIsSettled(from: DayNumber): boolean;
}

export function buildCalendarIndex(dataset: Dataset): CalendarIndex {
  const { version, publishedYears, unavailableYears } = dataset;
  const lastDataYear = Math.max(2007, ...publishedYears);
  const windowEnd = lastDayOfYear(lastDataYear + PRECOMPUTED_YEARS_AFTER_DATA) + 1;
  const size = windowEnd - FIRST_SUPPORTED_DAY;

  const codes = dayCodes(dataset, windowEnd);
  const holidaysAt = new Map<number, readonly AssociatedHoliday[]>();
  for (const file of dataset.arrangements.values()) {
    for (const mark of dayMarksOf(file)) {
      const at = mark.day - FIRST_SUPPORTED_DAY;
      if (at < 0 || at >= size || codes[at] === CODE.UNKNOWN || codes[at] === CODE.UNAVAILABLE) continue;
      codes[at] = CODE[mark.status];
      holidaysAt.set(at, mark.holidays);
    }
  }
  markDecembersThatDependOnUnreadableYears(codes, dataset, windowEnd);

  const records: (DayStatusRecord | undefined)[] = [];
  for (let at = 0; at < size; at++) {
    const code = codes[at] ?? CODE.UNKNOWN;
    records.push(
      code === CODE.UNAVAILABLE
        ? undefined
        : dayStatusRecord(FIRST_SUPPORTED_DAY + at, DAY_STATUSES[code] as DayStatus, holidaysAt.get(at) ?? [], version),
    );
  }
  const { allDays, offsets } = serializeDays(records);
  const dayBuffers = records.map((_, at) => allDays.subarray(offsets[at], (offsets[at + 1] ?? 0) - 1));

  const prefix = prefixCounts(codes, unsettledDays(codes, dataset));
  const next = nextHolidayIndex(codes);
  const nextJson = new Map<number, Buffer>();
  for (const target of new Set(next)) {
    const record = records[target];
    if (target < 0 || record === undefined) continue;
    nextJson.set(target, Buffer.from(JSON.stringify(foundHoliday(record, version))));
  }

  /** The ISO text of a day: the record's own string inside the window (no formatting per request). */
  const isoDateOf = (day: DayNumber): string => records[day - FIRST_SUPPORTED_DAY]?.date ?? formatIsoDate(day);
  const unavailableAt = (at: number): Unavailable => {
    const year = yearOfDayNumber(FIRST_SUPPORTED_DAY + at);
    return { unavailable: true, year: unavailableYears.includes(year) ? year : year + 1 };
  };
  /** The first unreadable day of [from, to), or -1, in O(1) from the prefix sums. */
  const firstUnavailable = (from: number, to: number): number => {
    if ((prefix.unavailable[to] ?? 0) === (prefix.unavailable[from] ?? 0)) return -1;
    let at = from;
    while (codes[at] !== CODE.UNAVAILABLE) at++;
    return at;
  };

  const isSettled = (start: DayNumber, end: DayNumber): boolean => {
    const to = end - FIRST_SUPPORTED_DAY + 1;
    const from = start - FIRST_SUPPORTED_DAY;
    return to <= size && (prefix.unsettled[to] ?? 0) === (prefix.unsettled[from] ?? 0);
  };

  return {
    version,
    publishedYears,
    unavailableYears,
    isSettled,
    nextHolidayIsSettled(from) {
      const at = from - FIRST_SUPPORTED_DAY;
      const target = at < size ? (next[at] ?? NEXT_UNKNOWN) : NEXT_UNKNOWN;
      return target >= 0 && isSettled(from, FIRST_SUPPORTED_DAY + target);
    },
    dayStatus(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      if (at >= size) return unknownDayRecord(day);
      return records[at] ?? unavailableAt(at);
    },
    dayJson(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      if (at >= size) return Buffer.from(JSON.stringify(unknownDayRecord(day)));
      return codes[at] === CODE.UNAVAILABLE ? unavailableAt(at) : (dayBuffers[at] as Buffer);
    },
    rangeJson(start, end) {
      const chunks = this.rangeJsonChunks(start, end);
      return isUnavailable(chunks) ? chunks : Buffer.concat(chunks);
    },
    rangeJsonChunks(start, end) {
      const from = start - FIRST_SUPPORTED_DAY;
      const to = Math.min(end - FIRST_SUPPORTED_DAY + 1, size);
      const blocked = from < size ? firstUnavailable(from, to) : -1;
      if (blocked >= 0) return unavailableAt(blocked);
      const chunks: Buffer[] = [OPEN_BRACKET];
      if (from < to) chunks.push(allDays.subarray(offsets[from], (offsets[to] ?? 0) - 1));
      for (let day = Math.max(start, windowEnd); day <= end; day++) {
        chunks.push(Buffer.from(`${day === start ? '' : ','}${JSON.stringify(unknownDayRecord(day))}`));
      }
      chunks.push(CLOSE_BRACKET);
      return chunks;
    },
    countDays(start, end) {
      const from = start - FIRST_SUPPORTED_DAY;
      const to = Math.max(from, Math.min(end - FIRST_SUPPORTED_DAY + 1, size));
      const blocked = from < size ? firstUnavailable(from, to) : -1;
      if (blocked >= 0) return unavailableAt(blocked);
      const totalDays = end - start + 1;
      const workdayCount = from < size ? (prefix.work[to] ?? 0) - (prefix.work[from] ?? 0) : 0;
      const restDayCount = from < size ? (prefix.rest[to] ?? 0) - (prefix.rest[from] ?? 0) : 0;
      return {
        startDate: isoDateOf(start),
        endDate: isoDateOf(end),
        totalDays,
        workdayCount,
        restDayCount,
        unknownDayCount: totalDays - workdayCount - restDayCount,
      };
    },
    nextHoliday(from) {
      const at = from - FIRST_SUPPORTED_DAY;
      const target = at < size ? (next[at] ?? NEXT_UNKNOWN) : NEXT_UNKNOWN;
      if (target === NEXT_UNAVAILABLE) return unavailableAt(firstUnavailable(at, size));
      const record = records[target];
      return target === NEXT_UNKNOWN || record === undefined ? NEXT_HOLIDAY_UNKNOWN : foundHoliday(record, version);
    },
    nextHolidayJson(from) {
      const at = from - FIRST_SUPPORTED_DAY;
      const target = at < size ? (next[at] ?? NEXT_UNKNOWN) : NEXT_UNKNOWN;
      if (target === NEXT_UNAVAILABLE) return unavailableAt(firstUnavailable(at, size));
      return nextJson.get(target) ?? NEXT_HOLIDAY_UNKNOWN_JSON;
    },
  };
}

/** Ordinary weekday/weekend codes for readable published years, UNAVAILABLE or UNKNOWN for the rest. */
function dayCodes(dataset: Dataset, windowEnd: DayNumber): Uint8Array {
  const codes = new Uint8Array(windowEnd - FIRST_SUPPORTED_DAY);
  for (let day = FIRST_SUPPORTED_DAY; day < windowEnd; ) {
    const year = yearOfDayNumber(day);
    const yearEnd = Math.min(lastDayOfYear(year) + 1, windowEnd);
    const readable = dataset.arrangements.has(year);
    const unreadable = dataset.unavailableYears.includes(year);
    for (; day < yearEnd; day++) {
      codes[day - FIRST_SUPPORTED_DAY] = readable
        ? isWeekend(day)
          ? CODE.WEEKEND
          : CODE.WORKDAY
        : unreadable
          ? CODE.UNAVAILABLE
          : CODE.UNKNOWN;
    }
  }
  return codes;
}

/**
 * The notice for year Y+1 may name days of Y's last December week. When that notice is
 * published but unreadable, those days cannot be answered with certainty either.
 */
function markDecembersThatDependOnUnreadableYears(codes: Uint8Array, dataset: Dataset, windowEnd: DayNumber): void {
  for (const nextYear of dataset.unavailableYears) {
    const year = nextYear - 1;
    if (!dataset.arrangements.has(year) || firstDayOfYear(year) < FIRST_SUPPORTED_DAY) continue;
    const from = dayNumberFromCivil(year, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY);
    for (let day = from; day <= lastDayOfYear(year) && day < windowEnd; day++) codes[day - FIRST_SUPPORTED_DAY] = CODE.UNAVAILABLE;
  }
}

/** Every day's JSON, comma-separated in one buffer, so that any range is one slice of it. */
function serializeDays(records: readonly (DayStatusRecord | undefined)[]): { allDays: Buffer; offsets: Uint32Array } {
  const offsets = new Uint32Array(records.length + 1);
  const parts: string[] = [];
  let length = 0;
  records.forEach((record, at) => {
    offsets[at] = length;
    const part = `${record === undefined ? '' : JSON.stringify(record)},`;
    parts.push(part);
    length += Buffer.byteLength(part);
  });
  offsets[records.length] = length;
  return { allDays: Buffer.from(parts.join('')), offsets };
}

/** Flags the days whose answer may still change: UNKNOWN days, and December days the next, unpublished notice may name. */
function unsettledDays(codes: Uint8Array, dataset: Dataset): Uint8Array {
  const unsettled = codes.map((code) => (code === CODE.UNKNOWN ? 1 : 0));
  for (const year of dataset.arrangements.keys()) {
    if (dataset.publishedYears.includes(year + 1)) continue;
    const from = Math.max(dayNumberFromCivil(year, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY), FIRST_SUPPORTED_DAY);
    for (let day = from; day <= lastDayOfYear(year) && day - FIRST_SUPPORTED_DAY < unsettled.length; day++) {
      unsettled[day - FIRST_SUPPORTED_DAY] = 1;
    }
  }
  return unsettled;
}

function prefixCounts(
  codes: Uint8Array,
  unsettledFlags: Uint8Array,
): { work: Int32Array; rest: Int32Array; unavailable: Int32Array; unsettled: Int32Array } {
  const work = new Int32Array(codes.length + 1);
  const rest = new Int32Array(codes.length + 1);
  const unavailable = new Int32Array(codes.length + 1);
  const unsettled = new Int32Array(codes.length + 1);
  codes.forEach((code, at) => {
    work[at + 1] = (work[at] ?? 0) + (code === CODE.WORKDAY || code === CODE.ADJUSTED_WORKDAY ? 1 : 0);
    rest[at + 1] = (rest[at] ?? 0) + (code === CODE.WEEKEND || code === CODE.HOLIDAY ? 1 : 0);
    unavailable[at + 1] = (unavailable[at] ?? 0) + (code === CODE.UNAVAILABLE ? 1 : 0);
    unsettled[at + 1] = (unsettled[at] ?? 0) + (unsettledFlags[at] ?? 0);
  });
  return { work, rest, unavailable, unsettled };
}

/**
 * For every day, the position of the first HOLIDAY on or after it; NEXT_UNKNOWN when an
 * unpublished day (or the end of the window) comes first, NEXT_UNAVAILABLE when an unreadable
 * day does. Built backwards in one pass.
 */
function nextHolidayIndex(codes: Uint8Array): Int32Array {
  const next = new Int32Array(codes.length);
  let found: number = NEXT_UNKNOWN;
  for (let at = codes.length - 1; at >= 0; at--) {
    const code = codes[at];
    if (code === CODE.HOLIDAY) found = at;
    else if (code === CODE.UNKNOWN) found = NEXT_UNKNOWN;
    else if (code === CODE.UNAVAILABLE) found = NEXT_UNAVAILABLE;
    next[at] = found;
  }
  return next;
}

function foundHoliday(record: DayStatusRecord, version: string): NextHoliday {
  return { status: 'FOUND', date: record.date, holidays: record.holidays, datasetVersion: version };
}
