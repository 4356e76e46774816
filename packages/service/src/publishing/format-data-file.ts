/**
 * The canonical text of a data file: two-space JSON, with arrays of plain values kept on one line
 * so that a holiday entry reads like the notice sentence it transcribes. The importer writes
 * files in this form, so an imported file can be compared with a bundled one byte for byte.
 */
export function formatDataFile(value: unknown): string {
  return `${formatValue(value, '')}\n`;
}

function formatValue(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    if (items.every((item) => item === null || typeof item !== 'object')) {
      return `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;
    }
    const inner = `${indent}  `;
    return `[\n${items.map((item) => inner + formatValue(item, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const inner = `${indent}  `;
    const fields = Object.entries(value).filter(([, field]) => field !== undefined);
    if (fields.length === 0) return '{}';
    return `{\n${fields.map(([key, field]) => `${inner}${JSON.stringify(key)}: ${formatValue(field, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
