import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { before, describe, it } from 'node:test';
import ICAL from 'ical.js';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { renderCalendarFeed } from '@china-holiday-calendar/core/answers/calendar-feed.js';
import { buildCalendarViews, type CalendarViews } from '../helpers/calendar-views.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { BUNDLED_DATA_DIR, day, loadBundledDataset } from '../helpers/bundled-dataset.js';
import { SOURCE_CONDITION } from '../helpers/source-cli.js';
import { sealed } from '../helpers/sealed-data.js';

/*
 * The feed is parsed by an independent parser (ical.js) and checked against the index's per-day
 * statuses: every run of consecutive rest days of a holiday and every make-up working day of
 * 2008..2026 appears exactly once, as an all-day event.
 */

const YEARS = Array.from({ length: 19 }, (_, at) => 2008 + at);

interface ParsedEvent {
  readonly uid: string;
  readonly summary: string;
  readonly start: string;
  /** Exclusive, as RFC 5545 has it. */
  readonly end: string;
  readonly allDay: boolean;
  /** Apple Calendar's mark of the event's days, or null when it has none. */
  readonly appleSpecialDay: string | null;
}

function parseFeed(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate && event.endDate.isDate,
      appleSpecialDay: component.getFirstPropertyValue('x-apple-special-day') as string | null,
    };
  });
  return { calendar, events };
}

/** The day before an exclusive end. */
const lastDay = (end: string): string => formatIsoDate(day(end) - 1);

let dataset: Dataset;
let index: CalendarViews;
let zh: string;

before(async () => {
  dataset = await loadBundledDataset();
  index = buildCalendarViews(dataset);
  zh = renderCalendarFeed(dataset, { years: YEARS, lang: 'zh' });
});

/** What the index says: runs of HOLIDAY days with the same holidays, and every ADJUSTED_WORKDAY, 2008-01-01..2026-12-31. */
function expectedFromIndex(): { rest: string[]; work: string[] } {
  const rest: string[] = [];
  const work: string[] = [];
  let run: { start: string; end: string; codes: string } | undefined;
  for (let at = day('2008-01-01'); at <= day('2026-12-31'); at++) {
    const record = index.dayStatus(at);
    if (isUnavailable(record)) assert.fail('unavailable');
    const codes = record.holidays.map((holiday) => holiday.code).join('+');
    if (record.dayStatus === 'HOLIDAY' && run !== undefined && run.codes === codes && day(run.end) === at - 1) {
      run.end = record.date;
      continue;
    }
    if (run !== undefined) rest.push(`${run.start}..${run.end} ${run.codes}`);
    run = record.dayStatus === 'HOLIDAY' ? { start: record.date, end: record.date, codes } : undefined;
    if (record.dayStatus === 'ADJUSTED_WORKDAY') work.push(`${record.date} ${codes}`);
  }
  if (run !== undefined) rest.push(`${run.start}..${run.end} ${run.codes}`);
  return { rest, work };
}

describe('the calendar feed', () => {
  it('holds each rest run and each make-up working day of 2008..2026 exactly once, as the index has them', () => {
    const { events } = parseFeed(zh);
    const codesOf = (uid: string): string => uid.split('-')[1] ?? '';
    const rest = events
      .filter((event) => event.uid.includes('-rest-'))
      .map((event) => `${event.start}..${lastDay(event.end)} ${codesOf(event.uid)}`)
      // The 2008 notice's December 2007 days lie before the index's first day.
      .map((text) => text.replace(/^2007-12-30\.\.2008-01-01/, '2008-01-01..2008-01-01'))
      .sort();
    const work = events
      .filter((event) => event.uid.includes('-work-'))
      .map((event) => `${event.start} ${codesOf(event.uid)}`)
      .filter((text) => text >= '2008')
      .sort();
    const expected = expectedFromIndex();
    assert.deepEqual(rest, [...expected.rest].sort());
    assert.deepEqual(work, [...expected.work].sort());
    assert.equal(new Set(events.map((event) => event.uid)).size, events.length, 'UIDs are unique');
  });

  it('has only all-day events, each ending the day after its last day', () => {
    const { events } = parseFeed(zh);
    assert.ok(events.length > 200);
    for (const event of events) {
      assert.ok(event.allDay, `${event.uid} is all-day`);
      assert.ok(event.end > event.start);
    }
    assert.doesNotMatch(zh, /DTSTART:|DTSTART;TZID|DTEND:/, 'no timed start or end anywhere');
  });

  it('marks rest days and make-up working days the way Apple Calendar shows 休 and 班', () => {
    const { events } = parseFeed(zh);
    for (const event of events) {
      const expected = event.uid.includes('-rest-') ? 'WORK-HOLIDAY' : 'ALTERNATE-WORKDAY';
      assert.equal(event.appleSpecialDay, expected, event.uid);
    }
    assert.ok(events.some((event) => event.appleSpecialDay === 'ALTERNATE-WORKDAY'));
    const makeUpDay = zh.split('BEGIN:VEVENT').find((event) => event.includes('UID:2024-SPRING_FESTIVAL-work-20240204@'));
    assert.match(makeUpDay ?? '', /\r\nX-APPLE-SPECIAL-DAY:ALTERNATE-WORKDAY\r\n/, 'written as Apple writes it, unquoted and unescaped');
  });

  it('folds every line at 75 octets (UTF-8), with CRLF line ends', () => {
    const lines = zh.split('\r\n');
    assert.ok(lines.length > 1000);
    for (const line of lines) assert.ok(Buffer.byteLength(line) <= 75, `${Buffer.byteLength(line)} octets: ${line}`);
    assert.doesNotMatch(zh.replaceAll('\r\n', ''), /\n/, 'no bare LF');
  });

  it('names the holidays in Chinese or English, and says up to which year the notices are published', () => {
    const { calendar, events } = parseFeed(zh);
    const en = parseFeed(renderCalendarFeed(dataset, { years: [2023], lang: 'en' }));
    assert.ok(events.some((event) => event.summary === '春节放假'));
    assert.ok(events.some((event) => event.summary === '中秋节、国庆节放假'));
    assert.ok(events.some((event) => event.summary === '春节调休上班'));
    assert.ok(en.events.some((event) => event.summary === 'Mid-Autumn Festival and National Day holiday'));
    assert.ok(en.events.some((event) => event.summary === 'Spring Festival make-up working day'));
    assert.match(String(calendar.getFirstPropertyValue('x-wr-caldesc')), /已公布至2026年/);
    assert.match(String(en.calendar.getFirstPropertyValue('x-wr-caldesc')), /Published up to 2026/);
    assert.equal(String(calendar.getFirstPropertyValue('refresh-interval')), 'P1D');
    assert.equal(String(calendar.getFirstPropertyValue('x-published-ttl')), 'P1D');
  });

  it('builds UIDs from the year, the holidays, the kind and the first date, with DTSTAMP from the notice', () => {
    const { events } = parseFeed(renderCalendarFeed(dataset, { years: [2019], lang: 'zh' }));
    const uids = events.map((event) => event.uid);
    assert.ok(uids.includes('2019-NEW_YEAR-rest-20181230@china-holiday-calendar'));
    assert.ok(uids.includes('2019-NEW_YEAR-work-20181229@china-holiday-calendar'));
    assert.ok(uids.includes('2019-LABOR_DAY-rest-20190501@china-holiday-calendar'));
    assert.ok(!uids.some((uid) => uid.startsWith('2018-')), 'only the 2019 notice');
    assert.match(renderCalendarFeed(dataset, { years: [2019], lang: 'zh' }), /UID:2019-LABOR_DAY-rest-20190501@china-holiday-calendar\r\nSEQUENCE:1\r\nDTSTAMP:20190322T000000Z/);
  });

  it('gives the same bytes for the same data, whatever the process time zone', () => {
    const script = "import { renderCalendarFeed } from './packages/core/src/answers/calendar-feed.ts'; import { loadBundledDataset } from './test/helpers/bundled-dataset.ts'; process.stdout.write(renderCalendarFeed(await loadBundledDataset(), { years: [2008, 2015, 2026], lang: 'zh' }));";
    const expected = renderCalendarFeed(dataset, { years: [2008, 2015, 2026], lang: 'zh' });
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC']) {
      const output = execFileSync(process.execPath, [SOURCE_CONDITION, '--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: new URL('../../', import.meta.url),
        env: { ...process.env, TZ: zone },
        encoding: 'utf8',
      });
      assert.equal(output, expected, zone);
    }
  });

  it('keeps every other year’s events, UIDs and bytes when one year’s file changes', async () => {
    const snapshot = await readDataDirectory(BUNDLED_DATA_DIR);
    const yearFiles = snapshot.yearFiles.map((file) => {
      if (file.year !== 2015 || !('text' in file)) return file;
      const changed: unknown = JSON.parse(file.text);
      assert.ok(checkArrangementShape(changed));
      const [first, second, ...others] = changed.entries;
      assert.ok(first !== undefined && second !== undefined);
      changed.entries = [first, { ...second, notes: ['a reviewer note'] }, ...others];
      return { ...file, text: JSON.stringify(changed) };
    });
    const other = assembleDataset(sealed({ ...snapshot, yearFiles }));
    assert.notEqual(other.version, dataset.version);
    const withoutYear = (text: string): string[] =>
      text.split('BEGIN:VEVENT').filter((event) => !event.includes('UID:2015-'));
    assert.deepEqual(withoutYear(renderCalendarFeed(other, { years: YEARS, lang: 'zh' })), withoutYear(zh));
    assert.deepEqual(
      parseFeed(renderCalendarFeed(other, { years: YEARS, lang: 'zh' })).events.map((event) => event.uid),
      parseFeed(zh).events.map((event) => event.uid),
    );
  });

  it('holds no event for a year without a notice', () => {
    assert.equal(parseFeed(renderCalendarFeed(dataset, { years: [], lang: 'zh' })).events.length, 0);
  });
});
