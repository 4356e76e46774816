import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import type { DatasetFiles } from '@china-holiday-calendar/core/dataset/data-source.js';
import { MANIFEST_FILE_NAME, SIGNATURE_FILE_NAME, type DirectorySnapshot, type YearFile } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';
import { manifestOf } from './manifest.js';
import { yearFileName } from './year-file-name.js';

/**
 * What a task learns from one snapshot of a data folder (DataFolder.snapshot()): the published
 * years, a year's file. A task that reads the folder once works from these, and from
 * afterPublication() once it has written.
 */

/** A year's file as a snapshot holds it: absent, readable and valid, or why not. */
export type YearFileReading = { readonly state: 'absent' } | { readonly state: 'valid'; readonly file: ArrangementFile } | { readonly state: 'invalid'; readonly reason: string };

/** The years the snapshot's manifest publishes (none when it has no manifest). */
export function publishedYearsIn(snapshot: DirectorySnapshot): readonly number[] {
  return manifestOf(snapshot)?.publishedYears ?? [];
}

/** The year's file in the snapshot; `nameOf` names it in a refusal (DataFolder.nameOf). */
export function yearFileIn(snapshot: DirectorySnapshot, year: number, nameOf: (fileName: string) => string): YearFileReading {
  const name = yearFileName(year);
  const read = snapshot.yearFiles.find((file) => file.fileName === name);
  if (read === undefined) return { state: 'absent' };
  if ('error' in read) return { state: 'invalid', reason: `${nameOf(name)} cannot be read (${read.error})` };
  let raw: unknown;
  try {
    raw = JSON.parse(read.text) as unknown;
  } catch (error) {
    return { state: 'invalid', reason: `${nameOf(name)} cannot be read (${messageOf(error)})` };
  }
  const validation = validateArrangementFile(raw, name);
  return validation.ok ? { state: 'valid', file: validation.file } : { state: 'invalid', reason: validation.problems.map(formatDataProblem).join('\n') };
}

/** The text of a file in the snapshot (the manifest or a year file), if it was read. */
export function textIn(snapshot: DirectorySnapshot, fileName: string): string | undefined {
  const read = fileName === MANIFEST_FILE_NAME ? snapshot.manifest : snapshot.yearFiles.find((file) => file.fileName === fileName);
  return read !== undefined && 'text' in read ? read.text : undefined;
}

/** The snapshot as the folder is once `files` were published into it: what a task that wrote knows without reading again. */
export function afterPublication(snapshot: DirectorySnapshot, files: DatasetFiles): DirectorySnapshot {
  const written: YearFile[] = [...files.yearFiles].map(([fileName, text]) => ({ fileName, text, year: Number(fileName.slice(0, -'.json'.length)) }));
  const yearFiles = [...snapshot.yearFiles.filter((file) => !files.yearFiles.has(file.fileName)), ...written].sort((a, b) => a.year - b.year);
  return {
    ...snapshot,
    manifest: { fileName: MANIFEST_FILE_NAME, text: files.manifest },
    yearFiles,
    signature: files.signature === undefined ? undefined : { fileName: SIGNATURE_FILE_NAME, text: files.signature },
  };
}
