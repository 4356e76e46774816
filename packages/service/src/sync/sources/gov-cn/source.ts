import { FetchError, type Fetcher } from '../../../outbound/http-fetch.js';
import type { NoticeCandidate, NoticeRead, NoticeSource } from '../notice-source.js';
import { noticeTextOf, readNoticePage } from './page.js';
import { searchYear } from './search.js';

/** gov.cn as a notice source: its policy-library search (search.ts) and its notice pages (page.ts); its addresses are in site.ts. */

/** The longest page text a notice may have: the longest notice is 4 KB; a page beyond this is no notice. */
const MAX_NOTICE_CHARACTERS = 64 * 1024;

/** gov.cn's search at `searchUrl` (gov.cn's own or a mirror's), and its pages, read through `fetcher`. */
export function govCnSource(fetcher: Fetcher, searchUrl: string): NoticeSource {
  return {
    name: "gov.cn's search",
    findNotices: (year) => searchYear(fetcher, searchUrl, year),
    readNotice: (candidate) => readGovCnNotice(fetcher, candidate),
  };
}

/** A gov.cn notice page, whichever source listed it: the page must be the notice the candidate claims. */
export async function readGovCnNotice(fetcher: Fetcher, candidate: NoticeCandidate): Promise<NoticeRead> {
  const page = await fetcher.getText(candidate.url, 'text/html');
  const notice = noticeTextOf(readNoticePage(page.text), page.url, candidate);
  if (notice.text.length > MAX_NOTICE_CHARACTERS) {
    throw new FetchError(page.url, `the page's notice text is ${notice.text.length} characters, over the ${MAX_NOTICE_CHARACTERS} a notice may have; not read`);
  }
  return { url: page.url, ...notice };
}
