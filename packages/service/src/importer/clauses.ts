import { DATE_MARK, RANGE_MARK, type DateItem, type TokenizedText } from './date-tokens.js';

/**
 * Sentences (。) and clauses (，；：) of a tokenized text, each with the date items whose
 * placeholders it contains, so a clause can be matched on its own.
 */
export interface Clause {
  readonly shape: string;
  readonly items: readonly DateItem[];
}

function splitAt(part: TokenizedText, isSeparator: (shape: string, index: number) => number): Clause[] {
  const clauses: Clause[] = [];
  let shape = '';
  let items: DateItem[] = [];
  let itemIndex = 0;
  let index = 0;
  const flush = (): void => {
    if (shape !== '') clauses.push({ shape, items });
    shape = '';
    items = [];
  };
  while (index < part.shape.length) {
    const separatorLength = isSeparator(part.shape, index);
    if (separatorLength > 0) {
      flush();
      index += separatorLength;
      continue;
    }
    const ch = part.shape.charAt(index);
    if (ch === DATE_MARK || ch === RANGE_MARK) {
      const item = part.items[itemIndex];
      itemIndex += 1;
      if (item !== undefined) items.push(item);
    }
    shape += ch;
    index += 1;
  }
  flush();
  return clauses;
}

/** Sentences end at 。, and after a lead-in colon (…特作如下调休：9月3日…). */
export function splitSentences(text: TokenizedText): Clause[] {
  return splitAt(text, (shape, index) => {
    if (shape.charAt(index) === '。') return 1;
    if (shape.charAt(index) === '：' && /如下(?:调休)?$/.test(shape.slice(0, index))) return 1;
    return 0;
  });
}

/**
 * Clauses end at ，；：. A date list split from its predicate by a comma ("4月4日（清明节），为法定
 * 节假日", as the 2008 notice prints it) is joined back first.
 */
export function splitClauses(sentence: Clause): Clause[] {
  const joined = sentence.shape.replace(/([\uE000\uE001])，(?=为)/g, '$1');
  return splitAt({ shape: joined, items: sentence.items }, (shape, index) => (/[，；：]/.test(shape.charAt(index)) ? 1 : 0));
}

export function countMarks(shape: string): number {
  return (shape.match(/[\uE000\uE001]/g) ?? []).length;
}
