import { daysInMonth } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { dayOfWeek } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { ANNUAL_HOLIDAY_CODES } from '@china-holiday-calendar/core/calendar/holidays.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { OBSERVANCES, observanceDay } from '@china-holiday-calendar/core/calendar/observances.js';
import { regulationVersionFor, statutoryDays, type RegulationVersion } from '@china-holiday-calendar/core/calendar/statutory-days.js';
import { MONTHS, unpublishedYearOverview } from '@china-holiday-calendar/core/answers/year-overview.js';

/**
 * The JSON of an unpublished year's overview, byte for byte JSON.stringify(unpublishedYearOverview(year)),
 * assembled from pieces instead: any year up to 9999 can be asked for, so that building the
 * object, serializing it and encoding its Chinese text as UTF-8 for every distant year would make
 * it the costliest answer of the service by far. Everything but the year and its dates is the same
 * for every year under one revision of the regulation: that JSON is cut once per revision, around
 * the values that change, and each year only writes its own values (ASCII) between the pieces.
 */
export function unpublishedYearOverviewJson(year: number): Buffer {
  const template = templateFor(year);
  const values = valuesOf(year);
  let length = 0;
  for (const piece of template) length += piece.length;
  for (const value of values) length += value.length;
  const json = Buffer.allocUnsafe(length);
  let at = 0;
  template.forEach((piece, index) => {
    at += piece.copy(json, at);
    const value = values[index];
    if (value !== undefined) at += json.write(value, at, 'latin1');
  });
  return json;
}

/**
 * The values that change from year to year, as JSON text, in the order JSON.stringify writes
 * them: the year, every holiday's statutory dates, every observance's date and day of the week,
 * every month's number of (undetermined) days.
 */
function valuesOf(year: number): string[] {
  const values = [String(year)];
  for (const code of ANNUAL_HOLIDAY_CODES) for (const day of statutoryDays(code, year)) values.push(`"${formatIsoDate(day)}"`);
  for (const observance of OBSERVANCES) {
    const day = observanceDay(observance, year);
    values.push(`"${formatIsoDate(day)}"`, `"${dayOfWeek(day)}"`);
  }
  for (const month of MONTHS) values.push(String(daysInMonth(year, month)));
  return values;
}

/** Stands for a changing value in the JSON a template is cut from (JSON.stringify writes it as is). */
const MARK = '\u2063value\u2063';

const templates = new Map<RegulationVersion, readonly Buffer[]>();

/** The constant pieces of the JSON under the year's revision, cut once from a real overview and checked. */
function templateFor(year: number): readonly Buffer[] {
  const version = regulationVersionFor(year);
  const kept = templates.get(version);
  if (kept !== undefined) return kept;
  const overview = unpublishedYearOverview(year);
  const marked = JSON.stringify(overview, function mark(this: unknown, key: string, value: unknown): unknown {
    const changes =
      (this === overview && key === 'year') ||
      (Array.isArray(this) && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) ||
      ((key === 'date' || key === 'dayOfWeek') && typeof value === 'string') ||
      key === 'unknownDayCount';
    return changes ? MARK : value;
  });
  const template = marked.split(`"${MARK}"`).map((piece) => Buffer.from(piece));
  // Holds the cut to what JSON.stringify writes, so that a field added to the overview cannot
  // slip out of it unnoticed.
  templates.set(version, template);
  const expected = JSON.stringify(overview);
  const assembled = unpublishedYearOverviewJson(year).toString();
  if (assembled !== expected) {
    templates.delete(version);
    throw new Error(`the unpublished overview's template does not reproduce ${year}'s JSON`);
  }
  return template;
}
