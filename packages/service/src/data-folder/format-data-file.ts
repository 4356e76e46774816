import type { ArrangementFile, Manifest } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { ARRANGEMENT_FILE_ORDER, MANIFEST_ORDER, type FieldOrder } from './data-file-layout.js';

/**
 * The canonical text of a data file: the schema's field order, whatever order the value was built
 * or read in; two-space JSON, with arrays of plain values kept on one line so that a holiday entry
 * reads like the notice sentence it transcribes. Every writer writes this form, so the same file
 * is the same bytes, and an imported file can be compared with a bundled one byte for byte.
 */
export function formatArrangementFile(file: ArrangementFile): string {
  return `${formatValue(file, ARRANGEMENT_FILE_ORDER, '')}\n`;
}

export function formatManifest(manifest: Manifest): string {
  return `${formatValue(manifest, MANIFEST_ORDER, '')}\n`;
}

/** `order` lays out an object's fields (an array passes it to its items); without one (a map such as the manifest's digests), the object's own order is kept. */
function formatValue(value: unknown, order: FieldOrder | undefined, indent: string): string {
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    if (items.every((item) => item === null || typeof item !== 'object')) {
      return `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;
    }
    const inner = `${indent}  `;
    return `[\n${items.map((item) => inner + formatValue(item, order, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const inner = `${indent}  `;
    const fields = inFieldOrder(Object.entries(value).filter(([, field]) => field !== undefined), order);
    if (fields.length === 0) return '{}';
    return `{\n${fields.map(([key, field]) => `${inner}${JSON.stringify(key)}: ${formatValue(field, order?.fields[key], inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function inFieldOrder(fields: readonly [string, unknown][], order: FieldOrder | undefined): readonly [string, unknown][] {
  if (order === undefined) return fields;
  const position = (key: string): number => {
    const at = order.keys.indexOf(key);
    // The types allow no other field; one here is a bug, never written out of order.
    if (at < 0) throw new Error(`${key} is not a field of the data-file format`);
    return at;
  };
  return fields.toSorted(([a], [b]) => position(a) - position(b));
}
