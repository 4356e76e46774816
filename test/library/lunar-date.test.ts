import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LunarMonth, SolarDay } from 'tyme4ts';
import { civilFromDayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { CalendarInputError, lunarDate, solarTerm } from 'china-holiday-calendar';
import { day } from '../helpers/bundled-dataset.js';

describe('lunarDate and solarTerm from the package entry', () => {
  it('give the lunar date and its names as wall calendars print them (typed here from the almanac)', () => {
    assert.deepEqual(lunarDate('2024-02-09'), { year: 2023, month: 12, day: 30, isLeapMonth: false, monthName: '腊月', dayName: '三十', label: '腊月三十' });
    assert.deepEqual(lunarDate('2024-02-10'), { year: 2024, month: 1, day: 1, isLeapMonth: false, monthName: '正月', dayName: '初一', label: '正月初一' });
    assert.equal(lunarDate('2023-03-22').label, '闰二月初一');
    assert.equal(lunarDate('2008-01-01').label, '冬月廿三');
    assert.equal(solarTerm('2024-04-04'), '清明');
    assert.equal(solarTerm('2024-04-05'), null);
    assert.equal(solarTerm('2024-12-21'), '冬至');
  });

  it('name every month and day as tyme4ts does, with 冬月 and 腊月 for its 十一月 and 十二月', () => {
    // Every day of two years with leap months (闰二月 2023, 闰六月 2025) and the leap eleventh month of 2033.
    const ranges = [[day('2023-01-01'), day('2025-12-31')], [day('2033-11-01'), day('2034-02-28')]] as const;
    for (const [start, end] of ranges) {
      for (let date = start; date <= end; date++) {
        const { year, month, day: dayOfMonth } = civilFromDayNumber(date);
        const tyme = SolarDay.fromYmd(year, month, dayOfMonth).getLunarDay();
        const tymeMonth = tyme.getLunarMonth().getName().replace('十一月', '冬月').replace('十二月', '腊月');
        const answer = lunarDate(formatIsoDate(date));
        assert.equal(answer.monthName, tymeMonth, formatIsoDate(date));
        assert.equal(answer.dayName, tyme.getName(), formatIsoDate(date));
        assert.equal(answer.label, `${tymeMonth}${tyme.getName()}`);
      }
    }
    assert.equal(LunarMonth.fromYm(2033, -11).getName(), '闰十一月');
    assert.equal(lunarDate('2033-12-22').monthName, '闰冬月');
  });

  it('read a Date as the day it is in China, whatever the host’s time zone', () => {
    assert.equal(lunarDate(new Date('2025-01-28T20:00:00Z')).label, '正月初一');
    assert.equal(solarTerm(new Date('2024-04-03T16:00:00Z')), '清明');
  });

  it('answer every supported date up to 9999-12-31', () => {
    assert.equal(lunarDate('9999-12-31').label, '腊月初二');
    assert.equal(solarTerm('9999-12-31'), '小寒');
  });

  it('refuse bad input with the service’s problem codes, never a guess', () => {
    const refused = (call: () => unknown, code: string): void => {
      assert.throws(call, (error: unknown) => error instanceof CalendarInputError && error.code === code);
    };
    refused(() => lunarDate('2007-12-31'), 'DATE_OUT_OF_SUPPORTED_RANGE');
    refused(() => solarTerm('2007-12-22'), 'DATE_OUT_OF_SUPPORTED_RANGE');
    refused(() => lunarDate('2024-2-4'), 'INVALID_DATE_FORMAT');
    refused(() => lunarDate('2023-02-29'), 'INVALID_DATE_FORMAT');
    refused(() => lunarDate(new Date(NaN)), 'INVALID_DATE_FORMAT');
    refused(() => solarTerm(new Date(Date.UTC(10000, 0, 1))), 'DATE_OUT_OF_SUPPORTED_RANGE');
    refused(() => lunarDate(20240204 as unknown as string), 'INVALID_DATE_FORMAT');
  });
});
