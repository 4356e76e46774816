import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { expectedOutcome, OPERATIONS, PATH_PREFIX, type OperationSpec, type ReceivedValue } from '../helpers/design-rules.js';
import { get, type HttpAnswer } from '../helpers/http-answer.js';
import { expectedCounts, expectedNextHolidayBody, REFERENCE_FIRST } from '../helpers/reference-calendar.js';
import { addDays, dateOfOrdinal, datesFromTo, ordinal, spanDays } from '../helpers/spec-dates.js';
import { assertDayStatus, assertJsonSuccess, assertNextHoliday, assertProblem, assertWorkdayCount, expectedDayBody } from '../helpers/spec-shapes.js';
import { useTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * Random input at every parameter of the four operations of docs/interface.md. The expected answer is computed here from
 * docs/design.md (Interface decisions) (absent, malformed, before 2008, start after end, longer than 366 days, in
 * that order) and, for 200 answers, checked against the shapes of docs/interface.md (Day status to Next holiday) and, for dates of
 * 2023-2026 and unpublished years, against the reference facts.
 */

const RUNS = 400;

const served = useTestApp();



// ---------------------------------------------------------------------------------------------
// Texts a parameter may carry (decoded).

function encodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const DIGITS = '0123456789'.split('');
const SEPARATORS = ['-', '-', '-', '/', '.', ' ', 'T', ':', '+', 'Z', '０', '\t', '%', '_', ','];

const validDate = fc.integer({ min: ordinal('1999-01-01'), max: ordinal('2040-12-31') }).map(dateOfOrdinal);
const anyValidDate = fc.integer({ min: ordinal('0000-01-01'), max: ordinal('9999-12-31') }).map(dateOfOrdinal);
const referenceDate = fc.integer({ min: ordinal('2022-12-01'), max: ordinal('2028-01-31') }).map(dateOfOrdinal);

const digitRun = (min: number, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: min, maxLength: max }).map((chars) => chars.join(''));

const dateShaped = fc
  .tuple(digitRun(3, 5), fc.constantFrom(...SEPARATORS), digitRun(1, 3), fc.constantFrom(...SEPARATORS), digitRun(1, 3))
  .map((parts) => parts.join(''));

const wellShaped = fc.tuple(digitRun(4, 4), digitRun(2, 2), digitRun(2, 2)).map(([y, m, d]) => `${y}-${m}-${d}`);

const mutatedDate = fc
  .tuple(validDate, fc.nat(10), fc.constantFrom('delete', 'insert', 'replace', 'prefix', 'suffix', 'swap'), fc.constantFrom(...DIGITS, ...SEPARATORS, 'Ｔ', '\u0000', '\n'))
  .map(([date, at, how, char]) => {
    switch (how) {
      case 'delete':
        return date.slice(0, at) + date.slice(at + 1);
      case 'insert':
        return date.slice(0, at) + char + date.slice(at);
      case 'replace':
        return date.slice(0, at) + char + date.slice(at + 1);
      case 'prefix':
        return char + date;
      case 'suffix':
        return date + char;
      case 'swap':
        return date.slice(0, at) + (date[at + 1] ?? '') + (date[at] ?? '') + date.slice(at + 2);
    }
  });

const nearMiss = fc.oneof(
  fc.array(fc.constantFrom(...DIGITS, ...SEPARATORS), { maxLength: 14 }).map((chars) => chars.join('')),
  dateShaped,
  wellShaped,
  mutatedDate,
);

const arbitraryText = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 16 }).filter(encodable),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

const parameterText = fc.oneof(
  { weight: 3, arbitrary: validDate },
  { weight: 1, arbitrary: anyValidDate },
  { weight: 2, arbitrary: referenceDate },
  { weight: 3, arbitrary: nearMiss },
  { weight: 2, arbitrary: arbitraryText },
);

// ---------------------------------------------------------------------------------------------
// How a text travels in the URL, and what the service then receives.

type Encoding = 'component' | 'every-byte' | 'raw-ish';

/** Characters that travel unencoded in a path segment / a query value and decode to themselves. */
const RAW_PATH_SAFE = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;
const RAW_QUERY_SAFE = /^[A-Za-z0-9\-._~!$'()*,;:@/?]*$/;

function encode(text: string, encoding: Encoding, location: 'path' | 'query'): string {
  if (encoding === 'every-byte') {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  if (encoding === 'raw-ish' && (location === 'path' ? RAW_PATH_SAFE : RAW_QUERY_SAFE).test(text)) return text;
  return encodeURIComponent(text);
}

/** Percent-encoded arbitrary bytes (possibly not UTF-8), and what they decode to. */
const percentBytes = fc.uint8Array({ maxLength: 12 }).map((bytes) => {
  const encoded = [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not UTF-8: whatever the service makes of it, it cannot be an ASCII date.
    text = `\uFFFD${Buffer.from(bytes).toString('latin1')}`;
  }
  return { encoded, text };
});

interface SentParameter {
  /** The parameter's pieces of the URL (several when repeated), or none when absent. */
  readonly encoded: readonly string[];
  readonly received: ReceivedValue;
}

const encoding = fc.constantFrom<Encoding>('component', 'every-byte', 'raw-ish');

const onceParameter = (location: 'path' | 'query'): fc.Arbitrary<SentParameter> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.tuple(parameterText, encoding).map(([text, how]) => ({ encoded: [encode(text, how, location)], received: { kind: 'once' as const, text } })) },
    { weight: 1, arbitrary: percentBytes.map(({ encoded, text }) => ({ encoded: [encoded], received: { kind: 'once' as const, text } })) },
  );

const queryParameter: fc.Arbitrary<SentParameter> = fc.oneof(
  { weight: 8, arbitrary: onceParameter('query') },
  { weight: 1, arbitrary: fc.constant({ encoded: [], received: { kind: 'absent' as const } }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(parameterText, encoding), { minLength: 2, maxLength: 3 })
      .map((values) => ({ encoded: values.map(([text, how]) => encode(text, how, 'query')), received: { kind: 'repeated' as const } })),
  },
);

/** Unknown parameters the service must ignore. */
const noise = fc.array(
  fc.tuple(fc.constantFrom('foo', 'x', 'date', 'Date', 'fromdate', 'start_date', 'endDate_', 'startdate', 'q'), fc.string({ unit: 'binary-ascii', maxLength: 8 }).filter(encodable)),
  { maxLength: 3 },
);

// ---------------------------------------------------------------------------------------------
// The oracle.


function textOf(received: Readonly<Record<string, ReceivedValue>>, name: string): string {
  const value = received[name];
  if (value?.kind !== 'once') throw new Error(`${name} was not given once`);
  return value.text;
}

/** The answer must be the one docs/design.md (Interface decisions) and docs/interface.md give for what the service received. */
function checkAnswer(operation: OperationSpec, received: Readonly<Record<string, ReceivedValue>>, path: string, answer: HttpAnswer): void {
  const outcome = expectedOutcome(operation.parameters, received, operation.isRange);
  if (outcome.code !== 'OK') {
    const problem = assertProblem(answer, { status: 400, code: outcome.code, docsUrl: TEST_DOCS_URL, instance: path });
    if (outcome.code === 'MISSING_PARAMETER') {
      for (const name of outcome.missing) assert.ok(problem.detail.includes(name), `detail names ${name}`);
    }
    return;
  }
  const body = assertJsonSuccess(answer);
  switch (operation.name) {
    case 'getDateStatus': {
      const date = textOf(received, 'date');
      assertDayStatus(body, { date, datasetVersion: served.version });
      if (date >= REFERENCE_FIRST) assert.deepEqual(body, expectedDayBody(date, served.version));
      return;
    }
    case 'getDateRangeStatus': {
      const start = textOf(received, 'startDate');
      const end = textOf(received, 'endDate');
      assert.ok(Array.isArray(body), 'a bare array');
      const dates = datesFromTo(start, end);
      assert.equal(body.length, dates.length);
      body.forEach((element: unknown, at) => {
        assertDayStatus(element, { date: dates[at] as string, datasetVersion: served.version }, `element ${at}`);
      });
      if (start >= REFERENCE_FIRST) assert.deepEqual(body, dates.map((date) => expectedDayBody(date, served.version)));
      return;
    }
    case 'calculateWorkdays': {
      const start = textOf(received, 'startDate');
      const end = textOf(received, 'endDate');
      assertWorkdayCount(body, start, end, spanDays(start, end));
      if (start >= REFERENCE_FIRST) assert.deepEqual(body, { startDate: start, endDate: end, ...expectedCounts(start, end) });
      return;
    }
    case 'getNextHoliday': {
      const from = textOf(received, 'fromDate');
      assertNextHoliday(body, from);
      if (from >= REFERENCE_FIRST) {
        assert.deepEqual(body, expectedNextHolidayBody(from, served.version));
      }
      return;
    }
  }
}

function operation(name: OperationSpec['name']): OperationSpec {
  const found = OPERATIONS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(name);
  return found;
}

/** Query string from parameters (in a random order, with noise) — order and noise must not matter. */
function queryOf(parameters: readonly [string, SentParameter][], extra: readonly [string, string][], reverse: boolean): string {
  const pairs: string[] = [];
  for (const [name, sent] of parameters) for (const piece of sent.encoded) pairs.push(`${name}=${piece}`);
  for (const [name, value] of extra) pairs.push(`${name}=${encodeURIComponent(value)}`);
  if (reverse) pairs.reverse();
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

// ---------------------------------------------------------------------------------------------

describe('random input at every parameter', () => {
  it('getDateStatus: the date path parameter', async () => {
    const op = operation('getDateStatus');
    await fc.assert(
      fc.asyncProperty(onceParameter('path'), noise, async (sent, extra) => {
        fc.pre(sent.received.kind === 'once' && sent.received.text !== '.' && sent.received.text !== '..');
        const path = `${PATH_PREFIX.getDateStatus}${sent.encoded[0] ?? ''}`;
        const answer = await get(served.app, `${path}${queryOf([], extra, false)}`);
        checkAnswer(op, { date: sent.received }, path, answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('getNextHoliday: fromDate', async () => {
    const op = operation('getNextHoliday');
    await fc.assert(
      fc.asyncProperty(queryParameter, noise, fc.boolean(), async (sent, extra, reverse) => {
        const path = PATH_PREFIX.getNextHoliday;
        const answer = await get(served.app, `${path}${queryOf([['fromDate', sent]], extra, reverse)}`);
        checkAnswer(op, { fromDate: sent.received }, path, answer);
      }),
      { numRuns: RUNS },
    );
  });

  for (const name of ['getDateRangeStatus', 'calculateWorkdays'] as const) {
    it(`${name}: startDate and endDate`, async () => {
      const op = operation(name);
      await fc.assert(
        fc.asyncProperty(queryParameter, queryParameter, noise, fc.boolean(), async (start, end, extra, reverse) => {
          const path = PATH_PREFIX[name];
          const answer = await get(
            served.app,
            `${path}${queryOf(
              [
                ['startDate', start],
                ['endDate', end],
              ],
              extra,
              reverse,
            )}`,
          );
          checkAnswer(op, { startDate: start.received, endDate: end.received }, path, answer);
        }),
        { numRuns: RUNS },
      );
    });

    it(`${name}: valid dates around the order and span limits`, async () => {
      const op = operation(name);
      const start = fc.oneof(validDate, referenceDate, fc.constantFrom('2008-01-01', '2007-12-31', '2026-12-31', '2027-01-01', '9999-01-01', '9998-12-31'));
      const delta = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: 360, max: 370 }), fc.integer({ min: -400, max: 400 }));
      await fc.assert(
        fc.asyncProperty(start, delta, async (first, days) => {
          const last = addDays(first, days);
          fc.pre(last <= '9999-12-31');
          const path = PATH_PREFIX[name];
          const answer = await get(served.app, `${path}?startDate=${first}&endDate=${last}`);
          checkAnswer(op, { startDate: { kind: 'once', text: first }, endDate: { kind: 'once', text: last } }, path, answer);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('random dates from 2007-12-25 to 2040-12-31 (fast-check) in the single-date operation have a valid shape', async () => {
    const op = operation('getDateStatus');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: ordinal('2007-12-25'), max: ordinal('2040-12-31') }).map(dateOfOrdinal), async (date) => {
        const path = `${PATH_PREFIX.getDateStatus}${date}`;
        checkAnswer(op, { date: { kind: 'once', text: date } }, path, await get(served.app, path));
      }),
      { numRuns: RUNS },
    );
  });
});
