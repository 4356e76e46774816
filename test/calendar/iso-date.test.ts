import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consecutiveIsoDates, formatIsoDate, parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';

const MS_PER_DAY = 86_400_000;

/** The oracle: the day number of a civil date per Date in UTC (setUTCFullYear handles years < 100). */
function oracleDayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() / MS_PER_DAY;
}

/** The oracle for real dates: Date normalizes an impossible day into the next month. */
function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

describe('parseIsoDate', () => {
  it('accepts real dates and gives their day numbers', () => {
    assert.equal(parseIsoDate('1970-01-01'), 0);
    assert.equal(parseIsoDate('2008-01-01'), oracleDayNumber(2008, 1, 1));
    assert.equal(parseIsoDate('2024-02-29'), oracleDayNumber(2024, 2, 29));
    assert.equal(parseIsoDate('2000-02-29'), oracleDayNumber(2000, 2, 29));
    assert.equal(parseIsoDate('2024-12-31'), oracleDayNumber(2024, 12, 31));
    assert.equal(parseIsoDate('0001-01-01'), oracleDayNumber(1, 1, 1));
    assert.equal(parseIsoDate('9999-12-31'), oracleDayNumber(9999, 12, 31));
  });

  it('rejects February 29 outside leap years', () => {
    assert.equal(parseIsoDate('2023-02-29'), undefined);
    assert.equal(parseIsoDate('2100-02-29'), undefined);
    assert.equal(parseIsoDate('1900-02-29'), undefined);
    assert.equal(parseIsoDate('2024-02-30'), undefined);
  });

  it('accepts exactly the real dates among every month 00..99 and day 00..99 of sample years', () => {
    for (const year of [1, 1900, 2000, 2023, 2024, 2100, 9999]) {
      for (let month = 0; month <= 99; month++) {
        for (let day = 0; day <= 99; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const expected = isRealDate(year, month, day) ? oracleDayNumber(year, month, day) : undefined;
          if (parseIsoDate(text) !== expected) assert.fail(`${text}: expected ${String(expected)}`);
        }
      }
    }
  });

  const REJECTED: readonly (readonly [string, string])[] = [
    ['', 'empty'],
    [' 2024-01-05', 'leading space'],
    ['2024-01-05 ', 'trailing space'],
    [' 2024-01-05 ', 'spaces around'],
    ['2024-01-05\n', 'trailing newline'],
    ['\t2024-01-05', 'leading tab'],
    ['2024-1-05', 'one-digit month'],
    ['2024-01-5', 'one-digit day'],
    [' 2024-1-5', 'short parts padded to ten characters'],
    ['2024/01/05', 'slashes'],
    ['2024.01.05', 'dots'],
    ['20240105', 'basic format'],
    ['2024-01-05T00:00', 'time suffix'],
    ['2024-01-05T00:00:00Z', 'date-time'],
    ['2024-01-05Z', 'zone suffix Z'],
    ['2024-01-05+08:00', 'offset suffix'],
    ['２０２４-０１-０５', 'full-width digits'],
    ['2024-01-０５', 'some full-width digits'],
    ['2024－01－05', 'full-width hyphens'],
    ['٢٠٢٤-٠١-٠٥', 'Arabic-Indic digits'],
    ['۲۰۲۴-۰۱-۰۵', 'Extended Arabic-Indic digits'],
    ['२०२४-०१-०५', 'Devanagari digits'],
    ['+2024-01-05', 'plus sign'],
    ['-2024-01-05', 'minus sign'],
    ['+024-01-05', 'signed, ten characters'],
    ['2024-+1-05', 'sign in month'],
    ['2024--1-05', 'negative month'],
    ['12024-01-05', 'five-digit year'],
    ['+12024-01-05', 'signed expanded year'],
    ['024-01-05', 'three-digit year'],
    ['2024-00-10', 'month 00'],
    ['2024-13-10', 'month 13'],
    ['2024-01-00', 'day 00'],
    ['2024-01-32', 'day 32'],
    ['2024-04-31', 'April 31'],
    ['2024-1e-05', 'exponent notation'],
    ['0x07-01-05', 'hexadecimal'],
    ['2024-01-05\u0000', 'trailing NUL'],
    ['2024-01-0\u0035\u0301', 'combining mark'],
  ];
  for (const [text, why] of REJECTED) {
    it(`rejects ${JSON.stringify(text)} (${why})`, () => {
      assert.equal(parseIsoDate(text), undefined);
    });
  }
});

describe('formatIsoDate', () => {
  it('writes yyyy-MM-dd with zero padding, years below 1000 included', () => {
    assert.equal(formatIsoDate(oracleDayNumber(1, 1, 1)), '0001-01-01');
    assert.equal(formatIsoDate(oracleDayNumber(9, 9, 9)), '0009-09-09');
    assert.equal(formatIsoDate(oracleDayNumber(99, 12, 31)), '0099-12-31');
    assert.equal(formatIsoDate(oracleDayNumber(999, 12, 31)), '0999-12-31');
    assert.equal(formatIsoDate(oracleDayNumber(1000, 1, 1)), '1000-01-01');
    assert.equal(formatIsoDate(oracleDayNumber(2024, 2, 29)), '2024-02-29');
    assert.equal(formatIsoDate(oracleDayNumber(9999, 12, 31)), '9999-12-31');
  });

  it('agrees with Date#toISOString and round-trips through parseIsoDate for every day 0001-01-01..9999-12-31', () => {
    const oracle = new Date(0);
    let checked = 0;
    for (let dayNumber = oracleDayNumber(1, 1, 1); dayNumber <= oracleDayNumber(9999, 12, 31); dayNumber++) {
      oracle.setTime(dayNumber * MS_PER_DAY);
      // toISOString's date part for years 0000..9999 is exactly yyyy-MM-dd; it is slow, so it is
      // consulted on the first day of every month and the fields are used in between.
      const expected =
        oracle.getUTCDate() === 1
          ? oracle.toISOString().slice(0, 10)
          : `${pad(oracle.getUTCFullYear(), 4)}-${pad(oracle.getUTCMonth() + 1, 2)}-${pad(oracle.getUTCDate(), 2)}`;
      const text = formatIsoDate(dayNumber);
      if (text !== expected) assert.fail(`day ${dayNumber}: ${text} instead of ${expected}`);
      if (parseIsoDate(text) !== dayNumber) assert.fail(`${text} parses to ${String(parseIsoDate(text))}, not ${dayNumber}`);
      checked++;
    }
    assert.equal(checked, 3_652_059);
  });
});

describe('consecutiveIsoDates', () => {
  it('writes what formatIsoDate writes for every day 0001-01-01..9999-12-31 asked for in a row', () => {
    const isoDate = consecutiveIsoDates();
    for (let dayNumber = oracleDayNumber(1, 1, 1); dayNumber <= oracleDayNumber(9999, 12, 31); dayNumber++) {
      const text = isoDate(dayNumber);
      if (text !== formatIsoDate(dayNumber)) assert.fail(`day ${dayNumber}: ${text} instead of ${formatIsoDate(dayNumber)}`);
    }
  });

  it('converts a day asked for out of order, and counts on from it', () => {
    const isoDate = consecutiveIsoDates();
    const asked = [oracleDayNumber(2024, 2, 28), oracleDayNumber(2024, 2, 29), oracleDayNumber(2024, 3, 1), oracleDayNumber(2008, 1, 1), oracleDayNumber(2008, 1, 1), oracleDayNumber(2007, 12, 31), oracleDayNumber(2008, 1, 1), oracleDayNumber(2023, 12, 31), oracleDayNumber(2024, 1, 1)];
    assert.deepEqual(
      asked.map((dayNumber) => isoDate(dayNumber)),
      ['2024-02-28', '2024-02-29', '2024-03-01', '2008-01-01', '2008-01-01', '2007-12-31', '2008-01-01', '2023-12-31', '2024-01-01'],
    );
  });
});
