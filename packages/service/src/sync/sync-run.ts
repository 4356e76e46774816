import type { ArrangementFile, ArrangementNotice } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import type { DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import type { DataFolder, PublishOptions } from '../data-folder/data-folder.js';
import { afterPublication, publishedYearsIn, yearFileIn } from '../data-folder/folder-snapshot.js';
import { addressPolicyFor, hostOf, portOf } from '../outbound/address-policy.js';
import { changedDates } from './arrangement-days.js';
import { crossCheckDifferences } from './cross-check.js';
import { GOV_CN } from '../settings/gov-cn-site.js';
import { govCnSource } from './sources/gov-cn/source.js';
import type { ImportProblem } from '../importer/import-error.js';
import { redactedUrl } from '../outbound/redacted-url.js';
import { createFetcher, DEFAULT_FETCH_LIMITS, type Fetcher, type FetchLimits } from '../outbound/http-fetch.js';
import { ImporterThread, type NoticeYear } from './importer-thread.js';
import { compactTitle, excerptOf } from '../outbound/network-text.js';
import type { NoticeCandidate, NoticeRead, NoticeSource } from './sources/notice-source.js';
import { papersSource } from './sources/papers-source.js';
import { successionProblem } from './succession.js';
import type { SyncSettings } from '../settings/sync-settings.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

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
  /** The data folder the run publishes into. */
  readonly folder: DataFolder;
  readonly settings: Pick<SyncSettings, 'searchUrl' | 'crossCheckUrl' | 'papersUrl' | 'userAgent' | 'runTimeoutSeconds'>;
  readonly currentYear: number;
  /** Finding ids a person accepts after reading the notice (sync --accept). */
  readonly accept?: readonly string[];
  readonly limits?: FetchLimits;
  /** How the manifest is written (signed when the writer has a key). */
  readonly publishing?: PublishOptions;
  /** The time the importer may take for one notice (see importer-thread.ts). */
  readonly importerBudgetMs?: number;
}

/** The longest title sync gives the importer: the longest notice title is 40 characters. */
const MAX_TITLE_CHARACTERS = 200;

/** What every year of a run shares. */
interface Run {
  readonly input: SyncRunInput;
  /** Where notices are found: gov.cn's search, and the papers list when configured. */
  readonly sources: readonly NoticeSource[];
  readonly fetcher: Fetcher;
  readonly importer: ImporterThread;
  /** The newest notice the data holds, which every source must still find. */
  readonly canary: Canary | undefined;
  /** The data folder as the run knows it: read once at its start, and as its own publications left it. */
  snapshot: DirectorySnapshot;
}

/**
 * The newest notice the data holds (today 2026's annual notice). A source that still answers but
 * no longer lists it has changed (a new interface, a firewall, a renamed field), and would report
 * "nothing new" forever: the run fails that year instead, so that the change is seen.
 */
interface Canary {
  readonly year: number;
  readonly title: string;
  readonly urls: readonly string[];
}

/**
 * One sync run: for each year that may have news (the years after the last published one, up to
 * the year after the current one, and every published year from the current one on, which an
 * amending notice may still change), find the source's new notices, read each one's page, run
 * its text through the importer with every check it makes, optionally cross-check the result,
 * and publish it (year file, then manifest). A year whose notice the whole-year rules question is
 * held; a year that fails anywhere writes nothing. Years are independent: one failing does not
 * stop the others.
 */
export async function runSync(input: SyncRunInput): Promise<SyncReport> {
  const templates = [input.settings.crossCheckUrl, input.settings.papersUrl].filter((url) => url !== undefined);
  const configured = [input.settings.searchUrl, ...templates.map((url) => url.replaceAll('{year}', '2000'))];
  const deadline = AbortSignal.timeout(input.settings.runTimeoutSeconds * 1000);
  // A function, not the property: the compiler would take it for constant across the awaits.
  const late = (): boolean => deadline.aborted;
  const fetcher = createFetcher(addressPolicyFor(configured, GOV_CN), input.limits ?? DEFAULT_FETCH_LIMITS, { signal: deadline, ...(input.settings.userAgent === undefined ? {} : { userAgent: input.settings.userAgent }) });
  const importer = new ImporterThread(input.importerBudgetMs);
  // The folder is read once: every year's file, the years to check and the canary come from this read.
  const snapshot = await input.folder.snapshot();
  const canary = canaryOf(snapshot, input.folder);
  const run: Run = { input, sources: sourcesOf(input.settings, fetcher), fetcher, importer, canary, snapshot };
  const stopImporter = (): void => void importer.close();
  deadline.addEventListener('abort', stopImporter);
  try {
    const outcomes: YearOutcome[] = [];
    const ended = `the run passed SYNC_RUN_TIMEOUT_SECONDS (${input.settings.runTimeoutSeconds} s) and was ended`;
    const years = [...new Set([...(canary === undefined ? [] : [canary.year]), ...yearsToCheck(publishedYearsIn(snapshot), input.currentYear)])].sort((a, b) => a - b);
    for (const year of years) {
      if (late()) {
        outcomes.push(outcomeOf(year, 'failed', `${ended} before this year was checked`));
        continue;
      }
      const outcome = await syncYear(year, run);
      outcomes.push(late() && outcome.outcome === 'failed' ? { ...outcome, detail: `${ended}: ${outcome.detail}` } : outcome);
    }
    const published = outcomes.some((outcome) => outcome.outcome === 'published' || outcome.outcome === 'amended');
    const datasetVersion = published ? assembleDataset(run.snapshot).version : undefined;
    return { outcomes, datasetVersion, requests: fetcher.requests };
  } finally {
    deadline.removeEventListener('abort', stopImporter);
    await Promise.all([fetcher.close(), importer.close()]);
  }
}

/** The years a run looks at: new ones from the year after the last published (at most back to last year) to next year; published ones from this year on. */
function yearsToCheck(published: readonly number[], currentYear: number): number[] {
  const last = Math.max(0, ...published);
  const years = new Set<number>(published.filter((year) => year >= currentYear));
  for (let year = Math.max(last + 1, currentYear - 1); year <= currentYear + 1; year += 1) years.add(year);
  return [...years].sort((a, b) => a - b);
}

/**
 * gov.cn's search, and with SYNC_PAPERS_URL the papers list, whose addresses are kept only where
 * gov.cn, or the search's mirror, serves pages, and read as the search's hits are.
 */
function sourcesOf(settings: SyncRunInput['settings'], fetcher: Fetcher): NoticeSource[] {
  const search = govCnSource(fetcher, settings.searchUrl);
  if (settings.papersUrl === undefined) return [search];
  const mirror = new URL(settings.searchUrl).origin;
  const keeps = (url: URL): boolean => url.origin === mirror || GOV_CN.servesPages(hostOf(url.href), portOf(url));
  return [search, papersSource(fetcher, settings.papersUrl, keeps, (candidate) => search.readNotice(candidate))];
}

/** The newest notice of the newest published year, if the data has one. */
function canaryOf(snapshot: DirectorySnapshot, folder: DataFolder): Canary | undefined {
  const year = Math.max(...publishedYearsIn(snapshot));
  if (!Number.isFinite(year)) return undefined;
  const read = yearFileIn(snapshot, year, (name) => folder.nameOf(name));
  if (read.state !== 'valid') return undefined;
  const newest = read.file.notices.reduce<ArrangementNotice | undefined>((latest, notice) => (latest === undefined || notice.publishedDate >= latest.publishedDate ? notice : latest), undefined);
  return newest === undefined ? undefined : { year, title: newest.title, urls: [newest.sourceUrl, ...newest.otherUrls] };
}

/** One year of a run, step by step; a step that ends the year early throws its outcome. */
async function syncYear(year: number, run: Run): Promise<YearOutcome> {
  try {
    const existing = publishedFile(year, run);
    const candidates = await newNotices(year, existing, run);
    const { file, notices } = await importNotices(year, candidates, existing, run);
    await crossCheck(year, file, notices, run);
    return await publish(year, existing, file, notices, run);
  } catch (error) {
    if (error instanceof YearEnded) return error.outcome;
    throw error;
  }
}

/** The year's file as the data directory has it (undefined: unpublished). */
function publishedFile(year: number, run: Run): ArrangementFile | undefined {
  const read = yearFileIn(run.snapshot, year, (name) => run.input.folder.nameOf(name));
  if (read.state === 'invalid') end(year, 'failed', `the year's file in the data directory is refused, so nothing is applied to it: ${read.reason}`);
  return read.state === 'valid' ? read.file : undefined;
}

interface Candidate {
  readonly notice: NoticeCandidate;
  readonly source: NoticeSource;
  readonly kind: NonNullable<NoticeYear>['kind'];
  /** The page, when it had to be read to learn the title (a papers list gives none). */
  readonly read?: NoticeRead;
}

/** A notice a source listed, and the source that listed it. */
interface Listed {
  readonly notice: NoticeCandidate;
  readonly source: NoticeSource;
  readonly read?: NoticeRead;
}

/**
 * The notices the sources list for the year that the data does not have yet: matched by title
 * through the importer's own reading of titles (never by a guess), an annual notice only for a
 * year not yet published, and a notice whose title or address the year's file already records
 * skipped. A listed address without a title is read first, to learn it. gov.cn lists a notice
 * under two addresses (its two templates): one per title. Annual first, then by date. Nothing
 * new ends the year; so does a source that no longer lists the newest notice the data holds.
 */
async function newNotices(year: number, existing: ArrangementFile | undefined, run: Run): Promise<Candidate[]> {
  const { listed, failures } = await listEverywhere(year, run);
  const knownUrls = new Set((existing?.notices ?? []).flatMap((notice) => [notice.sourceUrl, ...notice.otherUrls]));
  const unknown = listed.filter((entry) => !knownUrls.has(entry.notice.url));
  const titled: Listed[] = [];
  for (const entry of unknown) {
    if (entry.notice.title !== '') titled.push(entry);
    else {
      try {
        titled.push({ ...entry, read: await entry.source.readNotice(entry.notice) });
      } catch (error) {
        end(year, 'failed', messageOf(error));
      }
    }
  }
  const titleOf = (entry: Listed): string => entry.read?.title ?? entry.notice.title;
  const readable = titled.filter((entry) => titleOf(entry).length <= MAX_TITLE_CHARACTERS);
  let kinds: readonly NoticeYear[];
  try {
    kinds = await run.importer.classify(readable.map(titleOf), run.input.currentYear);
  } catch (error) {
    end(year, 'failed', `reading the search's titles failed: ${messageOf(error)}`);
  }
  const known = new Set((existing?.notices ?? []).map((notice) => notice.title));
  const byTitle = new Map<string, Candidate>();
  for (const [index, entry] of readable.entries()) {
    const target = kinds[index];
    const title = titleOf(entry);
    if (target === undefined || target === null || target.year !== year || known.has(title) || byTitle.has(title)) continue;
    if (target.kind === 'annual' && existing !== undefined) continue;
    byTitle.set(title, { ...entry, kind: target.kind });
  }
  const candidates = [...byTitle.values()].sort(
    (a, b) =>
      Number(b.kind === 'annual') - Number(a.kind === 'annual') ||
      (a.notice.publishedDate ?? '').localeCompare(b.notice.publishedDate ?? '') ||
      a.notice.url.localeCompare(b.notice.url),
  );
  const nothingNew = candidates.length === 0 || (existing === undefined && candidates[0]?.kind !== 'annual');
  if (nothingNew && failures.length > 0) end(year, 'failed', failures.join('; '));
  if (nothingNew) end(year, 'nothing-new', existing === undefined ? 'no annual notice yet' : 'no notice after the ones published');
  return candidates;
}

/**
 * What every source lists for the year, each address once (the first source's), and why a source
 * failed. A source that fails is passed over while another answers (the search down, the papers
 * list up); one that answers without the canary fails the year at once.
 */
async function listEverywhere(year: number, run: Run): Promise<{ listed: Listed[]; failures: string[] }> {
  const listed = new Map<string, Listed>();
  const failures: string[] = [];
  for (const source of run.sources) {
    let found: readonly NoticeCandidate[];
    try {
      found = await source.findNotices(year);
    } catch (error) {
      failures.push(`${source === run.sources[0] ? 'search' : source.name} failed: ${messageOf(error)}`);
      continue;
    }
    const canary = run.canary;
    if (canary?.year === year && !found.some((notice) => canary.urls.includes(notice.url) || compactTitle(notice.title) === compactTitle(canary.title))) {
      end(year, 'failed', `${source.name} no longer finds ${canary.title}, a notice the data holds: the source has changed (a new interface, a firewall, a renamed field?)`);
    }
    for (const notice of found) if (!listed.has(notice.url)) listed.set(notice.url, { notice, source });
  }
  return { listed: [...listed.values()], failures };
}

/**
 * Each candidate's page read and its text imported onto the year's file, in order: the year as
 * the notices leave it, and the notices as the importer read them. A page that cannot be read, a
 * notice the importer refuses or a year it would not succeed fails the year; a notice the
 * whole-year rules question holds it.
 */
async function importNotices(year: number, candidates: readonly Candidate[], existing: ArrangementFile | undefined, run: Run): Promise<{ file: ArrangementFile; notices: NoticeReference[] }> {
  let file = existing;
  const notices: NoticeReference[] = [];
  for (const candidate of candidates) {
    let read: NoticeRead;
    try {
      read = candidate.read ?? (await candidate.source.readNotice(candidate.notice));
    } catch (error) {
      end(year, 'failed', messageOf(error), { notices });
    }
    const reference = { title: read.title, documentNumber: null, url: read.url };
    const shownUrl = redactedUrl(read.url);
    let imported;
    try {
      imported = await run.importer.import(read.text, file, { currentYear: run.input.currentYear, accept: run.input.accept ?? [] });
    } catch (error) {
      end(year, 'failed', `${shownUrl}: ${messageOf(error)}`, { notices: [...notices, reference] });
    }
    if (!imported.ok) {
      const findings = imported.problems.flatMap((problem) => (problem.finding === undefined ? [] : [problem.finding]));
      if (findings.length === imported.problems.length) {
        end(year, 'held', `held for review: ${read.title} (${shownUrl}) departs from what every notice so far has done: ${findings.map((finding) => `${finding.id}: ${finding.reason}`).join('; ')}`, {
          notices: [...notices, reference],
          findings,
        });
      }
      end(year, 'failed', `${shownUrl}: the importer refused the notice: ${refusalSummary(imported.problems)}`, { notices: [...notices, reference] });
    }
    const refused = successionProblem(year, file, imported.file);
    if (refused !== undefined) end(year, 'failed', `${shownUrl}: ${refused}; not applied`, { notices: [...notices, reference] });
    file = imported.file;
    const recorded = file.notices[file.notices.length - 1];
    notices.push({ title: recorded?.title ?? read.title, documentNumber: recorded?.documentNumber ?? null, url: read.url });
  }
  if (file === undefined) end(year, 'nothing-new', 'no annual notice yet');
  return { file, notices };
}

/** With SYNC_CROSS_CHECK_URL, the second source must agree on every date, or the year is held. */
async function crossCheck(year: number, file: ArrangementFile, notices: readonly NoticeReference[], run: Run): Promise<void> {
  const url = run.input.settings.crossCheckUrl;
  if (url === undefined) return;
  let differences: string[];
  try {
    differences = await crossCheckDifferences(run.fetcher, url, file);
  } catch (error) {
    end(year, 'failed', `cross-check failed: ${messageOf(error)}`, { notices });
  }
  if (differences.length > 0) end(year, 'held', `held for review: the notice and the cross-check source differ on ${differences.join('; ')}`, { notices, differences });
}

/** The year file, then the manifest, written; the year published or amended, or nothing new if the directory had it. */
async function publish(year: number, existing: ArrangementFile | undefined, file: ArrangementFile, notices: readonly NoticeReference[], run: Run): Promise<YearOutcome> {
  try {
    const { changed, written } = await run.input.folder.publishYear(file, run.input.publishing);
    if (written !== undefined) run.snapshot = afterPublication(run.snapshot, written);
    if (!changed) return outcomeOf(year, 'nothing-new', 'the data directory has this arrangement already', { notices });
  } catch (error) {
    return outcomeOf(year, 'failed', `cannot publish: ${messageOf(error)}`, { notices });
  }
  const dates = changedDates(existing, file);
  const names = notices.map((notice) => `${notice.title} (${notice.documentNumber ?? '文号不详'}, ${redactedUrl(notice.url)})`).join(', ');
  return existing === undefined
    ? outcomeOf(year, 'published', `published from ${names}`, { notices, changedDates: dates })
    : outcomeOf(year, 'amended', `amended by ${names}: ${dates.length} dates changed`, { notices, changedDates: dates });
}

function outcomeOf(year: number, outcome: YearOutcomeKind, detail: string, extra: Partial<YearOutcome> = {}): YearOutcome {
  return { year, outcome, detail, notices: [], findings: [], differences: [], changedDates: [], ...extra };
}

/** A step's early end of its year, with the year's outcome. */
class YearEnded extends Error {
  constructor(readonly outcome: YearOutcome) {
    super(outcome.detail);
  }
}

function end(year: number, outcome: YearOutcomeKind, detail: string, extra: Partial<YearOutcome> = {}): never {
  throw new YearEnded(outcomeOf(year, outcome, detail, extra));
}

/**
 * Why the importer refused a notice, as a run reports it: the first problem, its quote a short
 * excerpt (the whole refusal is the `import` command's, for a person reading the notice).
 */
function refusalSummary(problems: readonly ImportProblem[]): string {
  const [first] = problems;
  if (first === undefined) return 'no reason given';
  const where = first.firstLine === first.lastLine ? `line ${first.firstLine}` : `lines ${first.firstLine}-${first.lastLine}`;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  return `${where}: ${excerptOf(first.reason, 100)}: ${excerptOf(first.quote)}${more}`;
}

