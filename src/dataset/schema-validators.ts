import { Ajv, type ErrorObject } from 'ajv';
import type { ArrangementFile, Manifest } from './arrangement-schema.js';
import arrangementSchema from './schema/arrangement.schema.json' with { type: 'json' };
import manifestSchema from './schema/manifest.schema.json' with { type: 'json' };

/**
 * Shape checks of the data files, compiled once with Ajv (which Fastify loads anyway) from the
 * JSON Schemas generated from the TypeBox definitions in arrangement-schema.ts.
 */
// The schemas are generated and tested, so Ajv need not check them against the meta-schema, and
// unoptimised code compiles in half the time: start-up matters more than validating 20 files.
const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, code: { optimize: false } });

export const checkArrangementShape = ajv.compile<ArrangementFile>(arrangementSchema);
export const checkManifestShape = ajv.compile<Manifest>(manifestSchema);

export type SchemaError = ErrorObject;
