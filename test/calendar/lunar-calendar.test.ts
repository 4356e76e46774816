import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LunarDay, SolarDay, SolarTerm } from 'tyme4ts';
import { civilFromDayNumber, dayNumberFromCivil, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { lunarDayOf, lunarMonthFirstDay, lunarNewYearDay, solarTermDay, solarTermOf } from '@china-holiday-calendar/core/calendar/lunar-calendar.js';
import { lunarDatesOf } from '@china-holiday-calendar/core/calendar/lunar-dates.js';
import { FIRST_SUPPORTED_DAY, LAST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { dayNumberOfSolarDay } from '../../scripts/lunar-facts.js';
import { day } from '../helpers/bundled-dataset.js';

// The full day-by-day sweep against tyme4ts is lunar-calendar.slow-test.ts (npm run test:slow).

/** tyme4ts' own answer for one day, as [lunar year, month, leap, day, solar term or undefined]. */
function tymeDay(date: DayNumber): [number, number, boolean, number, string | undefined] {
  const { year, month, day: dayOfMonth } = civilFromDayNumber(date);
  const solar = SolarDay.fromYmd(year, month, dayOfMonth);
  const lunar = solar.getLunarDay();
  const termDay = solar.getTermDay();
  return [lunar.getLunarMonth().getYear(), lunar.getLunarMonth().getMonth(), lunar.getLunarMonth().isLeap(), lunar.getDay(), termDay.getDayIndex() === 0 ? termDay.getName() : undefined];
}

function tableDay(date: DayNumber): [number, number, boolean, number, string | undefined] {
  const lunar = lunarDayOf(date);
  return [lunar.year, lunar.month, lunar.isLeapMonth, lunar.day, solarTermOf(date)];
}

describe('the lunar calendar table, held to tyme4ts', () => {
  it('agrees with tyme4ts on every year’s boundaries: January 1, December 31, 正月初一 and its eve', () => {
    for (let year = 2008; year <= 9999; year++) {
      const newYear = dayNumberOfSolarDay(LunarDay.fromYmd(year, 1, 1).getSolarDay());
      for (const date of [dayNumberFromCivil(year, 1, 1), dayNumberFromCivil(year, 12, 31), newYear, newYear - 1]) {
        assert.deepEqual(tableDay(date), tymeDay(date), `${year}: day ${date}`);
      }
    }
  });

  it('agrees with tyme4ts on a sample of days spread over the whole range, leap months and solar terms included', () => {
    const dates = [day('2023-03-22'), day('2023-04-19'), day('2033-12-22'), day('2034-02-18'), day('2024-04-04'), day('9244-12-31'), LAST_SUPPORTED_DAY];
    // A fixed pseudo-random walk: the same days on every run, a few thousand over 8000 years.
    for (let date = FIRST_SUPPORTED_DAY; date <= LAST_SUPPORTED_DAY; date += 997) dates.push(date);
    for (const date of dates) assert.deepEqual(tableDay(date), tymeDay(date), `day ${date}`);
  });

  it('refuses a day outside the table rather than guess', () => {
    assert.throws(() => lunarDayOf(LAST_SUPPORTED_DAY + 1), RangeError);
    assert.throws(() => solarTermOf(LAST_SUPPORTED_DAY + 1), RangeError);
    assert.throws(() => lunarNewYearDay(10000), RangeError);
    assert.throws(() => solarTermDay(2007, '清明'), RangeError);
  });
});

describe('lunarDatesOf', () => {
  it('gives tyme4ts’ 正月初一, 清明, 五月初五 and 八月十五 for every year 2008-9999', () => {
    const solarDay = (lunar: LunarDay): DayNumber => dayNumberOfSolarDay(lunar.getSolarDay());
    for (let year = 2008; year <= 9999; year++) {
      assert.deepEqual(
        lunarDatesOf(year),
        {
          firstMonthFirstDay: solarDay(LunarDay.fromYmd(year, 1, 1)),
          qingming: dayNumberOfSolarDay(SolarTerm.fromName(year, '清明').getJulianDay().getSolarDay()),
          // A positive month number is the first of two fifth months (the practice of 2009).
          dragonBoat: solarDay(LunarDay.fromYmd(year, 5, 5)),
          midAutumn: solarDay(LunarDay.fromYmd(year, 8, 15)),
        },
        String(year),
      );
    }
    assert.equal(lunarMonthFirstDay(2033, 12), day('2034-01-20'));
  });

  it('gives the almanac’s dates (typed here from the almanac, not from the library)', () => {
    assert.deepEqual(lunarDatesOf(2024), { firstMonthFirstDay: day('2024-02-10'), qingming: day('2024-04-04'), dragonBoat: day('2024-06-10'), midAutumn: day('2024-09-17') });
    // 2009: a leap fifth month; the notice named the first 五月初五, 2009-05-28.
    assert.equal(lunarDatesOf(2009).dragonBoat, day('2009-05-28'));
    assert.deepEqual(lunarDatesOf(2027), { firstMonthFirstDay: day('2027-02-06'), qingming: day('2027-04-05'), dragonBoat: day('2027-06-09'), midAutumn: day('2027-09-15') });
  });
});
