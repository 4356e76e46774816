import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addWorkdays, dateStatus, isWorkday, workStatus } from 'china-holiday-calendar';
import { datesFromTo } from '../helpers/spec-dates.js';

/*
 * The library's date checks, run by time-zones.test.ts under several TZ values: a JS Date is the
 * calendar day it is in China (Asia/Shanghai, UTC+8), never the host's day.
 */

/** The instant of `hh:mm` on `date` in Shanghai. */
const inShanghai = (date: string, time: string): Date => new Date(`${date}T${time}:00+08:00`);

describe(`a JS Date is read as the day in China (TZ=${process.env.TZ ?? 'unset'})`, () => {
  it('from the first to the last minute of a Shanghai day', () => {
    for (const time of ['00:00', '00:01', '07:59', '08:00', '12:00', '16:00', '23:59']) {
      assert.equal(dateStatus(inShanghai('2024-02-04', time)).date, '2024-02-04', time);
      assert.equal(isWorkday(inShanghai('2024-02-04', time)), true, `the make-up Sunday at ${time}`);
      assert.equal(isWorkday(inShanghai('2024-02-03', time)), false, `the Saturday before at ${time}`);
    }
  });

  it('for every day of 2024, as its yyyy-MM-dd string answers', () => {
    for (const date of datesFromTo('2024-01-01', '2024-12-31')) {
      assert.equal(workStatus(inShanghai(date, '00:00')), workStatus(date), date);
      assert.equal(workStatus(inShanghai(date, '23:59')), workStatus(date), date);
    }
  });

  it('in working-day offsets too', () => {
    assert.equal(addWorkdays(inShanghai('2026-09-30', '23:30'), 3), '2026-10-10');
    assert.equal(addWorkdays(new Date('2026-09-30T15:59:00Z'), 0), '2026-09-30', '23:59 in Shanghai, a working Wednesday');
    assert.equal(addWorkdays(new Date('2026-09-30T16:00:00Z'), 0), '2026-10-08', 'already 2026-10-01, National Day, in Shanghai');
  });
});
