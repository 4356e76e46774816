/** A parameter as a request carries it: its text, its texts in order when repeated, or undefined when absent. */
export type ReceivedValue = string | string[] | undefined;

/**
 * Fastify's request.query in this app: the query string as sent, unparsed (see unparsedQuery);
 * each operation reads its own parameters from it with queryValues.
 */
export interface UnparsedQuery {
  readonly text: string;
}

/** The app's query-string parser: it parses nothing, so that a request pays only for the names its operation reads. */
export function unparsedQuery(text: string): { readonly text: string } {
  return { text };
}

const AMPERSAND = '&';
const EQUALS = '=';

/**
 * The values of the named parameters in a raw query string (the text after `?`), in the order of
 * `names` (an undefined name, such as a path parameter's place, receives nothing). Pairs are
 * split on `&` and at their first `=` (a pair without one has the empty text), `+` is a space and
 * percent-escapes are decoded (malformed ones are kept as written): exactly what Fastify's
 * default parser (fast-querystring) gives for those names, a property test holds it to that.
 *
 * Only the names asked for are read: a general parser built a dictionary of every pair on every
 * request, each name a new string to hash, then read by name through megamorphic lookups
 * (a measured 3 000-4 000 instructions per request, bench/instructions.ts).
 */
export function queryValues(query: string, names: readonly (string | undefined)[]): ReceivedValue[] {
  const values: ReceivedValue[] = names.map(() => undefined);
  // Nothing to decode in the usual query: its pieces are used as they are.
  const encoded = query.includes('%') || query.includes('+');
  let start = 0;
  while (start < query.length) {
    let end = query.indexOf(AMPERSAND, start);
    if (end === -1) end = query.length;
    if (end > start) {
      let equals = query.indexOf(EQUALS, start);
      if (equals === -1 || equals > end) equals = end;
      const key = query.slice(start, equals);
      const at = names.indexOf(encoded ? decodePiece(key) : key);
      if (at !== -1) {
        const raw = equals < end ? query.slice(equals + 1, end) : '';
        const value = encoded ? decodePiece(raw) : raw;
        const earlier = values[at];
        if (earlier === undefined) values[at] = value;
        else if (typeof earlier === 'string') values[at] = [earlier, value];
        else earlier.push(value);
      }
    }
    start = end + 1;
  }
  return values;
}

/** `+` as a space, then percent-escapes decoded; text whose escapes are not UTF-8 stays as it is. */
function decodePiece(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
