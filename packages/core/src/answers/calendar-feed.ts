import ical, { ICalEventTransparency } from 'ical-generator';
import { civilFromDayNumber, type DayNumber } from '../calendar/civil-date.js';
import { HOLIDAYS } from '../calendar/holidays.js';
import { formatIsoDate, parseIsoDate } from '../calendar/iso-date.js';
import type { ArrangementEntry, ArrangementFile } from '../dataset/data-file-types.js';
import type { Dataset } from '../dataset/dataset.js';
import { datesOf, entriesInNoticeOrder, restDaysOf } from '../dataset/entry-dates.js';
import type { FeedLanguage } from '../questions/calendar-feed-question.js';

/**
 * The arrangements as an RFC 5545 calendar (docs/design.md (Beyond the interface)), serialised by ical-generator (line
 * folding at 75 octets is UTF-8 sensitive: not something to write by hand):
 *  - all-day events only (DTSTART;VALUE=DATE, exclusive DTEND): one per run of consecutive rest
 *    days of a holiday entry, one per make-up working day; never a midnight-to-midnight timed
 *    event, which subscribers in other time zones would see shifted;
 *  - a UID made of the notice year, the holiday codes, the kind and the first date, the same on
 *    every host and in every dataset version, so that a subscribed client updates an event
 *    (an amended holiday) instead of adding a second one;
 *  - DTSTAMP and LAST-MODIFIED from the notice's publication date, SEQUENCE from the amendments:
 *    the same data always gives the same bytes;
 *  - X-APPLE-SPECIAL-DAY on every event (WORK-HOLIDAY on rest days, ALTERNATE-WORKDAY on make-up
 *    working days), the property by which Apple Calendar marks a day 休 or 班; other clients
 *    ignore an X- property they do not know (RFC 5545 section 3.8.8.2).
 */

export interface FeedRequest {
  /** The years whose notices contribute events: published ones only. */
  readonly years: readonly number[];
  readonly lang: FeedLanguage;
}

const UID_DOMAIN = 'china-holiday-calendar';

/** Apple Calendar's marks of a day off (休) and of a make-up working day (班). */
const APPLE_SPECIAL_DAY = 'X-APPLE-SPECIAL-DAY';
const APPLE_REST_DAY = 'WORK-HOLIDAY';
const APPLE_MAKE_UP_WORKDAY = 'ALTERNATE-WORKDAY';

const TEXT = {
  zh: {
    name: '中国法定节假日与调休',
    description: (lastYear: string) =>
      `国务院办公厅公布的全国节假日放假与调休上班安排（全天事件）。已公布至${lastYear}年；尚未公布的年份没有任何事件，不作推测。`,
    rest: (names: string) => `${names}放假`,
    work: (names: string) => `${names}调休上班`,
    restLine: (days: string, count: number) => `放假：${days}（共${count}天）`,
    through: '至',
    workLine: (days: string) => `调休上班：${days}`,
    source: (notice: string) => `依据：${notice}`,
    joiner: '、',
  },
  en: {
    name: 'Mainland China public holidays and make-up working days',
    description: (lastYear: string) =>
      `The State Council's nationwide holiday arrangements: days off and make-up working days (all-day events). Published up to ${lastYear}; years not yet published have no events, nothing is guessed.`,
    rest: (names: string) => `${names} holiday`,
    work: (names: string) => `${names} make-up working day`,
    restLine: (days: string, count: number) => `Days off: ${days} (${count} day${count > 1 ? 's' : ''})`,
    through: ' to ',
    workLine: (days: string) => `Make-up working days: ${days}`,
    source: (notice: string) => `Source: ${notice}`,
    joiner: ', ',
  },
} as const;

export type FeedRenderer = (dataset: Dataset, request: FeedRequest) => string;

/** The feed's text. `years` lists the published years wanted; the description says up to which year notices exist. */
export const renderCalendarFeed: FeedRenderer = (dataset, request) => {
  const text = TEXT[request.lang];
  const lastPublished = dataset.publishedYears.at(-1);
  const calendar = ical({
    name: text.name,
    description: text.description(lastPublished === undefined ? '—' : String(lastPublished)),
    prodId: { company: UID_DOMAIN, product: 'feed', language: request.lang.toUpperCase() },
    // REFRESH-INTERVAL and X-PUBLISHED-TTL: arrangements change at most a few times a year.
    ttl: 86_400,
  });
  for (const year of request.years) {
    const file = dataset.arrangements.get(year);
    if (file === undefined) continue;
    for (const entry of entriesInNoticeOrder(file)) addEntryEvents(calendar, file, entry, request.lang);
  }
  return calendar.toString();
};

type Calendar = ReturnType<typeof ical>;

function addEntryEvents(calendar: Calendar, file: ArrangementFile, entry: ArrangementEntry, lang: FeedLanguage): void {
  const text = TEXT[lang];
  const names = entry.holidays.map((code) => (lang === 'zh' ? HOLIDAYS[code].zh : HOLIDAYS[code].en));
  const title = lang === 'zh' ? names.join('、') : joinEnglish(names);
  const notice = file.notices.find((candidate) => candidate.id === entry.notice);
  const published = utcDate(parseIsoDate(notice?.publishedDate ?? '') ?? 0);
  const rest = restDaysOf(entry);
  const runs = consecutiveRuns(rest);
  const work = datesOf(entry.work).sort((a, b) => a - b);
  const runText = (run: readonly DayNumber[]): string =>
    run.length === 1 ? formatIsoDate(run[0] ?? 0) : `${formatIsoDate(run[0] ?? 0)}${text.through}${formatIsoDate(run.at(-1) ?? 0)}`;
  const description = [
    text.restLine(runs.map(runText).join(text.joiner), rest.length),
    ...(work.length > 0 ? [text.workLine(work.map(formatIsoDate).join(text.joiner))] : []),
    ...(notice === undefined ? [] : [text.source(`${notice.title}${notice.documentNumber === null ? '' : `（${notice.documentNumber}）`}`)]),
  ].join('\n');
  const common = {
    allDay: true,
    stamp: published,
    lastModified: published,
    sequence: notice?.kind === 'amending' ? 1 : 0,
    description,
    transparency: ICalEventTransparency.TRANSPARENT,
  };
  const uid = (kind: 'rest' | 'work', first: DayNumber): string =>
    `${file.year}-${entry.holidays.join('+')}-${kind}-${formatIsoDate(first).replaceAll('-', '')}@${UID_DOMAIN}`;
  for (const run of runs) {
    const [first, last] = [run[0] ?? 0, run.at(-1) ?? 0];
    calendar.createEvent({ ...common, id: uid('rest', first), summary: text.rest(title), start: utcDate(first), end: utcDate(last + 1), x: [[APPLE_SPECIAL_DAY, APPLE_REST_DAY]] });
  }
  for (const day of work) {
    calendar.createEvent({ ...common, id: uid('work', day), summary: text.work(title), start: utcDate(day), end: utcDate(day + 1), x: [[APPLE_SPECIAL_DAY, APPLE_MAKE_UP_WORKDAY]] });
  }
}

/** Ascending days split where a day is skipped: 2014-04-05 and the 补休 day 2014-04-07 are two runs. */
function consecutiveRuns(days: readonly DayNumber[]): DayNumber[][] {
  const runs: DayNumber[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run !== undefined && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** Midnight UTC of a day: ical-generator writes a date-only value from the UTC fields, whatever the host's zone. */
function utcDate(day: DayNumber): Date {
  const { year, month, day: dayOfMonth } = civilFromDayNumber(day);
  return new Date(Date.UTC(year, month - 1, dayOfMonth));
}

function joinEnglish(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}
