import { createHash } from 'node:crypto';
import type { ArrangementFile } from './data-file-types.js';

/**
 * Every dataset version: `YYYY.MM.DD-` and eight hex digits, or `empty-` and eight hex digits for a
 * dataset without a notice. Nothing in it needs escaping in JSON, CSV or a header, and the
 * published schema says so.
 */
export const DATASET_VERSION_PATTERN = '^(?:[0-9]{4}\\.[0-9]{2}\\.[0-9]{2}|empty)-[0-9a-f]{8}$';

/**
 * The dataset version: the publication date of the newest notice, readable at a glance, plus a
 * short hash of the content, so that it changes whenever any arrangement changes and stays the
 * same when only a file's layout does. Example: `2025.11.04-3f9a2c1d`.
 */
export function datasetVersionOf(
  arrangements: ReadonlyMap<number, ArrangementFile>,
  unavailableYears: readonly number[],
): string {
  const years = [...arrangements.keys()].sort((a, b) => a - b);
  const hash = createHash('sha256');
  let newest = '';
  for (const year of years) {
    const file = arrangements.get(year);
    if (file === undefined) continue;
    hash.update(`${year}:${JSON.stringify(file)}\n`);
    for (const notice of file.notices) if (notice.publishedDate > newest) newest = notice.publishedDate;
  }
  for (const year of unavailableYears) hash.update(`${year}:unavailable\n`);
  const label = newest === '' ? 'empty' : newest.replaceAll('-', '.');
  return `${label}-${hash.digest('hex').slice(0, 8)}`;
}
