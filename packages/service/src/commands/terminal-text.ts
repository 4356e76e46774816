import type { Writable } from 'node:stream';

/**
 * What a command prints quotes its input (notice lines, file names, JSON keys, arguments), and a
 * terminal obeys control characters: ESC sequences retitle the window or clear the screen, NUL
 * and BEL garble it, a bidirectional override reorders what is read. So every character that
 * controls rather than shows is printed as a `\uXXXX` escape (`\u001b`, `\u0000`, `\u202e`),
 * which reads the same in JSON and in JavaScript, so that the JSON a command prints stays JSON.
 * Only line breaks (`\n`, and `\r\n` as the calendar feed ends its lines) and tabs pass.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /\r(?!\n)|[\0-\x08\v\f\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function terminalText(text: string): string {
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Writes `text` to a command's stdout or stderr, its control characters escaped. */
export function print(stream: Writable, text: string): void {
  stream.write(terminalText(text));
}
