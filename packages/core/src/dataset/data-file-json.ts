import type { DataProblem } from './data-problem.js';
import { describeJsonSyntaxError } from './json-syntax-error.js';
import type { RawFile } from './read-data-directory.js';

/** A data file as read, parsed: its JSON value, or the problem (it could not be read, or is not JSON). */
export function dataFileJson(file: RawFile): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: DataProblem } {
  if ('error' in file) return { ok: false, problem: { file: file.fileName, field: '(file)', reason: `cannot be read (${file.error})` } };
  try {
    return { ok: true, value: JSON.parse(file.text) as unknown };
  } catch (error) {
    return { ok: false, problem: { file: file.fileName, field: '(file)', reason: `is not valid JSON (${describeJsonSyntaxError(file.text, error)})` } };
  }
}
