import { UNKNOWN_NEXT_HOLIDAY, type BeforeSupportedRange, type NextHoliday, type Unavailable, type WorkdayCount, type WorkdayOffset } from './answer-kinds.js';
import type { CalendarCore } from './calendar-core.js';
import type { FeedRenderer, FeedRequest } from './calendar-feed.js';
import { DAY_CODE } from './day-codes.js';
import { unknownDayRecord, type DayStatus } from './day-json.js';
import { dayStatusRecordAt } from './day-records.js';
import { OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN } from './workday-offset.js';
import type { YearOverview } from './year-overview.js';
import type { DayNumber } from '../calendar/civil-date.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';

const BEFORE_SUPPORTED_RANGE: BeforeSupportedRange = { beforeSupportedRange: true };

/**
 * The library's view of a calendar core: its answers as the frozen objects the library hands out
 * (the service's resources, field for field). A day's record is made on first use and kept, so
 * that a start or a reload makes none of them. The HTTP operations answer from the other view of
 * the same core, the bytes of packages/service/src/http/operations/answer-bytes.ts: one core, the same answers.
 */
export interface AnswerObjects {
  readonly core: CalendarCore;
  dayStatus(day: DayNumber): DayStatus | Unavailable;
  countDays(start: DayNumber, end: DayNumber): WorkdayCount | Unavailable;
  nextHoliday(from: DayNumber): NextHoliday | Unavailable;
  workdayOffset(from: DayNumber, days: number): WorkdayOffset | Unavailable | BeforeSupportedRange;
  yearOverview(year: number): YearOverview | Unavailable;
  /** The calendar feed of some published years, rendered by `render` once per core and kept. */
  calendarFeed(request: FeedRequest, render: FeedRenderer): string;
}

export function answerObjects(core: CalendarCore): AnswerObjects {
  const { codes, holidaysAt, version } = core;
  const size = core.windowEnd - FIRST_SUPPORTED_DAY;
  const records = new Array<DayStatus | undefined>(size);
  const feeds = new Map<string, string>();
  const recordAt = (at: number): DayStatus | undefined => {
    const kept = records[at];
    if (kept !== undefined || codes[at] === DAY_CODE.UNAVAILABLE) return kept;
    const record = dayStatusRecordAt(at, core.isoDate(FIRST_SUPPORTED_DAY + at), codes, holidaysAt, version);
    records[at] = record;
    return record;
  };

  return {
    core,
    dayStatus(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      if (at >= size) return unknownDayRecord(day);
      return recordAt(at) ?? core.unavailableAt(at);
    },
    countDays: (start, end) => core.countDays(start, end),
    nextHoliday(from) {
      const found = core.nextHolidayDay(from);
      if (typeof found !== 'number') return found;
      const record = found > 0 ? recordAt(found - FIRST_SUPPORTED_DAY) : undefined;
      return record === undefined ? UNKNOWN_NEXT_HOLIDAY : { status: 'FOUND', date: record.date, holidays: record.holidays, datasetVersion: version };
    },
    workdayOffset(from, days) {
      const found = core.workdayOffsetDay(from, days);
      const fromDate = core.isoDate(from);
      if (found > 0) return { fromDate, days, status: 'FOUND', date: core.isoDate(found), datasetVersion: version };
      if (found === OFFSET_UNKNOWN) return { fromDate, days, status: 'UNKNOWN', date: null, datasetVersion: null };
      if (found === OFFSET_BEFORE_SUPPORTED_RANGE) return BEFORE_SUPPORTED_RANGE;
      return core.unavailableOfOffset(found) ?? core.unavailableAt(0);
    },
    yearOverview: (year) => core.yearOverview(year),
    calendarFeed(request, render) {
      // Keyed by the years it holds, so that no call can make more than a few hundred.
      const key = `${request.years.join(',')}:${request.lang}`;
      let text = feeds.get(key);
      if (text === undefined) {
        text = render(core.dataset, request);
        feeds.set(key, text);
      }
      return text;
    },
  };
}
