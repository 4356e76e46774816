import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { WorkdayCount } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { workdayCountJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';

describe('workdayCountJson', () => {
  it('writes exactly what JSON.stringify writes, field order included', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST_SUPPORTED_DAY, max: 2_932_896 }), fc.integer({ min: 0, max: 365 }), fc.nat(), fc.nat(), (start, span, work, rest) => {
        const totalDays = span + 1;
        const workdayCount = Math.min(work, totalDays);
        const restDayCount = Math.min(rest, totalDays - workdayCount);
        const count: WorkdayCount = {
          startDate: formatIsoDate(start),
          endDate: formatIsoDate(start + span),
          totalDays,
          workdayCount,
          restDayCount,
          unknownDayCount: totalDays - workdayCount - restDayCount,
        };
        assert.equal(workdayCountJson(count), JSON.stringify(count));
      }),
    );
  });
});
