/**
 * Every day of the lunar table's range (2008-01-01..9999-12-31, ~2.9 million) held to tyme4ts.
 * A minute or more on a busy machine, so outside `npm test`: run `npm run test:slow` after
 * regenerating the table (npm run docs:generate) or upgrading tyme4ts. The fast suite checks
 * every year's boundaries and a sample of days (lunar-calendar.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lunarDayOf, solarTermOf, SOLAR_TERM_NAMES } from '@china-holiday-calendar/core/calendar/lunar-calendar.js';
import { FIRST_SUPPORTED_DAY, LAST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { TYME_SOLAR_TERM_NAMES, tymeLunarYears, tymeSolarTermDays } from '../../scripts/lunar-facts.js';

describe('the lunar calendar table, every day held to tyme4ts', () => {
  it('gives every day of 2008-01-01..9999-12-31 the lunar date of tyme4ts’ months', () => {
    let checked = 0;
    // Month by month from tyme4ts (its day-by-day answer is ~100 times slower), each day from the table.
    for (const { year, months } of tymeLunarYears()) {
      for (const { month, firstDay, dayCount } of months) {
        for (let offset = 0; offset < dayCount; offset++) {
          const date = firstDay + offset;
          if (date < FIRST_SUPPORTED_DAY || date > LAST_SUPPORTED_DAY) continue;
          const lunar = lunarDayOf(date);
          if (lunar.year !== year || lunar.month !== Math.abs(month) || lunar.isLeapMonth !== month < 0 || lunar.day !== offset + 1) {
            assert.fail(`day ${date}: ${JSON.stringify(lunar)}, tyme4ts ${year}/${month}/${offset + 1}`);
          }
          checked++;
        }
      }
    }
    assert.equal(checked, LAST_SUPPORTED_DAY - FIRST_SUPPORTED_DAY + 1);
  });

  it('names the solar term of each of tyme4ts’ term days and of no other day', () => {
    assert.deepEqual([...SOLAR_TERM_NAMES], TYME_SOLAR_TERM_NAMES);
    const termDays = tymeSolarTermDays();
    let term = 0;
    for (let date = FIRST_SUPPORTED_DAY; date <= LAST_SUPPORTED_DAY; date++) {
      while ((termDays[term] ?? Infinity) < date) term++;
      const expected = termDays[term] === date ? TYME_SOLAR_TERM_NAMES[term % 24] : undefined;
      if (solarTermOf(date) !== expected) assert.fail(`day ${date}: ${String(solarTermOf(date))}, tyme4ts ${String(expected)}`);
    }
  });
});
