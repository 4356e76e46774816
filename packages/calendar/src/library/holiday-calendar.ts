import { isBeforeSupportedRange, isUnavailable, type NextHoliday, type Unavailable, type WorkdayCount, type WorkdayOffset } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import { DAY_CODE, isRestCode, isWorkingCode } from '@china-holiday-calendar/core/answers/day-codes.js';
import type { DayStatus } from '@china-holiday-calendar/core/answers/day-json.js';

export type { DayStatus } from '@china-holiday-calendar/core/answers/day-json.js';
import { feedRequest } from '@china-holiday-calendar/core/answers/feed-request.js';
import { CORE_BUILD, LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { buildCalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import type { DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN } from '@china-holiday-calendar/core/answers/workday-offset.js';
import type { YearOverview } from '@china-holiday-calendar/core/answers/year-overview.js';
import { yearOfDayNumber, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import type { WorkStatus } from '@china-holiday-calendar/core/calendar/day-status.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import type { FeedLanguage } from '@china-holiday-calendar/core/questions/calendar-feed-question.js';
import { beforeSupportedRange } from '@china-holiday-calendar/core/questions/workday-offset-question.js';
import { answerObjects, type AnswerObjects } from '@china-holiday-calendar/core/answers/answer-objects.js';
import {
  checkMarketDay,
  inputError,
  quickDay,
  readDateArgument,
  readDateListArgument,
  readFeedOptions,
  readMarketArgument,
  readOffsetArguments,
  readOpenOptions,
  readSpanArguments,
  readYearArgument,
} from './arguments.js';
import { tradingDayCount, tradingDayOffset, tradingDayStatus, type TradingDayCount, type TradingDayStatus } from '@china-holiday-calendar/core/answers/trading-answers.js';
import { tradingCalendarOf, tradingYears } from '@china-holiday-calendar/core/answers/trading-days.js';
import type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
import { tradingOffsetBeforeRange } from '@china-holiday-calendar/core/questions/trading-questions.js';
import type { DateInput } from './date-input.js';
import { CalendarDataError, CalendarDataUnavailableError, CalendarError, UnpublishedYearError } from './errors.js';
import { firstUnpublishedYearOfWalk } from './unpublished-year.js';

/** Where a calendar reads its core: the live, atomically swapped one of a data directory. */
interface CoreSource {
  current(): CalendarCore | undefined;
}

/**
 * The one way the package makes a calendar (set by the class, whose constructor is private): so that
 * the declarations users see offer no constructor and no factory, only openCalendar() and the functions.
 */
let calendarOver: (source: CoreSource, live: LiveDataset | undefined) => HolidayCalendar;

/**
 * The calendar in-process: the calendar core the HTTP service answers from, seen
 * through the library's view of it, its answers as objects; the same answers as the service,
 * which answers from the same core through its own view, the bytes it sends. Without
 * the HTTP contract's limits (a span of any length, an offset of any size). Every method is
 * synchronous and O(1) (a range of statuses: O(days)).
 *
 * Dates are `yyyy-MM-dd` strings or JS Dates (read in Asia/Shanghai), from 2008-01-01 to
 * 9999-12-31. Any bad argument, whatever its type, throws CalendarInputError with the service's
 * problem code; a yes/no question about a year whose arrangement is not published throws
 * UnpublishedYearError; status questions answer UNKNOWN.
 */
export class HolidayCalendar {
  readonly #source: CoreSource;
  readonly #live: LiveDataset | undefined;
  /** The object view of the current core, made once per core (a reload swaps the core). */
  #objects: AnswerObjects | undefined;

  static {
    calendarOver = (source, live) => new HolidayCalendar(source, live);
  }

  /** Not for users: openCalendar() makes a calendar, and the package's functions answer from the bundled one. */
  private constructor(source: CoreSource, live: LiveDataset | undefined) {
    this.#source = source;
    this.#live = live;
  }

  /** The version of the dataset answering right now, e.g. `2025.11.04-a11c95d9`. */
  get datasetVersion(): string {
    return this.#answers().core.version;
  }

  /** Every year whose official arrangement the data holds, ascending. */
  get publishedYears(): readonly number[] {
    return this.#answers().core.publishedYears;
  }

  /** The status of one date: working day or rest day, and why (UNKNOWN in an unpublished year). */
  dateStatus(date: DateInput): DayStatus {
    return answered(this.#answers().dayStatus(quickDay(date) ?? readDateArgument('date', date)));
  }

  /** The status of every date from startDate to endDate, both included, ascending (any span: one record a day). */
  dateRangeStatus(startDate: DateInput, endDate: DateInput): DayStatus[] {
    const [start, end] = readSpanArguments(startDate, endDate);
    const index = this.#answers();
    const days: DayStatus[] = [];
    for (let day = start; day <= end; day++) days.push(answered(index.dayStatus(day)));
    return days;
  }

  /**
   * The status of each date of `dates`, in their order, repeats included (any number: the service
   * answers at most 100 a request). Each is read as dateStatus reads its date; the first bad one
   * throws, named by its place (`dates (item 3)`).
   */
  dateStatuses(dates: readonly DateInput[]): DayStatus[] {
    const days = readDateListArgument(dates);
    const index = this.#answers();
    return days.map((day) => answered(index.dayStatus(day)));
  }

  /** Working, rest and undetermined days from startDate to endDate, both included (any span, in O(1)). */
  countWorkdays(startDate: DateInput, endDate: DateInput): WorkdayCount {
    const [start, end] = readSpanArguments(startDate, endDate);
    return answered(this.#answers().countDays(start, end));
  }

  /** The first officially arranged holiday date on or after fromDate; UNKNOWN when none is published. */
  nextHoliday(fromDate: DateInput): NextHoliday {
    return answered(this.#answers().nextHoliday(quickDay(fromDate) ?? readDateArgument('fromDate', fromDate)));
  }

  /**
   * The day `days` working days from fromDate (any whole number, in O(1)): for days > 0 the N-th
   * working day after it, for days < 0 the |N|-th before it, for 0 fromDate itself if it is a
   * working day, else the first working day after it. UNKNOWN when the walk reaches an unpublished year.
   */
  workdayOffset(fromDate: DateInput, days: number): WorkdayOffset {
    const [from, count] = offsetArguments('fromDate', fromDate, days);
    const answer = this.#answers().workdayOffset(from, count);
    if (isBeforeSupportedRange(answer)) throw inputError(beforeSupportedRange(from, count));
    return answered(answer);
  }

  /** The year at a glance: notices, holidays in their final state, counts; what the law fixes for an unpublished year. */
  yearOverview(year: number | string): YearOverview {
    return answered(this.#answers().yearOverview(readYearArgument('year', year)));
  }

  /** The coarse status of a date: WORKDAY, REST_DAY, or UNKNOWN in an unpublished year. */
  workStatus(date: DateInput): WorkStatus {
    return this.dateStatus(date).workStatus;
  }

  /** Whether work is required on the date (ordinary and make-up working days). Throws UnpublishedYearError rather than guess. */
  isWorkday(date: DateInput): boolean {
    return isWorkingCode(this.#knownCode(date));
  }

  /** Whether the date is a rest day (weekends and arranged days off). Throws UnpublishedYearError rather than guess. */
  isRestDay(date: DateInput): boolean {
    return isRestCode(this.#knownCode(date));
  }

  /** Whether the date is a statutory holiday day (法定节假日) of one of its holidays. Throws UnpublishedYearError rather than guess. */
  isStatutoryDay(date: DateInput): boolean {
    return this.#known(date).holidays.some((holiday) => holiday.statutoryDate);
  }

  /** The `yyyy-MM-dd` date N working days from `date`, counted as workdayOffset counts. Throws UnpublishedYearError rather than guess. */
  addWorkdays(date: DateInput, days: number): string {
    const [from, count] = offsetArguments('date', date, days);
    const { core } = this.#answers();
    const found = core.workdayOffsetDay(from, count);
    if (found > 0) return core.isoDate(found);
    if (found === OFFSET_UNKNOWN) throw new UnpublishedYearError(firstUnpublishedYearOfWalk(core.publishedYears, from, count));
    if (found === OFFSET_BEFORE_SUPPORTED_RANGE) throw inputError(beforeSupportedRange(from, count));
    throw new CalendarDataUnavailableError(core.unavailableOfOffset(found)?.year);
  }

  /** The first working day after `date`. Throws UnpublishedYearError rather than guess. */
  nextWorkday(date: DateInput): string {
    return this.addWorkdays(date, 1);
  }

  /** The last working day before `date`. Throws UnpublishedYearError rather than guess. */
  previousWorkday(date: DateInput): string {
    return this.addWorkdays(date, -1);
  }

  /**
   * Whether the exchange trades on the date, under the exchanges' own notice of the year's
   * closures (market XSHG by default; XSHE, BJSE from 2021-11-15): CLOSED on every Saturday and
   * Sunday (make-up working days included), on every State Council weekday rest day, and on what the
   * exchanges add (2024-02-09, MARKET_CLOSURE); UNKNOWN while their notice for the year is not in the data.
   */
  tradingDayStatus(date: DateInput, market?: Market): TradingDayStatus {
    const [day, chosen] = this.#marketDay('date', date, market);
    return answered(tradingDayStatus(tradingCalendarOf(this.#answers().core), day, chosen));
  }

  /** Whether the exchange trades on the date. Throws UnpublishedYearError while the exchanges' notice for its year is not in the data. */
  isTradingDay(date: DateInput, market?: Market): boolean {
    const status = this.tradingDayStatus(date, market);
    if (status.tradingStatus === 'UNKNOWN') throw new UnpublishedYearError(Number(status.date.slice(0, 4)), TRADING_NOTICE);
    return status.tradingStatus === 'TRADING';
  }

  /** Trading, closed and undetermined days from startDate to endDate, both included (any span, in O(1)). */
  countTradingDays(startDate: DateInput, endDate: DateInput, market?: Market): TradingDayCount {
    const [start, end] = readSpanArguments(startDate, endDate);
    const chosen = readMarketArgument(market);
    checkMarketDay('startDate', start, chosen);
    return answered(tradingDayCount(tradingCalendarOf(this.#answers().core), start, end, chosen));
  }

  /**
   * The `yyyy-MM-dd` date `days` trading days from `date` (T+N, as workdayOffset counts working
   * days). Throws UnpublishedYearError when the walk reaches a year without the exchanges' notice.
   */
  addTradingDays(date: DateInput, days: number, market?: Market): string {
    const [from, count] = offsetArguments('date', date, days);
    const chosen = readMarketArgument(market);
    checkMarketDay('date', from, chosen);
    const trading = tradingCalendarOf(this.#answers().core);
    const offset = tradingDayOffset(trading, from, count, chosen);
    if (isBeforeSupportedRange(offset)) throw inputError(tradingOffsetBeforeRange({ from, days: count, market: chosen }));
    const found = answered(offset);
    if (found.status === 'FOUND') return found.date;
    throw new UnpublishedYearError(firstUnpublishedYearOfWalk(tradingYears(trading.core.dataset), from, count), TRADING_NOTICE);
  }

  /** The first trading day after `date`. Throws UnpublishedYearError rather than guess. */
  nextTradingDay(date: DateInput, market?: Market): string {
    return this.addTradingDays(date, 1, market);
  }

  /** The last trading day before `date`. Throws UnpublishedYearError rather than guess. */
  previousTradingDay(date: DateInput, market?: Market): string {
    return this.addTradingDays(date, -1, market);
  }

  /**
   * The arrangements as an RFC 5545 calendar of all-day events (the service's calendar.ics):
   * `years` one year or an inclusive pair (default every published year), `lang` zh (default) or
   * en. Asynchronous only because the iCalendar library loads on first use.
   */
  async calendarFeed(options?: CalendarFeedOptions): Promise<string> {
    const question = readFeedOptions(options);
    const answers = this.#answers();
    const request = feedRequest(answers.core, question);
    if ('unavailable' in request) throw new CalendarDataUnavailableError(request.year);
    const { renderCalendarFeed } = await loadFeedWriter();
    return answers.calendarFeed(request, renderCalendarFeed);
  }

  /** Stops watching the data directory of a live calendar (its timers never keep a process alive anyway). */
  close(): void {
    this.#live?.stopWatching();
  }

  /** A date and a market, checked in the service's order: the market, the date, the market's first day. */
  #marketDay(name: string, date: DateInput, market: unknown): readonly [DayNumber, Market] {
    const chosen = readMarketArgument(market);
    const day = quickDay(date) ?? readDateArgument(name, date);
    checkMarketDay(name, day, chosen);
    return [day, chosen];
  }

  /** The object view of the current core. */
  #answers(): AnswerObjects {
    const core = this.#source.current();
    // A dataset that publishes no year is missing data, not an unpublished year (as the service says).
    if (core === undefined || core.publishedYears.length === 0) throw new CalendarDataUnavailableError(undefined);
    const view = this.#objects;
    if (view?.core === core) return view;
    this.#objects = answerObjects(core);
    return this.#objects;
  }

  /** The status of a date whose year is published: a yes/no question about any other throws. */
  #known(date: DateInput): DayStatus {
    const status = this.dateStatus(date);
    if (status.workStatus === 'UNKNOWN') throw new UnpublishedYearError(Number(status.date.slice(0, 4)));
    return status;
  }

  /** The day code of a date whose year is published and readable (the yes/no questions' fast path, no record). */
  #knownCode(date: DateInput): number {
    const day = quickDay(date) ?? readDateArgument('date', date);
    const answers = this.#answers();
    const code = answers.core.dayCode(day);
    if (code < DAY_CODE.UNKNOWN) return code;
    if (code === DAY_CODE.UNKNOWN) throw new UnpublishedYearError(yearOfDayNumber(day));
    // UNAVAILABLE: the data error, with its year.
    answered(answers.dayStatus(day));
    return code;
  }
}

/** What a trading question waits for when it throws UnpublishedYearError. */
const TRADING_NOTICE = "exchanges' notice of market closures";

/** Which years the calendar feed holds, and in which language. */
export interface CalendarFeedOptions {
  /** One year, or the first and last of a range; by default every published year. */
  readonly years?: number | readonly [number, number];
  readonly lang?: FeedLanguage;
}

export interface OpenCalendarOptions {
  /** A data directory in the bundled data's format (`data/`): validated as the service validates it. */
  readonly dataDir: string;
  /**
   * Keep following the directory: a changed, added or published year is validated and swapped in
   * atomically, as the service does (a broken file never replaces good data). `true` checks on
   * file events and every 30 seconds.
   */
  readonly live?: boolean | { readonly intervalSeconds: number };
}

/**
 * A calendar on a data directory of your own. The directory is read and validated synchronously;
 * any problem (a file the service would refuse) throws CalendarDataError naming file, field and reason.
 */
export function openCalendar(options: OpenCalendarOptions): HolidayCalendar {
  const { dataDir, intervalSeconds } = readOpenOptions(options);
  const live = new LiveDataset(folderSource(dataDir), CORE_BUILD);
  const outcome = live.loadSync('open');
  if (outcome.failed) throw new CalendarDataError(dataDir, [`${dataDir}: (directory): cannot be read`]);
  refuseUnsound(live.dataset(), dataDir);
  if (intervalSeconds !== undefined) live.startWatching(intervalSeconds);
  return calendarOver(live, live);
}

/** A fixed calendar on the texts of a data folder (the bundled data), validated as openCalendar validates a folder. */
export function calendarOfSnapshot(snapshot: DirectorySnapshot, label: string): HolidayCalendar {
  const dataset = assembleDataset(snapshot);
  refuseUnsound(dataset, label);
  const core = buildCalendarCore(dataset);
  return calendarOver({ current: () => core }, undefined);
}

/** A dataset with a problem the service would report, or that publishes no year, is refused whole. */
function refuseUnsound(dataset: Dataset | undefined, label: string): void {
  const problems = dataset?.problems.map(formatDataProblem) ?? [];
  if (problems.length > 0) throw new CalendarDataError(label, problems);
  if (dataset === undefined || dataset.publishedYears.length === 0) throw new CalendarDataError(label, [`${label}: publishes no year`]);
}

/** The answer, or the data error that stands in its way. */
function answered<Answer>(answer: Answer | Unavailable): Answer {
  if (isUnavailable(answer)) throw new CalendarDataUnavailableError(answer.year);
  return answer;
}

/** A date and a count of working days: the common case at once, anything else through the argument readers. */
function offsetArguments(name: string, date: unknown, days: unknown): readonly [DayNumber, number] {
  const from = quickDay(date);
  if (from !== undefined && typeof days === 'number' && Number.isSafeInteger(days)) return [from, days === 0 ? 0 : days];
  return readOffsetArguments(name, date, days);
}

/**
 * The feed writer, which needs ical-generator: an optional peer dependency of the package, so
 * that users who never ask for a feed install nothing for it.
 */
async function loadFeedWriter(): Promise<typeof import('@china-holiday-calendar/core/answers/calendar-feed.js')> {
  try {
    return await import('@china-holiday-calendar/core/answers/calendar-feed.js');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String(error).includes("'ical-generator'")) {
      throw new CalendarError('ICAL_GENERATOR_MISSING', 'calendarFeed() needs the optional peer dependency ical-generator: npm install ical-generator');
    }
    throw error;
  }
}
