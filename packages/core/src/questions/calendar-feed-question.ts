import { InputProblem, quote, repeatedParameter, type ReceivedValues } from './input-problem.js';
import { checkSupportedYear, parseYear } from './year-question.js';

export const FEED_LANGUAGES = ['zh', 'en'] as const;
export type FeedLanguage = (typeof FEED_LANGUAGES)[number];

/** Which years the calendar feed holds (undefined: every published year), and in which language. */
export interface CalendarFeedQuestion {
  readonly firstYear: number | undefined;
  readonly lastYear: number | undefined;
  readonly lang: FeedLanguage;
}

/**
 * Reads `years` (2026, or 2024..2027; optional) and `lang` (zh or en; optional), `values` in that
 * order: malformed values first (INVALID_PARAMETER), then years before 2008
 * (DATE_OUT_OF_SUPPORTED_RANGE), then a range that ends before it starts.
 */
export function readCalendarFeedQuestion(values: ReceivedValues): CalendarFeedQuestion | InputProblem {
  const [yearsValue, langValue] = values;
  const years = yearsValue === undefined ? undefined : readYears(yearsValue);
  if (years instanceof InputProblem) return years;
  const lang = readLanguageParameter(langValue);
  if (lang instanceof InputProblem) return lang;
  if (years === undefined) return { firstYear: undefined, lastYear: undefined, lang };
  const [firstYear, lastYear] = years;
  const early = checkSupportedYear('years', firstYear);
  if (early !== undefined) return early;
  if (lastYear < firstYear) return new InputProblem('INVALID_PARAMETER', `years ${firstYear}..${lastYear} ends before it starts.`);
  return { firstYear, lastYear, lang };
}

function readYears(value: unknown): readonly [number, number] | InputProblem {
  if (typeof value !== 'string') return repeatedParameter('years');
  const parts = value.split('..');
  const first = parts.length > 2 ? undefined : parseYear('years', parts[0]);
  const last = parts.length === 2 ? parseYear('years', parts[1]) : first;
  if (first === undefined || first instanceof InputProblem || last === undefined || last instanceof InputProblem) {
    return new InputProblem('INVALID_PARAMETER', `years must be a year such as 2026 or a range such as 2024..2027; got ${quote(value)}.`);
  }
  return [first, last];
}

/** `lang` as a query gives it (a text, or several when repeated): the feed's and the calendar page's. */
export function readLanguageParameter(value: unknown): FeedLanguage | InputProblem {
  return value === undefined || typeof value === 'string' ? readLanguage(value, (text) => quote(String(text))) : repeatedParameter('lang');
}

/**
 * `lang`: zh (the default) or en, for the feed, the calendar page and the library alike; `describe`
 * says what was given in the asker's terms (a query's text, or any JavaScript value).
 */
export function readLanguage(value: unknown, describe: (value: unknown) => string): FeedLanguage | InputProblem {
  if (value === undefined) return 'zh';
  const lang = FEED_LANGUAGES.find((known) => known === value);
  return lang ?? new InputProblem('INVALID_PARAMETER', `lang must be ${FEED_LANGUAGES.join(' or ')}; got ${describe(value)}.`);
}
