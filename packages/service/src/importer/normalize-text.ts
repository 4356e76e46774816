/**
 * Pasted notices mix full- and half-width forms (a reprint may use "(" and "," where gov.cn
 * prints "（" and "，", or full-width digits), and the web pages indent paragraphs with
 * ideographic spaces. Everything downstream matches one canonical form: ASCII digits, the
 * full-width Chinese punctuation of the official text, no whitespace (Chinese text has none
 * that carries meaning), “” quotes and one range dash.
 */

export interface SourceLine {
  /** 1-based line number in the imported text. */
  readonly number: number;
  /** The line as written, trimmed; quoted in error messages. */
  readonly raw: string;
  /** The canonical form the parsers read. */
  readonly text: string;
}

const TO_CHINESE_PUNCTUATION: Readonly<Record<string, string>> = {
  '(': '（',
  ')': '）',
  ',': '，',
  ':': '：',
  ';': '；',
  '.': '。',
  '!': '！',
  '?': '？',
  '､': '、',
  '｡': '。',
  '﹐': '，',
  '﹑': '、',
  '﹕': '：',
  '﹔': '；',
  '[': '〔',
  ']': '〕',
  '【': '〔',
  '】': '〕',
  '﹝': '〔',
  '﹞': '〕',
};

export function splitSourceLines(text: string): SourceLine[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((raw, index) => ({ number: index + 1, raw: raw.trim(), text: normalizeLine(raw) }));
}

export function normalizeLine(raw: string): string {
  const folded = raw.replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));
  return folded
    .replace(/[\s\u00A0\u200B\u3000\uFEFF]+/g, '')
    .replace(/"([^"]*)"/g, '“$1”')
    .replace(/[(),:;.!?､｡﹐﹑﹕﹔[\]【】﹝﹞]/g, (ch) => TO_CHINESE_PUNCTUATION[ch] ?? ch)
    .replace(/[-~—–―─〜]+/g, '—');
}

/** Full-width digits and letters to ASCII, nothing else: for header values such as URLs. */
export function foldWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}
