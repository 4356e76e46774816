/** Chinese numerals as they appear in item numbers (一、 … 十二、) and in signature date lines. */

const DIGIT_VALUES: Readonly<Record<string, number>> = {
  '〇': 0,
  '○': 0,
  '零': 0,
  'O': 0,
  '一': 1,
  '二': 2,
  '两': 2,
  '三': 3,
  '四': 4,
  '五': 5,
  '六': 6,
  '七': 7,
  '八': 8,
  '九': 9,
};

const DIGIT_NAMES = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;

/** 1 to 99 written with 十: 五, 十, 十二, 二十, 二十一, 廿一. */
export function parseChineseNumber(text: string): number | undefined {
  const match = /^(?:([一二三四五六七八九])?(十)|(廿))?([一二三四五六七八九])?$/.exec(text);
  if (match === null || text === '') return undefined;
  const [, tensDigit, ten, twenty, unitDigit] = match;
  let value = 0;
  if (twenty !== undefined) value = 20;
  else if (ten !== undefined) value = 10 * (tensDigit === undefined ? 1 : (DIGIT_VALUES[tensDigit] ?? 0));
  if (unitDigit !== undefined) value += DIGIT_VALUES[unitDigit] ?? 0;
  return value === 0 ? undefined : value;
}

/** A year written digit by digit, as signature dates are: 二〇〇九 → 2009. */
export function parseChineseDigits(text: string): number | undefined {
  if (text === '') return undefined;
  let value = 0;
  for (const ch of text) {
    const digit = DIGIT_VALUES[ch];
    if (digit === undefined || ch === '两') return undefined;
    value = value * 10 + digit;
  }
  return value;
}

export function formatChineseNumber(value: number): string {
  if (!Number.isInteger(value) || value < 1 || value > 99) return String(value);
  const tens = Math.floor(value / 10);
  const units = value % 10;
  const tensText = tens === 0 ? '' : `${tens === 1 ? '' : DIGIT_NAMES[tens] ?? ''}十`;
  return `${tensText}${DIGIT_NAMES[units] ?? ''}`;
}
