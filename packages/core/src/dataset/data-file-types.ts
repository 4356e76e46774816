// Generated from scripts/data-file-schemas.ts by npm run docs:generate (scripts/data-file-documents.ts); do not edit.
// The data files' shapes as plain types; docs/arrangement-format.md explains them.

import type { HolidayCode } from '../calendar/holidays.js';
import type { Market } from '../calendar/markets.js';

/**
 * annual: the yearly arrangement; special: adds days; amending: replaces entries of an earlier notice.
 */
export type NoticeKind = 'annual' | 'special' | 'amending';
/**
 * A calendar date, yyyy-MM-dd.
 */
export type IsoDateText = string;
/**
 * The wording pattern of the entry, as docs/arrangement-format.md names them.
 */
export type EntryForm =
  | 'old-style-swap'
  | 'old-style-weekend-shift'
  | 'old-style-no-swap'
  | 'range-with-swap'
  | 'combined-range-with-swap'
  | 'range-adjusted-no-workday'
  | 'range-gongxiu'
  | 'range-no-swap'
  | 'off-joined-with-weekend'
  | 'off-plus-compensatory'
  | 'off-one-day'
  | 'off-one-day-no-swap'
  | 'special-range-with-swap'
  | 'amended-range-with-swap'
  | 'extension';
/**
 * Statutory holiday days (法定节假日) of every holiday the file names, as statutoryDays() computes them; the loader recomputes and compares.
 */
export type StatutoryDays = {[Code in HolidayCode]?: IsoDateText[]};
/**
 * Which whole-year rule the notice departs from: 10 completeness, 11 balance, 12 where make-up days lie.
 */
export type YearRule = 'completeness' | 'balance' | 'make-up-days';

/**
 * One year's file, `<year>.json`: everything the State Council's notices for that arrangement year say (docs/arrangement-format.md).
 */
export interface ArrangementFile {
  $schema?: string;
  /**
   * The year in the notice title.
   */
  year: number;
  /**
   * Version of 《全国年节及纪念日放假办法》 in force: 1 (2008-2013), 2 (2014-2024), 3 (2025 on).
   */
  regulationVersion: number;
  /**
   * @minItems 1
   */
  notices: ArrangementNotice[];
  /**
   * @minItems 1
   */
  entries: ArrangementEntry[];
  statutoryDays: StatutoryDays;
  exchanges?: ExchangeCalendar;
  /**
   * Findings of the whole-year rules (10-12) a person accepted after reading the notice (import --accept). Each must equal a finding the loader computes; a file with any other finding, or with an acceptance no longer found, is refused.
   *
   * @minItems 1
   */
  acceptedFindings?: AcceptedFinding[];
}
export interface ArrangementNotice {
  /**
   * Identifier of a notice within this file.
   */
  id: string;
  kind: NoticeKind;
  title: string;
  /**
   * The 文号, or null where no copy of the notice shows it.
   */
  documentNumber: string | null;
  /**
   * 成文日期, or null where not confirmed.
   */
  signedDate: IsoDateText | null;
  publishedDate: IsoDateText;
  /**
   * An http(s) URL.
   */
  sourceUrl: string;
  /**
   * Items: An http(s) URL.
   */
  otherUrls: string[];
  /**
   * Free-text remarks for reviewers.
   */
  notes?: string[];
}
export interface ArrangementEntry {
  /**
   * Identifier of a notice within this file.
   */
  notice: string;
  /**
   * The holidays of the entry, in the order the notice names them.
   *
   * @minItems 1
   *
   * Items: A holiday code of the interface.
   */
  holidays: HolidayCode[];
  /**
   * The holiday name(s) as the notice prints them.
   */
  printedName: string;
  form: EntryForm;
  /**
   * Days off the notice names (放假): whole spans, weekends inside included, and single days.
   *
   * @minItems 1
   *
   * Items: One date (yyyy-MM-dd) or an inclusive range (yyyy-MM-dd..yyyy-MM-dd).
   */
  rest: string[];
  /**
   * Compensatory days off (补休).
   */
  compensatory: IsoDateText[];
  /**
   * Make-up working days (上班).
   */
  work: IsoDateText[];
  /**
   * Weekend days the notice only says are joined to the holiday (与周末连休); ordinary weekend days.
   */
  joinedWeekend: IsoDateText[];
  /**
   * The total the notice states (共N天), or null when it states none.
   */
  statedTotal: number | null;
  /**
   * Identifier of a notice within this file.
   */
  supersededBy?: string;
  /**
   * Free-text remarks for reviewers.
   */
  notes?: string[];
}
/**
 * What the exchanges' notices say about the arrangement year: present once their notice is in the dataset; without it, trading days of the year are UNKNOWN.
 */
export interface ExchangeCalendar {
  /**
   * The exchanges' notices of the year's market closures (全年休市安排), each restating the CSRC's.
   *
   * @minItems 1
   */
  notices: ExchangeNotice[];
  /**
   * Weekdays the exchanges close that are working days under the State Council (2024-02-09, 除夕). Every State Council weekday rest day of the file is closed too, and every Saturday and Sunday.
   */
  additionalClosures: ExchangeClosure[];
}
export interface ExchangeNotice {
  /**
   * An A-share exchange by its ISO 10383 code.
   */
  exchange: Market;
  /**
   * The title as the exchange prints it, or null where no copy was found.
   */
  title: string | null;
  /**
   * The number (上证公告〔2015〕36号), or null where no copy of the notice shows it.
   */
  documentNumber: string | null;
  /**
   * The date the notice is signed or published, or null where not confirmed.
   */
  publishedDate: IsoDateText | null;
  /**
   * The notice on the exchange's own site, or null where not known.
   */
  sourceUrl: string | null;
  /**
   * Public copies of the notice where its text or metadata was read.
   *
   * Items: An http(s) URL.
   */
  otherUrls: string[];
  /**
   * Free-text remarks for reviewers.
   */
  notes?: string[];
}
export interface ExchangeClosure {
  date: IsoDateText;
  /**
   * Why the exchanges close on a State Council working day, in the notice's words where it gives them.
   */
  reason: string;
}
export interface AcceptedFinding {
  /**
   * The finding id the importer printed, `<rule>-<hash>`.
   */
  id: string;
  rule: YearRule;
  /**
   * The field the finding names, as the loader reports it.
   */
  field: string;
  /**
   * The finding as computed, figures and dates included; the loader recomputes it and requires the same text.
   */
  reason: string;
}

/**
 * The data directory's `manifest.json`: its sequence and expiry, the published years, and the SHA-256 of each year file.
 */
export interface Manifest {
  $schema?: string;
  /**
   * The number of this manifest: every manifest written (import, sync, an acceptance, sign, a writer re-sealing) has the previous one plus one. A reader refuses a manifest with a lower sequence than the copy it uses, or the same sequence with other bytes.
   */
  sequence?: number;
  /**
   * When this manifest stops vouching for the dataset (RFC 3339, UTC, whole seconds). A reader takes no manifest past its expiry; the writer re-seals before it (DATASET_EXPIRES_SECONDS). A local folder is never refused for it.
   */
  expires?: string;
  /**
   * Every year whose arrangement is published in this directory.
   */
  publishedYears: number[];
  files?: FileDigests;
}
/**
 * The SHA-256 of each year file, written whenever the manifest is written (import, sync, sign). The loader refuses a listed file whose bytes do not match; a service following this folder over HTTP requires a digest for every published year.
 */
export interface FileDigests {
  /**
   * The SHA-256 of the file's exact bytes: 64 lower-case hex digits, or sha256- and base64.
   *
   * This interface was referenced by `FileDigests`'s JSON-Schema definition
   * via the `patternProperty` "^[0-9]{4}\.json$".
   */
  [k: string]: string;
}
