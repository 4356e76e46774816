import { daysInMonth, type DayNumber } from '../calendar/civil-date.js';
import { dayOfWeek, type DayOfWeek } from '../calendar/day-of-week.js';
import { ANNUAL_HOLIDAY_CODES, HOLIDAYS, type HolidayCode } from '../calendar/holidays.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { OBSERVANCES, observanceDay, type Observance } from '../calendar/observances.js';
import { REGULATION_NAME, regulationFor, statutoryDays } from '../calendar/statutory-days.js';
import type { ArrangementFile } from '../dataset/data-file-types.js';
import { datesOf, entriesInNoticeOrder, restDaysOf } from '../dataset/entry-dates.js';

/** The regulation 《全国年节及纪念日放假办法》 in the revision in force that year. */
export interface RegulationInForce {
  readonly name: string;
  /** The year of the revision: 2007, 2013 or 2024. */
  readonly revision: number;
  readonly decree: string;
  readonly inForceFrom: string;
}

export interface OverviewNotice {
  /** Names the notice within the year; a holiday's `notice` refers to it. */
  readonly id: string;
  readonly kind: 'ANNUAL' | 'SPECIAL' | 'AMENDING';
  readonly title: string;
  readonly documentNumber: string | null;
  readonly signedDate: string | null;
  readonly publishedDate: string;
  readonly url: string;
}

interface HolidayNames {
  readonly codes: readonly HolidayCode[];
  readonly names: readonly string[];
  readonly namesEn: readonly string[];
  /** The statutory days (法定节假日) of the entry's holidays: the regulation fixes them whatever the arrangement. */
  readonly statutoryDates: readonly string[];
}

/** A holiday entry of a published year, in its final state. */
export interface PublishedHoliday extends HolidayNames {
  /** The notice that fixed the entry's final state. */
  readonly notice: string;
  readonly restDates: readonly string[];
  readonly makeUpWorkdays: readonly string[];
  readonly joinedWeekends: readonly string[];
}

/** A holiday of a year whose notice is awaited: only what the regulation fixes. */
export interface AwaitedHoliday extends HolidayNames {
  readonly notice: null;
  readonly restDates: null;
  readonly makeUpWorkdays: null;
  readonly joinedWeekends: null;
}

/** A day of Article 3: time off for part of the population only; it never changes a date's status. */
export interface OverviewObservance {
  readonly code: Observance['code'];
  readonly name: string;
  readonly nameEn: string;
  readonly date: string;
  readonly dayOfWeek: DayOfWeek;
  readonly who: string;
  readonly whoEn: string;
  readonly timeOff: 'HALF_DAY' | 'ONE_DAY';
  /** Always false: one on a Saturday or Sunday is not made up on a working day (Article 6). */
  readonly replacedWhenOnWeekend: false;
}

/**
 * The working, rest and undetermined days of one month of the year, counted as the workdays
 * operation counts that month (an unpublished year's days are all undetermined).
 */
export interface MonthCount {
  /** 1 to 12. */
  readonly month: number;
  readonly workdayCount: number;
  readonly restDayCount: number;
  readonly unknownDayCount: number;
}

interface OverviewCommon {
  readonly year: number;
  readonly regulation: RegulationInForce;
  readonly observances: readonly OverviewObservance[];
}

/** The year at a glance, as the service's API answers it. */
export type YearOverview =
  | (OverviewCommon & {
      readonly status: 'PUBLISHED';
      readonly notices: readonly OverviewNotice[];
      readonly holidays: readonly PublishedHoliday[];
      /** Working and rest days of January 1 to December 31. */
      readonly workdayCount: number;
      readonly restDayCount: number;
      /** The twelve months, January first. */
      readonly months: readonly MonthCount[];
      readonly datasetVersion: string;
    })
  | (OverviewCommon & {
      readonly status: 'UNPUBLISHED';
      /** Always empty (typed as the generated client types it). */
      readonly notices: readonly OverviewNotice[];
      readonly holidays: readonly AwaitedHoliday[];
      readonly workdayCount: null;
      readonly restDayCount: null;
      /** The twelve months, January first: every day undetermined until the notice is published. */
      readonly months: readonly MonthCount[];
      readonly datasetVersion: null;
    });

/** The months of a year, 1 to 12. */
export const MONTHS: readonly number[] = Array.from({ length: 12 }, (_, at) => at + 1);

const OVERVIEW_NOTICE_KIND = { annual: 'ANNUAL', special: 'SPECIAL', amending: 'AMENDING' } as const;

/** A published year: its notices, and its holidays in the notice's order with amendments applied. */
export function publishedYearOverview(
  file: ArrangementFile,
  counts: { readonly workdayCount: number; readonly restDayCount: number },
  months: readonly MonthCount[],
  datasetVersion: string,
): YearOverview {
  return {
    year: file.year,
    status: 'PUBLISHED',
    regulation: regulationInForce(file.year),
    notices: file.notices.map((notice) => ({
      id: notice.id,
      kind: OVERVIEW_NOTICE_KIND[notice.kind],
      title: notice.title,
      documentNumber: notice.documentNumber,
      signedDate: notice.signedDate,
      publishedDate: notice.publishedDate,
      url: notice.sourceUrl,
    })),
    holidays: entriesInNoticeOrder(file).map((entry) => ({
      ...names(entry.holidays),
      notice: entry.notice,
      restDates: restDaysOf(entry).map(formatIsoDate),
      makeUpWorkdays: sortedDates(datesOf(entry.work)),
      statutoryDates: sortedDates(entry.holidays.flatMap((code) => datesOf(file.statutoryDays[code] ?? []))),
      joinedWeekends: sortedDates(datesOf(entry.joinedWeekend)),
    })),
    observances: observancesOf(file.year),
    workdayCount: counts.workdayCount,
    restDayCount: counts.restDayCount,
    months,
    datasetVersion,
  };
}

/**
 * A year whose notice is not published: every holiday the regulation grants, each with the
 * statutory days it already fixes; what only the notice can say is null.
 */
export function unpublishedYearOverview(year: number): YearOverview {
  return {
    year,
    status: 'UNPUBLISHED',
    regulation: regulationInForce(year),
    notices: [],
    holidays: ANNUAL_HOLIDAY_CODES.map((code) => ({
      ...names([code]),
      notice: null,
      restDates: null,
      makeUpWorkdays: null,
      statutoryDates: statutoryDays(code, year).map(formatIsoDate),
      joinedWeekends: null,
    })),
    observances: observancesOf(year),
    workdayCount: null,
    restDayCount: null,
    months: MONTHS.map((month) => ({ month, workdayCount: 0, restDayCount: 0, unknownDayCount: daysInMonth(year, month) })),
    datasetVersion: null,
  };
}

function names(codes: readonly HolidayCode[]): Pick<HolidayNames, 'codes' | 'names' | 'namesEn'> {
  return { codes: [...codes], names: codes.map((code) => HOLIDAYS[code].zh), namesEn: codes.map((code) => HOLIDAYS[code].en) };
}

function regulationInForce(year: number): RegulationInForce {
  const { revision, decree, inForceFrom } = regulationFor(year);
  return { name: REGULATION_NAME, revision, decree, inForceFrom };
}

function observancesOf(year: number): OverviewObservance[] {
  return OBSERVANCES.map((observance) => {
    const day = observanceDay(observance, year);
    return {
      code: observance.code,
      name: observance.name,
      nameEn: observance.nameEn,
      date: formatIsoDate(day),
      dayOfWeek: dayOfWeek(day),
      who: observance.who,
      whoEn: observance.whoEn,
      timeOff: observance.timeOff,
      replacedWhenOnWeekend: false,
    };
  });
}

function sortedDates(days: readonly DayNumber[]): string[] {
  return [...new Set(days)].sort((a, b) => a - b).map(formatIsoDate);
}
