import type { ArrangementFile, Manifest } from './arrangement-schema.js';
import { checkArrangementShape as arrangementShape, checkManifestShape as manifestShape } from './schema/shape-validators.js';

/**
 * Shape checks of the data files: Ajv's code for the JSON Schemas generated from the TypeBox
 * definitions in scripts/arrangement-schema.ts, written ahead of time (npm run docs:generate), so that
 * neither Ajv nor a schema compilation costs the service's start-up.
 */
export interface ShapeCheck<Shape> {
  (value: unknown): value is Shape;
  /** The errors of the last failed check. */
  errors?: SchemaError[] | null;
}

export const checkArrangementShape = arrangementShape as ShapeCheck<ArrangementFile>;
export const checkManifestShape = manifestShape as ShapeCheck<Manifest>;

/** The part of an Ajv error object the loader reads. */
export interface SchemaError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}
