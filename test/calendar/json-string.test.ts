import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { jsonString } from '@china-holiday-calendar/core/calendar/json-string.js';

/** Any UTF-16 code unit, lone surrogates included, with the characters JSON escapes weighted up. */
const codeUnit = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }) },
  { weight: 1, arbitrary: fc.constantFrom(0x22, 0x5c, 0x7f, 0x2028, 0x2029, 0xfeff) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }) },
);

describe('jsonString', () => {
  it('is byte for byte JSON.stringify of any string (quotes, backslashes, controls, paired and lone surrogates)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(codeUnit, { maxLength: 40 }).map((units) => String.fromCharCode(...units)),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: 'grapheme' }),
        ),
        (text) => {
          assert.equal(jsonString(text), JSON.stringify(text));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('quotes text with nothing to escape, escapes the rest', () => {
    assert.equal(jsonString('3f9a2c1d5e7b-1'), '"3f9a2c1d5e7b-1"');
    assert.equal(jsonString('/v1/china-calendar/dates/2024-02-30'), '"/v1/china-calendar/dates/2024-02-30"');
    assert.equal(jsonString(''), '""');
    assert.equal(jsonString('中文 😀'), '"中文 😀"');
    assert.equal(jsonString('a"b\\c\n\u0001\ud800'), '"a\\"b\\\\c\\n\\u0001\\ud800"');
  });
});
