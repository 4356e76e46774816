import type { Manifest } from './data-file-types.js';
import { dataFileJson } from './data-file-json.js';
import type { DataProblem } from './data-problem.js';
import type { RawFile } from './read-data-directory.js';
import { checkManifestShape, shapeProblems } from './schema-validators.js';

export type ManifestReading = { readonly ok: true; readonly manifest: Manifest } | { readonly ok: false; readonly problems: readonly DataProblem[] };

/**
 * A manifest read through its schema: the manifest, or why it cannot be used, each problem naming
 * the file and the field. Every reader of a manifest reads it here: the loader, the writers
 * (import, sync, sign) and a reader following a published folder over HTTP.
 */
export function readManifest(file: RawFile): ManifestReading {
  const json = dataFileJson(file);
  if (!json.ok) return { ok: false, problems: [json.problem] };
  if (!checkManifestShape(json.value)) return { ok: false, problems: shapeProblems(checkManifestShape, file.fileName, 'the manifest') };
  return { ok: true, manifest: json.value };
}
