import type { DayNumber } from '../calendar/civil-date.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import type { ArrangementFile, Manifest } from './data-file-types.js';
import type { DataProblem } from './data-problem.js';
import type { Dataset } from './dataset.js';
import { datasetVersionOf } from './dataset-version.js';
import { datesOf, finalEntries, restDaysOf } from './entry-dates.js';
import { MANIFEST_FILE_NAME, type DirectorySnapshot, type RawFile } from './read-data-directory.js';
import { validateArrangementFile } from './validate-arrangement.js';
import { dataFileJson } from './data-file-json.js';
import { readManifest } from './read-manifest.js';
import { digestHex, sha256Hex } from './file-digest.js';

/**
 * Turns one read of the data directory into a dataset, keeping the last known good copy of every
 * year: a file that is missing, unreadable or invalid never replaces a good copy from `previous`.
 * A year is published when the manifest lists it, when its file is valid, or when it was
 * published before; a published year without any good copy is unavailable.
 */
export function assembleDataset(snapshot: DirectorySnapshot, previous?: Dataset): Dataset {
  const problems: DataProblem[] = [];
  const published = new Set<number>(previous?.publishedYears ?? []);
  const manifest = manifestOf(snapshot.manifest, problems);
  // Without a readable manifest, every year with a file counts as published: a broken file then
  // answers 503 rather than a silent UNKNOWN.
  for (const year of manifest?.publishedYears ?? snapshot.yearFiles.map((file) => file.year)) published.add(year);

  const fresh = new Map<number, ArrangementFile>();
  const sourceDigests = new Map(previous?.sourceDigests ?? []);
  for (const yearFile of snapshot.yearFiles) {
    const digest = 'text' in yearFile ? sha256Hex(yearFile.text) : undefined;
    const file = unchangedArrangement(yearFile.year, digest, previous) ?? parseArrangement(yearFile, problems);
    if (file === undefined || !matchesDigest(yearFile.fileName, digest, manifest?.files, problems)) continue;
    fresh.set(yearFile.year, file);
    if (digest !== undefined) sourceDigests.set(yearFile.year, digest);
  }
  const arrangements = new Map(previous?.arrangements ?? []);
  for (const [year, file] of fresh) arrangements.set(year, file);
  for (const problem of refuseCrossYearClashes(fresh, arrangements, previous)) problems.push(problem);
  for (const year of fresh.keys()) {
    // A refused file leaves the digest of the copy kept instead (or none).
    if (arrangements.get(year) === fresh.get(year)) continue;
    const keptDigest = previous?.sourceDigests.get(year);
    if (keptDigest === undefined) sourceDigests.delete(year);
    else sourceDigests.set(year, keptDigest);
  }
  for (const year of arrangements.keys()) published.add(year);

  const publishedYears = [...published].sort((a, b) => a - b);
  const unavailableYears = publishedYears.filter((year) => !arrangements.has(year));
  for (const year of unavailableYears) {
    if (!snapshot.yearFiles.some((file) => file.year === year)) {
      problems.push({ file: `${year}.json`, field: '(file)', reason: 'the year is published but its file is missing' });
    }
  }
  const sorted = new Map([...arrangements].sort(([a], [b]) => a - b));
  const manifestSeen = snapshot.manifest !== undefined || previous?.manifestSeen === true;
  return {
    version: datasetVersionOf(sorted, unavailableYears),
    arrangements: sorted,
    sourceDigests,
    publishedYears,
    unavailableYears,
    problems,
    missingFiles: missingFiles(snapshot, sorted, manifestSeen),
    manifestSeen,
    // A read without a manifest keeps the seal of the one read before, as it keeps its years.
    seal: snapshot.manifest === undefined && previous !== undefined ? previous.seal : { sequence: manifest?.sequence, expires: manifest?.expires },
  };
}

/**
 * What was loaded but is gone from the directory: a kept year's file, or the manifest. (A
 * published year with no copy at all is an unavailable year and a data problem instead.)
 */
function missingFiles(snapshot: DirectorySnapshot, arrangements: ReadonlyMap<number, ArrangementFile>, manifestSeen: boolean): string[] {
  const present = new Set(snapshot.yearFiles.map((file) => file.year));
  const years = [...arrangements.keys()].filter((year) => !present.has(year)).map((year) => `${year}.json`);
  return manifestSeen && snapshot.manifest === undefined ? [...years, MANIFEST_FILE_NAME] : years;
}

/**
 * The manifest's published years, year-file digests and seal: none when there is no manifest,
 * undefined when there is one but it cannot be used.
 */
function manifestOf(file: RawFile | undefined, problems: DataProblem[]): Pick<Manifest, 'publishedYears' | 'files' | 'sequence' | 'expires'> | undefined {
  if (file === undefined) return { publishedYears: [] };
  const reading = readManifest(file);
  if (reading.ok) return reading.manifest;
  problems.push(...reading.problems);
  return undefined;
}

/**
 * Whether a year file is the one the manifest lists, byte for byte, when the manifest lists a
 * digest for it. Checked once the file has passed every other check, so that the problem named
 * for a file edited by mistake is the mistake, not the stale digest.
 */
function matchesDigest(fileName: string, actual: string | undefined, digests: Readonly<Record<string, string>> | undefined, problems: DataProblem[]): boolean {
  const listed = digests?.[fileName];
  if (listed === undefined || actual === undefined) return true;
  if (actual === digestHex(listed)) return true;
  problems.push({
    file: fileName,
    field: '(digest)',
    reason: `its SHA-256 digest is ${actual.slice(0, 16)}…, not the ${listed.slice(0, 23)}… ${MANIFEST_FILE_NAME} lists: it is not the file the manifest publishes`,
  });
  return false;
}

/** The arrangement previously validated from a text of exactly this SHA-256 digest, if any. */
function unchangedArrangement(year: number, digest: string | undefined, previous: Dataset | undefined): ArrangementFile | undefined {
  if (previous === undefined || digest === undefined || previous.sourceDigests.get(year) !== digest) return undefined;
  return previous.arrangements.get(year);
}

function parseArrangement(yearFile: RawFile, problems: DataProblem[]): ArrangementFile | undefined {
  const json = dataFileJson(yearFile);
  if (!json.ok) {
    problems.push(json.problem);
    return undefined;
  }
  const validation = validateArrangementFile(json.value, yearFile.fileName);
  if (!validation.ok) {
    for (const problem of validation.problems) problems.push(problem);
    return undefined;
  }
  return validation.file;
}

/**
 * A notice may name days of the previous December; such a day must not also be named by the
 * previous year's own notice. A newly read file that clashes with a neighbour in force is
 * refused (the later year's file when both are new) and its last good copy, if any, is kept.
 */
function refuseCrossYearClashes(
  fresh: ReadonlyMap<number, ArrangementFile>,
  arrangements: Map<number, ArrangementFile>,
  previous: Dataset | undefined,
): DataProblem[] {
  const problems: DataProblem[] = [];
  for (const year of [...fresh.keys()].sort((a, b) => a - b)) {
    const file = arrangements.get(year);
    if (file === undefined || file !== fresh.get(year)) continue;
    const earlier = arrangements.get(year - 1);
    const later = arrangements.get(year + 1);
    const clash = earlier !== undefined ? clashingDays(earlier, file) : [];
    const laterKept = later !== undefined && later !== fresh.get(year + 1) ? clashingDays(file, later) : [];
    if (clash.length === 0 && laterKept.length === 0) continue;
    problems.push({
      file: `${year}.json`,
      field: 'entries',
      reason: [
        clash.length > 0 ? `${clash.map(formatIsoDate).join(', ')} also named by ${year - 1}.json` : '',
        laterKept.length > 0 ? `${laterKept.map(formatIsoDate).join(', ')} also named by ${year + 1}.json` : '',
      ]
        .filter((part) => part !== '')
        .join('; '),
    });
    const kept = previous?.arrangements.get(year);
    if (kept === undefined) arrangements.delete(year);
    else arrangements.set(year, kept);
  }
  return problems;
}

/** The days named both by `earlier`'s notice and by `later`'s reach into the previous December. */
function clashingDays(earlier: ArrangementFile, later: ArrangementFile): DayNumber[] {
  const namedEarlier = new Set(namedDays(earlier));
  return namedDays(later).filter((day) => namedEarlier.has(day));
}

function namedDays(file: ArrangementFile): DayNumber[] {
  return finalEntries(file.entries).flatMap((entry) => [...restDaysOf(entry), ...datesOf(entry.work)]);
}
