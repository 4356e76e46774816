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

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PERCENT = 0x25;
const PLUS = 0x2b;

/**
 * The values of the named parameters in a raw query string (the text after `?`), in the order of
 * `names` (an undefined name, such as a path parameter's place, receives nothing). Pairs are
 * split on `&` and at their first `=` (a pair without one has the empty text), `+` is a space and
 * percent-escapes are decoded (malformed ones are kept as written): exactly what Fastify's
 * default parser (fast-querystring) gives for those names, a property test holds it to that.
 *
 * Only the names asked for are read: a general parser built a dictionary of every pair on every
 * request, each name a new string to hash, then read by name through megamorphic lookups, a cost
 * every request paid (BENCHMARKS.md, the figures behind the code's choices).
 */
export function queryValues(query: string, names: readonly (string | undefined)[]): ReceivedValue[] {
  const values: ReceivedValue[] = names.map(() => undefined);
  // One pass over the characters (one indexOf per separator cost more: BENCHMARKS.md): each
  // pair's first '=', and whether it has anything to decode.
  let start = 0;
  let equals = -1;
  let encoded = false;
  for (let at = 0; at <= query.length; at++) {
    const code = at === query.length ? AMPERSAND : query.charCodeAt(at);
    if (code === AMPERSAND) {
      if (at > start) {
        const keyEnd = equals === -1 ? at : equals;
        const key = query.slice(start, keyEnd);
        const position = names.indexOf(encoded ? decodePiece(key) : key);
        if (position !== -1) {
          const raw = equals === -1 ? '' : query.slice(equals + 1, at);
          addValue(values, position, encoded ? decodePiece(raw) : raw);
        }
      }
      start = at + 1;
      equals = -1;
      encoded = false;
    } else if (code === EQUALS) {
      if (equals === -1) equals = at;
    } else if (code === PERCENT || code === PLUS) {
      encoded = true;
    }
  }
  return values;
}

function addValue(values: ReceivedValue[], position: number, value: string): void {
  const earlier = values[position];
  if (earlier === undefined) values[position] = value;
  else if (typeof earlier === 'string') values[position] = [earlier, value];
  else earlier.push(value);
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
