import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { runToEnd } from '@china-holiday-calendar/core/answers/calendar-core.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { dayJsonBuffer, dayJsonViews, RANGE_BODIES_BUDGET, type DaySource } from 'china-holiday-calendar-service/internal/http/operations/day-json-buffer.js';

/*
 * The one buffer of every day's JSON (http/operations/day-json-buffer.ts), on a source made up
 * here: days of three kinds, some written whole (with non-ASCII text), some unreadable; a day's
 * view, a range's one-buffer body, and the bounded keeping of range bodies.
 */

const SIZE = 1200;

/** Day `at`: unreadable every 97th day, whole every 13th (with a holiday name), else of kind at % 3. */
function expectedJson(at: number): string | undefined {
  if (at % 97 === 5) return undefined;
  if (at % 13 === 0) return JSON.stringify({ day: at, kind: 'whole', name: '春节' });
  return kindJson(at % 3, `d${at}`);
}

/** As the generated writers write a date: in quotes, as it is. */
function kindJson(kind: number, date: string): string {
  return `{"date":"${date}","kind":${kind},"note":"kind ${kind}"}`;
}

const source: DaySource = {
  size: SIZE,
  writeDay(at, out) {
    const json = expectedJson(at);
    if (json === undefined) out.unreadable();
    else if (at % 13 === 0) out.whole(json);
    else out.ofKind(at % 3, `d${at}`);
  },
  jsonOfKind: kindJson,
};

const beyond = (day: number): string => JSON.stringify({ beyond: day });

function expectedRange(from: number, to: number): string {
  const days: string[] = [];
  for (let at = from; at <= to; at++) days.push(at < SIZE ? (expectedJson(at) ?? '') : beyond(FIRST_SUPPORTED_DAY + at));
  return `[${days.join(',')}]`;
}

describe('every day in one buffer', () => {
  const buffer = runToEnd(dayJsonBuffer(source));

  it("holds each day's JSON then a comma (an unreadable day, the comma alone), as UTF-8, its offsets in bytes", () => {
    assert.equal(buffer.offsets.length, SIZE + 1);
    for (let at = 0; at < SIZE; at++) {
      const text = buffer.allDays.subarray(buffer.offsets[at], buffer.offsets[at + 1]).toString('utf8');
      assert.equal(text, `${expectedJson(at) ?? ''},`, `day ${at}`);
    }
    assert.equal(buffer.offsets[SIZE], buffer.allDays.length);
  });

  it('pauses every slice of days, so that a reload can build it between requests', () => {
    const steps = dayJsonBuffer(source);
    let pauses = 0;
    while (steps.next().done !== true) pauses++;
    assert.ok(pauses >= 2, `${pauses} pauses`);
  });

  it("gives a day's JSON, and past the tables what beyondTables writes", () => {
    const views = dayJsonViews(buffer, beyond);
    assert.equal(views.day(FIRST_SUPPORTED_DAY + 13).toString(), expectedJson(13));
    assert.equal(views.day(FIRST_SUPPORTED_DAY + 14).toString(), expectedJson(14));
    assert.equal(views.day(FIRST_SUPPORTED_DAY + 14), views.day(FIRST_SUPPORTED_DAY + 14), 'a view made once');
    assert.equal(views.day(FIRST_SUPPORTED_DAY + SIZE + 3).toString(), beyond(FIRST_SUPPORTED_DAY + SIZE + 3));
  });

  it('gives a range as its days between brackets, in one buffer, inside the tables, across their end and past them', () => {
    const views = dayJsonViews(buffer, beyond);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SIZE + 400 }), fc.integer({ min: 0, max: 365 }), (from, length) => {
        // Unreadable days are the caller's to refuse: ranges here avoid them.
        for (let at = from; at <= from + length; at++) fc.pre(at >= SIZE || expectedJson(at) !== undefined);
        const body = views.range(FIRST_SUPPORTED_DAY + from, FIRST_SUPPORTED_DAY + from + length);
        assert.ok(Buffer.isBuffer(body));
        assert.equal(body.toString('utf8'), expectedRange(from, from + length));
        assert.equal((JSON.parse(body.toString('utf8')) as unknown[]).length, length + 1);
      }),
    );
  });

  it('keeps range bodies once assembled, the oldest dropped first once they would pass the budget', () => {
    const first = FIRST_SUPPORTED_DAY + 10;
    const one = dayJsonViews(buffer, beyond).range(first, first + 40).length;
    // Room for two bodies of this length, not three.
    const views = dayJsonViews(buffer, beyond, one * 2 + one / 2);
    const a = views.range(first, first + 40);
    assert.equal(views.range(first, first + 40), a, 'the same buffer, kept');
    const b = views.range(first + 1, first + 41);
    assert.equal(views.range(first, first + 40), a, 'two fit');
    const c = views.range(first + 2, first + 42);
    assert.notEqual(views.range(first, first + 40), a, 'the oldest was dropped for the third');
    assert.equal(views.range(first + 2, first + 42), c);
    assert.equal(b.toString(), expectedRange(11, 51));
  });

  it('answers a range longer than a key can tell apart with its own days, never a kept body of another range', () => {
    const views = dayJsonViews(buffer, beyond);
    const first = FIRST_SUPPORTED_DAY + 500;
    // (first + 1, 33 days on) and (first, 400 days on) would share a key: the shorter is kept first.
    views.range(first + 1, first + 1 + 33);
    assert.equal(views.range(first, first + 400).toString('utf8'), expectedRange(500, 900));
  });

  it('never keeps more than its budget, whatever ranges are asked', () => {
    assert.ok(RANGE_BODIES_BUDGET >= 2 * 20 * 55_000, 'every whole year of the tables fits, and as much again for months');
    const budget = 5_000;
    const views = dayJsonViews(buffer, beyond, budget);
    const asked = Array.from({ length: 40 }, (_, at) => FIRST_SUPPORTED_DAY + 400 + at * 7).map((from, at) => [from, from + (at % 9) + 3] as const);
    const bodies = asked.map(([from, to]) => views.range(from, to));
    // Newest first: as many as fit the budget are still kept (the same buffer); the one before them is not.
    let bytes = 0;
    let at = asked.length - 1;
    for (; at >= 0 && bytes + (bodies[at]?.length ?? 0) <= budget; at--) {
      const [from, to] = asked[at] ?? [0, 0];
      assert.equal(views.range(from, to), bodies[at], `range ${at} kept`);
      bytes += bodies[at]?.length ?? 0;
    }
    assert.ok(at > 0 && bytes > budget / 2, `${asked.length - 1 - at} kept, ${bytes} bytes`);
    const [from, to] = asked[at] ?? [0, 0];
    const again = views.range(from, to);
    assert.notEqual(again, bodies[at], `range ${at} dropped`);
    assert.deepEqual(again, bodies[at]);
  });
});
