import Type from 'typebox';
import { DAYS_OF_WEEK } from '../calendar/day-of-week.js';
import { DAY_STATUSES, WORK_STATUSES } from '../calendar/day-status.js';
import { HOLIDAY_CODES } from '../calendar/holidays.js';
import { PROBLEM_CODES } from './problems.js';

/**
 * JSON Schemas of the resources of spec section 2, the single definition the OpenAPI document
 * publishes and the tests validate real responses against.
 */

const ref = (name: string) => Type.Unsafe({ $ref: `#/components/schemas/${name}` });

export const IsoDateSchema = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  format: 'date',
  description: 'A calendar date, exactly yyyy-MM-dd.',
  examples: ['2024-10-01'],
});

export const AssociatedHolidaySchema = Type.Object(
  {
    code: Type.Enum([...HOLIDAY_CODES], { description: 'Stable language-neutral holiday code.' }),
    name: Type.String({ description: 'Official Simplified Chinese name, for display only.' }),
    statutoryDate: Type.Boolean({ description: 'true on the statutory holiday day(s) of this holiday.' }),
  },
  { additionalProperties: false, description: 'A holiday associated with a date (spec 2.2).' },
);

export const DayStatusSchema = Type.Object(
  {
    date: IsoDateSchema,
    dayOfWeek: Type.Enum([...DAYS_OF_WEEK]),
    workStatus: Type.Enum([...WORK_STATUSES], { description: 'Derived uniquely from dayStatus.' }),
    dayStatus: Type.Enum([...DAY_STATUSES]),
    holidays: Type.Array(ref('AssociatedHoliday'), { description: 'Empty for WORKDAY, WEEKEND and UNKNOWN dates.' }),
    datasetVersion: Type.Union([Type.String(), Type.Null()], {
      description: 'The dataset the answer came from; null when the year is not published.',
    }),
  },
  { additionalProperties: false, description: 'The status of one date (spec 2.1).' },
);

export const DayStatusListSchema = Type.Array(ref('DayStatus'), {
  minItems: 1,
  maxItems: 366,
  description: 'One day status per date, ascending, both ends included.',
});

export const WorkdayCountSchema = Type.Object(
  {
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    totalDays: Type.Integer({ minimum: 1, maximum: 366 }),
    workdayCount: Type.Integer({ minimum: 0 }),
    restDayCount: Type.Integer({ minimum: 0 }),
    unknownDayCount: Type.Integer({ minimum: 0, description: 'Days of unpublished years; counted nowhere else.' }),
  },
  { additionalProperties: false, description: 'Counts over a range (spec 2.3); totalDays = workdayCount + restDayCount + unknownDayCount.' },
);

export const NextHolidaySchema = Type.Union(
  [
    Type.Object(
      {
        status: Type.Literal('FOUND'),
        date: IsoDateSchema,
        holidays: Type.Array(ref('AssociatedHoliday'), { minItems: 1 }),
        datasetVersion: Type.String(),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        status: Type.Literal('UNKNOWN'),
        date: Type.Null(),
        holidays: Type.Array(ref('AssociatedHoliday'), { maxItems: 0 }),
        datasetVersion: Type.Null(),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'The next holiday on or after fromDate (spec 2.4).' },
);

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ format: 'uri', description: '{DOCS_URL}/problems/<code in lowercase-hyphenated form>' }),
    title: Type.String(),
    status: Type.Integer({ description: 'Equals the HTTP status.' }),
    detail: Type.String(),
    instance: Type.String({ description: 'The request path, without the query string.' }),
    code: Type.Enum([...PROBLEM_CODES]),
    requestId: Type.String({ description: 'Equals the X-Request-Id response header.' }),
  },
  { additionalProperties: false, description: 'An RFC 9457 problem (spec 2.5).' },
);

export const RESOURCE_SCHEMAS = {
  AssociatedHoliday: AssociatedHolidaySchema,
  DayStatus: DayStatusSchema,
  DayStatusList: DayStatusListSchema,
  WorkdayCount: WorkdayCountSchema,
  NextHoliday: NextHolidaySchema,
  Problem: ProblemSchema,
} as const;

export type ResourceName = keyof typeof RESOURCE_SCHEMAS;
