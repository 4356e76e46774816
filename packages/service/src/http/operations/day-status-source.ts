import { dayStatusJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import type { DayStatus } from '@china-holiday-calendar/core/answers/day-json.js';
import { DAYS_OF_WEEK, isoWeekdayIndex } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { DAY_STATUSES, workStatusOf, type AssociatedHoliday } from '@china-holiday-calendar/core/calendar/day-status.js';
import { consecutiveIsoDates } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { DAY_CODE } from '@china-holiday-calendar/core/answers/day-codes.js';
import type { DaySource } from './day-json-buffer.js';

/**
 * Each day's status JSON (docs/interface.md, Day status) for the one buffer of day-json-buffer.ts,
 * all of it by the writer generated from the resource schema (dayStatusJson), byte for byte what
 * JSON.stringify writes (a test holds every day of the tables to that): a day with holidays is
 * written whole, from one record whose fields are set day after day; a day without is of the kind
 * of its weekday and status.
 */
export function dayStatusSource(
  codes: Uint8Array,
  holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>,
  version: string,
): DaySource {
  // One record, its fields set for each day in turn: no object per day.
  const record: { -readonly [Field in keyof DayStatus]: DayStatus[Field] } = {
    date: '',
    dayOfWeek: 'MONDAY',
    workStatus: 'UNKNOWN',
    dayStatus: 'UNKNOWN',
    holidays: NO_HOLIDAYS,
    datasetVersion: null,
  };
  const recordJson = (date: string, weekday: number, code: number, holidays: readonly AssociatedHoliday[]): string => {
    const status = DAY_STATUSES[code] ?? 'UNKNOWN';
    record.date = date;
    record.dayOfWeek = DAYS_OF_WEEK[weekday] ?? 'MONDAY';
    record.workStatus = workStatusOf(status);
    record.dayStatus = status;
    record.holidays = holidays;
    record.datasetVersion = status === 'UNKNOWN' ? null : version;
    return dayStatusJson(record);
  };
  const firstWeekday = isoWeekdayIndex(FIRST_SUPPORTED_DAY);
  const isoDate = consecutiveIsoDates();
  return {
    size: codes.length,
    writeDay(at, out) {
      const code = codes[at] ?? DAY_CODE.UNKNOWN;
      if (code === DAY_CODE.UNAVAILABLE) {
        out.unreadable();
        return;
      }
      const weekday = (firstWeekday + at) % 7;
      const holidays = holidaysAt.get(at);
      const date = isoDate(FIRST_SUPPORTED_DAY + at);
      if (holidays === undefined) out.ofKind(weekday * DAY_STATUSES.length + code, date);
      else out.whole(recordJson(date, weekday, code, holidays));
    },
    jsonOfKind: (kind, date) => recordJson(date, Math.floor(kind / DAY_STATUSES.length), kind % DAY_STATUSES.length, NO_HOLIDAYS),
  };
}

const NO_HOLIDAYS: readonly AssociatedHoliday[] = [];
