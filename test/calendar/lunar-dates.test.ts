import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeLunarDates, lunarDatesOf } from '../../src/calendar/lunar-dates.js';
import { LUNAR_DATES, LUNAR_TABLE_FIRST_YEAR } from '../../src/calendar/lunar-date-table.js';
import { day } from '../helpers/bundled-dataset.js';

describe('lunarDatesOf', () => {
  it('answers the table years from the table tyme4ts wrote (the generated-documents test holds it current)', () => {
    const years = LUNAR_DATES.length / 4;
    assert.ok(years >= 190, `${years} years`);
    for (const year of [LUNAR_TABLE_FIRST_YEAR, 2009, 2024, 2057, LUNAR_TABLE_FIRST_YEAR + years - 1]) {
      assert.deepEqual(lunarDatesOf(year), computeLunarDates(year), String(year));
    }
  });

  it('computes any other year with tyme4ts, loaded on first use', () => {
    for (const year of [2007, 2201, 3000, 9999]) assert.deepEqual(lunarDatesOf(year), computeLunarDates(year), String(year));
  });

  it('gives the almanac’s dates (typed here from the almanac, not from the library)', () => {
    assert.deepEqual(lunarDatesOf(2024), { firstMonthFirstDay: day('2024-02-10'), qingming: day('2024-04-04'), dragonBoat: day('2024-06-10'), midAutumn: day('2024-09-17') });
    // 2009: a leap fifth month; the notice named the first 五月初五, 2009-05-28.
    assert.equal(lunarDatesOf(2009).dragonBoat, day('2009-05-28'));
    assert.deepEqual(lunarDatesOf(2027), { firstMonthFirstDay: day('2027-02-06'), qingming: day('2027-04-05'), dragonBoat: day('2027-06-09'), midAutumn: day('2027-09-15') });
  });
});
