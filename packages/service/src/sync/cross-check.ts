import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { redactedUrl } from '../outbound/redacted-url.js';
import { arrangedDays, type ArrangedDay } from './arrangement-days.js';
import { FetchError, type Fetcher } from '../outbound/http-fetch.js';
import { excerptOf } from '../outbound/network-text.js';
import { parseUntrustedJson, UntrustedJsonError } from '../outbound/untrusted-json.js';

/** At most this many differing dates are named; the count says how many there are. */
const LISTED_DIFFERENCES = 10;

/**
 * A second, independent source for a year: a holiday-cn-style JSON year file,
 * `{"days":[{"date":"2027-01-01","isOffDay":true,…},…]}`, listing each day off and make-up
 * working day. Publishing needs both to agree on every date; otherwise the differences, each
 * date with both readings, are why the notice is held. An empty list means they agree.
 */
export async function crossCheckDifferences(fetcher: Fetcher, urlTemplate: string, file: ArrangementFile): Promise<string[]> {
  const url = urlTemplate.replaceAll('{year}', String(file.year));
  const theirs = readYearDays((await fetcher.getText(url, 'application/json')).text, url);
  const ours = arrangedDays(file);
  const dates = [...new Set([...ours.keys(), ...theirs.keys()])].sort();
  const differences = dates
    .filter((date) => ours.get(date) !== theirs.get(date))
    .map((date) => `${date}: the notice ${describe(ours.get(date))}, ${redactedUrl(url)} ${describe(theirs.get(date))}`);
  if (differences.length <= LISTED_DIFFERENCES) return differences;
  return [...differences.slice(0, LISTED_DIFFERENCES), `and ${differences.length - LISTED_DIFFERENCES} more dates`];
}

function describe(day: ArrangedDay | undefined): string {
  return day === 'rest' ? 'a day off' : day === 'work' ? 'a make-up working day' : 'nothing';
}

function readYearDays(text: string, url: string): Map<string, ArrangedDay> {
  let value: unknown;
  try {
    value = parseUntrustedJson(text);
  } catch (error) {
    if (!(error instanceof UntrustedJsonError)) throw error;
    throw new FetchError(url, `the cross-check source ${error.message}`);
  }
  const days = typeof value === 'object' && value !== null && 'days' in value ? value.days : undefined;
  if (!Array.isArray(days)) throw new FetchError(url, 'the cross-check source has no "days" list');
  const result = new Map<string, ArrangedDay>();
  for (const day of days as unknown[]) {
    if (typeof day !== 'object' || day === null || !('date' in day) || !('isOffDay' in day)) throw new FetchError(url, 'a day of the cross-check source lacks "date" or "isOffDay"');
    const { date, isOffDay } = day;
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || typeof isOffDay !== 'boolean') throw new FetchError(url, `a day of the cross-check source is malformed: ${excerptOf(JSON.stringify(day))}`);
    result.set(date, isOffDay ? 'rest' : 'work');
  }
  return result;
}
