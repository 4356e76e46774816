import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  civilFromDayNumber,
  dayNumberFromCivil,
  daysInMonth,
  firstDayOfYear,
  isLeapYear,
  lastDayOfYear,
  yearOfDayNumber,
} from '@china-holiday-calendar/core/calendar/civil-date.js';
import { dayOfWeek, isoWeekdayIndex, isWeekend } from '@china-holiday-calendar/core/calendar/day-of-week.js';

const MS_PER_DAY = 86_400_000;

/**
 * The oracle: the day number of a civil date according to the JavaScript Date object in UTC.
 * `Date.UTC` maps years 0..99 to 1900..1999, so the year is set with setUTCFullYear instead.
 */
function oracleDayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() / MS_PER_DAY;
}

const WEEKDAYS_FROM_SUNDAY = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;

describe('civil dates as day numbers', () => {
  it('puts day 0 on 1970-01-01, as the Unix epoch does', () => {
    assert.equal(dayNumberFromCivil(1970, 1, 1), 0);
    assert.deepEqual(civilFromDayNumber(0), { year: 1970, month: 1, day: 1 });
    assert.equal(dayNumberFromCivil(1969, 12, 31), -1);
    assert.equal(dayNumberFromCivil(2008, 1, 1), oracleDayNumber(2008, 1, 1));
  });

  it('round-trips every day from 0001-01-01 to 9999-12-31 and agrees with Date in UTC', () => {
    const first = oracleDayNumber(1, 1, 1);
    const last = oracleDayNumber(9999, 12, 31);
    // 9999 years of the 400-year Gregorian cycle: 24 cycles of 146097 days, plus 399 years.
    assert.equal(last - first + 1, 3_652_059);
    let checked = 0;
    let firstMismatch: string | undefined;
    const oracle = new Date(0);
    for (let dayNumber = first; dayNumber <= last; dayNumber++) {
      oracle.setTime(dayNumber * MS_PER_DAY);
      const year = oracle.getUTCFullYear();
      const month = oracle.getUTCMonth() + 1;
      const day = oracle.getUTCDate();
      const civil = civilFromDayNumber(dayNumber);
      const forward = dayNumberFromCivil(year, month, day);
      const weekday = isoWeekdayIndex(dayNumber);
      const expectedWeekday = (oracle.getUTCDay() + 6) % 7;
      if (
        civil.year !== year ||
        civil.month !== month ||
        civil.day !== day ||
        forward !== dayNumber ||
        weekday !== expectedWeekday ||
        yearOfDayNumber(dayNumber) !== year
      ) {
        firstMismatch = `day ${dayNumber}: oracle ${year}-${month}-${day} weekday ${expectedWeekday}, got ${JSON.stringify(civil)}, forward ${forward}, weekday ${weekday}`;
        break;
      }
      checked++;
    }
    assert.equal(firstMismatch, undefined);
    assert.equal(checked, 3_652_059);
  });

  it('gives every year its first and last day', () => {
    for (let year = 1; year <= 9999; year++) {
      assert.equal(firstDayOfYear(year), oracleDayNumber(year, 1, 1), `first day of ${year}`);
      assert.equal(lastDayOfYear(year), oracleDayNumber(year, 12, 31), `last day of ${year}`);
    }
  });
});

describe('leap years', () => {
  it('follows the Gregorian rule: divisible by 4, except centuries not divisible by 400', () => {
    assert.equal(isLeapYear(1900), false);
    assert.equal(isLeapYear(2000), true);
    assert.equal(isLeapYear(2024), true);
    assert.equal(isLeapYear(2100), false);
    assert.equal(isLeapYear(2023), false);
    assert.equal(isLeapYear(1600), true);
    assert.equal(isLeapYear(2400), true);
    assert.equal(isLeapYear(4), true);
    assert.equal(isLeapYear(1), false);
  });

  it('gives February 29 days exactly in leap years (every year 1..9999, Date as oracle)', () => {
    for (let year = 1; year <= 9999; year++) {
      const februaryDays = oracleDayNumber(year, 3, 1) - oracleDayNumber(year, 2, 1);
      assert.equal(isLeapYear(year), februaryDays === 29, `leap year ${year}`);
      assert.equal(daysInMonth(year, 2), februaryDays, `February ${year}`);
    }
  });

  it('gives every month its length', () => {
    for (const year of [1900, 2000, 2023, 2024, 2100]) {
      for (let month = 1; month <= 12; month++) {
        const next = month === 12 ? oracleDayNumber(year + 1, 1, 1) : oracleDayNumber(year, month + 1, 1);
        assert.equal(daysInMonth(year, month), next - oracleDayNumber(year, month, 1), `${year}-${month}`);
      }
    }
  });

  it('counts 366 days in leap years and 365 in others', () => {
    assert.equal(lastDayOfYear(2024) - firstDayOfYear(2024) + 1, 366);
    assert.equal(lastDayOfYear(2000) - firstDayOfYear(2000) + 1, 366);
    assert.equal(lastDayOfYear(1900) - firstDayOfYear(1900) + 1, 365);
    assert.equal(lastDayOfYear(2100) - firstDayOfYear(2100) + 1, 365);
    assert.equal(dayNumberFromCivil(2024, 3, 1) - dayNumberFromCivil(2024, 2, 28), 2);
    assert.equal(dayNumberFromCivil(2100, 3, 1) - dayNumberFromCivil(2100, 2, 28), 1);
  });
});

describe('day of week', () => {
  const KNOWN: readonly (readonly [number, number, number, string])[] = [
    [1970, 1, 1, 'THURSDAY'],
    [2000, 1, 1, 'SATURDAY'],
    [2008, 1, 1, 'TUESDAY'],
    [1949, 10, 1, 'SATURDAY'],
    [2024, 2, 29, 'THURSDAY'],
    [2016, 2, 29, 'MONDAY'],
    [2019, 5, 1, 'WEDNESDAY'],
    [2020, 2, 3, 'MONDAY'],
    [2026, 12, 31, 'THURSDAY'],
    [2027, 1, 1, 'FRIDAY'],
    [1, 1, 1, 'MONDAY'],
    [9999, 12, 31, 'FRIDAY'],
  ];
  for (const [year, month, day, expected] of KNOWN) {
    it(`${year}-${month}-${day} is a ${expected}`, () => {
      assert.equal(dayOfWeek(dayNumberFromCivil(year, month, day)), expected);
    });
  }

  it('names the weekday of every day of 1900..2100 as Date does, and marks Saturday and Sunday as weekend', () => {
    const oracle = new Date(0);
    for (let dayNumber = oracleDayNumber(1900, 1, 1); dayNumber <= oracleDayNumber(2100, 12, 31); dayNumber++) {
      oracle.setTime(dayNumber * MS_PER_DAY);
      const expected = WEEKDAYS_FROM_SUNDAY[oracle.getUTCDay()];
      const name = dayOfWeek(dayNumber);
      if (name !== expected) assert.fail(`day ${dayNumber}: ${name} instead of ${String(expected)}`);
      if (isWeekend(dayNumber) !== (expected === 'SATURDAY' || expected === 'SUNDAY')) assert.fail(`weekend flag of day ${dayNumber}`);
    }
  });

  it('9999-12-31 is a FRIDAY', () => {
    assert.equal(dayOfWeek(dayNumberFromCivil(9999, 12, 31)), 'FRIDAY');
    assert.equal(isWeekend(dayNumberFromCivil(9999, 12, 31)), false);
  });
});
