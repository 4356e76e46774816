import { FetchError, type Fetcher } from '../../outbound/http-fetch.js';
import { excerptOf } from '../../outbound/network-text.js';
import type { NoticeCandidate, NoticeRead, NoticeSource } from './notice-source.js';
import { parseUntrustedJson, UntrustedJsonError } from '../../outbound/untrusted-json.js';

/** Addresses taken from one list: a year has a handful of notices. */
const MAX_PAPERS = 10;

/**
 * A second way to find a year's notices: a holiday-cn-style JSON year file (SYNC_PAPERS_URL,
 * `{year}` replaced) whose `papers` lists the addresses of the year's notices. The addresses are
 * candidates like a search's hits and no more: only those `keeps` allows (gov.cn's pages, or the
 * configured mirror's) are kept, each is read by `readNotice`, the same page reader as a hit's,
 * and imported with every check; the file's other fields (its `days`) are never read. It can add
 * candidates, never data.
 */
export function papersSource(fetcher: Fetcher, urlTemplate: string, keeps: (url: URL) => boolean, readNotice: (candidate: NoticeCandidate) => Promise<NoticeRead>): NoticeSource {
  return {
    name: 'the papers list (SYNC_PAPERS_URL)',
    async findNotices(year) {
      const url = urlTemplate.replaceAll('{year}', String(year));
      let value: unknown;
      try {
        value = parseUntrustedJson((await fetcher.getText(url, 'application/json')).text);
      } catch (error) {
        if (!(error instanceof UntrustedJsonError)) throw error;
        throw new FetchError(url, `the papers list ${error.message}`);
      }
      const papers = typeof value === 'object' && value !== null && 'papers' in value ? value.papers : undefined;
      if (!Array.isArray(papers)) throw new FetchError(url, 'the papers list has no "papers" list');
      const candidates: NoticeCandidate[] = [];
      for (const paper of papers.slice(0, MAX_PAPERS) as unknown[]) {
        if (typeof paper !== 'string' || !URL.canParse(paper)) throw new FetchError(url, `a paper of the list is no address: ${excerptOf(String(paper))}`);
        if (keeps(new URL(paper))) candidates.push({ url: paper, title: '', publishedDate: undefined });
      }
      return candidates;
    },
    readNotice,
  };
}
