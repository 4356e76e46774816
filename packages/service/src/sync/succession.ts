import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';

/**
 * Whether a year's file may become `next`, the last line of defence before sync publishes: a
 * notice found for `year` publishes only `year`, and a published year changes only through a
 * newer notice that amends it (or adds to it): every notice the file has stays as it is, and
 * nothing earlier than its newest notice, and no second annual notice, is added. Undefined when
 * it may; otherwise why not.
 */
export function successionProblem(year: number, existing: ArrangementFile | undefined, next: ArrangementFile): string | undefined {
  if (next.year !== year) return `the notice arranges ${next.year}, not ${year}, the year it was found for`;
  if (existing === undefined) return undefined;
  const kept = existing.notices.every((notice, index) => JSON.stringify(next.notices[index]) === JSON.stringify(notice));
  if (!kept || next.notices.length < existing.notices.length) return `the notice would replace the notices ${year} is published from`;
  const newest = existing.notices.map((notice) => notice.publishedDate).reduce((a, b) => (a > b ? a : b), '');
  for (const notice of next.notices.slice(existing.notices.length)) {
    if (notice.kind === 'annual') return `${year} is published: an annual notice cannot replace it, only a notice amending it`;
    if (notice.publishedDate < newest) return `the notice was published on ${notice.publishedDate}, before ${newest}, the newest notice ${year} is published from`;
  }
  return undefined;
}
