import { workdayOffsetJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { OFFSET_BEFORE_SUPPORTED_RANGE, OFFSET_UNKNOWN } from '@china-holiday-calendar/core/answers/workday-offset.js';
import { feedRequest } from '@china-holiday-calendar/core/answers/feed-request.js';
import { FEED_LANGUAGES, readCalendarFeedQuestion, type CalendarFeedQuestion } from '@china-holiday-calendar/core/questions/calendar-feed-question.js';
import {
  beforeSupportedRange,
  MAX_OFFSET_DAYS,
  readWorkdayOffsetQuestion,
  type WorkdayOffsetQuestion,
} from '@china-holiday-calendar/core/questions/workday-offset-question.js';
import { readYear } from '@china-holiday-calendar/core/questions/year-question.js';
import { firstDayOfYear, lastDayOfYear } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { DATES_NOTE, UNKNOWN_RULE } from './agent-notes.js';
import { DATE_SCHEMA, JSON_CONTENT_TYPE, type Answer, type ApiOperation } from './api-operation.js';

/** The business-day tools beyond the contract's four operations (docs/interface.md, getWorkdayOffset, getYearOverview, getCalendarFeed). */

export const getWorkdayOffset: ApiOperation<WorkdayOffsetQuestion> = {
  operationId: 'chinaCalendar.getWorkdayOffset',
  tool: {
    name: 'add_workdays',
    title: 'Date N working days away',
    description:
      'The date `days` working days after fromDate (days > 0, fromDate itself not counted) or before it (days < 0); with days = 0, fromDate if it is ' +
      'a working day, else the first working day after it. Make-up working days count as working days; holidays and ordinary weekends do not. ' +
      'For deadlines such as "5 working days after receipt". status UNKNOWN (date null) when the count reaches a year not published yet. ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  path: '/v1/china-calendar/workday-offset',
  tag: 'Business days',
  summary: 'The day N working days from a date',
  description:
    'For days > 0, the N-th working day after fromDate (fromDate not counted); for days < 0, the |N|-th working day before it; ' +
    'for days = 0, fromDate itself if it is a working day, else the first working day after it. Make-up working days count; ' +
    'rest days of the arrangements do not. UNKNOWN when the walk reaches a day of a year whose arrangement is not published.',
  parameters: [
    { name: 'fromDate', in: 'query', required: true, description: 'The date to count from, yyyy-MM-dd, on or after 2008-01-01.', schema: DATE_SCHEMA },
    {
      name: 'days',
      in: 'query',
      required: true,
      description: `Working days to move: a whole number from -${MAX_OFFSET_DAYS} to ${MAX_OFFSET_DAYS} in plain digits (an optional leading -, no +, no leading zeros).`,
      schema: { type: 'integer', minimum: -MAX_OFFSET_DAYS, maximum: MAX_OFFSET_DAYS },
    },
  ],
  response: { schema: 'WorkdayOffset', contentType: JSON_CONTENT_TYPE },
  examples: {
    acrossNationalDay: {
      summary: 'Three working days after 2026-09-30: the National Day week is skipped, the make-up Saturday counts',
      request: '/v1/china-calendar/workday-offset?fromDate=2026-09-30&days=3',
    },
    backwards: { summary: 'The working day before 除夕 2024 (itself a working day that year)', request: '/v1/china-calendar/workday-offset?fromDate=2024-02-09&days=-1' },
    unknown: { summary: 'A walk into a year whose arrangement is not published yet', request: '/v1/china-calendar/workday-offset?fromDate=2026-12-30&days=5' },
  },
  badRequests: {
    MISSING_PARAMETER: '/v1/china-calendar/workday-offset?fromDate=2026-09-30',
    INVALID_DATE_FORMAT: '/v1/china-calendar/workday-offset?fromDate=2026/09/30&days=3',
    INVALID_PARAMETER: '/v1/china-calendar/workday-offset?fromDate=2026-09-30&days=%2B3',
    DATE_OUT_OF_SUPPORTED_RANGE: '/v1/china-calendar/workday-offset?fromDate=2008-01-03&days=-2',
  },
  read: readWorkdayOffsetQuestion,
  answer({ core }, { from, days }) {
    const found = core.workdayOffsetDay(from, days);
    const fromDate = core.isoDate(from);
    if (found > 0) return workdayOffsetJson({ fromDate, days, status: 'FOUND', date: core.isoDate(found), datasetVersion: core.version });
    if (found === OFFSET_UNKNOWN) return workdayOffsetJson({ fromDate, days, status: 'UNKNOWN', date: null, datasetVersion: null });
    if (found === OFFSET_BEFORE_SUPPORTED_RANGE) return beforeSupportedRange(from, days);
    return core.unavailableOfOffset(found) ?? core.unavailableAt(0);
  },
  isSettled: ({ core }, { from, days }) => core.workdayOffsetIsSettled(from, days),
  answerKey: ({ from, days }) => `o${from}:${days}`,
};

export const getYearOverview: ApiOperation<number> = {
  operationId: 'chinaCalendar.getYearOverview',
  tool: {
    name: 'get_year_overview',
    title: 'A year at a glance',
    description:
      'A year at a glance: the regulation in force, the official notices, every holiday with its rest dates, make-up working days (调休) and ' +
      'statutory days, and the working-day and rest-day counts of the year. A year not published yet answers status UNPUBLISHED: the statutory ' +
      `days the law already fixes, and null for what only the notice can decide. ${UNKNOWN_RULE}`,
    argumentSchemas: {
      year: { type: 'integer', minimum: 2008, maximum: 9999, description: 'The calendar year, such as 2026; from 2008.', examples: [2026] },
    },
  },
  path: '/v1/china-calendar/years/{year}',
  tag: 'Business days',
  summary: 'The year at a glance',
  description:
    'A published year: the regulation in force, the notices, every holiday in its final state (rest dates, make-up working days, statutory days, ' +
    'joined weekends) and the working and rest days of the year. An unpublished year: the statutory days the regulation already fixes, and null ' +
    'where only the notice can tell. Both list the days off the regulation gives part of the population (observances), which change no date.',
  parameters: [
    {
      name: 'year',
      in: 'path',
      required: true,
      description: 'A calendar year, exactly four digits, from 2008.',
      schema: { type: 'string', pattern: '^[0-9]{4}$', examples: ['2026'] },
    },
  ],
  response: { schema: 'YearOverview', contentType: JSON_CONTENT_TYPE },
  examples: {
    amended: { summary: 'A published year with an amending notice (2019 Labor Day)', request: '/v1/china-calendar/years/2019' },
    unpublished: { summary: 'A year whose arrangement is not published yet', request: '/v1/china-calendar/years/2027' },
  },
  badRequests: {
    INVALID_PARAMETER: '/v1/china-calendar/years/26',
    DATE_OUT_OF_SUPPORTED_RANGE: '/v1/china-calendar/years/2007',
  },
  read: ([year]) => readYear('year', year),
  answer: (calendar, year) => calendar.yearOverviewJson(year),
  isSettled: ({ core }, year) => core.yearOverviewIsSettled(year),
  answerKey: (year) => `y${year}`,
  csv: {
    days: (year) => [firstDayOfYear(year), lastDayOfYear(year)],
    example: { summary: 'Every day of 2026 as CSV, one row a day', request: '/v1/china-calendar/years/2026' },
  },
};

export const getCalendarFeed: ApiOperation<CalendarFeedQuestion> = {
  operationId: 'chinaCalendar.getCalendarFeed',
  path: '/v1/china-calendar/calendar.ics',
  tag: 'Business days',
  summary: 'The arrangements as an iCalendar feed',
  description:
    'RFC 5545, all-day events only: one per run of consecutive days off of a holiday, one per make-up working day. UIDs stay the same across ' +
    'data updates and hosts, so a subscribed calendar updates events instead of duplicating them. Unpublished years contribute no events.',
  parameters: [
    {
      name: 'years',
      in: 'query',
      required: false,
      description: 'One year (2026) or a range (2024..2027); by default every published year.',
      schema: { type: 'string', pattern: '^[0-9]{4}(\\.\\.[0-9]{4})?$', examples: ['2026', '2024..2027'] },
    },
    { name: 'lang', in: 'query', required: false, description: 'Language of the event texts.', schema: { type: 'string', enum: [...FEED_LANGUAGES], default: 'zh' } },
  ],
  response: { schema: 'CalendarFeed', contentType: 'text/calendar; charset=utf-8' },
  examples: { year2026: { summary: 'The 2026 arrangement, in English', request: '/v1/china-calendar/calendar.ics?years=2026&lang=en' } },
  badRequests: {
    INVALID_PARAMETER: '/v1/china-calendar/calendar.ics?years=2024-2026',
    DATE_OUT_OF_SUPPORTED_RANGE: '/v1/china-calendar/calendar.ics?years=2007..2008',
  },
  read: readCalendarFeedQuestion,
  answer(calendar, question): Answer | Promise<Answer> {
    const request = feedRequest(calendar.core, question);
    if ('unavailable' in request) return request;
    // Rendered once per dataset and kept; the iCalendar library loads with the first feed asked for.
    return (
      calendar.calendarFeed(request) ??
      import('@china-holiday-calendar/core/answers/calendar-feed.js').then(({ renderCalendarFeed }) => calendar.calendarFeed(request, renderCalendarFeed) ?? Buffer.alloc(0))
    );
  },
  // A feed of years asked for by name, all published, changes only if their notices are amended;
  // the default feed (every published year) grows when the next year is published.
  isSettled: ({ core }, { firstYear, lastYear }) => {
    if (firstYear === undefined || lastYear === undefined) return false;
    // Counted over the published years (a score of them) rather than the years asked for (any number).
    let readable = 0;
    for (const year of core.publishedYears) if (year >= firstYear && year <= lastYear && !core.unavailableYears.includes(year)) readable++;
    return readable === lastYear - firstYear + 1;
  },
  answerKey: (question) => `f${question.firstYear ?? ''}..${question.lastYear ?? ''}:${question.lang}`,
};
