// Plain JavaScript on purpose: no compiler stands between these calls and the library, as for
// any JavaScript user. Whatever a caller passes, the library and the typed client answer, or
// throw one of the package's errors: a bad argument is a CalendarInputError with a stable code
// and a message about what was passed, never a TypeError, an error thrown by the argument's own
// methods, or a silent answer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { pino } from 'pino';
import { createCalendarClient } from 'china-holiday-calendar/client';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import * as library from 'china-holiday-calendar';
import { startService } from 'china-holiday-calendar-service/internal/process/server.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.ts';

const { CalendarError, CalendarInputError } = library;

const INPUT_CODES = ['MISSING_PARAMETER', 'INVALID_DATE_FORMAT', 'INVALID_PARAMETER', 'DATE_OUT_OF_SUPPORTED_RANGE', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LARGE'];

function revokedProxy() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const thrower = () => {
  throw new Error('the argument’s own method was called');
};

/**
 * Values no type annotation lets through, made fresh for every run inside the property (fast-check
 * shows a counterexample by its maker's source: printing a revoked Proxy itself would throw).
 */
const CRAFTED = Symbol('crafted');
const crafted = fc.constantFrom(
  () => ({ toString: thrower, valueOf: thrower }),
  () => ({ [Symbol.toPrimitive]: thrower }),
  () => new Proxy(new Date(Date.UTC(2024, 1, 4)), {}),
  () => new Proxy({}, { get: thrower, getPrototypeOf: thrower, has: thrower, ownKeys: thrower, getOwnPropertyDescriptor: thrower }),
  () => new Proxy(['2024-02-04'], { get: thrower }),
  revokedProxy,
  () => Object.create(Date.prototype),
  () => new Date(Number.NaN),
  () => new Date(Date.UTC(10000, 0, 1)),
  () => new Date(-8.64e15),
  () => new Date(8.64e15),
  () => Object.assign(new Date(Date.UTC(2024, 1, 4)), { getTime: thrower, toISOString: thrower }),
  () => Symbol('2024-02-04'),
  () => () => '2024-02-04',
  () => ['2024-02-04'],
  () => [2024, 2026, 2027],
  () => new String('2024-02-04'),
  () => new Number(5),
  () => 2024n,
  () => 5n,
  () => '5',
  () => '2024',
  () => null,
  () => Object.create(null),
  () => ({ years: '2026' }),
  () => ({ get years() { return thrower(); } }),
);

const hostile = fc.oneof(
  crafted.map((make) => ({ [CRAFTED]: make })),
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true }),
  fc.double(),
  fc.bigInt(),
  fc.date({ noInvalidDate: false, min: new Date(-8.64e15), max: new Date(8.64e15) }),
  fc.string({ maxLength: 12 }),
);

function made(generated) {
  return typeof generated === 'object' && generated !== null && Object.hasOwn(generated, CRAFTED) ? generated[CRAFTED]() : generated;
}

/** Each argument position of every function, the others given good values. */
const SLOTS = {
  'dateStatus(x)': (calendar, x) => calendar.dateStatus(x),
  'dateRangeStatus(x, end)': (calendar, x) => calendar.dateRangeStatus(x, '2008-01-10'),
  'dateStatuses(x)': (calendar, x) => calendar.dateStatuses(x),
  'dateStatuses([date, x])': (calendar, x) => calendar.dateStatuses(['2024-02-04', x]),
  'countWorkdays(x, end)': (calendar, x) => calendar.countWorkdays(x, '2008-12-31'),
  'countWorkdays(start, x)': (calendar, x) => calendar.countWorkdays('2008-01-01', x),
  'nextHoliday(x)': (calendar, x) => calendar.nextHoliday(x),
  'workdayOffset(x, 3)': (calendar, x) => calendar.workdayOffset(x, 3),
  'workdayOffset(date, x)': (calendar, x) => calendar.workdayOffset('2024-02-04', x),
  'yearOverview(x)': (calendar, x) => calendar.yearOverview(x),
  'workStatus(x)': (calendar, x) => calendar.workStatus(x),
  'isWorkday(x)': (calendar, x) => calendar.isWorkday(x),
  'isRestDay(x)': (calendar, x) => calendar.isRestDay(x),
  'isStatutoryDay(x)': (calendar, x) => calendar.isStatutoryDay(x),
  'addWorkdays(x, 5)': (calendar, x) => calendar.addWorkdays(x, 5),
  'addWorkdays(date, x)': (calendar, x) => calendar.addWorkdays('2024-02-04', x),
  'nextWorkday(x)': (calendar, x) => calendar.nextWorkday(x),
  'previousWorkday(x)': (calendar, x) => calendar.previousWorkday(x),
  'calendarFeed(x)': (calendar, x) => calendar.calendarFeed(x),
  'calendarFeed({ years: x })': (calendar, x) => calendar.calendarFeed({ years: x }),
  'calendarFeed({ lang: x })': (calendar, x) => calendar.calendarFeed({ lang: x }),
};

/** What a call did: answered, or threw (or rejected with) this error. */
async function outcomeOf(call) {
  try {
    await call();
    return { answered: true };
  } catch (error) {
    return { error };
  }
}

/**
 * Refusals about where a well-formed date lies (out of range, the ends reversed, a span over the
 * HTTP bound the client keeps) speak of the dates, not of the value's form.
 */
const SPAN_CODES = ['DATE_OUT_OF_SUPPORTED_RANGE', 'INVALID_DATE_RANGE', 'DATE_RANGE_TOO_LARGE'];

/** The refusal is the package's, its code stable, its message about what was passed. */
function assertPackageError(error, slot, value) {
  assert.ok(error instanceof CalendarError, `${slot}: threw ${error?.name}: ${error?.message}`);
  if (!(error instanceof CalendarInputError)) return;
  assert.ok(INPUT_CODES.includes(error.code), `${slot}: code ${error.code}`);
  if (typeof value === 'number') assert.doesNotMatch(error.message, /digit/, `${slot}: a number is not told about digits: ${error.message}`);
  if (typeof value !== 'string' && typeof value !== 'number' && value !== undefined && !SPAN_CODES.includes(error.code)) {
    assert.match(error.message, /got /, `${slot}: the message says what was passed: ${error.message}`);
  }
}

describe('hostile arguments from plain JavaScript', () => {
  let service;
  let client;
  let requests = 0;

  before(async () => {
    service = await startService(readConfig({ PORT: '0', DATA_DIR: BUNDLED_DATA_DIR, RELOAD_INTERVAL_SECONDS: '0' }), pino({ level: 'silent' }));
    const counting = (input, init) => {
      requests++;
      return fetch(input, init);
    };
    client = createCalendarClient({ baseUrl: service.url, fetch: counting });
  });

  after(async () => {
    await service.close();
  });

  it('the library answers or throws its own error, whatever the argument', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(SLOTS)), hostile, async (slot, generated) => {
        const value = made(generated);
        const { error } = await outcomeOf(() => SLOTS[slot](library, value));
        if (error !== undefined) assertPackageError(error, slot, value);
      }),
      { numRuns: 3000 },
    );
  });

  it('so does the typed client, and a refused argument sends no request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(SLOTS)), hostile, async (slot, generated) => {
        const value = made(generated);
        const before = requests;
        const { error } = await outcomeOf(() => SLOTS[slot](client, value));
        if (error === undefined) return;
        assertPackageError(error, slot, value);
        if (error instanceof CalendarInputError) assert.equal(requests, before, `${slot}: refused, yet a request was sent`);
      }),
      { numRuns: 600 },
    );
  });

  it('openCalendar and createCalendarClient refuse bad options the same way', () => {
    const badOptions = [undefined, null, 'data', 42, [], {}, { dataDir: 42 }, { dataDir: '' }, { dataDir: BUNDLED_DATA_DIR, live: 'yes' }, { dataDir: BUNDLED_DATA_DIR, live: { intervalSeconds: -1 } }, revokedProxy()];
    for (const [at, options] of badOptions.entries()) {
      assert.throws(() => library.openCalendar(options), (error) => error instanceof CalendarInputError && /dataDir|options|live/.test(error.message), `bad options #${at}`);
    }
    for (const options of [undefined, null, {}, { baseUrl: 42 }, { baseUrl: 'not a url' }, { baseUrl: 'http://127.0.0.1', fetch: 'fetch' }, { baseUrl: 'http://127.0.0.1', revalidate: -1 }]) {
      assert.throws(() => createCalendarClient(options), CalendarInputError, JSON.stringify(options));
    }
  });

  it('the cases users met, each with its code and words', () => {
    const refusal = (call) => {
      try {
        call();
      } catch (error) {
        return error instanceof CalendarInputError ? `${error.code}: ${error.message}` : error;
      }
      return 'answered';
    };
    assert.equal(refusal(() => library.openCalendar()), 'MISSING_PARAMETER: Required parameter missing: dataDir.');
    assert.equal(refusal(() => library.addWorkdays('2024-01-02', '3')), 'INVALID_PARAMETER: days must be a number of working days; got the string "3".');
    assert.equal(refusal(() => library.yearOverview(2024n)), 'INVALID_PARAMETER: year must be a year, a number such as 2026 or a four-digit string; got the bigint 2024n.');
    assert.equal(refusal(() => library.yearOverview(['2024'])), 'INVALID_PARAMETER: year must be a year, a number such as 2026 or a four-digit string; got an array.');
    assert.equal(refusal(() => library.isWorkday(Object.create(Date.prototype))), 'INVALID_DATE_FORMAT: date must be a yyyy-MM-dd string or a Date; got an object.');
    assert.equal(refusal(() => library.isWorkday(new Date(Date.UTC(10000, 0, 1)))), 'DATE_OUT_OF_SUPPORTED_RANGE: date 10000-01-01 is after 9999-12-31, the last supported date.');
    assert.equal(refusal(() => library.yearOverview(10000)), 'DATE_OUT_OF_SUPPORTED_RANGE: year 10000 is after 9999, the last year the calendar covers.');
    assert.match(refusal(() => library.isWorkday('10000-01-01')), /^INVALID_DATE_FORMAT: /);
    assert.equal(refusal(() => library.isWorkday(new Proxy(new Date(), {}))), 'INVALID_DATE_FORMAT: date must be a yyyy-MM-dd string or a Date; got a Proxy.');
    assert.equal(refusal(() => library.addWorkdays('2024-01-02', 1.5)), 'INVALID_PARAMETER: days must be a whole number of working days (at most 9007199254740991 either way); got the number 1.5.');
  });

  it('openCalendar bounds live.intervalSeconds: 0, or 1 to 86400 seconds (a timer beyond fires every millisecond)', () => {
    for (const intervalSeconds of [3e6, 1e308, 1e-9, 0.5, 86_401, Number.POSITIVE_INFINITY, Number.NaN, -0.1]) {
      assert.throws(
        () => library.openCalendar({ dataDir: BUNDLED_DATA_DIR, live: { intervalSeconds } }),
        (error) => error instanceof CalendarInputError && error.code === 'INVALID_PARAMETER' && /intervalSeconds|live/.test(error.message),
        String(intervalSeconds),
      );
    }
    assert.match(
      (() => {
        try {
          library.openCalendar({ dataDir: BUNDLED_DATA_DIR, live: { intervalSeconds: 3e6 } });
        } catch (error) {
          return error.message;
        }
        return 'opened';
      })(),
      /^live\.intervalSeconds must be 0 \(file events only\) or from 1 to 86400 seconds, as RELOAD_INTERVAL_SECONDS is for the service; got the number 3000000\.$/,
    );
    for (const intervalSeconds of [0, 1, 2.5, 86_400]) {
      library.openCalendar({ dataDir: BUNDLED_DATA_DIR, live: { intervalSeconds } }).close();
    }
  });

  it('reads only the options’ own properties: what Object.prototype holds changes no answer', async () => {
    const zh = await library.calendarFeed({ years: 2026 });
    Object.prototype.lang = 'en';
    try {
      assert.equal(await library.calendarFeed({ years: 2026 }), zh);
      assert.equal(await library.calendarFeed({}), await library.calendarFeed());
    } finally {
      delete Object.prototype.lang;
    }
    // Not enumerable, so that reading the data directory (whose validators enumerate keys) is not what this is about.
    Object.defineProperty(Object.prototype, 'live', { value: { intervalSeconds: 1e-9 }, configurable: true, writable: true });
    try {
      library.openCalendar({ dataDir: BUNDLED_DATA_DIR }).close();
    } finally {
      delete Object.prototype.live;
    }
    assert.notEqual(await library.calendarFeed({ years: 2026, lang: 'en' }), zh);
  });

  it('calendarFeed({ years: "2026" }) rejects with the package’s error, not a TypeError', async () => {
    await assert.rejects(library.calendarFeed({ years: '2026' }), (error) => error instanceof CalendarInputError && error.code === 'INVALID_PARAMETER' && /got the string "2026"/.test(error.message));
  });
});
