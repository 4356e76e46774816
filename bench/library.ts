/**
 * The library section of `npm run bench`: per-call CPU time of the package's in-process calendar
 * against chinese-days (a devDependency used only here), side by side in one process, on the same
 * seeded random dates, rounds alternating between the two; then where their answers differ.
 */
import { createRequire } from 'node:module';
import chineseDays from 'chinese-days';
import * as calendar from 'china-holiday-calendar';
import { UnpublishedYearError } from 'china-holiday-calendar';
import { cpuNanosPerCall, median } from './per-call.js';
import { sessionIndex } from './session-index.js';

interface Pair {
  readonly name: string;
  readonly ours: (date: string) => unknown;
  readonly theirs: (date: string) => unknown;
  /** The ratio theirs/ours the library must reach, if any. */
  readonly target?: number;
  /** Calls per round on their side, when one call is long (the default suits a call of a microsecond or so). */
  readonly theirCalls?: number;
}

const DAY_MS = 86_400_000;
const isoDate = (time: number): string => new Date(time).toISOString().slice(0, 10);
const plusDays = (date: string, days: number): string => isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/** The end of a 366-day range from each sample date, computed once: the range questions time the calendars, not date arithmetic. */
const yearOnFrom = new Map<string, string>();
const yearOn = (date: string): string => yearOnFrom.get(date) ?? plusDays(date, 365);
const weeksOn = (date: string): string => plusDays(date, 366);

const PAIRS: readonly Pair[] = [
  { name: 'isWorkday', ours: calendar.isWorkday, theirs: chineseDays.isWorkday, target: 30 },
  { name: 'one-date status (getDayDetail)', ours: calendar.dateStatus, theirs: chineseDays.getDayDetail },
  {
    name: 'count over 366 days (getWorkdaysInRange)',
    ours: (date) => calendar.countWorkdays(date, yearOn(date)).workdayCount,
    theirs: (date) => chineseDays.getWorkdaysInRange(date, yearOn(date), true).length,
  },
  { name: 'addWorkdays(5) (findWorkday(5))', ours: (date) => calendar.addWorkdays(date, 5), theirs: (date) => chineseDays.findWorkday(5, date), target: 100 },
  { name: 'addWorkdays(-5) (findWorkday(-5))', ours: (date) => calendar.addWorkdays(date, -5), theirs: (date) => chineseDays.findWorkday(-5, date) },
  {
    // One question, whatever the sample date: every working day of the published years at once.
    name: 'working days of 2008-2026, one call',
    ours: () => calendar.countWorkdays('2008-01-01', '2026-12-31').workdayCount,
    theirs: () => chineseDays.getWorkdaysInRange('2008-01-01', '2026-12-31', true).length,
    theirCalls: 40,
  },
  {
    name: 'next holiday (getHolidaysInRange)',
    ours: (date) => calendar.nextHoliday(date).date,
    theirs: (date) => chineseDays.getHolidaysInRange(date, weeksOn(date), false)[0],
  },
];

/** Seeded dates of 2008-01-08..2025-12-20: inside the published data, where both answer. */
function sampleDates(count: number): string[] {
  let state = 20_240_204;
  const first = Date.parse('2008-01-08T00:00:00Z');
  const span = (Date.parse('2025-12-20T00:00:00Z') - first) / DAY_MS;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return isoDate(first + (state % span) * DAY_MS);
  });
}

/** Prints the table and the differences; returns the targets not met. */
export function benchmarkLibrary(options: { readonly rounds: number; readonly smoke: boolean }): string[] {
  const dates = sampleDates(4096);
  for (const date of dates) yearOnFrom.set(date, plusDays(date, 365));
  const missed: string[] = [];
  calendar.isWorkday('2024-01-01');
  console.log(`\nThe library, in-process, against chinese-days ${chineseDaysVersion()} (CPU time per call, median of ${options.rounds} rounds, same dates):`);
  console.log('  question                                   ours ns    chinese-days ns   ratio (theirs/ours)');
  for (const pair of PAIRS) {
    // Enough calls for a few hundred milliseconds each, fewer for the slower side.
    const ourCalls = options.smoke ? 2000 : 200_000;
    const theirCalls = Math.max(1, Math.round((pair.theirCalls ?? 5_000) / (options.smoke ? 25 : 1)));
    cpuNanosPerCall(pair.ours, dates, ourCalls / 4);
    cpuNanosPerCall(pair.theirs, dates, theirCalls / 4);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      ours.push(cpuNanosPerCall(pair.ours, dates, ourCalls));
      theirs.push(cpuNanosPerCall(pair.theirs, dates, theirCalls));
    }
    const ratio = median(ours.map((ns, round) => (theirs[round] ?? 0) / ns));
    const met = pair.target === undefined ? '' : `  [target >= ${pair.target}: ${ratio >= pair.target ? 'met' : 'NOT met'}]`;
    if (pair.target !== undefined && ratio < pair.target && !options.smoke) missed.push(`${pair.name}: ${ratio.toFixed(1)} < ${pair.target}`);
    console.log(`  ${pair.name.padEnd(40)} ${median(ours).toFixed(0).padStart(8)}   ${median(theirs).toFixed(0).padStart(15)}   ${ratio.toFixed(1).padStart(8)}${met}`);
  }
  const ours = calendar.countWorkdays('2008-01-01', '2026-12-31').workdayCount;
  const theirs = chineseDays.getWorkdaysInRange('2008-01-01', '2026-12-31', true).length;
  console.log(`  Working days of 2008-2026: ours ${ours}, chinese-days ${theirs}`);
  reportDifferences();
  benchmarkTrading(dates, options);
  return missed;
}

/**
 * Trading days (XSHG) against a precomputed session index, the way exchange_calendars answers
 * (bench/session-index.ts): the same seeded dates, CPU time per call; then whether the two agree.
 */
function benchmarkTrading(dates: readonly string[], options: { readonly rounds: number; readonly smoke: boolean }): void {
  const sessions: string[] = [];
  for (let time = Date.parse('2008-01-01T00:00:00Z'); time <= Date.parse('2026-12-31T00:00:00Z'); time += DAY_MS) {
    if (calendar.isTradingDay(isoDate(time))) sessions.push(isoDate(time));
  }
  const index = sessionIndex(sessions);
  const questions: readonly Pair[] = [
    { name: 'isTradingDay (is_session)', ours: (date) => calendar.isTradingDay(date), theirs: index.isSession },
    {
      name: 'count over 366 days (sessions_in_range)',
      ours: (date) => calendar.countTradingDays(date, yearOn(date)).tradingDayCount,
      theirs: (date) => index.countSessions(date, yearOn(date)),
    },
    { name: 'addTradingDays(5) (session_offset)', ours: (date) => calendar.addTradingDays(date, 5), theirs: (date) => index.addSessions(date, 5) },
  ];
  console.log(`
Trading days (XSHG), in-process, against a session index as exchange_calendars keeps one (${sessions.length} sessions of 2008-2026; CPU time per call, median of ${options.rounds} rounds):`);
  console.log('  question                                   ours ns    session index ns  ratio (index/ours)');
  const calls = options.smoke ? 2000 : 200_000;
  for (const pair of questions) {
    cpuNanosPerCall(pair.ours, dates, calls / 4);
    cpuNanosPerCall(pair.theirs, dates, calls / 4);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      ours.push(cpuNanosPerCall(pair.ours, dates, calls));
      theirs.push(cpuNanosPerCall(pair.theirs, dates, calls));
    }
    const ratio = median(ours.map((ns, round) => (theirs[round] ?? 0) / ns));
    console.log(`  ${pair.name.padEnd(40)} ${median(ours).toFixed(0).padStart(8)}   ${median(theirs).toFixed(0).padStart(15)}   ${ratio.toFixed(2).padStart(8)}`);
  }
  const disagreements = dates.filter(
    (date) =>
      calendar.countTradingDays(date, yearOn(date)).tradingDayCount !== index.countSessions(date, yearOn(date)) ||
      calendar.addTradingDays(date, 5) !== index.addSessions(date, 5),
  );
  console.log(`  Counts and T+5 of the ${dates.length} dates: ${disagreements.length === 0 ? 'the same on both sides' : `${disagreements.length} differ, e.g. ${disagreements[0] ?? ''}`}`);
}

/** Where the two disagree on isWorkday, 2008-2030: by year, with an example. */
function reportDifferences(): void {
  const byYear = new Map<number, { count: number; example: string }>();
  for (let time = Date.parse('2008-01-01T00:00:00Z'); time <= Date.parse('2030-12-31T00:00:00Z'); time += DAY_MS) {
    const date = isoDate(time);
    const theirs = chineseDays.isWorkday(date);
    let ours: boolean | 'unpublished';
    try {
      ours = calendar.isWorkday(date);
    } catch (error) {
      if (!(error instanceof UnpublishedYearError)) throw error;
      ours = 'unpublished';
    }
    if (ours === theirs) continue;
    const year = Number(date.slice(0, 4));
    const seen = byYear.get(year) ?? { count: 0, example: `${date}: ours ${String(ours)}, chinese-days ${String(theirs)}` };
    byYear.set(year, { ...seen, count: seen.count + 1 });
  }
  console.log('  Where the answers differ (isWorkday, every day of 2008-2030):');
  if (byYear.size === 0) console.log('    nowhere');
  for (const [year, { count, example }] of byYear) {
    // National Day is statutory whatever the notice: the plainest case of a guess.
    const nationalDay = `${year}-10-01`;
    console.log(`    ${year}: ${count} days, e.g. ${example}; ${nationalDay} (National Day): chinese-days says ${chineseDays.isWorkday(nationalDay) ? 'a working day' : 'a rest day'}`);
  }
}

function chineseDaysVersion(): string {
  const manifest = createRequire(import.meta.url)('chinese-days/package.json') as { version: string };
  return manifest.version;
}
