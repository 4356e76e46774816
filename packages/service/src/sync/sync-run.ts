import { acceptanceHint } from '@china-holiday-calendar/core/dataset/accepted-findings.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/arrangement-schema.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { publishedYearsOf, publishYear, readYearFile, type PublishOptions } from '../publishing/publish-year.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { ImportError, importNotice, noticeYearOf } from '../importer/import-notice.js';
import { addressPolicyFor } from './address-policy.js';
import { changedDates } from './arrangement-days.js';
import { crossCheckDifferences } from './cross-check.js';
import { searchYear, type SearchHit } from './gov-search.js';
import { createFetcher, DEFAULT_FETCH_LIMITS, FetchError, type Fetcher, type FetchLimits } from './http-fetch.js';
import { noticeTextOf, readNoticePage } from './notice-page.js';
import type { SyncSettings } from './sync-settings.js';

export const YEAR_OUTCOMES = ['published', 'amended', 'nothing-new', 'held', 'failed'] as const;
export type YearOutcomeKind = (typeof YEAR_OUTCOMES)[number];

export interface NoticeReference {
  readonly title: string;
  readonly documentNumber: string | null;
  readonly url: string;
}

export interface HeldFinding {
  readonly id: string;
  readonly reason: string;
}

/** What one run did for one year. */
export interface YearOutcome {
  readonly year: number;
  readonly outcome: YearOutcomeKind;
  /** One line a person can act on: what was published, why it is held, why it failed. */
  readonly detail: string;
  /** The notices this run read for the year (published, amending, or held). */
  readonly notices: readonly NoticeReference[];
  /** Held: the whole-year rule findings a person may accept (empty when held by the cross-check). */
  readonly findings: readonly HeldFinding[];
  /** Held by the cross-check: where the two sources differ. */
  readonly differences: readonly string[];
  /** Published or amended: the dates whose arrangement changed. */
  readonly changedDates: readonly string[];
}

export interface SyncReport {
  readonly outcomes: readonly YearOutcome[];
  /** The data directory's dataset version after the run, when it published anything. */
  readonly datasetVersion: string | undefined;
  readonly requests: number;
}

export interface SyncRunInput {
  readonly dataDir: string;
  readonly settings: Pick<SyncSettings, 'searchUrl' | 'crossCheckUrl'>;
  readonly currentYear: number;
  /** Finding ids a person accepts after reading the notice (sync --accept). */
  readonly accept?: readonly string[];
  readonly limits?: FetchLimits;
  /** How the manifest is written (signed when the writer has a key). */
  readonly publishing?: PublishOptions;
}

/**
 * One sync run: for each year that may have news (the years after the last published one, up to
 * the year after the current one, and every published year from the current one on, which an
 * amending notice may still change), search gov.cn, read each new notice's page, run its text
 * through the importer with every check it makes, optionally cross-check the result, and publish
 * it (year file, then manifest). A year whose notice the whole-year rules question is held; a
 * year that fails anywhere writes nothing. Years are independent: one failing does not stop the
 * others.
 */
export async function runSync(input: SyncRunInput): Promise<SyncReport> {
  const configured = [input.settings.searchUrl, ...(input.settings.crossCheckUrl === undefined ? [] : [input.settings.crossCheckUrl.replaceAll('{year}', '2000')])];
  const fetcher = createFetcher(addressPolicyFor(configured), input.limits ?? DEFAULT_FETCH_LIMITS);
  try {
    const outcomes: YearOutcome[] = [];
    for (const year of await yearsToCheck(input.dataDir, input.currentYear)) {
      outcomes.push(await syncYear(year, input, fetcher));
    }
    const published = outcomes.some((outcome) => outcome.outcome === 'published' || outcome.outcome === 'amended');
    const datasetVersion = published ? assembleDataset(await readDataDirectory(input.dataDir)).version : undefined;
    return { outcomes, datasetVersion, requests: fetcher.requests };
  } finally {
    await fetcher.close();
  }
}

/** The years a run looks at: new ones from the year after the last published (at most back to last year) to next year; published ones from this year on. */
export async function yearsToCheck(dataDir: string, currentYear: number): Promise<number[]> {
  const published = await publishedYearsOf(dataDir);
  const last = Math.max(0, ...published);
  const years = new Set<number>(published.filter((year) => year >= currentYear));
  for (let year = Math.max(last + 1, currentYear - 1); year <= currentYear + 1; year += 1) years.add(year);
  return [...years].sort((a, b) => a - b);
}

interface Candidate {
  readonly hit: SearchHit;
  readonly kind: 'annual' | 'special' | 'amending';
}

async function syncYear(year: number, input: SyncRunInput, fetcher: Fetcher): Promise<YearOutcome> {
  const outcome = (kind: YearOutcomeKind, detail: string, extra: Partial<YearOutcome> = {}): YearOutcome => ({
    year,
    outcome: kind,
    detail,
    notices: [],
    findings: [],
    differences: [],
    changedDates: [],
    ...extra,
  });
  const read = await readYearFile(input.dataDir, year);
  if (read.state === 'invalid') return outcome('failed', `the year's file in the data directory is refused, so nothing is applied to it: ${read.reason}`);
  const existing = read.state === 'valid' ? read.file : undefined;
  let candidates: Candidate[];
  try {
    candidates = newNotices(await searchYear(fetcher, input.settings.searchUrl, year), year, existing, input.currentYear);
  } catch (error) {
    return outcome('failed', `search failed: ${messageOf(error)}`);
  }
  if (candidates.length === 0 || (existing === undefined && candidates[0]?.kind !== 'annual')) {
    return outcome('nothing-new', existing === undefined ? 'no annual notice yet' : 'no notice after the ones published');
  }
  let file = existing;
  const notices: NoticeReference[] = [];
  for (const { hit } of candidates) {
    let text: string;
    let url: string;
    try {
      const page = await fetcher.getText(hit.url, 'text/html');
      url = page.url;
      text = noticeTextOf(readNoticePage(page.text), url, hit.title, hit.publishedDate);
    } catch (error) {
      return outcome('failed', messageOf(error), { notices });
    }
    const reference = { title: hit.title, documentNumber: null, url };
    try {
      file = importNotice(text, file, { currentYear: input.currentYear, accept: input.accept ?? [] });
      notices.push({ ...reference, documentNumber: file.notices[file.notices.length - 1]?.documentNumber ?? null });
    } catch (error) {
      if (!(error instanceof ImportError)) return outcome('failed', `${url}: the importer failed (${messageOf(error)})`, { notices: [...notices, reference] });
      // The importer's reason ends with how to accept the finding; sync says that its own way.
      const findings = error.problems.flatMap((problem) =>
        problem.finding === undefined ? [] : [{ id: problem.finding, reason: problem.reason.replace(` (${acceptanceHint({ id: problem.finding })})`, '') }],
      );
      if (findings.length === error.problems.length) {
        return outcome('held', `held for review: ${hit.title} (${url}) departs from what every notice so far has done: ${findings.map((finding) => `${finding.id}: ${finding.reason}`).join('; ')}`, {
          notices: [...notices, reference],
          findings,
        });
      }
      return outcome('failed', `${url}: the importer refused the notice: ${error.message.replaceAll('\n', '; ')}`, { notices: [...notices, reference] });
    }
  }
  if (file === undefined) return outcome('nothing-new', 'no annual notice yet');
  if (input.settings.crossCheckUrl !== undefined) {
    let differences: string[];
    try {
      differences = await crossCheckDifferences(fetcher, input.settings.crossCheckUrl, file);
    } catch (error) {
      return outcome('failed', `cross-check failed: ${messageOf(error)}`, { notices });
    }
    if (differences.length > 0) {
      return outcome('held', `held for review: the notice and the cross-check source differ on ${differences.join('; ')}`, { notices, differences });
    }
  }
  try {
    const { changed } = await publishYear(input.dataDir, file, input.publishing);
    if (!changed) return outcome('nothing-new', 'the data directory has this arrangement already', { notices });
  } catch (error) {
    return outcome('failed', `cannot publish: ${messageOf(error)}`, { notices });
  }
  const dates = changedDates(existing, file);
  const names = notices.map((notice) => `${notice.title} (${notice.documentNumber ?? '文号不详'}, ${notice.url})`).join(', ');
  return existing === undefined
    ? outcome('published', `published from ${names}`, { notices, changedDates: dates })
    : outcome('amended', `amended by ${names}: ${dates.length} dates changed`, { notices, changedDates: dates });
}

/**
 * The hits that are notices for `year` the data does not have yet: matched by title through the
 * importer's own reading of titles (never by a guess), an annual notice only for a year not yet
 * published, and a notice whose title the year's file already records skipped. gov.cn lists a
 * notice under two addresses (its two templates): one per title. Annual first, then by date.
 */
function newNotices(hits: readonly SearchHit[], year: number, existing: ArrangementFile | undefined, currentYear: number): Candidate[] {
  const known = new Set((existing?.notices ?? []).map((notice) => notice.title));
  const byTitle = new Map<string, Candidate>();
  for (const hit of hits) {
    let target: ReturnType<typeof noticeYearOf>;
    try {
      target = noticeYearOf(hit.title, { currentYear });
    } catch {
      continue;
    }
    if (target.year !== year || known.has(hit.title) || byTitle.has(hit.title)) continue;
    if (target.kind === 'annual' && existing !== undefined) continue;
    byTitle.set(hit.title, { hit, kind: target.kind });
  }
  return [...byTitle.values()].sort(
    (a, b) => Number(b.kind === 'annual') - Number(a.kind === 'annual') || (a.hit.publishedDate ?? '').localeCompare(b.hit.publishedDate ?? '') || a.hit.url.localeCompare(b.hit.url),
  );
}

function messageOf(error: unknown): string {
  return error instanceof FetchError || error instanceof Error ? error.message : String(error);
}
