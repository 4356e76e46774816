import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse } from 'fast-querystring';
import { queryValues } from 'china-holiday-calendar-service/internal/http/kernel/query-string.js';

/*
 * queryValues replaces Fastify's default query parser (fast-querystring, through find-my-way) on
 * the request path: for every name it reads, it must give what that parser gives.
 */

const NAMES = ['startDate', 'endDate', 'fromDate', 'days', 'years', 'lang', 'start Date', 'é', ''];

/** Percent-escapes of every kind: ASCII, UTF-8 sequences, malformed and truncated ones, non-UTF-8 bytes. */
const escape = fc.oneof(
  fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0')}`),
  fc.constantFrom('%', '%2', '%zz', '%G0', '%E4%BD%A0', '%E4%BD', '%ED%A0%80', '%C0%AF', '%F4%90%80%80', '%F0%9F%98%80', '%25', '%26', '%3D', '%2B', '%20'),
);

/** Text of a key or a value: plain characters, the separators, escapes and non-ASCII. */
const piece = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('a', 'D', '0', '9', '-', '.', '_', '~', '2', '4', 'F') },
      { weight: 2, arbitrary: fc.constantFrom('+', '=', '&', '#', '?', ';', '/', ' ', '"', '\\') },
      { weight: 2, arbitrary: escape },
      { weight: 1, arbitrary: fc.constantFrom('é', '中', '😀', '\u0000', '\u007f', '\ud800') },
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** A key that is often one of the names, written plainly or encoded. */
const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 2, arbitrary: fc.constantFrom('from%44ate', 'start%20Date', 'start+Date', '%65ndDate', 'days%', '%C3%A9', 'STARTDATE', 'startDate ') },
  { weight: 2, arbitrary: piece },
);

const pair = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(key, piece).map(([name, value]) => `${name}=${value}`) },
  { weight: 1, arbitrary: key },
  { weight: 1, arbitrary: fc.constantFrom('', '=', '==', '&') },
);

const query = fc.oneof(
  { weight: 4, arbitrary: fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('&')) },
  { weight: 1, arbitrary: piece },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const names = fc.uniqueArray(fc.option(fc.constantFrom(...NAMES), { nil: undefined }), { maxLength: 4 });

describe('queryValues', () => {
  it('gives, for each name, what fast-querystring gives', () => {
    fc.assert(
      fc.property(query, names, (text, wanted) => {
        const parsed = parse(text) as Record<string, unknown>;
        const values = queryValues(text, wanted);
        assert.equal(values.length, wanted.length);
        wanted.forEach((name, at) => {
          assert.deepEqual(values[at], name === undefined ? undefined : parsed[name], `${JSON.stringify(text)}: ${String(name)}`);
        });
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads repeated, empty, encoded and unknown parameters', () => {
    assert.deepEqual(queryValues('startDate=2024-01-01&endDate=2024-12-31', ['startDate', 'endDate']), ['2024-01-01', '2024-12-31']);
    assert.deepEqual(queryValues('endDate=b&x=1&startDate=a&startDate=c&startDate=d', ['startDate', 'endDate']), [['a', 'c', 'd'], 'b']);
    assert.deepEqual(queryValues('fromDate&days=', ['fromDate', 'days', 'lang']), ['', '', undefined]);
    assert.deepEqual(queryValues('from%44ate=2024%2D10%2D01&days=%2B3&lang=a+b', ['fromDate', 'days', 'lang']), ['2024-10-01', '+3', 'a b']);
    assert.deepEqual(queryValues('days=%E4%BD&lang=%zz', ['days', 'lang']), ['%E4%BD', '%zz']);
    assert.deepEqual(queryValues('', ['date', undefined]), [undefined, undefined]);
  });
});
