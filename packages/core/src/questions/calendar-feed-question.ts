import { InputProblem, quote, type ReceivedValues } from './input-problem.js';
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
  const lang = readLanguage(langValue);
  if (lang instanceof InputProblem) return lang;
  if (years === undefined) return { firstYear: undefined, lastYear: undefined, lang };
  const [firstYear, lastYear] = years;
  const early = checkSupportedYear('years', firstYear);
  if (early !== undefined) return early;
  if (lastYear < firstYear) return new InputProblem('INVALID_PARAMETER', `years ${firstYear}..${lastYear} ends before it starts.`);
  return { firstYear, lastYear, lang };
}

function readYears(value: unknown): readonly [number, number] | InputProblem {
  if (typeof value !== 'string') return new InputProblem('INVALID_PARAMETER', 'years is given more than once; give it exactly once.');
  const parts = value.split('..');
  const first = parts.length > 2 ? undefined : parseYear('years', parts[0]);
  const last = parts.length === 2 ? parseYear('years', parts[1]) : first;
  if (first === undefined || first instanceof InputProblem || last === undefined || last instanceof InputProblem) {
    return new InputProblem('INVALID_PARAMETER', `years must be a year such as 2026 or a range such as 2024..2027; got ${quote(value)}.`);
  }
  return [first, last];
}

/** `lang`: zh (the default) or en, given at most once. */
export function readLanguage(value: unknown): FeedLanguage | InputProblem {
  if (value === undefined) return 'zh';
  if (typeof value !== 'string') return new InputProblem('INVALID_PARAMETER', 'lang is given more than once; give it exactly once.');
  const lang = FEED_LANGUAGES.find((known) => known === value);
  return lang ?? new InputProblem('INVALID_PARAMETER', `lang must be zh or en; got ${quote(value)}.`);
}
