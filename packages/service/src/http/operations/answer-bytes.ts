import { isUnavailable, UNKNOWN_NEXT_HOLIDAY, type NextHoliday, type Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { dayStatusJson, nextHolidayJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { buildCalendarCore, calendarCoreBuilder, runInSlices, runToEnd, type CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import type { FeedRenderer, FeedRequest } from '@china-holiday-calendar/core/answers/calendar-feed.js';
import { DAY_CODE } from '@china-holiday-calendar/core/answers/day-codes.js';
import { unknownDayRecord } from '@china-holiday-calendar/core/answers/day-json.js';
import { unpublishedYearOverviewJson } from './unpublished-overview-json.js';
import { dayCsvRecord } from './day-csv.js';
import { dayJsonBuffer, dayJsonViews } from './day-json-buffer.js';
import { dayStatusSource } from './day-status-source.js';
import { yearOfDayNumber, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import type { CalendarBuild } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { tradingCalendarOf, type TradingCalendar } from '@china-holiday-calendar/core/answers/trading-days.js';
import type { Market } from '@china-holiday-calendar/core/calendar/markets.js';
import { buildTradingBytes, type TradingBytes } from './trading-bytes.js';

/** Overviews of years far past the tables are computed on request; this many are kept. */
const DISTANT_OVERVIEWS_KEPT = 64;

const OPEN_BRACKET = Buffer.from('[');
const CLOSE_BRACKET = Buffer.from(']');
const COMMA = Buffer.from(',');
const UNKNOWN_NEXT_HOLIDAY_JSON = Buffer.from(nextHolidayJson(UNKNOWN_NEXT_HOLIDAY));

/**
 * The HTTP operations' view of a calendar core: the answers whose bytes are worth keeping,
 * precomputed or kept after first use (every day's JSON in one buffer, built after the core in
 * the same slices; a range as one slice of it between brackets; a next holiday's JSON; a year's
 * overview; a feed). An operation whose answer is cheap to write (a count, an offset) writes it
 * from the core's numbers in its own file. The library answers from the other view of the same
 * core (packages/core/src/answers/answer-objects.ts): one core, the same answers.
 */
export interface AnswerBytes {
  readonly core: CalendarCore;
  dayJson(day: DayNumber): Buffer | Unavailable;
  /** A range's JSON array in one buffer, one slice of all days' JSON between brackets (day-json-buffer.ts). */
  rangeJson(start: DayNumber, end: DayNumber): Buffer | Unavailable;
  /**
   * The JSON array of the statuses of `days`, in their order (repeats included), in pieces that
   * share the precomputed memory as a range's do; the first unreadable day's Unavailable if any.
   */
  dateListJsonChunks(days: readonly DayNumber[]): readonly Buffer[] | Unavailable;
  nextHolidayJson(from: DayNumber): Buffer | Unavailable;
  /** A day's CSV record (day-csv.ts), written on first use and kept for the days of the tables. */
  dayCsvRecord(day: DayNumber): string;
  yearOverviewJson(year: number): Buffer | Unavailable;
  /**
   * The calendar feed of some published years, rendered once per dataset: the bytes of an earlier
   * call, else rendered by `render` when one is given (the iCalendar library is loaded only when a
   * feed is first asked for), else undefined.
   */
  calendarFeed(request: FeedRequest, render?: FeedRenderer): Buffer | undefined;
  /** The exchanges' calendar on this core (packages/core/src/answers/trading-days.ts), built on the first trading question. */
  trading(): TradingCalendar;
  /** A market's trading-day bytes (trading-bytes.ts), built on the market's first question. */
  tradingBytes(market: Market): TradingBytes;
}

/** How the service's live dataset builds its calendar: the core, then the bytes on it. */
export const ANSWER_BYTES_BUILD: CalendarBuild<AnswerBytes> = {
  now: buildAnswerBytes,
  inSlices: buildAnswerBytesInSlices,
};

/** Core and bytes at once (the service's first load, tests). */
export function buildAnswerBytes(dataset: Dataset): AnswerBytes {
  return runToEnd(answerBytesOf(buildCalendarCore(dataset)));
}

/** Core and bytes in slices of about a millisecond: the service's reloads, while requests are answered. */
async function buildAnswerBytesInSlices(dataset: Dataset): Promise<AnswerBytes> {
  const core = await runInSlices(calendarCoreBuilder(dataset));
  return runInSlices(answerBytesOf(core));
}

/** The byte view of a core, with a `yield` wherever its build may pause. */
function* answerBytesOf(core: CalendarCore): Generator<void, AnswerBytes, void> {
  const { codes, holidaysAt, version, windowEnd } = core;
  const size = windowEnd - FIRST_SUPPORTED_DAY;
  const days = dayJsonViews(yield* dayJsonBuffer(dayStatusSource(codes, holidaysAt, version)), (day) => dayStatusJson(unknownDayRecord(day)));
  const csvRecords = new Array<string | undefined>(size);
  const nextJson = new Map<number, Buffer>();
  const feeds = new Map<string, Buffer>();
  const overviews = new Map<number, Buffer>();
  const distantOverviews = new Map<number, Buffer>();
  // Kept here rather than looked up by core on every trading request.
  let tradingCalendar: TradingCalendar | undefined;
  const tradingBytes: Partial<Record<Market, TradingBytes>> = {};
  const trading = (): TradingCalendar => (tradingCalendar ??= tradingCalendarOf(core));

  const dayJson = (day: DayNumber): Buffer | Unavailable => {
    const at = day - FIRST_SUPPORTED_DAY;
    return at < size && codes[at] === DAY_CODE.UNAVAILABLE ? core.unavailableAt(at) : days.day(day);
  };

  return {
    core,
    dayJson,
    dateListJsonChunks(days) {
      const chunks: Buffer[] = [OPEN_BRACKET];
      for (const day of days) {
        const json = dayJson(day);
        if (isUnavailable(json)) return json;
        if (chunks.length > 1) chunks.push(COMMA);
        chunks.push(json);
      }
      chunks.push(CLOSE_BRACKET);
      return chunks;
    },
    rangeJson(start, end) {
      return core.unreadableIn(start, end) ?? days.range(start, end);
    },
    dayCsvRecord(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      return at < size ? (csvRecords[at] ??= dayCsvRecord(core, day)) : dayCsvRecord(core, day);
    },
    nextHolidayJson(from) {
      const found = core.nextHolidayDay(from);
      if (typeof found !== 'number') return found;
      if (found < 0) return UNKNOWN_NEXT_HOLIDAY_JSON;
      const kept = nextJson.get(found);
      if (kept !== undefined) return kept;
      const at = found - FIRST_SUPPORTED_DAY;
      const next: NextHoliday = { status: 'FOUND', date: core.isoDate(found), holidays: holidaysAt.get(at) ?? [], datasetVersion: version };
      const json = Buffer.from(nextHolidayJson(next));
      nextJson.set(found, json);
      return json;
    },
    yearOverviewJson(year) {
      // Years up to the end of the tables are few and kept; of the years beyond, only the most
      // recently asked, so that asking for every year up to 9999 cannot grow the memory.
      const memo = year < yearOfDayNumber(windowEnd) ? overviews : distantOverviews;
      const kept = memo.get(year);
      if (kept !== undefined) return kept;
      let json: Buffer;
      if (core.dataset.arrangements.has(year) || core.unavailableYears.includes(year)) {
        const overview = core.yearOverview(year);
        if (isUnavailable(overview)) return overview;
        json = Buffer.from(JSON.stringify(overview));
      } else {
        // An unpublished year's overview is written from pieces cut once per regulation revision.
        json = unpublishedYearOverviewJson(year);
      }
      if (memo === distantOverviews && memo.size >= DISTANT_OVERVIEWS_KEPT) memo.delete(memo.keys().next().value ?? year);
      memo.set(year, json);
      return json;
    },
    calendarFeed(request, render) {
      // Keyed by the years it holds, so that no request can make more than a few hundred.
      const key = `${request.years.join(',')}:${request.lang}`;
      let bytes = feeds.get(key);
      if (bytes === undefined && render !== undefined) {
        bytes = Buffer.from(render(core.dataset, request));
        feeds.set(key, bytes);
      }
      return bytes;
    },
    trading,
    tradingBytes: (market) => (tradingBytes[market] ??= buildTradingBytes(trading(), market)),
  };
}
