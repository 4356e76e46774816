import { dayNumberFromCivil, daysInMonth, lastDayOfYear, yearOfDayNumber, type DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import type { AssociatedHoliday } from '../calendar/day-status.js';
import type { Dataset } from '../dataset/dataset.js';
import { isUnavailable, type Unavailable, type WorkdayCount } from './answer-kinds.js';
import { DAY_CODE, dayTable, isRestCode, isWorkingCode, unsettledDays } from './day-codes.js';
import { buildOffsetTables, locateWorkdayOffset, unavailablePositionOf } from './workday-offset.js';
import { MONTHS, publishedYearOverview, unpublishedYearOverview, type MonthCount, type YearOverview } from './year-overview.js';

/** Years after the last year of data whose (UNKNOWN) days are in the tables too. */
const PRECOMPUTED_YEARS_AFTER_DATA = 4;
/** nextHolidayDay's outcome when no holiday is known before an unpublished day (or the end of the tables). */
const NO_HOLIDAY_PUBLISHED = -1;
const NEXT_UNAVAILABLE = -2;

/**
 * The calendar of one dataset as precomputed tables, built once and never changed: a code per
 * day, prefix counts, the next holiday of every day, the k-th working day for offsets. Every query
 * is O(1) and answers with numbers (day numbers, counts) or an Unavailable, never with the
 * service's JSON or the library's records: those are its two views, each beside its users (the
 * library's objects in answers/answer-objects.ts, the bytes the HTTP operations send in
 * packages/service/src/http/operations/answer-bytes.ts). A new question is one query here and one view method.
 *
 * The tables cover 2008-01-01 to the end of the fourth year after the last published one
 * (`windowEnd`, exclusive); every later day is UNKNOWN, answered by computing it. Callers pass
 * day numbers on or after FIRST_SUPPORTED_DAY, and spans with start <= end.
 */
export interface CalendarCore {
  readonly version: string;
  /** The validated dataset the core was built from (the notices, for overviews and feeds). */
  readonly dataset: Dataset;
  readonly publishedYears: readonly number[];
  readonly unavailableYears: readonly number[];
  /** The first day after the tables. */
  readonly windowEnd: DayNumber;
  /** One DAY_CODE per day from FIRST_SUPPORTED_DAY, by position (day - FIRST_SUPPORTED_DAY). */
  readonly codes: Uint8Array;
  /** The holidays of every day an arrangement names, by position. */
  readonly holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>;
  /** The day's code (DAY_CODE): UNKNOWN after the tables. */
  dayCode(day: DayNumber): number;
  /**
   * The ISO text of a day: inside the tables made on first use and kept, so that a start makes
   * none (the builds that write every day count their own, consecutiveIsoDates) and a day asked
   * for again costs no conversion.
   */
  isoDate(day: DayNumber): string;
  /** The Unavailable of an unreadable day, by position. */
  unavailableAt(at: number): Unavailable;
  /** The first unreadable day of [start, end] as an Unavailable, or undefined: O(1) from the prefix counts. */
  unreadableIn(start: DayNumber, end: DayNumber): Unavailable | undefined;
  /** Working, rest and undetermined days of [start, end], any length, from the prefix counts. */
  countDays(start: DayNumber, end: DayNumber): WorkdayCount | Unavailable;
  /** The first HOLIDAY on or after `from` (a day number), NO_HOLIDAY_PUBLISHED, or the unreadable day met first. */
  nextHolidayDay(from: DayNumber): DayNumber | Unavailable;
  /**
   * The day `days` working days from `from` (see locateWorkdayOffset), any number of days: the
   * day found (a day number, > 0), or OFFSET_UNKNOWN, OFFSET_BEFORE_SUPPORTED_RANGE, or an
   * unavailable outcome (see unavailableOfOffset).
   */
  workdayOffsetDay(from: DayNumber, days: number): number;
  /** The Unavailable of a workdayOffsetDay outcome that met an unreadable day. */
  unavailableOfOffset(outcome: number): Unavailable | undefined;
  /** The year at a glance, computed on each call; a published year whose data cannot be read is Unavailable. */
  yearOverview(year: number): YearOverview | Unavailable;
  /**
   * Whether every answer about [start, end] is final: no day is UNKNOWN, and none lies in the
   * last December week of a published year whose next year is unpublished (that next notice may
   * still name it). Caches may keep settled answers long.
   */
  isSettled(start: DayNumber, end: DayNumber): boolean;
  /** Whether the next-holiday answer from `from` is settled: found, and every day searched settled. */
  nextHolidayIsSettled(from: DayNumber): boolean;
  /** Whether an offset answer is final: found, and every day from `from` to the day found settled. */
  workdayOffsetIsSettled(from: DayNumber, days: number): boolean;
  /** Whether a year's overview is final: published, and every day of it settled. */
  yearOverviewIsSettled(year: number): boolean;
}

/** Builds the core at once: at start-up, and for a program that wants its calendar synchronously. */
export function buildCalendarCore(dataset: Dataset): CalendarCore {
  return runToEnd(calendarCoreBuilder(dataset));
}

/** Runs a build that pauses (a generator) without pausing. */
export function runToEnd<Built>(builder: Generator<void, Built, void>): Built {
  for (;;) {
    const step = builder.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs a build in slices of about a millisecond with the event loop free in between, so that
 * requests answered while a reload builds the next calendar wait for a slice at most, not the
 * whole build (the reload under load of BENCHMARKS.md).
 */
export async function runInSlices<Built>(builder: Generator<void, Built, void>): Promise<Built> {
  for (;;) {
    const step = builder.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The build, with a `yield` wherever it may pause. */
export function* calendarCoreBuilder(dataset: Dataset): Generator<void, CalendarCore, void> {
  const { version, publishedYears, unavailableYears } = dataset;
  const lastDataYear = Math.max(2007, ...publishedYears);
  const windowEnd = lastDayOfYear(lastDataYear + PRECOMPUTED_YEARS_AFTER_DATA) + 1;
  const size = windowEnd - FIRST_SUPPORTED_DAY;

  const { codes, holidaysAt } = dayTable(dataset, windowEnd);
  yield;

  const prefix = prefixCounts(codes, unsettledDays(codes, dataset));
  const offsetTables = buildOffsetTables(codes, prefix.work);
  const next = nextHolidayIndex(codes);

  let dates: (string | undefined)[] | undefined;
  const isoDate = (day: DayNumber): string => {
    const at = day - FIRST_SUPPORTED_DAY;
    if (at >= size || at < 0) return formatIsoDate(day);
    dates ??= new Array<string | undefined>(size);
    return (dates[at] ??= formatIsoDate(day));
  };
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
  const nextTarget = (from: DayNumber): number => {
    const at = from - FIRST_SUPPORTED_DAY;
    return at < size ? (next[at] ?? NO_HOLIDAY_PUBLISHED) : NO_HOLIDAY_PUBLISHED;
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
      startDate: isoDate(start),
      endDate: isoDate(end),
      totalDays,
      workdayCount,
      restDayCount,
      unknownDayCount: totalDays - workdayCount - restDayCount,
    };
  };

  return {
    version,
    dataset,
    publishedYears,
    unavailableYears,
    windowEnd,
    codes,
    holidaysAt,
    dayCode(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      return at < size ? (codes[at] ?? DAY_CODE.UNKNOWN) : DAY_CODE.UNKNOWN;
    },
    isoDate,
    unavailableAt,
    unreadableIn(start, end) {
      const from = start - FIRST_SUPPORTED_DAY;
      const blocked = from < size ? firstUnavailable(from, Math.max(from, Math.min(end - FIRST_SUPPORTED_DAY + 1, size))) : -1;
      return blocked >= 0 ? unavailableAt(blocked) : undefined;
    },
    countDays,
    nextHolidayDay(from) {
      const target = nextTarget(from);
      if (target === NEXT_UNAVAILABLE) return unavailableAt(firstUnavailable(from - FIRST_SUPPORTED_DAY, size));
      return target >= 0 ? FIRST_SUPPORTED_DAY + target : NO_HOLIDAY_PUBLISHED;
    },
    workdayOffsetDay(from, days) {
      const outcome = locateWorkdayOffset(offsetTables, from - FIRST_SUPPORTED_DAY, days);
      return outcome >= 0 ? FIRST_SUPPORTED_DAY + outcome : outcome;
    },
    unavailableOfOffset(outcome) {
      const at = unavailablePositionOf(outcome);
      return at === undefined ? undefined : unavailableAt(at);
    },
    yearOverview(year) {
      const file = dataset.arrangements.get(year);
      if (file === undefined) {
        return unavailableYears.includes(year) ? { unavailable: true, year } : unpublishedYearOverview(year);
      }
      const counts = countDays(dayNumberFromCivil(year, 1, 1), lastDayOfYear(year));
      if (isUnavailable(counts)) return counts;
      const months: MonthCount[] = [];
      for (const month of MONTHS) {
        const first = dayNumberFromCivil(year, month, 1);
        const monthCounts = countDays(first, first + daysInMonth(year, month) - 1);
        if (isUnavailable(monthCounts)) return monthCounts;
        const { workdayCount, restDayCount, unknownDayCount } = monthCounts;
        months.push({ month, workdayCount, restDayCount, unknownDayCount });
      }
      return publishedYearOverview(file, counts, months, version);
    },
    isSettled,
    nextHolidayIsSettled(from) {
      const target = nextTarget(from);
      return target >= 0 && isSettled(from, FIRST_SUPPORTED_DAY + target);
    },
    workdayOffsetIsSettled(from, days) {
      const outcome = locateWorkdayOffset(offsetTables, from - FIRST_SUPPORTED_DAY, days);
      if (outcome < 0) return false;
      const found = FIRST_SUPPORTED_DAY + outcome;
      return isSettled(Math.min(from, found), Math.max(from, found));
    },
    yearOverviewIsSettled(year) {
      return dataset.arrangements.has(year) && isSettled(dayNumberFromCivil(year, 1, 1), lastDayOfYear(year));
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
 * For every day, the position of the first HOLIDAY on or after it; NO_HOLIDAY_PUBLISHED when an
 * unpublished day (or the end of the tables) comes first, NEXT_UNAVAILABLE when an unreadable
 * day does. Built backwards in one pass.
 */
function nextHolidayIndex(codes: Uint8Array): Int32Array {
  const next = new Int32Array(codes.length);
  let found: number = NO_HOLIDAY_PUBLISHED;
  for (let at = codes.length - 1; at >= 0; at--) {
    const code = codes[at];
    if (code === DAY_CODE.HOLIDAY) found = at;
    else if (code === DAY_CODE.UNKNOWN) found = NO_HOLIDAY_PUBLISHED;
    else if (code === DAY_CODE.UNAVAILABLE) found = NEXT_UNAVAILABLE;
    next[at] = found;
  }
  return next;
}
