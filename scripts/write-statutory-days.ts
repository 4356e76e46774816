/**
 * Maintainer tool: recomputes the `statutoryDays` of every arrangement file in a data directory
 * (default: the bundled data, packages/core/data) from statutoryDays() and rewrites each file in canonical form. The loader
 * refuses a file whose stored statutory days differ from the computed ones.
 *
 *   node --conditions=@china-holiday-calendar/source --import tsx scripts/write-statutory-days.ts [dir]
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatArrangementFile } from 'china-holiday-calendar-service/internal/data-folder/format-data-file.js';
import { computeStatutoryDaysField } from '@china-holiday-calendar/core/dataset/statutory-days-field.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';

const dir = process.argv[2] ?? BUNDLED_DATA_DIR;
for (const name of readdirSync(dir).filter((file) => /^\d{4}\.json$/.test(file))) {
  const path = join(dir, name);
  const file: unknown = JSON.parse(readFileSync(path, 'utf8'));
  // The shape only: the statutory days this writes are what the full validation would refuse.
  if (!checkArrangementShape(file)) throw new Error(`${path} is not an arrangement file (npm run validate names the problem)`);
  writeFileSync(path, formatArrangementFile({ ...file, statutoryDays: computeStatutoryDaysField(file) }));
  console.log(`wrote ${path}`);
}
