/** Nesting a JSON answer from the network may have: the answers sync reads are four or five deep. */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON from the network, parsed only if it nests at most `maxDepth` deep: `JSON.parse` builds
 * whatever it is given, and a few megabytes of `[` make hundreds of megabytes of arrays. The
 * depth is counted in one pass over the text (brackets inside strings skipped) before parsing.
 * Throws an UntrustedJsonError whose message completes a sentence naming the source: "the
 * search answer " + "is not JSON".
 */
export function parseUntrustedJson(text: string, maxDepth: number = MAX_JSON_DEPTH): unknown {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) throw new UntrustedJsonError(`nests deeper than ${maxDepth} levels; not parsed`);
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UntrustedJsonError('is not JSON');
  }
}

export class UntrustedJsonError extends Error {
  override name = 'UntrustedJsonError';
}
