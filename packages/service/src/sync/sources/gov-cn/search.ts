import { htmlToText } from './html-text.js';
import { FetchError, type Fetcher } from '../../../outbound/http-fetch.js';
import { excerptOf } from '../../../outbound/network-text.js';
import type { NoticeCandidate } from '../notice-source.js';
import { parseUntrustedJson, UntrustedJsonError } from '../../../outbound/untrusted-json.js';

/**
 * The words the searches use: every notice title since 2008 has one of them (部分节假日安排 in the
 * annual notices, 假期 in 劳动节假期调整 and 延长春节假期, 放假 in the 2015 Victory Day notice).
 * Each is searched together with the year; a hit is used only if its title is a notice's title.
 */
export const SEARCH_WORDS = ['节假日', '假期', '放假'] as const;

/**
 * Pages read per search, at most. gov.cn's own search page counts `p` from 1, the scrapers that
 * run against it daily from 0, and no public source says whether 0 and 1 name the same page: pages
 * 0 and 1 are both read, then on until a page brings no address not seen before (`totalpage` is
 * not trusted alone), so that a server counting either way gives the same notices.
 */
const MAX_PAGES = 6;
const PAGE_SIZE = 20;

/** The search address for a query, with the parameters of gov.cn's policy library (its State Council documents). */
export function searchUrlFor(base: string, query: string, page: number): string {
  const url = new URL(base);
  const parameters: Record<string, string> = {
    t: 'zhengcelibrary_gw',
    q: query,
    timetype: 'timeqb',
    searchfield: 'title',
    filetype: '通知',
    sort: 'pubtime',
    sortType: '1',
    p: String(page),
    n: String(PAGE_SIZE),
  };
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.href;
}

/** Every document the searches for `year` find, each once, in the order found. */
export async function searchYear(fetcher: Fetcher, base: string, year: number): Promise<NoticeCandidate[]> {
  const found = new Map<string, NoticeCandidate>();
  for (const word of SEARCH_WORDS) {
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const url = searchUrlFor(base, `${year} ${word}`, page);
      const hits = readSearchAnswer((await fetcher.getText(url, 'application/json')).text, url);
      const fresh = hits.filter((hit) => !found.has(hit.url));
      for (const hit of fresh) found.set(hit.url, hit);
      // Page 1 may repeat page 0 (a server counting from 1 takes 0 for 1): only later pages stop.
      if (fresh.length === 0 && page >= 2) break;
    }
  }
  return [...found.values()];
}

/**
 * A search answer: `code` 200 with its documents in `searchVO.listVO[]` or, from the aggregate
 * library, in each `searchVO.catMap.<category>.listVO[]` (title, url, pubtimeStr or pubtime); or
 * `code` 1001 for no match (`searchVO` then null). Anything else
 * is refused, naming what is wrong; a document without a title or an http(s) URL is skipped.
 */
export function readSearchAnswer(text: string, url: string): NoticeCandidate[] {
  let answer: unknown;
  try {
    answer = parseUntrustedJson(text);
  } catch (error) {
    if (!(error instanceof UntrustedJsonError)) throw error;
    throw new FetchError(url, `the search answer ${error.message}`);
  }
  if (!isRecord(answer)) throw new FetchError(url, 'the search answer is not a JSON object');
  const code = answer.code;
  if (code === 1001 || code === '1001') return [];
  if (code !== 200 && code !== '200') throw new FetchError(url, `the search answer has code ${code === undefined ? 'none' : excerptOf(JSON.stringify(code))}, neither 200 nor 1001 (no match)`);
  const searchVO = answer.searchVO;
  const lists = isRecord(searchVO) ? [searchVO.listVO, ...(isRecord(searchVO.catMap) ? Object.values(searchVO.catMap).map((category) => (isRecord(category) ? category.listVO : undefined)) : [])] : [];
  const documents = lists.filter((list): list is unknown[] => Array.isArray(list));
  if (documents.length === 0) throw new FetchError(url, 'the search answer has neither searchVO.listVO nor a searchVO.catMap.*.listVO list');
  const hits: NoticeCandidate[] = [];
  for (const item of documents.flat()) {
    if (!isRecord(item) || typeof item.title !== 'string' || typeof item.url !== 'string') continue;
    if (!URL.canParse(item.url) || !/^https?:$/.test(new URL(item.url).protocol)) continue;
    hits.push({ title: htmlToText(item.title).trim(), url: item.url, publishedDate: publishedDateOf(item) });
  }
  return hits;
}

/** The publication day from `pubtimeStr` (2025.11.04 or 2025-11-04) or `pubtime` (milliseconds), in China's time. */
function publishedDateOf(item: Readonly<Record<string, unknown>>): string | undefined {
  if (typeof item.pubtimeStr === 'string') {
    const match = /^(\d{4})[.\-/年](\d{1,2})[.\-/月](\d{1,2})/.exec(item.pubtimeStr.trim());
    if (match !== null) return `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}`;
  }
  // A time a Date cannot hold (beyond ±8.64e15 ms) is no publication time: the field is skipped.
  if (typeof item.pubtime === 'number' && Math.abs(item.pubtime) < 8e15) {
    return new Date(item.pubtime + 8 * 3_600_000).toISOString().slice(0, 10);
  }
  return undefined;
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
