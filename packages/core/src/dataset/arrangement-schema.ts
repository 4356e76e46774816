import type { HolidayCode } from '../calendar/holidays.js';

/**
 * The format of one arrangement file, `data/<year>.json`: everything the State Council's notices
 * for that arrangement year say, as data a person can review against the notice in a minute.
 * `docs/arrangement-format.md` explains it; its JSON Schema (packages/core/docs/) is generated
 * from scripts/arrangement-schema.ts, whose type-check holds these types equal to it.
 */

/** A calendar date, yyyy-MM-dd. */
export type IsoDateText = string;

/** The wording patterns of the notices, as docs/arrangement-format.md names them. */
export const ENTRY_FORMS = [
  'old-style-swap',
  'old-style-weekend-shift',
  'old-style-no-swap',
  'range-with-swap',
  'combined-range-with-swap',
  'range-adjusted-no-workday',
  'range-gongxiu',
  'range-no-swap',
  'off-joined-with-weekend',
  'off-plus-compensatory',
  'off-one-day',
  'off-one-day-no-swap',
  'special-range-with-swap',
  'amended-range-with-swap',
  'extension',
] as const;

export const NOTICE_KINDS = ['annual', 'special', 'amending'] as const;

/** The whole-year rules 10-12 of docs/arrangement-format.md, whose findings a person may accept. */
export const YEAR_RULES = ['completeness', 'balance', 'make-up-days'] as const;

export interface ArrangementNotice {
  /** Identifier of a notice within this file. */
  id: string;
  /** annual: the yearly arrangement; special: adds days; amending: replaces entries of an earlier notice. */
  kind: (typeof NOTICE_KINDS)[number];
  title: string;
  /** The 文号, or null where no copy of the notice shows it. */
  documentNumber: string | null;
  /** 成文日期, or null where not confirmed. */
  signedDate: IsoDateText | null;
  publishedDate: IsoDateText;
  sourceUrl: string;
  otherUrls: string[];
  /** Free-text remarks for reviewers. */
  notes?: string[];
}

export interface ArrangementEntry {
  notice: string;
  /** The holidays of the entry, in the order the notice names them. */
  holidays: HolidayCode[];
  /** The holiday name(s) as the notice prints them. */
  printedName: string;
  form: (typeof ENTRY_FORMS)[number];
  /** Days off the notice names (放假): one date or an inclusive range yyyy-MM-dd..yyyy-MM-dd. */
  rest: string[];
  /** Compensatory days off (补休). */
  compensatory: IsoDateText[];
  /** Make-up working days (上班). */
  work: IsoDateText[];
  /** Weekend days the notice only says are joined to the holiday (与周末连休). */
  joinedWeekend: IsoDateText[];
  /** The total the notice states (共N天), or null when it states none. */
  statedTotal: number | null;
  supersededBy?: string;
  notes?: string[];
}

/** Statutory holiday days (法定节假日) of every holiday the file names. */
export type StatutoryDays = { [Code in HolidayCode]?: IsoDateText[] };

/** A whole-year rule finding a person accepted after reading the notice (import --accept). */
export interface AcceptedFinding {
  /** The finding id the importer printed, `<rule>-<hash>`. */
  id: string;
  /** Which whole-year rule the notice departs from: 10 completeness, 11 balance, 12 where make-up days lie. */
  rule: (typeof YEAR_RULES)[number];
  /** The field the finding names, as the loader reports it. */
  field: string;
  /** The finding as computed, figures and dates included; the loader recomputes it and requires the same text. */
  reason: string;
}

export interface ArrangementFile {
  $schema?: string;
  /** The year in the notice title. */
  year: number;
  /** Version of 《全国年节及纪念日放假办法》 in force: 1 (2008-2013), 2 (2014-2024), 3 (2025 on). */
  regulationVersion: number;
  notices: ArrangementNotice[];
  entries: ArrangementEntry[];
  statutoryDays: StatutoryDays;
  /** Findings of the whole-year rules a person accepted; each must equal a finding the loader computes. */
  acceptedFindings?: AcceptedFinding[];
}

export interface Manifest {
  $schema?: string;
  /** Every year whose arrangement is published in this directory. */
  publishedYears: number[];
  /** The SHA-256 of each year file (`2027.json`): 64 lower-case hex digits, or `sha256-` and base64. */
  files?: Record<string, string>;
}
