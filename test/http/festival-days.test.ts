import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { civilFromDayNumber, dayNumberFromCivil, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { lunarDateOf } from '@china-holiday-calendar/core/calendar/lunar-date.js';
import { OBSERVANCES } from '@china-holiday-calendar/core/calendar/observances.js';
import { festivalOf } from 'china-holiday-calendar-service/internal/http/docs/festival-days.js';

/**
 * The oracle: the festivals written out as wall calendars know them, by lunar month and day and
 * by civil month and day, read through the lunar date of each day (not the holiday table's
 * festival days, which festivalOf reads).
 */
const LUNAR: ReadonlyMap<string, string> = new Map([
  ['1-1', '春节'],
  ['1-15', '元宵节'],
  ['5-5', '端午节'],
  ['7-7', '七夕节'],
  ['8-15', '中秋节'],
  ['9-9', '重阳节'],
  ['12-8', '腊八节'],
]);
const CIVIL: ReadonlyMap<string, string> = new Map([
  ['1-1', '元旦'],
  ['5-1', '劳动节'],
  ['10-1', '国庆节'],
  ...OBSERVANCES.map((observance): [string, string] => [`${observance.month}-${observance.day}`, observance.shortName]),
]);

function expectedFestival(day: DayNumber): string | undefined {
  const lunar = lunarDateOf(day);
  const lunarFestival = lunar.isLeapMonth ? undefined : LUNAR.get(`${lunar.month}-${lunar.day}`);
  if (lunarFestival !== undefined) return lunarFestival;
  const next = lunarDateOf(day + 1);
  if (lunar.month === 12 && !lunar.isLeapMonth && next.month === 1 && next.day === 1 && !next.isLeapMonth) return '除夕';
  const { month, day: dayOfMonth } = civilFromDayNumber(day);
  return CIVIL.get(`${month}-${dayOfMonth}`);
}

describe("the calendar page's festivals", () => {
  it('name every festival on its day from 2008 to 2060, a lunar one before a civil one on the same day', () => {
    let named = 0;
    for (let day = dayNumberFromCivil(2008, 1, 1); day <= dayNumberFromCivil(2060, 12, 31); day++) {
      const expected = expectedFestival(day);
      assert.equal(festivalOf(day)?.zh, expected, JSON.stringify(civilFromDayNumber(day)));
      if (expected !== undefined) named += 1;
    }
    assert.ok(named > 53 * 14, `${named} festival days`);
  });

  it('give Mid-Autumn, not National Day, to 2020-10-01, when both fell on it', () => {
    assert.deepEqual(festivalOf(dayNumberFromCivil(2020, 10, 1)), { zh: '中秋节', en: 'Mid-Autumn Festival' });
  });
});
