import { DAYS_OF_WEEK } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { DAY_STATUSES, WORK_STATUSES } from '@china-holiday-calendar/core/calendar/day-status.js';
import { HOLIDAY_CODES } from '@china-holiday-calendar/core/calendar/holidays.js';
import { MARKETS } from '@china-holiday-calendar/core/calendar/markets.js';
import { DATASET_VERSION_PATTERN } from '@china-holiday-calendar/core/dataset/dataset-version.js';
import { DAY_STATUS_CSV_ROW, RESOURCE_SCHEMAS, type ResourceName } from 'china-holiday-calendar-service/internal/http/kernel/resource-schemas.js';

/**
 * The byte writers of the answers, generated from the resource schemas the OpenAPI document
 * publishes (packages/service/src/http/kernel/resource-schemas.ts): what fast-json-stringify does
 * when a server starts, done here once, ahead of time, into plain TypeScript the core can hold
 * (it imports neither the service nor TypeBox). Each writer is one template literal in the
 * schema's property order, every value written by what its schema allows: an ISO date, a dataset
 * version, an enum value or a literal needs no escaping and is put in quotes as it is; another
 * string goes through jsonString; a union of objects branches on the property whose literal tells them apart. A day's
 * CSV record is written from the same schema's columns (DAY_STATUS_CSV_ROW).
 *
 * Repository path → exact text, as the other generated documents (scripts/generated-documents.ts).
 */
export function answerWriterDocuments(): Record<string, string> {
  return { [ANSWER_WRITERS]: answerWritersModule() };
}

const ANSWER_WRITERS = 'packages/core/src/answers/answer-json.ts';

const HEADER = `// Generated from packages/service/src/http/kernel/resource-schemas.ts by npm run docs:generate (scripts/answer-writers.ts); do not edit.
// Each writer gives, byte for byte, what JSON.stringify gives for the same value (tests hold them to that), without its look at every key.`;

/**
 * The resources a writer is generated for, with the type of the value it writes: declared here,
 * from the schema (`from` empty), or where the core already declares it (the holiday a date
 * carries is the calendar's own record, which the engine builds before any answer).
 */
const WRITTEN: readonly { readonly resource: ResourceName; readonly type: string; readonly from: string; readonly writer: string }[] = [
  { resource: 'AssociatedHoliday', type: 'AssociatedHoliday', from: '../calendar/day-status.js', writer: 'associatedHolidayJson' },
  { resource: 'DayStatus', type: 'DayStatus', from: '', writer: 'dayStatusJson' },
  { resource: 'WorkdayCount', type: 'WorkdayCount', from: '', writer: 'workdayCountJson' },
  { resource: 'NextHoliday', type: 'NextHoliday', from: '', writer: 'nextHolidayJson' },
  { resource: 'WorkdayOffset', type: 'WorkdayOffset', from: '', writer: 'workdayOffsetJson' },
  { resource: 'Problem', type: 'Problem', from: '', writer: 'problemJson' },
  { resource: 'TradingDayStatus', type: 'TradingDayStatus', from: '', writer: 'tradingDayStatusJson' },
  { resource: 'TradingDayCount', type: 'TradingDayCount', from: '', writer: 'tradingDayCountJson' },
  { resource: 'TradingDayOffset', type: 'TradingDayOffset', from: '', writer: 'tradingDayOffsetJson' },
];

/** Enums the core already names: a schema enum with exactly these values is typed by that name. */
const NAMED_ENUMS: readonly { readonly values: readonly string[]; readonly type: string; readonly from: string }[] = [
  { values: DAYS_OF_WEEK, type: 'DayOfWeek', from: '../calendar/day-of-week.js' },
  { values: WORK_STATUSES, type: 'WorkStatus', from: '../calendar/day-status.js' },
  { values: DAY_STATUSES, type: 'DayStatusValue', from: '../calendar/day-status.js' },
  { values: HOLIDAY_CODES, type: 'HolidayCode', from: '../calendar/holidays.js' },
  { values: MARKETS, type: 'Market', from: '../calendar/markets.js' },
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** What a value is written as: text known when generating, or a TypeScript expression giving the text. */
type Piece = { readonly text: string } | { readonly code: string };

const ISO_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/** Patterns whose strings hold only digits, letters, dots and dashes: nothing JSON escapes. */
const UNESCAPED_PATTERNS: readonly string[] = [ISO_DATE_PATTERN, DATASET_VERSION_PATTERN];

function plainJson(schema: unknown): JsonObject {
  return JSON.parse(JSON.stringify(schema)) as JsonObject;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function answerWritersModule(): string {
  const imports = new Map<string, Set<string>>();
  const use = (from: string, name: string): void => {
    if (from === '') return;
    const names = imports.get(from) ?? new Set<string>();
    names.add(name);
    imports.set(from, names);
  };
  const writerOf = (reference: string): string => {
    const name = reference.slice('#/components/schemas/'.length);
    const written = WRITTEN.find((entry) => entry.resource === name);
    if (written === undefined) throw new Error(`no writer is generated for ${name}`);
    return written.writer;
  };
  const typeOfReference = (reference: string): string => {
    const written = WRITTEN.find((entry) => entry.resource === reference.slice('#/components/schemas/'.length));
    if (written === undefined) throw new Error(`no type for ${reference}`);
    use(written.from, written.type);
    return written.type;
  };
  const lists = new Map<string, string>();
  const context: Context = { use, writerOf, typeOfReference, lists };

  const sections: string[] = [];
  for (const { resource, type, from, writer } of WRITTEN) {
    const schema = plainJson(RESOURCE_SCHEMAS[resource]);
    const description = typeof schema.description === 'string' ? schema.description : resource;
    if (from === '') sections.push(`/** ${description} */\n${typeDeclaration(type, schema, context)}`);
    else use(from, type);
    sections.push(`/** The JSON of ${article(resource)}: ${description.charAt(0).toLowerCase()}${description.slice(1)} */\nexport function ${writer}(value: ${type}): string {\n${writerBody(schema, context)}\n}`);
  }
  for (const [name, item] of lists) sections.push(listWriter(name, item, context));
  sections.push(csvSection(context));

  const importLines = [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '${from}';`);
  return `${HEADER}\n\n${importLines.join('\n')}\nimport { jsonString } from '../calendar/json-string.js';\n\n${sections.join('\n\n')}\n`;
}

interface Context {
  use(from: string, name: string): void;
  writerOf(reference: string): string;
  typeOfReference(reference: string): string;
  /** The list writers the writers call: name → the writer of one item. */
  readonly lists: Map<string, string>;
}

function article(resource: string): string {
  const words = resource.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return /^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`;
}

/** A writer's statements: one return, or one per branch of a union of objects. */
function writerBody(schema: JsonObject, context: Context): string {
  const branches = schema.anyOf;
  if (!Array.isArray(branches)) return `  return ${template(objectPieces(schema, 'value', context))};`;
  const key = discriminantOf(branches);
  return branches
    .map((branch, at) => {
      const written = `return ${template(objectPieces(branch as JsonObject, 'value', context))};`;
      if (at === branches.length - 1) return `  ${written}`;
      return `  if (value.${key} === '${stringConst(branch, key)}') ${written}`;
    })
    .join('\n');
}

/** The property every branch of a union gives a different literal. */
function discriminantOf(branches: readonly Json[]): string {
  const first = branches[0];
  if (!isObject(first) || !isObject(first.properties)) throw new Error('a union of objects only is written');
  for (const key of Object.keys(first.properties)) {
    const values = branches.map((branch) => (isObject(branch) ? constOf(branch, key) : undefined));
    if (values.every((value) => typeof value === 'string') && new Set(values).size === values.length) return key;
  }
  throw new Error('a union without a literal property that tells its branches apart');
}

function stringConst(branch: Json, key: string): string {
  const value = isObject(branch) ? constOf(branch, key) : undefined;
  if (typeof value !== 'string') throw new Error(`no literal ${key}`);
  return value;
}

function constOf(schema: JsonObject, key: string): Json | undefined {
  const property = isObject(schema.properties) ? schema.properties[key] : undefined;
  return isObject(property) ? property.const : undefined;
}

function objectPieces(schema: JsonObject, value: string, context: Context): Piece[] {
  const properties = schema.properties;
  const required = schema.required;
  if (!isObject(properties) || !Array.isArray(required)) throw new Error('an object schema without properties');
  const pieces: Piece[] = [{ text: '{' }];
  Object.entries(properties).forEach(([key, property], at) => {
    if (!required.includes(key)) throw new Error(`optional property ${key}: not written by a generated writer`);
    pieces.push({ text: `${at === 0 ? '' : ','}${JSON.stringify(key)}:` }, ...valuePieces(property, `${value}.${key}`, context));
  });
  pieces.push({ text: '}' });
  return pieces;
}

/** The pieces of one value of `schema`, read from the expression `value`. */
function valuePieces(schema: Json, value: string, context: Context): Piece[] {
  if (!isObject(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  if (schema.const !== undefined) return [{ text: JSON.stringify(schema.const) }];
  if (Array.isArray(schema.enum)) {
    for (const option of schema.enum) {
      if (typeof option !== 'string' || JSON.stringify(option) !== `"${option}"`) throw new Error(`an enum value that needs escaping: ${JSON.stringify(option)}`);
    }
    return [{ text: '"' }, { code: value }, { text: '"' }];
  }
  if (typeof schema.$ref === 'string') return [{ code: `${context.writerOf(schema.$ref)}(${value})` }];
  if (Array.isArray(schema.anyOf)) {
    const [some, none, ...more] = schema.anyOf;
    if (!isObject(none) || none.type !== 'null' || more.length > 0) throw new Error('only a value or null is written from a union inside an object');
    return [{ code: `${value} === null ? 'null' : ${template(valuePieces(some ?? null, value, context))}` }];
  }
  switch (schema.type) {
    case 'null':
      return [{ text: 'null' }];
    case 'integer':
    case 'boolean':
      return [{ code: value }];
    case 'string':
      return typeof schema.pattern === 'string' && UNESCAPED_PATTERNS.includes(schema.pattern) ? [{ text: '"' }, { code: value }, { text: '"' }] : [{ code: `jsonString(${value})` }];
    case 'array': {
      const items = schema.items;
      if (!isObject(items) || typeof items.$ref !== 'string') throw new Error('only lists of named resources are written');
      const item = context.writerOf(items.$ref);
      const name = `${item.replace(/Json$/, '')}ListJson`;
      context.lists.set(name, items.$ref);
      return [{ code: `${name}(${value})` }];
    }
    default:
      throw new Error(`no writer for ${JSON.stringify(schema)}`);
  }
}

/** A list of one named resource: its items' JSON between brackets, commas between. */
function listWriter(name: string, reference: string, context: Context): string {
  const type = context.typeOfReference(reference);
  return `function ${name}(list: readonly ${type}[]): string {
  if (list.length === 0) return '[]';
  let text = '[';
  for (const item of list) text += text.length === 1 ? ${context.writerOf(reference)}(item) : \`,\${${context.writerOf(reference)}(item)}\`;
  return \`\${text}]\`;
}`;
}

/** The pieces as one template literal (a string literal when nothing is computed). */
function template(pieces: readonly Piece[]): string {
  const [only, ...none] = pieces;
  if (only !== undefined && 'code' in only && none.length === 0) return only.code;
  if (pieces.every((piece) => 'text' in piece)) return `'${escaped(pieces.map((piece) => ('text' in piece ? piece.text : '')).join(''), "'")}'`;
  return `\`${pieces.map((piece) => ('text' in piece ? escaped(piece.text, '`$') : `\${${piece.code}}`)).join('')}\``;
}

/** Text as it stands between the quotes of a literal: backslashes, the literal's own quotes (and `$`), CR and LF escaped. */
function escaped(text: string, quotes: string): string {
  let out = '';
  for (const character of text) {
    if (character === '\r') out += '\\r';
    else if (character === '\n') out += '\\n';
    else out += character === '\\' || quotes.includes(character) ? `\\${character}` : character;
  }
  return out;
}

/** An interface for an object schema, a type of its branches for a union. */
function typeDeclaration(name: string, schema: JsonObject, context: Context): string {
  const branches = schema.anyOf;
  if (!Array.isArray(branches)) return `export interface ${name} ${objectType(schema, context, '')}`;
  return `export type ${name} =\n${branches.map((branch) => `  | ${objectType(branch as JsonObject, context, '    ')}`).join('\n')};`;
}

/** The TypeScript type of an object schema's values, read-only as the answers are. */
function objectType(schema: JsonObject, context: Context, indent: string): string {
  const properties = schema.properties;
  if (!isObject(properties)) throw new Error('an object schema without properties');
  const fields = Object.entries(properties).map(([key, property]) => `${indent}  readonly ${key}: ${typeOf(property, context)};`);
  return `{\n${fields.join('\n')}\n${indent}}`;
}

function typeOf(schema: Json, context: Context): string {
  if (!isObject(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  if (typeof schema.const === 'string') return `'${schema.const}'`;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum;
    const named = NAMED_ENUMS.find((entry) => entry.values.length === values.length && entry.values.every((option, at) => option === values[at]));
    if (named === undefined) return values.map((option) => `'${typeof option === 'string' ? option : JSON.stringify(option)}'`).join(' | ');
    context.use(named.from, named.type);
    return named.type;
  }
  if (typeof schema.$ref === 'string') return context.typeOfReference(schema.$ref);
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((branch) => typeOf(branch, context)).join(' | ');
  switch (schema.type) {
    case 'null':
      return 'null';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'array':
      return `readonly ${typeOf(schema.items ?? null, context)}[]`;
    default:
      throw new Error(`no type for ${JSON.stringify(schema)}`);
  }
}

/**
 * A day's CSV: its columns in the order of DAY_STATUS_CSV_ROW (the day status's own fields, then
 * what the CSV adds), the header row, and a record writer. Every value is a date, an enum value,
 * holiday codes or a boolean: nothing a CSV field needs to quote (the generator refuses others).
 */
function csvSection(context: Context): string {
  const row = plainJson(DAY_STATUS_CSV_ROW);
  const properties = row.properties;
  if (!isObject(properties)) throw new Error('the CSV row is an object');
  const columns = Object.keys(properties);
  const pieces: Piece[] = [];
  columns.forEach((column, at) => {
    const property = properties[column];
    if (!isObject(property) || !(property.pattern === ISO_DATE_PATTERN || Array.isArray(property.enum) || property.type === 'string')) {
      throw new Error(`CSV column ${column}: not written as it is`);
    }
    pieces.push({ text: at === 0 ? '' : ',' }, { code: `row.${column}` });
  });
  pieces.push({ text: '\r\n' });
  return `/** The columns of a day's CSV, in order: the header row names them. */
export const DAY_STATUS_CSV_COLUMNS = [${columns.map((column) => `'${column}'`).join(', ')}] as const;

/** A day's CSV row: every value as the record writes it. */
export interface DayStatusCsvRow ${objectType(row, context, '')}

/** A day's CSV record, its CRLF included: the values need no quoting (codes, dates, booleans). */
export function dayStatusCsvRecord(row: DayStatusCsvRow): string {
  return ${template(pieces)};
}`;
}
