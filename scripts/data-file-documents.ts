import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { buildSync } from 'esbuild';
import { compile } from 'json-schema-to-typescript';
import { ArrangementFileSchema, ManifestSchema } from './data-file-schemas.js';
import { WriterStateFileSchema } from './writer-state-schema.js';

/**
 * Every form of the data-file format that is not its one source (the TypeBox definitions in
 * scripts/data-file-schemas.ts), generated from it, and likewise the writer's state file's forms
 * (scripts/writer-state-schema.ts): repository path → exact text.
 */
export async function dataFileDocuments(): Promise<Record<string, string>> {
  const arrangement = plainJson(ArrangementFileSchema);
  const manifest = plainJson(ManifestSchema);
  return {
    [`${PUBLISHED_SCHEMA_DIR}/${ARRANGEMENT_SCHEMA_FILE}`]: publishedSchema(arrangement, ARRANGEMENT_SCHEMA_FILE, 'China holiday calendar: one arrangement year'),
    [`${PUBLISHED_SCHEMA_DIR}/${MANIFEST_SCHEMA_FILE}`]: publishedSchema(manifest, MANIFEST_SCHEMA_FILE, 'China holiday calendar: data directory manifest'),
    [PLAIN_TYPES]: await plainTypes([arrangement, manifest], HEADER, "The data files' shapes as plain types; docs/arrangement-format.md explains them.", IMPORTED_TYPES),
    [SHAPE_VALIDATORS]: shapeValidators(
      { checkArrangementShape: arrangement, checkManifestShape: manifest },
      HEADER,
      "Ajv standalone code of the data files' JSON Schemas, its helpers bundled by esbuild; schema-validators.ts types it.",
    ),
    [LAYOUT]: layout(arrangement, manifest),
    ...(await writerStateDocuments()),
  };
}

/**
 * The writer's state file's forms, from its TypeBox source by the same steps as the data files':
 * its plain type, and validators of the whole file and of each field (an array field's, of each
 * item), so that a file with one bad field still gives the others (packages/service/src/writer/writer-state.ts).
 */
async function writerStateDocuments(): Promise<Record<string, string>> {
  const state = plainJson(WriterStateFileSchema);
  const validators: Record<string, JsonObject> = { checkWriterStateFile: state };
  const properties = state.properties;
  if (!isObject(properties)) throw new Error('the writer state is an object');
  for (const [key, property] of Object.entries(properties)) {
    if (key === 'version' || !isObject(property)) continue;
    const name = `check${key.charAt(0).toUpperCase()}${key.slice(1)}`;
    if (isObject(property.items)) validators[`${name}Item`] = property.items;
    else validators[name] = property;
  }
  return {
    [WRITER_STATE_TYPES]: await plainTypes([state], WRITER_STATE_HEADER, "The writer's state file as a plain type; writer-state.ts reads and writes it.", WRITER_STATE_IMPORTED_TYPES),
    [WRITER_STATE_VALIDATORS]: shapeValidators(validators, WRITER_STATE_HEADER, "Ajv standalone code of the writer state's JSON Schema, whole and field by field; writer-state.ts types it."),
  };
}

const WRITER_STATE_SOURCE = 'scripts/writer-state-schema.ts';
const WRITER_STATE_HEADER = `Generated from ${WRITER_STATE_SOURCE} by npm run docs:generate (scripts/data-file-documents.ts); do not edit.`;
const WRITER_STATE_TYPES = 'packages/service/src/writer/writer-state-file.ts';
const WRITER_STATE_VALIDATORS = 'packages/service/src/writer/writer-state-validators.ts';

/** The types the writer state's plain type imports (a schema's `tsType`): the sync run's outcomes, the days, the webhook events. */
const WRITER_STATE_IMPORTED_TYPES = `import type { ArrangedDay } from '../sync/arrangement-days.js';\nimport type { YearOutcome } from '../sync/sync-run.js';\nimport type { WebhookEvent } from './webhooks.js';`;

const SOURCE = 'scripts/data-file-schemas.ts';
const HEADER = `Generated from ${SOURCE} by npm run docs:generate (scripts/data-file-documents.ts); do not edit.`;

/** Where the JSON Schemas are published, beside the bundled data folder (packages/core/data). */
const PUBLISHED_SCHEMA_DIR = 'packages/core/docs';
const ARRANGEMENT_SCHEMA_FILE = 'arrangement.schema.json';
const MANIFEST_SCHEMA_FILE = 'manifest.schema.json';

const PLAIN_TYPES = 'packages/core/src/dataset/data-file-types.ts';
const SHAPE_VALIDATORS = 'packages/core/src/dataset/shape-validators.ts';
const LAYOUT = 'packages/service/src/data-folder/data-file-layout.ts';

/** Types the plain types module imports rather than declares (a schema's `tsType`): the holiday table's codes, the markets. */
const IMPORTED_TYPES = `import type { HolidayCode } from '../calendar/holidays.js';\nimport type { Market } from '../calendar/markets.js';`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function plainJson(schema: object): JsonObject {
  return JSON.parse(JSON.stringify(schema)) as JsonObject;
}

/**
 * The schema for readers and editors: the JSON Schema keywords only (a `title` in the source names
 * a TypeScript type; `tsType` is for the types generator), with the document's own `$id` and title.
 */
function publishedSchema(schema: JsonObject, id: string, title: string): string {
  const document = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    $comment: HEADER,
    title,
    ...without(schema, ['title', 'tsType']),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The plain TypeScript types of the data files, by json-schema-to-typescript: one exported type
 * per titled shape, no TypeBox needed to read or type-check against them (the library bundles the
 * code that uses them; neither it nor its users' type-checks load TypeBox).
 */
async function plainTypes(schemas: readonly JsonObject[], header: string, note: string, importedTypes: string): Promise<string> {
  const declarations = await Promise.all(
    schemas.map((schema) =>
      compile(sharedNamedShapes(schema, new Map()) as Parameters<typeof compile>[0], titleOf(schema), {
        bannerComment: '',
        additionalProperties: false,
        ignoreMinAndMaxItems: true,
        strictIndexSignatures: false,
        style: { singleQuote: true, printWidth: 140 },
      }),
    ),
  );
  return `// ${header}\n// ${note}\n\n${importedTypes}\n\n${declarations.join('\n')}`;
}

function titleOf(schema: JsonObject): string {
  if (typeof schema.title !== 'string') throw new Error('a data file schema without a title names no type');
  return schema.title;
}

/**
 * The schema with each titled shape one object wherever it recurs (a date in every date field):
 * json-schema-to-typescript declares one type per object, numbering equal titles apart.
 */
function sharedNamedShapes(schema: Json, seen: Map<string, Json>): Json {
  if (Array.isArray(schema)) return schema.map((item) => sharedNamedShapes(item, seen));
  if (!isObject(schema)) return schema;
  const shape = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, sharedNamedShapes(value, seen)]));
  if (typeof shape.title !== 'string') return shape;
  const text = JSON.stringify(shape);
  const first = seen.get(text) ?? shape;
  seen.set(text, first);
  return first;
}

/**
 * The validators of the data files' shape as code (Ajv standalone), so that neither Ajv nor a
 * schema compilation is needed at run time. Ajv's code requires its runtime helpers; esbuild
 * bundles them in, so that the library package depends on nothing.
 */
function shapeValidators(validators: Record<string, JsonObject>, header: string, note: string): string {
  // Descriptions and titles are for readers of the schemas; the validators need none (a third of their code).
  const schemas = Object.fromEntries(Object.entries(validators).map(([name, schema]) => [name, without(schema, ['description', 'title', 'tsType'])]));
  const ajv = new Ajv({ allErrors: true, strict: false, code: { source: true, esm: true }, schemas });
  const code = standaloneCode.default(ajv, Object.fromEntries(Object.keys(validators).map((name) => [name, name])));
  const bundled = buildSync({
    stdin: { contents: code, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    legalComments: 'none',
  });
  const text = bundled.outputFiles[0]?.text ?? '';
  return `/* eslint-disable */\n// @ts-nocheck\n// ${header}\n// ${note}\n${text}`;
}

/** The order of fields the writers follow, and the `$schema` a new file names. */
function layout(arrangement: JsonObject, manifest: JsonObject): string {
  return `// ${HEADER}
// How the writers lay a data file out (packages/service/src/data-folder/format-data-file.ts).

/** The order of an object's fields: its keys, and for a field holding an object (or a list of them), that object's order. */
export interface FieldOrder {
  readonly keys: readonly string[];
  readonly fields: { readonly [key: string]: FieldOrder };
}

/** The field order of a year file: the order of the schema's properties. */
export const ARRANGEMENT_FILE_ORDER: FieldOrder = ${orderLiteral(fieldOrder(arrangement))};

/** The field order of the manifest. */
export const MANIFEST_ORDER: FieldOrder = ${orderLiteral(fieldOrder(manifest))};

/** The \`$schema\` a new year file names: its published JSON Schema, from the data folder. */
export const ARRANGEMENT_SCHEMA_REFERENCE = '../docs/${ARRANGEMENT_SCHEMA_FILE}';

/** The \`$schema\` a new manifest names. */
export const MANIFEST_SCHEMA_REFERENCE = '../docs/${MANIFEST_SCHEMA_FILE}';
`;
}

interface FieldOrder {
  readonly keys: readonly string[];
  readonly fields: Record<string, FieldOrder>;
}

/** An object schema's property order, with its object-valued properties' own; undefined for a schema of no object (or of a record, kept in its own order). */
function fieldOrder(schema: Json | undefined): FieldOrder | undefined {
  if (!isObject(schema)) return undefined;
  if (schema.items !== undefined) return fieldOrder(schema.items);
  const properties = schema.properties;
  if (!isObject(properties)) return undefined;
  const fields: Record<string, FieldOrder> = {};
  for (const [key, property] of Object.entries(properties)) {
    const order = fieldOrder(property);
    if (order !== undefined) fields[key] = order;
  }
  return { keys: Object.keys(properties), fields };
}

/** A field order as TypeScript source, each list of keys on one line. */
function orderLiteral(order: FieldOrder | undefined, indent = ''): string {
  if (order === undefined) throw new Error('a data file is an object');
  const inner = `${indent}  `;
  const fields = Object.entries(order.fields).map(([key, field]) => `${inner}  ${key}: ${orderLiteral(field, `${inner}  `)},`);
  return `{\n${inner}keys: [${order.keys.map((key) => `'${key}'`).join(', ')}],\n${inner}fields: {${fields.length === 0 ? '' : `\n${fields.join('\n')}\n${inner}`}},\n${indent}}`;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema with the annotation keywords `keys` left out (a property of that name holds a schema, not a string, and stays). */
function without(schema: JsonObject, keys: readonly string[]): JsonObject;
function without(schema: Json, keys: readonly string[]): Json;
function without(schema: Json, keys: readonly string[]): Json {
  if (Array.isArray(schema)) return schema.map((item) => without(item, keys));
  if (!isObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !keys.includes(key) || typeof value !== 'string')
      .map(([key, value]) => [key, without(value, keys)]),
  );
}
