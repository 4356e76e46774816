import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import { buildCalendarViews, type CalendarViews } from './calendar-views.js';
import { parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import type { Dataset } from '@china-holiday-calendar/core/dataset/dataset.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';

export { BUNDLED_DATA_DIR };

export async function loadBundledDataset(): Promise<Dataset> {
  return assembleDataset(await readDataDirectory(BUNDLED_DATA_DIR));
}

export async function loadBundledViews(): Promise<CalendarViews> {
  return buildCalendarViews(await loadBundledDataset());
}

/** A test's own date literal; throws rather than letting a typo pass as undefined. */
export function day(text: string): DayNumber {
  const parsed = parseIsoDate(text);
  if (parsed === undefined) throw new Error(`bad test date ${text}`);
  return parsed;
}
