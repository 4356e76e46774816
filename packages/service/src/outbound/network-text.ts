/** Characters of fetched text a message may quote: enough to recognise it, never a page. */
const EXCERPT_LENGTH = 60;

/**
 * Text from the network as a message quotes it: at most a short excerpt, in JSON's escapes (quotes,
 * backslashes, line breaks and control characters escaped), so that a message never carries a
 * page it was not meant to show, nor anything a terminal or a log reader obeys.
 */
export function excerptOf(text: string, length: number = EXCERPT_LENGTH): string {
  return JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
}

/** A title without any whitespace: titles are compared so, as gov.cn breaks long ones over lines. */
export function compactTitle(text: string): string {
  return text.replace(/[\s\u3000]+/g, '');
}
