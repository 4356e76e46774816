import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import type { HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import type { Issuer } from './boilerplate.js';
import type { NoticeHeader } from './header.js';
import type { LeadInHolidays, NoticeCitation } from './lead-in.js';
import type { SourceLine } from './normalize-text.js';
import type { TitleInfo } from './notice-title.js';

/**
 * A notice's text as the reading stages leave it (lines, header, title and lead-in, items):
 * every line sorted into what it is, each part keeping its line(s) so that the later stages
 * (entries, year checks, file) can quote them when they refuse.
 */

export interface Located<T> {
  readonly value: T;
  readonly line: SourceLine;
}

/** One holiday item (一、元旦：…), or the running text of a special or amending notice. */
export interface EntryBlock {
  readonly lines: SourceLine[];
  /** The printed holiday name(s) before the colon; absent in special and amending notices, whose title names the holiday. */
  readonly label: { readonly printedName: string; readonly codes: readonly HolidayCode[] } | undefined;
  body: string;
}

export interface NoticeTitle {
  /** The title line(s), or the reprint preamble that cites the title when the text has no title line. */
  readonly titleLines: readonly SourceLine[];
  readonly title: string;
  readonly titleInfo: TitleInfo | undefined;
}

export interface NoticeLeadIn {
  /** The holidays the lead-in names (现将…元旦、春节…放假调休日期的具体安排通知如下). */
  readonly leadIn: Located<LeadInHolidays> | undefined;
  /** The notice a reprint's preamble cites (根据《…的通知》（文号）…). */
  readonly citation: Located<NoticeCitation> | undefined;
}

/** The body below the title, sorted line by line. */
export interface NoticeItems {
  readonly documentNumber: Located<string> | undefined;
  readonly signature: Located<Issuer> | undefined;
  readonly signedDate: Located<DayNumber> | undefined;
  readonly entries: readonly EntryBlock[];
  /** The lead-in sentences (…具体安排通知如下), read by the lead-in stage. */
  readonly leadSentences: readonly Located<string>[];
  /** Remarks a reprint appends (特殊说明：…): checked to carry no arrangement. */
  readonly remarks: readonly Located<{ readonly label: string; readonly text: string }>[];
  /** Item lines whose holiday name could not be read (reported among the problems). */
  readonly unreadableItems: number;
}

export interface NoticeText extends NoticeTitle, NoticeLeadIn, NoticeItems {
  readonly header: NoticeHeader;
}
