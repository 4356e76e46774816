import type { ApiOperation } from './api-operation.js';
import { getCalendarFeed, getWorkdayOffset, getYearOverview } from './business-day-operations.js';
import { getDateStatuses } from './date-list-operation.js';
import { calculateWorkdays, getDateRangeStatus, getDateStatus, getNextHoliday } from './date-operations.js';
import { countTradingDays, getTradingDayOffset, getTradingDayRangeStatus, getTradingDayStatus } from './trading-day-operations.js';

/** Every read-only operation, in the order the OpenAPI document lists them: the interface's four (docs/interface.md), then the business-day tools, then the exchanges' calendar. */
export const API_OPERATIONS: readonly ApiOperation<unknown>[] = [
  getDateStatus,
  getDateRangeStatus,
  calculateWorkdays,
  getNextHoliday,
  getDateStatuses,
  getWorkdayOffset,
  getYearOverview,
  getCalendarFeed,
  getTradingDayStatus,
  getTradingDayRangeStatus,
  countTradingDays,
  getTradingDayOffset,
];
