import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { ANNUAL_HOLIDAY_CODES } from '@china-holiday-calendar/core/calendar/holidays.js';
import { regulationVersionFor, statutoryDays } from '@china-holiday-calendar/core/calendar/statutory-days.js';
import { computeStatutoryDaysField } from '@china-holiday-calendar/core/dataset/statutory-days-field.js';
import { loadBundledDataset } from '../helpers/bundled-dataset.js';

/**
 * Independent oracle: the lunar and solar-term dates of 2008-2026 as published almanacs give
 * them, typed here so that the lunar library is checked, not trusted.
 */
const ALMANAC: Record<number, { lunarNewYear: string; qingming: string; dragonBoat: string; midAutumn: string }> = {
  2008: { lunarNewYear: '2008-02-07', qingming: '2008-04-04', dragonBoat: '2008-06-08', midAutumn: '2008-09-14' },
  2009: { lunarNewYear: '2009-01-26', qingming: '2009-04-04', dragonBoat: '2009-05-28', midAutumn: '2009-10-03' },
  2010: { lunarNewYear: '2010-02-14', qingming: '2010-04-05', dragonBoat: '2010-06-16', midAutumn: '2010-09-22' },
  2011: { lunarNewYear: '2011-02-03', qingming: '2011-04-05', dragonBoat: '2011-06-06', midAutumn: '2011-09-12' },
  2012: { lunarNewYear: '2012-01-23', qingming: '2012-04-04', dragonBoat: '2012-06-23', midAutumn: '2012-09-30' },
  2013: { lunarNewYear: '2013-02-10', qingming: '2013-04-04', dragonBoat: '2013-06-12', midAutumn: '2013-09-19' },
  2014: { lunarNewYear: '2014-01-31', qingming: '2014-04-05', dragonBoat: '2014-06-02', midAutumn: '2014-09-08' },
  2015: { lunarNewYear: '2015-02-19', qingming: '2015-04-05', dragonBoat: '2015-06-20', midAutumn: '2015-09-27' },
  2016: { lunarNewYear: '2016-02-08', qingming: '2016-04-04', dragonBoat: '2016-06-09', midAutumn: '2016-09-15' },
  2017: { lunarNewYear: '2017-01-28', qingming: '2017-04-04', dragonBoat: '2017-05-30', midAutumn: '2017-10-04' },
  2018: { lunarNewYear: '2018-02-16', qingming: '2018-04-05', dragonBoat: '2018-06-18', midAutumn: '2018-09-24' },
  2019: { lunarNewYear: '2019-02-05', qingming: '2019-04-05', dragonBoat: '2019-06-07', midAutumn: '2019-09-13' },
  2020: { lunarNewYear: '2020-01-25', qingming: '2020-04-04', dragonBoat: '2020-06-25', midAutumn: '2020-10-01' },
  2021: { lunarNewYear: '2021-02-12', qingming: '2021-04-04', dragonBoat: '2021-06-14', midAutumn: '2021-09-21' },
  2022: { lunarNewYear: '2022-02-01', qingming: '2022-04-05', dragonBoat: '2022-06-03', midAutumn: '2022-09-10' },
  2023: { lunarNewYear: '2023-01-22', qingming: '2023-04-05', dragonBoat: '2023-06-22', midAutumn: '2023-09-29' },
  2024: { lunarNewYear: '2024-02-10', qingming: '2024-04-04', dragonBoat: '2024-06-10', midAutumn: '2024-09-17' },
  2025: { lunarNewYear: '2025-01-29', qingming: '2025-04-04', dragonBoat: '2025-05-31', midAutumn: '2025-10-06' },
  2026: { lunarNewYear: '2026-02-17', qingming: '2026-04-05', dragonBoat: '2026-06-19', midAutumn: '2026-09-25' },
};

const iso = (days: number[]): string[] => days.map(formatIsoDate);

function shift(date: string, by: number): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, dayOfMonth + by)).toISOString().slice(0, 10);
}

describe('statutoryDays', () => {
  for (const [yearText, almanac] of Object.entries(ALMANAC)) {
    const year = Number(yearText);
    it(`matches the almanac in ${year}`, () => {
      const version = regulationVersionFor(year);
      const newYear = almanac.lunarNewYear;
      const springFestival =
        version === 1
          ? [shift(newYear, -1), newYear, shift(newYear, 1)]
          : version === 2
            ? [newYear, shift(newYear, 1), shift(newYear, 2)]
            : [shift(newYear, -1), newYear, shift(newYear, 1), shift(newYear, 2)];
      assert.deepEqual(iso(statutoryDays('NEW_YEAR', year)), [`${year}-01-01`]);
      assert.deepEqual(iso(statutoryDays('SPRING_FESTIVAL', year)), springFestival);
      assert.deepEqual(iso(statutoryDays('QINGMING_FESTIVAL', year)), [almanac.qingming]);
      assert.deepEqual(iso(statutoryDays('LABOR_DAY', year)), version === 3 ? [`${year}-05-01`, `${year}-05-02`] : [`${year}-05-01`]);
      assert.deepEqual(iso(statutoryDays('DRAGON_BOAT_FESTIVAL', year)), [almanac.dragonBoat]);
      assert.deepEqual(iso(statutoryDays('MID_AUTUMN_FESTIVAL', year)), [almanac.midAutumn]);
      assert.deepEqual(iso(statutoryDays('NATIONAL_DAY', year)), [`${year}-10-01`, `${year}-10-02`, `${year}-10-03`]);
    });
  }

  it('follows the regulation versions: 2008-2013, 2014-2024, 2025 on', () => {
    assert.deepEqual([2008, 2013, 2014, 2024, 2025, 2099].map(regulationVersionFor), [1, 1, 2, 2, 3, 3]);
    assert.throws(() => regulationVersionFor(2007), RangeError);
  });

  it('takes 除夕 as the last day of the lunar year, the 29th when the twelfth month is short', () => {
    // 2026: the twelfth month of 乙巳 has 29 days; 除夕 is 腊月二十九, 2026-02-16.
    assert.equal(formatIsoDate(statutoryDays('SPRING_FESTIVAL', 2026)[0] ?? 0), '2026-02-16');
    assert.equal(formatIsoDate(statutoryDays('SPRING_FESTIVAL', 2013)[0] ?? 0), '2013-02-09');
  });

  it('takes the first of two fifth months in a leap year (2009)', () => {
    assert.deepEqual(iso(statutoryDays('DRAGON_BOAT_FESTIVAL', 2009)), ['2009-05-28']);
  });

  it('gives Victory Day its one day in 2015 only', () => {
    assert.deepEqual(iso(statutoryDays('VICTORY_DAY_70TH_ANNIVERSARY', 2015)), ['2015-09-03']);
    assert.deepEqual(statutoryDays('VICTORY_DAY_70TH_ANNIVERSARY', 2016), []);
  });

  it('is what every bundled file stores (recomputed for every year)', async () => {
    const dataset = await loadBundledDataset();
    assert.equal(dataset.arrangements.size, 19);
    for (const [year, file] of dataset.arrangements) {
      assert.deepEqual(file.statutoryDays, computeStatutoryDaysField(file), `statutory days of ${year}`);
      for (const code of ANNUAL_HOLIDAY_CODES) assert.ok(file.statutoryDays[code], `${year} names ${code}`);
    }
  });
});
