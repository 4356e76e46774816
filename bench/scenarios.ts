/** What the benchmark asks: request paths per scenario, from a seeded generator so runs compare. */
export interface Scenario {
  readonly name: string;
  readonly description: string;
  readonly paths: readonly string[];
  /** Headers every request carries (the Accept that asks for CSV). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly expectedStatus: number;
}

const PREFIX = '/v1/china-calendar';
const SAMPLE_SIZE = 2000;

/** Mulberry32: a small seeded PRNG. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoDate(epochDay: number): string {
  return new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
}

function epochDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

function randomDays(seed: number, from: string, to: string): number[] {
  const next = random(seed);
  const first = epochDay(from);
  const span = epochDay(to) - first + 1;
  return Array.from({ length: SAMPLE_SIZE }, () => first + Math.floor(next() * span));
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'single-date',
    description: 'GET /dates/{date}, random dates 2008-2030',
    paths: randomDays(1, '2008-01-01', '2030-12-31').map((day) => `${PREFIX}/dates/${isoDate(day)}`),
    expectedStatus: 200,
  },
  {
    name: 'range-366',
    description: 'GET /date-ranges, the 366 days of 2024',
    paths: [`${PREFIX}/date-ranges?startDate=2024-01-01&endDate=2024-12-31`],
    expectedStatus: 200,
  },
  {
    name: 'workdays-366',
    description: 'GET /workdays over 366 days, random starts 2008-2025',
    paths: randomDays(2, '2008-01-01', '2025-12-31').map((day) => `${PREFIX}/workdays?startDate=${isoDate(day)}&endDate=${isoDate(day + 365)}`),
    expectedStatus: 200,
  },
  {
    name: 'next-holiday',
    description: 'GET /next-holiday, random dates 2008-2026',
    paths: randomDays(3, '2008-01-01', '2026-12-31').map((day) => `${PREFIX}/next-holiday?fromDate=${isoDate(day)}`),
    expectedStatus: 200,
  },
  {
    name: 'workday-offset',
    description: 'GET /workday-offset, random dates 2013-2022 and days from -1000 to 1000',
    paths: (() => {
      const next = random(4);
      return randomDays(4, '2013-01-01', '2022-06-30').map(
        (day) => `${PREFIX}/workday-offset?fromDate=${isoDate(day)}&days=${Math.floor(next() * 2001) - 1000}`,
      );
    })(),
    expectedStatus: 200,
  },
  {
    name: 'year-overview',
    description: 'GET /years/{year}, the years 2008-2030',
    paths: Array.from({ length: 23 }, (_, at) => `${PREFIX}/years/${2008 + at}`),
    expectedStatus: 200,
  },
  {
    name: 'trading-date',
    description: 'GET /markets/{market}/dates/{date}, XSHG and XSHE in turn, random dates 2008-2026',
    paths: randomDays(11, '2008-01-01', '2026-12-31').map((day, at) => `${PREFIX}/markets/${at % 2 === 0 ? 'XSHG' : 'XSHE'}/dates/${isoDate(day)}`),
    expectedStatus: 200,
  },
  {
    name: 'trading-range-366',
    description: 'GET /markets/XSHG/date-ranges, the 366 days of 2024',
    paths: [`${PREFIX}/markets/XSHG/date-ranges?startDate=2024-01-01&endDate=2024-12-31`],
    expectedStatus: 200,
  },
  {
    name: 'trading-days-366',
    description: 'GET /markets/XSHG/trading-days over 366 days, random starts 2008-2025',
    paths: randomDays(12, '2008-01-01', '2025-12-31').map((day) => `${PREFIX}/markets/XSHG/trading-days?startDate=${isoDate(day)}&endDate=${isoDate(day + 365)}`),
    expectedStatus: 200,
  },
  {
    name: 'trading-offset',
    description: 'GET /markets/XSHG/trading-day-offset, random dates 2013-2022 and days from -1000 to 1000',
    paths: (() => {
      const next = random(13);
      return randomDays(13, '2013-01-01', '2022-06-30').map(
        (day) => `${PREFIX}/markets/XSHG/trading-day-offset?fromDate=${isoDate(day)}&days=${Math.floor(next() * 2001) - 1000}`,
      );
    })(),
    expectedStatus: 200,
  },
  {
    name: 'dates-100',
    description: 'GET /dates?dates=…, 100 random dates 2008-2030 a request',
    paths: (() => {
      const days = randomDays(10, '2008-01-01', '2030-12-31');
      return Array.from({ length: SAMPLE_SIZE / 100 }, (_, at) => `${PREFIX}/dates?dates=${days.slice(at * 100, at * 100 + 100).map(isoDate).join(',')}`);
    })(),
    expectedStatus: 200,
  },
  {
    name: 'range-366-csv',
    description: 'GET /date-ranges as CSV (Accept: text/csv), the 366 days of 2024',
    paths: [`${PREFIX}/date-ranges?startDate=2024-01-01&endDate=2024-12-31`],
    headers: { accept: 'text/csv' },
    expectedStatus: 200,
  },
  {
    name: 'year-csv',
    description: 'GET /years/{year} as CSV (Accept: text/csv), the years 2008-2030',
    paths: Array.from({ length: 23 }, (_, at) => `${PREFIX}/years/${2008 + at}`),
    headers: { accept: 'text/csv' },
    expectedStatus: 200,
  },
  {
    name: 'calendar-feed',
    description: 'GET /calendar.ics?years=2026, one year of the iCalendar feed',
    paths: [`${PREFIX}/calendar.ics?years=2026`],
    expectedStatus: 200,
  },
  {
    name: 'problem-400',
    description: 'GET /dates/2024-02-30, an INVALID_DATE_FORMAT problem',
    paths: [`${PREFIX}/dates/2024-02-30`],
    expectedStatus: 400,
  },
];

/**
 * Valid requests that ask for more than the precomputed window (the published years and a few
 * after them): the distant future, up to 9999, which anyone may ask for. None may cost much more
 * than a single date (see BENCHMARKS.md, "No request starves the others").
 */
export const DISTANT_SCENARIOS: readonly Scenario[] = [
  {
    name: 'far-year-overview',
    description: 'GET /years/{year}, random years 2100-9998',
    paths: (() => {
      const next = random(5);
      return Array.from({ length: SAMPLE_SIZE }, () => `${PREFIX}/years/${2100 + Math.floor(next() * 7899)}`);
    })(),
    expectedStatus: 200,
  },
  {
    name: 'far-single-date',
    description: 'GET /dates/{date}, random dates 2100-9999',
    paths: randomDays(6, '2100-01-01', '9999-12-31').map((day) => `${PREFIX}/dates/${isoDate(day)}`),
    expectedStatus: 200,
  },
  {
    name: 'far-workdays-366',
    description: 'GET /workdays over 366 days, random starts 2100-9998',
    paths: randomDays(7, '2100-01-01', '9998-12-31').map((day) => `${PREFIX}/workdays?startDate=${isoDate(day)}&endDate=${isoDate(day + 365)}`),
    expectedStatus: 200,
  },
  {
    name: 'far-next-holiday',
    description: 'GET /next-holiday, random dates 2100-9999',
    paths: randomDays(8, '2100-01-01', '9999-12-31').map((day) => `${PREFIX}/next-holiday?fromDate=${isoDate(day)}`),
    expectedStatus: 200,
  },
  {
    name: 'far-workday-offset',
    description: 'GET /workday-offset, random dates 2100-9990 and days from -1000 to 1000',
    paths: (() => {
      const next = random(9);
      return randomDays(9, '2100-01-01', '9990-12-31').map((day) => `${PREFIX}/workday-offset?fromDate=${isoDate(day)}&days=${Math.floor(next() * 2001) - 1000}`);
    })(),
    expectedStatus: 200,
  },
];

/** The scenarios named in a comma-separated list (a run's --scenarios), in their order in `all`; every one without a list. */
export function namedScenarios(all: readonly Scenario[], list: string | undefined): readonly Scenario[] {
  const names = list?.split(',');
  return names === undefined ? all : all.filter((scenario) => names.includes(scenario.name));
}
