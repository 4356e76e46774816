import type { Unavailable } from './answer-kinds.js';
import type { FeedRequest } from './calendar-feed.js';
import type { CalendarCore } from './calendar-core.js';
import type { CalendarFeedQuestion } from '../questions/calendar-feed-question.js';

/** The published years the feed holds (by default all of them), or the first one that cannot be read. */
export function feedRequest(core: CalendarCore, question: CalendarFeedQuestion): FeedRequest | Unavailable {
  const first = question.firstYear ?? 0;
  const last = question.lastYear ?? Number.MAX_SAFE_INTEGER;
  const unreadable = core.unavailableYears.find((year) => year >= first && year <= last);
  if (unreadable !== undefined) return { unavailable: true, year: unreadable };
  return { years: core.publishedYears.filter((year) => year >= first && year <= last), lang: question.lang };
}
