import { fileURLToPath } from 'node:url';
import { buildCalendarIndex, type CalendarIndex } from './calendar-views.js';
import { parseIsoDate } from '../../src/calendar/iso-date.js';
import type { DayNumber } from '../../src/calendar/civil-date.js';
import { assembleDataset } from '../../src/dataset/assemble-dataset.js';
import type { Dataset } from '../../src/dataset/dataset.js';
import { readDataDirectory } from '../../src/dataset/read-data-directory.js';

export const BUNDLED_DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

export async function loadBundledDataset(): Promise<Dataset> {
  return assembleDataset(await readDataDirectory(BUNDLED_DATA_DIR));
}

export async function loadBundledIndex(): Promise<CalendarIndex> {
  return buildCalendarIndex(await loadBundledDataset());
}

/** A test's own date literal; throws rather than letting a typo pass as undefined. */
export function day(text: string): DayNumber {
  const parsed = parseIsoDate(text);
  if (parsed === undefined) throw new Error(`bad test date ${text}`);
  return parsed;
}
