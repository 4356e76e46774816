import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { buildAnswerBytes, type AnswerBytes } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { answerObjects, type AnswerObjects } from '@china-holiday-calendar/core/answers/answer-objects.js';

/**
 * A dataset's calendar core with both its views, as one object for the tests that hold the
 * answers of every view to the same facts: the core's queries, the library's objects, the bytes
 * the HTTP operations send.
 */
export type CalendarViews = CalendarCore &
  Omit<AnswerObjects, 'core' | 'calendarFeed'> &
  Omit<AnswerBytes, 'core'> & {
    readonly core: CalendarCore;
  };

export function buildCalendarViews(dataset: Dataset): CalendarViews {
  return calendarViews(buildAnswerBytes(dataset));
}

/** The views of the core under `bytes`, as one object (the byte view's `core` swapped for a test's, if given). */
export function calendarViews(bytes: AnswerBytes, core: CalendarCore = bytes.core): CalendarViews {
  const objects = answerObjects(bytes.core);
  return {
    ...core,
    dayStatus: (day) => objects.dayStatus(day),
    nextHoliday: (from) => objects.nextHoliday(from),
    workdayOffset: (from, days) => objects.workdayOffset(from, days),
    dayJson: (day) => bytes.dayJson(day),
    rangeJson: (start, end) => bytes.rangeJson(start, end),
    dateListJsonChunks: (days) => bytes.dateListJsonChunks(days),
    nextHolidayJson: (from) => bytes.nextHolidayJson(from),
    dayCsvRecord: (day) => bytes.dayCsvRecord(day),
    yearOverviewJson: (year) => bytes.yearOverviewJson(year),
    calendarFeed: (request, render) => bytes.calendarFeed(request, render),
    trading: () => bytes.trading(),
    tradingBytes: (market) => bytes.tradingBytes(market),
    core,
  };
}
