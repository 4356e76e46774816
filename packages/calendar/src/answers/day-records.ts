import { civilFromDayNumber, daysInMonth } from '../calendar/civil-date.js';
import { DAYS_OF_WEEK, isoWeekdayIndex } from '../calendar/day-of-week.js';
import { DAY_STATUSES, workStatusOf, type AssociatedHoliday, type DayStatus } from '../calendar/day-status.js';
import { FIRST_SUPPORTED_DAY } from '../calendar/supported-range.js';
import { DAY_CODE } from './day-codes.js';
import type { DayStatusRecord } from './day-json.js';

/** Every day's JSON (its record, the interface: DayStatus), in one buffer: a range of days is one slice of it. */
export interface DayJsonText {
  /** Every record's JSON followed by a comma (an unreadable day: the comma alone). */
  readonly allDays: Buffer;
  /** offsets[at]: where day `at`'s JSON starts in allDays; offsets[size] its end. */
  readonly offsets: Uint32Array;
}

const DAYS_PER_SLICE = 512;
const TWO_DIGITS = Array.from({ length: 32 }, (_, value) => String(value).padStart(2, '0'));
const NO_HOLIDAYS: readonly AssociatedHoliday[] = Object.freeze([]);

/**
 * The ISO text of every day of the tables, by position (a generator that pauses every
 * DAYS_PER_SLICE days, for a build in slices): counted forward rather than converted, since this
 * runs at every start and reload.
 */
export function* isoDates(size: number): Generator<void, string[], void> {
  const dates = new Array<string>(size);
  let { year, month, day } = civilFromDayNumber(FIRST_SUPPORTED_DAY);
  let yearText = String(year);
  let monthEnd = daysInMonth(year, month);
  for (let at = 0; at < size; at++) {
    if (at % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) yield;
    dates[at] = `${yearText}-${TWO_DIGITS[month] ?? ''}-${TWO_DIGITS[day] ?? ''}`;
    if (day < monthEnd) {
      day += 1;
      continue;
    }
    day = 1;
    if (month < 12) month += 1;
    else {
      month = 1;
      year += 1;
      yearText = String(year).padStart(4, '0');
    }
    monthEnd = daysInMonth(year, month);
  }
  return dates;
}

/**
 * The JSON of every day of the tables, in one pass (a generator that pauses every DAYS_PER_SLICE
 * days): each record's JSON written from its fields, byte for byte what JSON.stringify writes (a
 * test holds every day of the tables to that), and the text encoded as Latin-1 except the holiday
 * names, the only non-ASCII. This is on the path of every start and every reload of the service,
 * where JSON.stringify per day and UTF-8 encoding of the whole text measured at most of its cost.
 */
export function* dayJsonText(
  codes: Uint8Array,
  dates: readonly string[],
  holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>,
  version: string,
): Generator<void, DayJsonText, void> {
  const size = codes.length;
  const holidaysJson = new Map<readonly AssociatedHoliday[], string>();
  const offsets = new Uint32Array(size + 1);
  const text = new EncodedText();
  const middles = statusSegments();
  const knownTail = `,"datasetVersion":${JSON.stringify(version)}},`;
  let weekday = isoWeekdayIndex(FIRST_SUPPORTED_DAY);
  for (let at = 0; at < size; at++) {
    if (at % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) yield;
    offsets[at] = text.length;
    const code = codes[at] ?? DAY_CODE.UNKNOWN;
    if (code === DAY_CODE.UNAVAILABLE) {
      text.ascii(',');
    } else {
      const holidays = holidaysAt.get(at);
      text.ascii(`{"date":"${dates[at] ?? ''}${middles[weekday * DAY_STATUSES.length + code] ?? ''}`);
      if (holidays === undefined) text.ascii('[]');
      else {
        // Days of one entry share their holiday list, and so its JSON.
        let json = holidaysJson.get(holidays);
        if (json === undefined) {
          json = JSON.stringify(holidays);
          holidaysJson.set(holidays, json);
        }
        text.unicode(json);
      }
      text.ascii(code === DAY_CODE.UNKNOWN ? UNKNOWN_TAIL : knownTail);
    }
    weekday = weekday === 6 ? 0 : weekday + 1;
  }
  offsets[size] = text.length;
  return { allDays: text.toBuffer(), offsets };
}

/** The record of the day at a position of the tables (not an unreadable one), frozen: callers share it. */
export function dayStatusRecordAt(
  at: number,
  codes: Uint8Array,
  dates: readonly string[],
  holidaysAt: ReadonlyMap<number, readonly AssociatedHoliday[]>,
  version: string,
): DayStatusRecord {
  const status = DAY_STATUSES[codes[at] ?? DAY_CODE.UNKNOWN] as DayStatus;
  return Object.freeze({
    date: dates[at] ?? '',
    dayOfWeek: DAYS_OF_WEEK[isoWeekdayIndex(FIRST_SUPPORTED_DAY + at)] ?? 'MONDAY',
    workStatus: workStatusOf(status),
    dayStatus: status,
    holidays: holidaysAt.get(at) ?? NO_HOLIDAYS,
    datasetVersion: status === 'UNKNOWN' ? null : version,
  });
}

const UNKNOWN_TAIL = ',"datasetVersion":null},';

/** `","dayOfWeek":…,"holidays":` for every weekday and status, by weekday * 5 + status code. */
function statusSegments(): string[] {
  return DAYS_OF_WEEK.flatMap((dayOfWeek) =>
    DAY_STATUSES.map((status) => `","dayOfWeek":"${dayOfWeek}","workStatus":"${workStatusOf(status)}","dayStatus":"${status}","holidays":`),
  );
}

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
