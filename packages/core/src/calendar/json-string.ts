/** A character JSON.stringify writes escaped: a quote, a backslash, a control character or a surrogate (lone ones are escaped). */
// eslint-disable-next-line no-control-regex -- control characters are among what JSON escapes
const ESCAPED_BY_JSON = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * JSON.stringify of a string, byte for byte (a property test holds it to that): text with nothing
 * to escape, as request ids, paths and dates almost always are, is only put in quotes: a problem
 * answer would otherwise pay several JSON.stringify calls, each a cost of its own.
 */
export function jsonString(text: string): string {
  return ESCAPED_BY_JSON.test(text) ? JSON.stringify(text) : `"${text}"`;
}
