import { createHash } from 'node:crypto';

/**
 * The SHA-256 of a data file, as the manifest lists it (`files`): 64 lower-case hex digits. A
 * text is hashed as its UTF-8 bytes, which are the file's bytes: data files are read as strict
 * UTF-8 (read-data-directory.ts), so the text gives back exactly what was read.
 */
export function sha256Hex(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/** A digest as the manifest may write it (hex, or `sha256-` and base64) in hex; undefined when it is neither. */
export function digestHex(listed: string): string | undefined {
  if (/^[0-9a-f]{64}$/.test(listed)) return listed;
  const base64 = /^sha256-([A-Za-z0-9+/]{43}=)$/.exec(listed)?.[1];
  return base64 === undefined ? undefined : Buffer.from(base64, 'base64').toString('hex');
}
