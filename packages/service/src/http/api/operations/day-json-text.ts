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
 * days): each record's JSON written by the writer generated from the resource schema
 * (dayStatusJson), byte for byte what JSON.stringify writes (a test holds every day of the tables
 * to that), from one record whose fields are set day after day, and the text encoded as Latin-1
 * except the days with holidays, whose names are the only non-ASCII. This is on the path of every
 * start and every reload of the service, where JSON.stringify per day and UTF-8 encoding of the
 * whole text measured at most of its cost.
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
  let weekday = isoWeekdayIndex(FIRST_SUPPORTED_DAY);
  for (let at = 0; at < size; at++) {
    if (at % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) yield;
    offsets[at] = text.length;
    const code = codes[at] ?? DAY_CODE.UNKNOWN;
    if (code === DAY_CODE.UNAVAILABLE) {
      text.ascii(',');
    } else {
      const holidays = holidaysAt.get(at);
      const status = DAY_STATUSES[code] ?? 'UNKNOWN';
      record.date = dates[at] ?? '';
      record.dayOfWeek = DAYS_OF_WEEK[weekday] ?? 'MONDAY';
      record.workStatus = workStatusOf(status);
      record.dayStatus = status;
      record.holidays = holidays ?? NO_HOLIDAYS;
      record.datasetVersion = code === DAY_CODE.UNKNOWN ? null : version;
      const json = `${dayStatusJson(record)},`;
      if (holidays === undefined) text.ascii(json);
      else text.unicode(json);
    }
    weekday = weekday === 6 ? 0 : weekday + 1;
  }
  offsets[size] = text.length;
  return { allDays: text.toBuffer(), offsets };
}

const NO_HOLIDAYS: readonly AssociatedHoliday[] = [];

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
