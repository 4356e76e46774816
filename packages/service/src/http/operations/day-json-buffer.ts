import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';

/** How many days the build in slices writes between pauses. */
const DAYS_PER_SLICE = 512;

/**
 * Every day's JSON of one kind of answer (a day's status, a market's trading-day status) in one
 * buffer, and the two views the answers take of it: a day's JSON is a view of the buffer, a range's
 * a copy of one slice of it between brackets, kept while the kept ranges fit a budget.
 */
export interface DayJsonBuffer {
  /** Every day's JSON followed by a comma (an unreadable day: the comma alone). */
  readonly allDays: Buffer;
  /** offsets[at]: where day `at` (days from FIRST_SUPPORTED_DAY) starts in allDays; offsets[size] its end. */
  readonly offsets: Uint32Array;
}

/** How the builder learns each day's JSON. */
export interface DaySource {
  /** The days of the tables, from FIRST_SUPPORTED_DAY. */
  readonly size: number;
  /**
   * Day `at`'s JSON, told to `out`: unreadable, whole (a day with holidays), or as a day of a kind
   * whose JSON differs from day to day only in the date (a weekday and a status).
   */
  writeDay(at: number, out: DayWriter): void;
  /** The JSON of a day of kind `kind` (as writeDay named it) with `date` as its date, written as it is (the generated writers do not escape a date). */
  jsonOfKind(kind: number, date: string): string;
}

export interface DayWriter {
  unreadable(): void;
  whole(json: string): void;
  ofKind(kind: number, date: string): void;
}

/**
 * Builds the buffer in one pass, pausing every DAYS_PER_SLICE days (a reload builds it in slices
 * while requests are answered). A day of a kind is its date between the two halves of its kind's
 * JSON, cut once per kind around a placeholder date: most days are then two strings and a date,
 * with no writer call. The text is collected as Latin-1 runs but for the days written whole, whose
 * holiday names are the only non-ASCII, and encoded once: JSON.stringify per day and UTF-8
 * encoding of the whole text measured at most of the cost of a start (BENCHMARKS.md).
 */
export function* dayJsonBuffer(source: DaySource): Generator<void, DayJsonBuffer, void> {
  const { size } = source;
  const offsets = new Uint32Array(size + 1);
  // A local, not captured by closures: the generator's context would keep its text (over a
  // megabyte) alive as long as the generator object, 1.5 MB more heap at start (BENCHMARKS.md).
  const out = new DayTextWriter(source);
  for (let at = 0; at < size; at++) {
    if (at % DAYS_PER_SLICE === DAYS_PER_SLICE - 1) yield;
    offsets[at] = out.text.length;
    source.writeDay(at, out);
  }
  offsets[size] = out.text.length;
  return { allDays: out.text.toBuffer(), offsets };
}

/** The days told to the builder, as text; a kind's halves cut on its first day. */
class DayTextWriter implements DayWriter {
  readonly text = new EncodedText();
  private readonly heads: string[] = [];
  private readonly tails: string[] = [];

  constructor(private readonly source: DaySource) {}

  unreadable(): void {
    this.text.ascii(',');
  }

  whole(json: string): void {
    this.text.unicode(`${json},`);
  }

  ofKind(kind: number, date: string): void {
    let head = this.heads[kind];
    if (head === undefined) {
      const [before = '', after = ''] = this.source.jsonOfKind(kind, PLACEHOLDER_DATE).split(PLACEHOLDER_DATE);
      head = this.heads[kind] = before;
      this.tails[kind] = `${after},`;
    }
    this.text.ascii(`${head}${date}${this.tails[kind] ?? ''}`);
  }
}

/** Stands for the date while a kind's halves are cut: the writers put a date in as it is, and a NUL nowhere else unescaped. */
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

/** A day's and a range's JSON from the buffer. Readability is the caller's to check first. */
export interface DayJsonViews {
  /** A day's JSON: a view of the buffer, made on first use and kept; past the tables, written on request. */
  day(day: DayNumber): Buffer;
  /** A range's JSON array, in one buffer (see RangeBodies). */
  range(start: DayNumber, end: DayNumber): Buffer;
}

/** The views of `buffer`; `beyondTables` writes the JSON of a day past its end. */
export function dayJsonViews(
  { allDays, offsets }: DayJsonBuffer,
  beyondTables: (day: DayNumber) => string,
  rangeBudget = RANGE_BODIES_BUDGET,
): DayJsonViews {
  const size = offsets.length - 1;
  const dayBuffers = new Array<Buffer | undefined>(size);
  const ranges = new RangeBodies(rangeBudget, (start, end) => {
    const from = start - FIRST_SUPPORTED_DAY;
    const to = Math.min(end - FIRST_SUPPORTED_DAY + 1, size);
    const chunks: Buffer[] = [OPEN_BRACKET];
    if (from < to) chunks.push(allDays.subarray(offsets[from], (offsets[to] ?? 0) - 1));
    for (let day = Math.max(start, FIRST_SUPPORTED_DAY + size); day <= end; day++) {
      chunks.push(Buffer.from(`${day === start ? '' : ','}${beyondTables(day)}`));
    }
    chunks.push(CLOSE_BRACKET);
    return chunks;
  });
  return {
    day(day) {
      const at = day - FIRST_SUPPORTED_DAY;
      if (at >= size) return Buffer.from(beyondTables(day));
      return (dayBuffers[at] ??= allDays.subarray(offsets[at], (offsets[at + 1] ?? 0) - 1));
    },
    range: (start, end) => ranges.get(start, end),
  };
}

const OPEN_BRACKET = Buffer.from('[');
const CLOSE_BRACKET = Buffer.from(']');

/**
 * The bytes the kept range bodies of one view (the State Council's days, a market's) may take:
 * every whole year of the tables (about 1.1 MB of 366-day bodies) and as much again of months,
 * the ranges payroll and HR systems ask for again and again.
 */
export const RANGE_BODIES_BUDGET = 2.25 * 1024 * 1024;

/** The longest range, both ends included (the spec's limit): a range's key is its start and length. */
const KEY_SPAN = 367;

/**
 * Range bodies copied into one buffer each on first request and kept, the oldest dropped first
 * beyond the budget (RANGE_BODIES_BUDGET unless a test sets another). Sent as one piece, a kept
 * body costs node:http one write where the pieces cost three (bracket, slice, bracket: about 1 800
 * instructions a request, BENCHMARKS.md); the copy of a 366-day range (55 KB) is paid once. A
 * range longer than its key can tell apart is assembled every time.
 */
class RangeBodies {
  private readonly kept = new Map<number, Buffer>();
  private bytes = 0;

  constructor(
    private readonly budget: number,
    private readonly assemble: (start: DayNumber, end: DayNumber) => readonly Buffer[],
  ) {}

  get(start: DayNumber, end: DayNumber): Buffer {
    if (end - start >= KEY_SPAN) return joined(this.assemble(start, end));
    // A small integer key (a Smi): start's distance from the first day, times the longest span.
    const key = (start - FIRST_SUPPORTED_DAY) * KEY_SPAN + (end - start);
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    const body = joined(this.assemble(start, end));
    if (body.length <= this.budget) {
      for (const [oldest, dropped] of this.kept) {
        if (this.bytes + body.length <= this.budget) break;
        this.kept.delete(oldest);
        this.bytes -= dropped.length;
      }
      this.kept.set(key, body);
      this.bytes += body.length;
    }
    return body;
  }
}

/** The chunks in one buffer of its own (never a slice of Node's shared pool, which it would keep alive). */
function joined(chunks: readonly Buffer[]): Buffer {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const body = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(body, at);
  return body;
}
