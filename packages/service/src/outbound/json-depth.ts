/** Deeper than any data file is (a year file nests four levels): a file nested deeper is refused unparsed. */
export const MAX_JSON_DEPTH = 16;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`: one pass over the characters,
 * strings skipped, no allocation, so that a hostile origin's deeply nested file costs a scan, not
 * a parse (JSON.parse of a megabyte of brackets holds the event loop for seconds).
 */
export function nestedDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (code === 0x5c) at += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}
