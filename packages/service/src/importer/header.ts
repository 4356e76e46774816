import { formatIsoDate, parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { parseDateLine, parseDocumentNumber } from './boilerplate.js';
import type { ProblemLog } from './import-error.js';
import { foldWidth, normalizeLine, type SourceLine } from './normalize-text.js';

/**
 * The header block above the title: what a notice's body does not say, in the style of
 * gov.cn's metadata table, one `key：value` per line (or several separated by tabs, as a copied
 * table row is). A person pasting a notice adds at most `发布日期：` and `网址：`; the 文号 and
 * 成文日期 come from the body, or from here when the body lacks them (`不详` = not known).
 */
export interface HeaderField<T> {
  readonly value: T;
  readonly line: SourceLine;
}

export interface NoticeHeader {
  readonly publishedDate?: HeaderField<string>;
  readonly sourceUrl?: HeaderField<string>;
  readonly otherUrls: readonly HeaderField<string>[];
  readonly documentNumber?: HeaderField<string | null>;
  readonly signedDate?: HeaderField<string | null>;
  readonly title?: HeaderField<string>;
  readonly issuer?: HeaderField<string>;
}

type Key = 'publishedDate' | 'sourceUrl' | 'otherUrl' | 'documentNumber' | 'signedDate' | 'title' | 'issuer' | 'ignored';

const KEYS: Readonly<Record<string, Key>> = {
  发布日期: 'publishedDate',
  网址: 'sourceUrl',
  其他网址: 'otherUrl',
  发文字号: 'documentNumber',
  成文日期: 'signedDate',
  标题: 'title',
  发文机关: 'issuer',
  // gov.cn's table also shows these; they say nothing the data file records.
  索引号: 'ignored',
  主题分类: 'ignored',
  主题词: 'ignored',
};

const UNKNOWN_VALUES = new Set(['不详', '未知', '无']);

export interface HeaderResult {
  readonly header: NoticeHeader;
  /** Index (into the lines) of the first line after the header. */
  readonly next: number;
}

/** The second stage of an import: the header block, its fields checked one by one into `log`. */
export function readHeader(lines: readonly SourceLine[], log: ProblemLog): HeaderResult {
  const fields: Partial<Record<Exclude<Key, 'otherUrl' | 'ignored'>, HeaderField<string | null>>> = {};
  const otherUrls: HeaderField<string>[] = [];
  const refuse = (line: SourceLine, reason: string): void => {
    log.at([line], reason);
  };
  let index = 0;
  for (; index < lines.length; index += 1) {
    const line = lines[index];
    if (line === undefined) break;
    if (line.text === '') continue;
    const pairs = line.raw.split('\t').filter((pair) => pair.trim() !== '');
    const parsed = pairs.map((pair) => /^([^：:]{1,12})[：:](.*)$/.exec(pair.trim()));
    if (parsed.length === 0 || parsed.some((match) => match === null || /关于|各省/.test(match[1] ?? ''))) break;
    for (const match of parsed) {
      const keyText = (match?.[1] ?? '').replace(/[\s\u3000]/g, '');
      const value = foldWidth(match?.[2] ?? '').trim();
      const key = KEYS[keyText];
      if (key === undefined) {
        refuse(line, `unknown header field «${keyText}» (known: ${Object.keys(KEYS).join(', ')})`);
        continue;
      }
      if (key === 'ignored') continue;
      const converted = convertValue(key, value);
      if (converted !== null && typeof converted === 'object') {
        refuse(line, converted.problem);
        continue;
      }
      if (key === 'otherUrl') {
        if (otherUrls.some((field) => field.value === converted)) refuse(line, `the address ${converted ?? ''} is given twice`);
        else otherUrls.push({ value: converted ?? '', line });
        continue;
      }
      if (fields[key] !== undefined) {
        refuse(line, `header field ${keyText} given twice`);
        continue;
      }
      fields[key] = { value: converted, line };
    }
  }
  const text = (field: HeaderField<string | null> | undefined): HeaderField<string> | undefined =>
    field?.value === undefined || field.value === null ? undefined : { value: field.value, line: field.line };
  const publishedDate = text(fields.publishedDate);
  const sourceUrl = text(fields.sourceUrl);
  const title = text(fields.title);
  const issuer = text(fields.issuer);
  const header: NoticeHeader = {
    otherUrls,
    ...(publishedDate === undefined ? {} : { publishedDate }),
    ...(sourceUrl === undefined ? {} : { sourceUrl }),
    ...(title === undefined ? {} : { title }),
    ...(issuer === undefined ? {} : { issuer }),
    ...(fields.documentNumber === undefined ? {} : { documentNumber: fields.documentNumber }),
    ...(fields.signedDate === undefined ? {} : { signedDate: fields.signedDate }),
  };
  return { header, next: index };
}

/** A string, null for 不详 (where allowed), or a problem. */
function convertValue(key: Exclude<Key, 'ignored'>, value: string): string | null | { problem: string } {
  switch (key) {
    case 'sourceUrl':
    case 'otherUrl':
      // ASCII only: a full stop typed as 。 inside an address would otherwise pass as part of it.
      return /^https?:\/\/[\x21-\x7e]+$/.test(value) ? value : { problem: `«${value}» is not an http(s) address` };
    case 'publishedDate':
    case 'signedDate': {
      if (key === 'signedDate' && UNKNOWN_VALUES.has(value)) return null;
      const day = parseIsoDate(value) ?? parseDateLine(normalizeLine(value));
      return day === undefined ? { problem: `«${value}» is not a date (yyyy-MM-dd or yyyy年M月d日)` } : formatIsoDate(day);
    }
    case 'documentNumber': {
      if (UNKNOWN_VALUES.has(value)) return null;
      return parseDocumentNumber(normalizeLine(value)) ?? { problem: `«${value}» is not a document number such as 国办发明电〔2018〕15号` };
    }
    case 'title':
    case 'issuer':
      return normalizeLine(value);
  }
}
