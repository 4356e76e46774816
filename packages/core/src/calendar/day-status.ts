import type { HolidayCode } from './holidays.js';

export const DAY_STATUSES = ['WORKDAY', 'ADJUSTED_WORKDAY', 'WEEKEND', 'HOLIDAY', 'UNKNOWN'] as const;
export type DayStatusValue = (typeof DAY_STATUSES)[number];

export const WORK_STATUSES = ['WORKDAY', 'REST_DAY', 'UNKNOWN'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** `workStatus` follows from `dayStatus` alone (docs/interface.md, Day status). */
export function workStatusOf(status: DayStatusValue): WorkStatus {
  switch (status) {
    case 'WORKDAY':
    case 'ADJUSTED_WORKDAY':
      return 'WORKDAY';
    case 'WEEKEND':
    case 'HOLIDAY':
      return 'REST_DAY';
    case 'UNKNOWN':
      return 'UNKNOWN';
  }
}

export interface AssociatedHoliday {
  readonly code: HolidayCode;
  readonly name: string;
  readonly statutoryDate: boolean;
}
