import { dayStatusJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import type { DayStatus } from '@china-holiday-calendar/core/answers/day-json.js';
import { DAYS_OF_WEEK, isoWeekdayIndex } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { DAY_STATUSES, workStatusOf, type AssociatedHoliday } from '@china-holiday-calendar/core/calendar/day-status.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { DAY_CODE } from '@china-holiday-calendar/core/answers/day-codes.js';
import { DAYS_PER_SLICE } from '@china-holiday-calendar/core/answers/day-records.js';

/** Every day's JSON (docs/interface.md, Day status), in one buffer: a range of days is one slice of it. */
export interface DayJsonText {
  /** Every record's JSON followed by a comma (an unreadable day: the comma alone). */
  readonly allDays: Buffer;
  /** offsets[at]: where day `at`'s JSON starts in allDays; offsets[size] its end. */
  readonly offsets: Uint32Array;
}

/**
 * The JSON of every day of the tables, in one pass (a generator that pauses every DAYS_PER_SLICE
 * days), byte for byte what JSON.stringify writes (a test holds every day of the tables to that),
 * all of it by the writer generated from the resource schema (dayStatusJson): a day with holidays
 * is written whole, from one record whose fields are set day after day; a day without is its date
 * between the two halves of what the writer gives for its weekday and status (written once each,
 * around a placeholder date), and the text is encoded as Latin-1 except the days with holidays,
 * whose names are the only non-ASCII. This is on the path of every start and every reload of the
 * service, where JSON.stringify per day and UTF-8 encoding of the whole text measured at most of
 * its cost.
 */
export function* dayJsonText(
  codes: Uint8Array,
  dates: readonly string[],
  holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>,
  version: string,
): Generator<void, DayJsonText, void> {
  const size = codes.length;
  const offsets = new Uint32Array(size + 1);
  const text = new EncodedText();
  // One record, its fields set for each day in turn: no object per day.
  const record: { -readonly [Field in keyof DayStatus]: DayStatus[Field] } = {
    date: '',
    dayOfWeek: 'MONDAY',
    workStatus: 'UNKNOWN',
    dayStatus: 'UNKNOWN',
    holidays: NO_HOLIDAYS,
    datasetVersion: null,
  };
  const setRecord = (date: string, weekday: number, code: number, holidays: readonly AssociatedHoliday[]): void => {
    const status = DAY_STATUSES[code] ?? 'UNKNOWN';
    record.date = date;
    record.dayOfWeek = DAYS_OF_WEEK[weekday] ?? 'MONDAY';
    record.workStatus = workStatusOf(status);
    record.dayStatus = status;
    record.holidays = holidays;
    record.datasetVersion = status === 'UNKNOWN' ? null : version;
  };
  // By weekday * 5 + status code: what precedes and what follows the date of a day without holidays.
  const heads: string[] = [];
  const tails: string[] = [];
  for (let weekday = 0; weekday < DAYS_OF_WEEK.length; weekday++) {
    for (let code = 0; code < DAY_STATUSES.length; code++) {
      setRecord(PLACEHOLDER_DATE, weekday, code, NO_HOLIDAYS);
      const [head = '', tail = ''] = dayStatusJson(record).split(PLACEHOLDER_DATE);
      heads.push(head);
      tails.push(`${tail},`);
    }
  }
  let weekday = isoWeekdayIndex(FIRST_SUPPORTED_DAY);
  for (let at = 0; at < size; at++) {
    if (at % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) yield;
    offsets[at] = text.length;
    const code = codes[at] ?? DAY_CODE.UNKNOWN;
    if (code === DAY_CODE.UNAVAILABLE) {
      text.ascii(',');
    } else {
      const holidays = holidaysAt.get(at);
      if (holidays === undefined) {
        const segment = weekday * DAY_STATUSES.length + code;
        text.ascii(`${heads[segment] ?? ''}${dates[at] ?? ''}${tails[segment] ?? ''}`);
      } else {
        setRecord(dates[at] ?? '', weekday, code, holidays);
        text.unicode(`${dayStatusJson(record)},`);
      }
    }
    weekday = weekday === 6 ? 0 : weekday + 1;
  }
  offsets[size] = text.length;
  return { allDays: text.toBuffer(), offsets };
}

const NO_HOLIDAYS: readonly AssociatedHoliday[] = [];

/** Stands for the date while a weekday and status's halves are cut: the writer puts a date in as it is, and a NUL nowhere else unescaped. */
const PLACEHOLDER_DATE = '\u0000';

/**
 * Text collected in runs: ASCII runs joined and written as Latin-1 (a copy), other text as UTF-8,
 * with the byte length known at every point.
 */
class EncodedText {
  /** Bytes so far. */
  length = 0;
  private readonly runs: { readonly text: string; readonly utf8: boolean }[] = [];
  private pending: string[] = [];

  ascii(part: string): void {
    this.pending.push(part);
    this.length += part.length;
  }

  unicode(part: string): void {
    this.flush();
    this.runs.push({ text: part, utf8: true });
    this.length += Buffer.byteLength(part);
  }

  toBuffer(): Buffer {
    this.flush();
    const buffer = Buffer.allocUnsafe(this.length);
    let at = 0;
    for (const run of this.runs) at += buffer.write(run.text, at, run.utf8 ? 'utf8' : 'latin1');
    return buffer;
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.runs.push({ text: this.pending.join(''), utf8: false });
    this.pending = [];
  }
}
