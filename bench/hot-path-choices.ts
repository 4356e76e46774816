/**
 * The hot-path-choices section of `npm run bench`: each piece of the request path written by hand
 * for speed, against the plain code or library call it replaced, CPU time per call on the Node
 * that runs the benchmark. They were measured on Node 20 and 24 when made; this keeps the check
 * repeatable on the next Node line, where a faster built-in (JSON.stringify on Node 24, say) can
 * make a hand-written piece no longer worth its code. Each hand-written piece is held to the
 * behaviour of what it replaced by a property or exhaustive test; here only speed is compared.
 */
import { parse as parseQueryString } from 'fast-querystring';
import type { WorkdayCount } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { problemJson, workdayCountJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { jsonString } from '@china-holiday-calendar/core/calendar/json-string.js';
import { dayNumberFromCivil, daysInMonth, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { problemRecord } from 'china-holiday-calendar-service/internal/http/kernel/problems.js';
import { queryValues } from 'china-holiday-calendar-service/internal/http/kernel/query-string.js';
import { cpuNanosPerCall, median } from './per-call.js';

/** A hand-written piece and what it replaced (as it was before the change; git history has each), timed on the same inputs. */
interface Choice {
  readonly name: string;
  /** CPU nanoseconds per call of ours or of the replaced code. */
  time(which: 'ours' | 'replaced', calls: number): number;
}

function choice<Input>(name: string, inputs: readonly Input[], ours: (input: Input) => unknown, replaced: (input: Input) => unknown): Choice {
  return { name, time: (which, calls) => cpuNanosPerCall(which === 'ours' ? ours : replaced, inputs, calls) };
}

const ISO_DATE_SHAPE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** The date parser before the character-code one: a regular expression, slices and Number(). */
function parseIsoDateWithRegExp(text: string): DayNumber | undefined {
  if (text.length !== 10 || !ISO_DATE_SHAPE.test(text)) return undefined;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return dayNumberFromCivil(year, month, day);
}

const DAY_MS = 86_400_000;
const DATES = Array.from({ length: 1024 }, (_, at) => new Date(Date.UTC(2008, 0, 1) + at * 7 * DAY_MS).toISOString().slice(0, 10));
const COUNTS: readonly WorkdayCount[] = DATES.map((date, at) => ({
  startDate: date,
  endDate: date,
  totalDays: at,
  workdayCount: at >> 1,
  restDayCount: at - (at >> 1),
  unknownDayCount: 0,
}));
const PROBLEMS = DATES.map((date, at) =>
  problemRecord('/docs', { code: 'INVALID_DATE_FORMAT', detail: `date must be a date in yyyy-MM-dd form; got "${date}x".` }, `/v1/china-calendar/dates/${date}x`, `req-${at}`),
);
const REQUEST_IDS = PROBLEMS.map((problem) => problem.requestId);
const QUERIES = DATES.map((date) => `startDate=${date}&endDate=${date}`);
const RANGE_NAMES = ['startDate', 'endDate'];

const CHOICES: readonly Choice[] = [
  choice('date parser (char codes / RegExp)', DATES, parseIsoDate, parseIsoDateWithRegExp),
  choice('counts JSON (template / stringify)', COUNTS, workdayCountJson, (count) => JSON.stringify(count)),
  choice('problem JSON (template / stringify)', PROBLEMS, problemJson, (problem) => JSON.stringify(problem)),
  choice('JSON string (quotes / stringify)', REQUEST_IDS, jsonString, (text) => JSON.stringify(text)),
  choice(
    'query reader (by name / fast-querystring)',
    QUERIES,
    (query) => queryValues(query, RANGE_NAMES),
    (query) => {
      const parsed = parseQueryString(query) as Record<string, unknown>;
      return RANGE_NAMES.map((name) => parsed[name]);
    },
  ),
];

/** Prints the table; returns the choices that cost more than what they replaced. */
export function benchmarkHotPathChoices(options: { readonly rounds: number; readonly smoke: boolean }): string[] {
  const losses: string[] = [];
  console.log(`\nHot-path choices on node ${process.version} (CPU time per call, median of ${options.rounds} rounds):`);
  console.log('  piece (ours / what it replaced)               ours ns   replaced ns   replaced/ours');
  const calls = options.smoke ? 2000 : 1_000_000;
  for (const choice of CHOICES) {
    choice.time('ours', calls / 4);
    choice.time('replaced', calls / 4);
    const ours: number[] = [];
    const replaced: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      ours.push(choice.time('ours', calls));
      replaced.push(choice.time('replaced', calls));
    }
    const ratio = median(ours.map((ns, round) => (replaced[round] ?? 0) / ns));
    // Below 0.9 is a loss beyond this machine's noise for paired in-process rounds.
    const lost = ratio < 0.9 && !options.smoke;
    if (lost) losses.push(`${choice.name}: ${ratio.toFixed(2)}`);
    const verdict = lost ? '  LOSS: the replaced code is faster here' : '';
    console.log(`  ${choice.name.padEnd(44)} ${median(ours).toFixed(0).padStart(8)}   ${median(replaced).toFixed(0).padStart(11)}   ${ratio.toFixed(2).padStart(13)}${verdict}`);
  }
  return losses;
}
