import { HOLIDAYS, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { ISSUERS, type Issuer } from './boilerplate.js';
import { holidayCodeOfName } from './holiday-names.js';
import { Refusal } from './import-error.js';

/**
 * What a title says about its notice:
 *  - 国务院办公厅关于2019年部分节假日安排的通知 — the annual arrangement;
 *  - 国务院办公厅关于调整2019年劳动节假期安排的通知 — replaces an entry;
 *  - 国务院办公厅关于延长2020年春节假期的通知 — moves an entry's end;
 *  - 国务院关于中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日调休放假的通知 — adds an entry.
 */
export type TitleInfo =
  | { readonly kind: 'annual'; readonly issuer: Issuer; readonly year: number }
  | {
      readonly kind: 'amending';
      readonly mode: 'adjust' | 'extend';
      readonly issuer: Issuer;
      readonly year: number;
      readonly holidayName: string;
      readonly code: HolidayCode;
    }
  | { readonly kind: 'special'; readonly issuer: Issuer; readonly year: number | undefined; readonly holidayName: string; readonly code: HolidayCode };

const ISSUER = `(${ISSUERS.join('|')})`;
const ANNUAL = new RegExp(`^${ISSUER}关于(\\d{4})年部分节假日安排的通知$`);
const ADJUST = new RegExp(`^${ISSUER}关于调整(\\d{4})年(.+?)(?:假期|放假)安排的通知$`);
const EXTEND = new RegExp(`^${ISSUER}关于延长(\\d{4})年(.+?)假期的通知$`);
const SPECIAL = new RegExp(`^${ISSUER}关于(?:(\\d{4})年)?(.+?)(?:调休)?放假的通知$`);

export function parseTitle(title: string): TitleInfo {
  let match = ANNUAL.exec(title);
  if (match !== null) return { kind: 'annual', issuer: match[1] as Issuer, year: Number(match[2]) };
  const amendingMode = (match = ADJUST.exec(title)) !== null ? 'adjust' : (match = EXTEND.exec(title)) !== null ? 'extend' : undefined;
  if (amendingMode !== undefined && match !== null) {
    const holidayName = match[3] ?? '';
    return { kind: 'amending', mode: amendingMode, issuer: match[1] as Issuer, year: Number(match[2]), holidayName, code: codeOf(holidayName) };
  }
  if ((match = SPECIAL.exec(title)) !== null) {
    const holidayName = match[3] ?? '';
    return {
      kind: 'special',
      issuer: match[1] as Issuer,
      year: match[2] === undefined ? undefined : Number(match[2]),
      holidayName,
      code: codeOf(holidayName),
    };
  }
  throw new Refusal(
    'not the title of a State Council holiday notice (国务院办公厅关于…年部分节假日安排的通知, 关于调整/延长…的通知, 关于…放假的通知)',
  );
}

/** "annual", "labor-day-amendment", "spring-festival-extension", "victory-day". */
export function noticeIdOf(info: TitleInfo): string {
  switch (info.kind) {
    case 'annual':
      return 'annual';
    case 'amending':
      return `${HOLIDAYS[info.code].noticeId}-${info.mode === 'adjust' ? 'amendment' : 'extension'}`;
    case 'special':
      return HOLIDAYS[info.code].noticeId;
  }
}

function codeOf(name: string): HolidayCode {
  const code = holidayCodeOfName(name);
  if (code === undefined) throw new Refusal(`unknown holiday name «${name}»`);
  return code;
}

/** "a special" / "an amending" notice, for messages. */
export function noticeArticle(kind: 'special' | 'amending'): string {
  return kind === 'special' ? 'a special' : 'an amending';
}
