import { createHash } from 'node:crypto';
import type { CalendarViews } from '../helpers/calendar-views.js';
import { day } from '../helpers/bundled-dataset.js';

/**
 * A SHA-256 over every answer of the index for 2008-01-01..2030-12-31: dayStatus and dayJson of
 * every day, nextHoliday and nextHolidayJson from every day, countDays over 1, 7, 31 and 366 days
 * from every day, rangeJson over 7 days from every day and over 366 days from every first of a
 * month. Shared by the time-zone test and its child-process script.
 */
export function answersDigest(index: CalendarViews): string {
  const hash = createHash('sha256');
  const add = (label: string, answer: Buffer | object): void => {
    hash.update(label);
    hash.update(Buffer.isBuffer(answer) ? answer : JSON.stringify(answer));
    hash.update('\n');
  };
  const first = day('2008-01-01');
  const last = day('2030-12-31');
  for (let d = first; d <= last; d++) {
    add('dayStatus', index.dayStatus(d));
    add('dayJson', index.dayJson(d));
    add('nextHoliday', index.nextHoliday(d));
    add('nextHolidayJson', index.nextHolidayJson(d));
    for (const span of [0, 6, 30, 365]) add(`countDays+${span}`, index.countDays(d, d + span));
    add('rangeJson+6', index.rangeJson(d, d + 6));
    const record = index.dayStatus(d);
    if ('date' in record && record.date.endsWith('-01')) add('rangeJson+365', index.rangeJson(d, d + 365));
  }
  return hash.digest('hex');
}
