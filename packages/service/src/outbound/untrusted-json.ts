import { nestedDeeperThan } from './json-depth.js';

/** Nesting a JSON answer from the network may have: the answers sync reads are four or five deep. */
export const MAX_NETWORK_JSON_DEPTH = 32;

/**
 * JSON from the network, parsed only if it nests at most `maxDepth` deep: `JSON.parse` builds
 * whatever it is given, and a few megabytes of `[` make hundreds of megabytes of arrays. The
 * depth is counted in one pass over the text (json-depth.ts) before parsing.
 * Throws an UntrustedJsonError whose message completes a sentence naming the source: "the
 * search answer " + "is not JSON".
 */
export function parseUntrustedJson(text: string, maxDepth: number = MAX_NETWORK_JSON_DEPTH): unknown {
  if (nestedDeeperThan(text, maxDepth)) throw new UntrustedJsonError(`nests deeper than ${maxDepth} levels; not parsed`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UntrustedJsonError('is not JSON');
  }
}

export class UntrustedJsonError extends Error {
  override name = 'UntrustedJsonError';
}
