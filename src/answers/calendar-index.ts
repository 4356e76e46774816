import { dayNumberFromCivil, lastDayOfYear, yearOfDayNumber, type DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import type { Dataset } from '../dataset/dataset.js';
import {
  isUnavailable,
  type BeforeSupportedRange,
  type NextHoliday,
  type Unavailable,
  type WorkdayCount,
  type WorkdayOffset,
  workdayOffsetJson,
} from './answers.js';
import type { FeedRenderer, FeedRequest } from './calendar-feed.js';
import { DAY_CODE, dayTable, isRestCode, isWorkingCode, unsettledDays } from './day-codes.js';
import { unknownDayRecord, type DayStatusRecord } from './day-json.js';
import { dayRecords, dayStatusRecordAt } from './day-records.js';
import { buildOffsetTables, locateWorkdayOffset, OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN, unavailablePositionOf } from './workday-offset.js';
import { unpublishedYearOverviewJson } from './unpublished-overview-json.js';
import { publishedYearOverview, unpublishedYearOverview, type YearOverview } from './year-overview.js';

/** Years after the last year of data whose (UNKNOWN) answers are precomputed too. */
const PRECOMPUTED_YEARS_AFTER_DATA = 4;
/** Overviews of years far past the data are computed on request; this many are kept. */
const DISTANT_OVERVIEWS_KEPT = 64;
const NEXT_UNKNOWN = -1;
const NEXT_UNAVAILABLE = -2;

const OPEN_BRACKET = Buffer.from('[');
const CLOSE_BRACKET = Buffer.from(']');
const NEXT_HOLIDAY_UNKNOWN: NextHoliday = { status: 'UNKNOWN', date: null, holidays: [], datasetVersion: null };
const NEXT_HOLIDAY_UNKNOWN_JSON = Buffer.from(JSON.stringify(NEXT_HOLIDAY_UNKNOWN));
const BEFORE_SUPPORTED_RANGE: BeforeSupportedRange = { beforeSupportedRange: true };

/**
 * Everything the service answers, precomputed once per dataset and never changed: per-day
 * statuses and their serialized JSON, prefix sums for range counts, a forward index for the next
 * holiday, the k-th working day for offsets, and each year at a glance. Every query is O(1), or
 * O(days returned) for a range. Dates after the precomputed window are all UNKNOWN and are
 * answered by computing them.
 *
 * Callers pass day numbers on or after FIRST_SUPPORTED_DAY, and ranges with start <= end.
 */
export interface CalendarIndex {
  readonly version: string;
  /** The validated dataset the index was built from (the notices, for overviews and feeds). */
  readonly dataset: Dataset;
  readonly publishedYears: readonly number[];
  readonly unavailableYears: readonly number[];
  dayStatus(day: DayNumber): DayStatusRecord | Unavailable;
  /** The day's code (DAY_CODE): what a yes/no question needs, without the record. */
  dayCode(day: DayNumber): number;
  /** The ISO text of a day (the record's own string inside the window). */
  isoDate(day: DayNumber): string;
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
  /** The day `days` working days from `from` (see locateWorkdayOffset), or why there is none. */
  workdayOffset(from: DayNumber, days: number): WorkdayOffset | Unavailable | BeforeSupportedRange;
  /**
   * The same walk as a number: the day found (a day number, > 0), or OFFSET_UNKNOWN,
   * OFFSET_BEFORE_SUPPORTED_RANGE, or an unavailable outcome (see unavailablePositionOf).
   */
  workdayOffsetDay(from: DayNumber, days: number): number;
  /** The Unavailable of a workdayOffsetDay outcome that met an unreadable day. */
  unavailableOfOffset(outcome: number): Unavailable | undefined;
  /** The offset's JSON: text made for the request. */
  workdayOffsetJson(from: DayNumber, days: number): string | Unavailable | BeforeSupportedRange;
  /** Whether an offset answer is final: found, and every day from `from` to the day found settled. */
  workdayOffsetIsSettled(from: DayNumber, days: number): boolean;
  /** The year at a glance; a published year whose data cannot be read is Unavailable. */
  yearOverview(year: number): YearOverview | Unavailable;
  yearOverviewJson(year: number): Buffer | Unavailable;
  /** Whether a year's overview is final: published, and every day of it settled. */
  yearOverviewIsSettled(year: number): boolean;
  /**
   * The calendar feed of some published years, rendered once per dataset: the bytes of an earlier
   * call, else rendered by `render` when one is given (the iCalendar library is loaded only when a
   * feed is first asked for), else undefined.
   */
  calendarFeed(request: FeedRequest, render?: FeedRenderer): Buffer | undefined;
  /**
   * Whether every answer about [start, end] is final: no day is UNKNOWN, and none lies in the
   * last December week of a published year whose next year is unpublished (that next notice may
   * still name it). Caches may keep settled answers long.
   */
  isSettled(start: DayNumber, end: DayNumber): boolean;
  /** Whether the next-holiday answer from `from` is settled: found, and every day searched settled. */
  nextHolidayIsSettled(from: DayNumber): boolean;
}

/** Builds the index at once: at start-up, and for a program that wants its calendar synchronously. */
export function buildCalendarIndex(dataset: Dataset): CalendarIndex {
  const builder = calendarIndexBuilder(dataset);
  for (;;) {
    const step = builder.next();
    if (step.done) return step.value;
  }
}

/**
 * Builds the index in slices of about a millisecond with the event loop free in between, so that
 * requests answered while a reload builds the next index wait for a slice at most, not the whole
 * build (the reload under load of BENCHMARKS.md).
 */
export async function buildCalendarIndexInSlices(dataset: Dataset): Promise<CalendarIndex> {
  const builder = calendarIndexBuilder(dataset);
  for (;;) {
    const step = builder.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The build, with a `yield` wherever it may pause. */
function* calendarIndexBuilder(dataset: Dataset): Generator<void, CalendarIndex, void> {
  const { version, publishedYears, unavailableYears } = dataset;
  const lastDataYear = Math.max(2007, ...publishedYears);
  const windowEnd = lastDayOfYear(lastDataYear + PRECOMPUTED_YEARS_AFTER_DATA) + 1;
  const size = windowEnd - FIRST_SUPPORTED_DAY;

  const { codes, holidaysAt } = dayTable(dataset, windowEnd);
  yield;
  const { dates, allDays, offsets } = yield* dayRecords(codes, holidaysAt, version);
  yield;

  const prefix = prefixCounts(codes, unsettledDays(codes, dataset));
  const offsetTables = buildOffsetTables(codes, prefix.work);
  const next = nextHolidayIndex(codes);

  // The objects that hand out the precomputed answers (a day's record, a view of its JSON, a next
  // holiday's JSON) are made on first use and kept: the start, and every reload, make none of them.
  const records = new Array<DayStatusRecord | undefined>(size);
  const dayBuffers = new Array<Buffer | undefined>(size);
  const nextJson = new Map<number, Buffer>();
  const recordAt = (at: number): DayStatusRecord | undefined => {
    const kept = records[at];
    if (kept !== undefined || codes[at] === DAY_CODE.UNAVAILABLE) return kept;
    const record = dayStatusRecordAt(at, codes, dates, holidaysAt, version);
    records[at] = record;
    return record;
  };
  const dayBufferAt = (at: number): Buffer => (dayBuffers[at] ??= allDays.subarray(offsets[at], (offsets[at + 1] ?? 0) - 1));
  const nextJsonAt = (target: number): Buffer => {
    const kept = nextJson.get(target);
    if (kept !== undefined) return kept;
    const record = recordAt(target);
    if (record === undefined) return NEXT_HOLIDAY_UNKNOWN_JSON;
    const json = Buffer.from(JSON.stringify(foundHoliday(record, version)));
    nextJson.set(target, json);
    return json;
  };

  /** The ISO text of a day: the day's own string inside the window (no formatting per request). */
  const isoDateOf = (day: DayNumber): string => dates[day - FIRST_SUPPORTED_DAY] ?? formatIsoDate(day);
  const unavailableAt = (at: number): Unavailable => {
    const year = yearOfDayNumber(FIRST_SUPPORTED_DAY + at);
    return { unavailable: true, year: unavailableYears.includes(year) ? year : year + 1 };
  };
  /** The first unreadable day of [from, to), or -1, in O(1) from the prefix sums. */
  const firstUnavailable = (from: number, to: number): number => {
    if ((prefix.unavailable[to] ?? 0) === (prefix.unavailable[from] ?? 0)) return -1;
    let at = from;
    while (codes[at] !== DAY_CODE.UNAVAILABLE) at++;
    return at;
  };

  const isSettled = (start: DayNumber, end: DayNumber): boolean => {
    const to = end - FIRST_SUPPORTED_DAY + 1;
    const from = start - FIRST_SUPPORTED_DAY;
    return to <= size && (prefix.unsettled[to] ?? 0) === (prefix.unsettled[from] ?? 0);
  };

  const countDays = (start: DayNumber, end: DayNumber): WorkdayCount | Unavailable => {
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
  };

  const workdayOffset = (from: DayNumber, days: number): WorkdayOffset | Unavailable | BeforeSupportedRange => {
    const outcome = locateWorkdayOffset(offsetTables, from - FIRST_SUPPORTED_DAY, days);
    if (outcome >= 0) {
      return { fromDate: isoDateOf(from), days, status: 'FOUND', date: isoDateOf(FIRST_SUPPORTED_DAY + outcome), datasetVersion: version };
    }
    if (outcome === OFFSET_UNKNOWN) return { fromDate: isoDateOf(from), days, status: 'UNKNOWN', date: null, datasetVersion: null };
    if (outcome === OFFSET_BEFORE_SUPPORTED_RANGE) return BEFORE_SUPPORTED_RANGE;
    return unavailableAt(unavailablePositionOf(outcome) ?? 0);
  };

  const feeds = new Map<string, Buffer>();
  const overviews = new Map<number, Buffer>();
  const distantOverviews = new Map<number, Buffer>();
  const yearOverview = (year: number): YearOverview | Unavailable => {
    const file = dataset.arrangements.get(year);
    if (file === undefined) {
      return unavailableYears.includes(year) ? { unavailable: true, year } : unpublishedYearOverview(year);
    }
    const counts = countDays(dayNumberFromCivil(year, 1, 1), lastDayOfYear(year));
    return isUnavailable(counts) ? counts : publishedYearOverview(file, counts, version);
  };

  return {
    version,
    dataset,
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
      return recordAt(at) ?? unavailableAt(at);
    },
    dayCode(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      return at < size ? (codes[at] ?? DAY_CODE.UNKNOWN) : DAY_CODE.UNKNOWN;
    },
    isoDate: isoDateOf,
    dayJson(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      if (at >= size) return Buffer.from(JSON.stringify(unknownDayRecord(day)));
      return codes[at] === DAY_CODE.UNAVAILABLE ? unavailableAt(at) : dayBufferAt(at);
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
    countDays,
    nextHoliday(from) {
      const at = from - FIRST_SUPPORTED_DAY;
      const target = at < size ? (next[at] ?? NEXT_UNKNOWN) : NEXT_UNKNOWN;
      if (target === NEXT_UNAVAILABLE) return unavailableAt(firstUnavailable(at, size));
      const record = target >= 0 ? recordAt(target) : undefined;
      return record === undefined ? NEXT_HOLIDAY_UNKNOWN : foundHoliday(record, version);
    },
    nextHolidayJson(from) {
      const at = from - FIRST_SUPPORTED_DAY;
      const target = at < size ? (next[at] ?? NEXT_UNKNOWN) : NEXT_UNKNOWN;
      if (target === NEXT_UNAVAILABLE) return unavailableAt(firstUnavailable(at, size));
      return target >= 0 ? nextJsonAt(target) : NEXT_HOLIDAY_UNKNOWN_JSON;
    },
    workdayOffset,
    workdayOffsetDay(from, days) {
      const outcome = locateWorkdayOffset(offsetTables, from - FIRST_SUPPORTED_DAY, days);
      return outcome >= 0 ? FIRST_SUPPORTED_DAY + outcome : outcome;
    },
    unavailableOfOffset(outcome) {
      const at = unavailablePositionOf(outcome);
      return at === undefined ? undefined : unavailableAt(at);
    },
    workdayOffsetJson(from, days) {
      const offset = workdayOffset(from, days);
      return 'status' in offset ? workdayOffsetJson(offset) : offset;
    },
    workdayOffsetIsSettled(from, days) {
      const outcome = locateWorkdayOffset(offsetTables, from - FIRST_SUPPORTED_DAY, days);
      if (outcome < 0) return false;
      const found = FIRST_SUPPORTED_DAY + outcome;
      return isSettled(Math.min(from, found), Math.max(from, found));
    },
    yearOverview,
    yearOverviewJson(year) {
      // Years up to the end of the window are few and kept; of the years beyond, only the most
      // recently asked, so that asking for every year up to 9999 cannot grow the memory.
      const memo = year < yearOfDayNumber(windowEnd) ? overviews : distantOverviews;
      const kept = memo.get(year);
      if (kept !== undefined) return kept;
      let json: Buffer;
      if (dataset.arrangements.has(year) || unavailableYears.includes(year)) {
        const overview = yearOverview(year);
        if (isUnavailable(overview)) return overview;
        json = Buffer.from(JSON.stringify(overview));
      } else {
        json = unpublishedYearOverviewJson(year);
      }
      if (memo === distantOverviews && memo.size >= DISTANT_OVERVIEWS_KEPT) memo.delete(memo.keys().next().value ?? year);
      memo.set(year, json);
      return json;
    },
    yearOverviewIsSettled(year) {
      return dataset.arrangements.has(year) && isSettled(dayNumberFromCivil(year, 1, 1), lastDayOfYear(year));
    },
    calendarFeed(request, render) {
      // Keyed by the years it holds, so that no request can make more than a few hundred.
      const key = `${request.years.join(',')}:${request.lang}`;
      let bytes = feeds.get(key);
      if (bytes === undefined && render !== undefined) {
        bytes = Buffer.from(render(dataset, request));
        feeds.set(key, bytes);
      }
      return bytes;
    },
  };
}

function prefixCounts(
  codes: Uint8Array,
  unsettledFlags: Uint8Array,
): { work: Int32Array; rest: Int32Array; unavailable: Int32Array; unsettled: Int32Array } {
  const size = codes.length;
  const work = new Int32Array(size + 1);
  const rest = new Int32Array(size + 1);
  const unavailable = new Int32Array(size + 1);
  const unsettled = new Int32Array(size + 1);
  // Plain running sums in one loop: this runs at every start and reload, mostly before the JIT.
  let works = 0;
  let rests = 0;
  let unavailables = 0;
  let unsettleds = 0;
  for (let at = 0; at < size; at++) {
    const code = codes[at] ?? DAY_CODE.UNKNOWN;
    if (isWorkingCode(code)) works++;
    else if (isRestCode(code)) rests++;
    else if (code === DAY_CODE.UNAVAILABLE) unavailables++;
    unsettleds += unsettledFlags[at] ?? 0;
    work[at + 1] = works;
    rest[at + 1] = rests;
    unavailable[at + 1] = unavailables;
    unsettled[at + 1] = unsettleds;
  }
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
    if (code === DAY_CODE.HOLIDAY) found = at;
    else if (code === DAY_CODE.UNKNOWN) found = NEXT_UNKNOWN;
    else if (code === DAY_CODE.UNAVAILABLE) found = NEXT_UNAVAILABLE;
    next[at] = found;
  }
  return next;
}

function foundHoliday(record: DayStatusRecord, version: string): NextHoliday {
  return { status: 'FOUND', date: record.date, holidays: record.holidays, datasetVersion: version };
}
