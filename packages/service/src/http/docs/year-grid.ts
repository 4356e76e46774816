import { daysInMonth, dayNumberFromCivil, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isoWeekdayIndex } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import type { DayStatusValue } from '@china-holiday-calendar/core/calendar/day-status.js';
import type { HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { isUnavailable, type Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { AnswerObjects } from '@china-holiday-calendar/core/answers/answer-objects.js';
import type { YearOverview } from '@china-holiday-calendar/core/answers/year-overview.js';

/** What the grid asks of a calendar: the object view's answers of one core. */
type DayAnswers = Pick<AnswerObjects, 'dayStatus' | 'yearOverview'>;

/** One day of the year as the calendar page shows it. */
export interface GridDay {
  readonly day: DayNumber;
  /** yyyy-MM-dd. */
  readonly date: string;
  readonly dayOfMonth: number;
  /** 0 = Monday .. 6 = Sunday. */
  readonly weekday: number;
  /** The day's `dayStatus`, exactly as the API answers it. */
  readonly dayStatus: DayStatusValue;
  /** A statutory holiday day (法定节假日): the API's statutoryDate, or for an unpublished year what the regulation fixes. */
  readonly statutory: boolean;
  /** The holidays the day belongs to (of its arrangement; of the regulation in an unpublished year). */
  readonly holidays: readonly HolidayCode[];
  /** Set on the day a holiday's name is written: its first day off, or in an unpublished year its first statutory day. */
  readonly startsHoliday: readonly HolidayCode[] | null;
}

export interface GridMonth {
  readonly month: number;
  /** Weeks from Monday to Sunday; null where a day of another month would be. */
  readonly weeks: readonly (readonly (GridDay | null)[])[];
}

/** A year as month grids, with the overview (notices, holidays) it comes from. */
export interface YearGrid {
  readonly year: number;
  readonly overview: YearOverview;
  readonly months: readonly GridMonth[];
}

/**
 * The year's twelve month grids, each day with the status the index answers. A published year's
 * days carry their arrangement; an unpublished year's are all UNKNOWN, and only the statutory
 * days the regulation already fixes are marked (the year overview's statutoryDates).
 */
export function yearGrid(index: DayAnswers, year: number): YearGrid | Unavailable {
  const overview = index.yearOverview(year);
  if (isUnavailable(overview)) return overview;
  // An unpublished year: which holiday each statutory day belongs to, and each holiday's first one.
  const awaited = new Map<DayNumber, HolidayCode[]>();
  const firstAwaited = new Map<DayNumber, HolidayCode[]>();
  if (overview.status === 'UNPUBLISHED') {
    for (const holiday of overview.holidays) {
      holiday.statutoryDates.forEach((date, at) => {
        const day = parseIsoDate(date) ?? 0;
        awaited.set(day, [...(awaited.get(day) ?? []), ...holiday.codes]);
        if (at === 0) firstAwaited.set(day, [...(firstAwaited.get(day) ?? []), ...holiday.codes]);
      });
    }
  }

  const gridDay = (day: DayNumber, dayOfMonth: number): GridDay | Unavailable => {
    const record = index.dayStatus(day);
    if (isUnavailable(record)) return record;
    const base = { day, date: record.date, dayOfMonth, weekday: isoWeekdayIndex(day), dayStatus: record.dayStatus };
    if (overview.status === 'UNPUBLISHED') {
      const codes = awaited.get(day) ?? [];
      return { ...base, statutory: codes.length > 0, holidays: codes, startsHoliday: firstAwaited.get(day) ?? null };
    }
    const codes = record.holidays.map((holiday) => holiday.code);
    return {
      ...base,
      statutory: record.holidays.some((holiday) => holiday.statutoryDate),
      holidays: codes,
      startsHoliday: record.dayStatus === 'HOLIDAY' && !continuesRest(index, day - 1, codes) ? codes : null,
    };
  };

  const months: GridMonth[] = [];
  for (let month = 1; month <= 12; month++) {
    const first = dayNumberFromCivil(year, month, 1);
    const length = daysInMonth(year, month);
    const cells: (GridDay | null)[] = Array.from({ length: isoWeekdayIndex(first) }, () => null);
    for (let dayOfMonth = 1; dayOfMonth <= length; dayOfMonth++) {
      const day = gridDay(first + dayOfMonth - 1, dayOfMonth);
      if (isUnavailable(day)) return day;
      cells.push(day);
    }
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
    months.push({ month, weeks });
  }
  return { year, overview, months };
}

/** Whether `day` is a day off of the same holidays (so the run began earlier and the name was written there). */
function continuesRest(index: DayAnswers, day: DayNumber, codes: readonly HolidayCode[]): boolean {
  if (day < FIRST_SUPPORTED_DAY) return false;
  const record = index.dayStatus(day);
  if (isUnavailable(record) || record.dayStatus !== 'HOLIDAY') return false;
  return record.holidays.map((holiday) => holiday.code).join() === codes.join();
}
