/**
 * Where sync finds notices: the one seam between a run and the sites it reads. A source finds
 * the candidate notices of a year (untrusted: each is only a claim until its page is read and
 * the importer has read its text) and reads one candidate's page into the text the importer
 * reads. gov.cn is the source today (gov-cn/source.ts); another site, or a list of addresses
 * published elsewhere, is another implementation, and the run does not change.
 */
export interface NoticeSource {
  /** Names the source in what a run reports ("gov.cn's search"). */
  readonly name: string;
  /** The notices the source lists for `year`, each once; throws a FetchError when it cannot tell. */
  findNotices(year: number): Promise<readonly NoticeCandidate[]>;
  /** The notice a candidate's page holds; throws a FetchError naming the page when it cannot be read. */
  readNotice(candidate: NoticeCandidate): Promise<NoticeRead>;
}

/** A notice a source lists: where its page is, and what the source says it is. */
export interface NoticeCandidate {
  readonly url: string;
  /** The title the source gives, as plain text; '' when it gives none (a list of addresses). */
  readonly title: string;
  /** yyyy-MM-dd, when the source gives it. */
  readonly publishedDate: string | undefined;
  /** The 文号, when the source gives it. */
  readonly documentNumber?: string | undefined;
}

/** A notice page, read. */
export interface NoticeRead {
  /** The address the page came from, after redirects. */
  readonly url: string;
  /** The notice as the importer reads it: header lines, a blank line, the title, the body. */
  readonly text: string;
  /** The page's title, on one line. */
  readonly title: string;
}
