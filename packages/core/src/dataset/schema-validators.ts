import type { ArrangementFile, Manifest } from './data-file-types.js';
import type { DataProblem } from './data-problem.js';
import { checkArrangementShape as arrangementShape, checkManifestShape as manifestShape } from './shape-validators.js';

/**
 * Shape checks of the data files: Ajv's code for the JSON Schemas of the TypeBox definitions in
 * scripts/data-file-schemas.ts, written ahead of time (npm run docs:generate), so that neither Ajv
 * nor a schema compilation costs the service's start-up.
 */
export interface ShapeCheck<Shape> {
  (value: unknown): value is Shape;
  /** The errors of the last failed check. */
  errors?: SchemaError[] | null;
}

export const checkArrangementShape = arrangementShape as ShapeCheck<ArrangementFile>;
export const checkManifestShape = manifestShape as ShapeCheck<Manifest>;

/** The part of an Ajv error object the loader reads. */
interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

/**
 * The errors of `check`'s last failed check as problems that name the exact field
 * (`entries[2].rest[0]`): a missing or unknown property by its path. `format` names the format
 * an unknown field is not part of.
 */
export function shapeProblems(check: ShapeCheck<unknown>, fileName: string, format: string): DataProblem[] {
  return (check.errors ?? []).map((error) => {
    const at = fieldOfPointer(error.instancePath);
    const child = (name: unknown): string => (at === '(file)' ? String(name) : `${at}.${String(name)}`);
    if (error.keyword === 'required') return { file: fileName, field: child(error.params.missingProperty), reason: 'is required but missing' };
    if (error.keyword === 'additionalProperty' || error.keyword === 'additionalProperties') {
      return { file: fileName, field: child(error.params.additionalProperty), reason: `is not a field of ${format}` };
    }
    return { file: fileName, field: at, reason: error.message ?? error.keyword };
  });
}

function fieldOfPointer(pointer: string): string {
  if (pointer === '') return '(file)';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`), '');
}
