import { jsonString } from '../calendar/json-string.js';

/** The most characters of a broken file a problem quotes. */
const EXCERPT_LENGTH = 24;

/**
 * Why `text` is not JSON, quoting at most a short excerpt of it, escaped: the file may be anything
 * a link points at (a password file, a binary), and the engine's own message quotes the text
 * freely and raw. Names the line and column where the engine gives the position; otherwise
 * quotes the file's beginning.
 */
export function describeJsonSyntaxError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  // The engine's words before anything it quotes or locates: "Unexpected token", "Bad control
  // character in string literal", "Unexpected end of JSON input".
  const what = message.split(/[,'"]| in JSON at | at position /)[0]?.trim() ?? '';
  const kind = what === '' ? 'syntax error' : `${what.charAt(0).toLowerCase()}${what.slice(1)}`;
  const position = /end of JSON input/.test(message) ? String(text.length) : /at position (\d+)/.exec(message)?.[1];
  if (text.length === 0) return 'the file is empty';
  if (position === undefined) return `${kind}; the file begins ${excerpt(text, 0)}`;
  const offset = Math.min(Number(position), text.length);
  const before = text.slice(0, offset).split('\n');
  return `${kind} at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}: ${offset < text.length ? excerpt(text, offset) : 'the end of the file'}`;
}

function excerpt(text: string, from: number): string {
  const shown = text.slice(from, from + EXCERPT_LENGTH);
  return `${jsonString(shown)}${from + EXCERPT_LENGTH < text.length ? '…' : ''}`;
}
