/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
 * (its quotes doubled) when it holds a comma, a quote, CR or LF. The service's rows hold codes,
 * dates and booleans, which never need quoting, so a writer of a few lines is all it takes; the
 * tests read what it writes back with a CSV parser.
 */

const NEEDS_QUOTES = /[",\r\n]/;

/** One record, its CRLF included. */
export function csvRecord(fields: readonly string[]): string {
  let record = '';
  for (let at = 0; at < fields.length; at++) {
    const field = fields[at] ?? '';
    if (at > 0) record += ',';
    record += NEEDS_QUOTES.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
  }
  return `${record}\r\n`;
}

/** The UTF-8 byte-order mark Excel on Windows needs to read a CSV file as UTF-8 rather than the system's code page. */
export const BYTE_ORDER_MARK = '\uFEFF';
