/**
 * The canonical layout every writer gives a data file (import, sync, sign, the manifest): the
 * schema's field order, whatever order the value holds its fields in, so that the same file is
 * the same bytes; the bundled data is in that layout.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import { readDataDirectorySync } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import { formatArrangementFile, formatManifest } from 'china-holiday-calendar-service/internal/data-folder/format-data-file.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';

const bundled = readDataDirectorySync(BUNDLED_DATA_DIR);

const yearTexts = bundled.yearFiles.map((file) => {
  assert.ok('text' in file, file.fileName);
  return { name: file.fileName, text: file.text };
});

/** The value with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, field]) => [key, reversed(field)]));
}

function arrangementOf(text: string): unknown {
  return JSON.parse(text) as unknown;
}

describe('the canonical layout of the data files', () => {
  it('every bundled year file and the manifest are in it, byte for byte', () => {
    assert.equal(yearTexts.length, 19);
    for (const { name, text } of yearTexts) {
      const file = arrangementOf(text);
      assert.ok(checkArrangementShape(file), name);
      assert.equal(formatArrangementFile(file), text, name);
    }
    assert.ok(bundled.manifest !== undefined && 'text' in bundled.manifest);
    const reading = readManifest(bundled.manifest);
    assert.ok(reading.ok);
    assert.equal(formatManifest(reading.manifest), bundled.manifest.text);
  });

  it('lays the fields out in the schema\'s order, whatever order the value holds them in', () => {
    for (const { name, text } of yearTexts) {
      const file = reversed(arrangementOf(text));
      assert.ok(checkArrangementShape(file), name);
      assert.notEqual(JSON.stringify(file, null, 2), JSON.stringify(arrangementOf(text), null, 2), `${name}: the keys are out of order`);
      assert.equal(formatArrangementFile(file), text, name);
    }
  });

  it('keeps the manifest\'s map of digests in its own order (the writer lists the years in order), the fields around it in the schema\'s', () => {
    const manifest = { files: { '2027.json': 'b'.repeat(64), '2026.json': 'a'.repeat(64) }, publishedYears: [2026, 2027] };
    assert.equal(
      formatManifest(manifest),
      `{\n  "publishedYears": [2026, 2027],\n  "files": {\n    "2027.json": "${'b'.repeat(64)}",\n    "2026.json": "${'a'.repeat(64)}"\n  }\n}\n`,
    );
  });

  it('refuses a field the format does not have, rather than writing it anywhere', () => {
    const [first] = yearTexts;
    assert.ok(first !== undefined);
    const file = arrangementOf(first.text);
    assert.ok(checkArrangementShape(file));
    const [entry, ...others] = file.entries;
    assert.ok(entry !== undefined);
    const stray = { ...file, entries: [{ ...entry, reviewedBy: 'someone' }, ...others] };
    assert.throws(() => formatArrangementFile(stray), /^Error: reviewedBy is not a field of the data-file format$/);
  });
});
