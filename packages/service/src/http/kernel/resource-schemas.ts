import Type from 'typebox';
import { DAYS_OF_WEEK } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { DAY_STATUSES, WORK_STATUSES } from '@china-holiday-calendar/core/calendar/day-status.js';
import { HOLIDAY_CODES } from '@china-holiday-calendar/core/calendar/holidays.js';
import { MARKETS } from '@china-holiday-calendar/core/calendar/markets.js';
import { MAX_OFFSET_DAYS } from '@china-holiday-calendar/core/questions/workday-offset-question.js';
import { CLOSURE_REASONS, TRADING_STATUSES } from '@china-holiday-calendar/core/answers/trading-days.js';
import { DATASET_VERSION_PATTERN } from '@china-holiday-calendar/core/dataset/dataset-version.js';
import { PROBLEM_CODES, PROBLEM_TYPES } from './problems.js';

/**
 * JSON Schemas of the resources of docs/interface.md, the single definition the OpenAPI document
 * publishes and the tests validate real responses against.
 */

const ref = (name: string) => Type.Unsafe({ $ref: `#/components/schemas/${name}` });

export const IsoDateSchema = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  format: 'date',
  description: 'A calendar date, exactly yyyy-MM-dd.',
  examples: ['2024-10-01'],
});

/** A dataset version as datasetVersionOf() gives it; the answer writers rely on its pattern. */
const DatasetVersionSchema = Type.String({
  pattern: DATASET_VERSION_PATTERN,
  description: 'The publication date of the newest notice, then a short hash of the content.',
  examples: ['2025.11.04-3f9a2c1d'],
});

export const AssociatedHolidaySchema = Type.Object(
  {
    code: Type.Enum([...HOLIDAY_CODES], { description: 'Stable language-neutral holiday code.' }),
    name: Type.String({ description: 'Official Simplified Chinese name, for display only.' }),
    statutoryDate: Type.Boolean({ description: 'true on the statutory holiday day(s) of this holiday.' }),
  },
  { additionalProperties: false, description: 'A holiday associated with a date.' },
);

export const DayStatusSchema = Type.Object(
  {
    date: IsoDateSchema,
    dayOfWeek: Type.Enum([...DAYS_OF_WEEK]),
    workStatus: Type.Enum([...WORK_STATUSES], { description: 'Derived uniquely from dayStatus.' }),
    dayStatus: Type.Enum([...DAY_STATUSES]),
    holidays: Type.Array(ref('AssociatedHoliday'), { description: 'Empty for WORKDAY, WEEKEND and UNKNOWN dates.' }),
    datasetVersion: Type.Union([DatasetVersionSchema, Type.Null()], {
      description: 'The dataset the answer came from; null when the year is not published.',
    }),
  },
  { additionalProperties: false, description: 'The status of one date.' },
);

export const DayStatusListSchema = Type.Array(ref('DayStatus'), {
  minItems: 1,
  maxItems: 366,
  description: 'One day status per date, ascending, both ends included.',
});

export const DayStatusBatchSchema = Type.Array(ref('DayStatus'), {
  minItems: 1,
  maxItems: 100,
  description: 'One day status per date asked, in the order asked, repeats included.',
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
  { additionalProperties: false, description: 'Counts over a range; totalDays = workdayCount + restDayCount + unknownDayCount.' },
);

export const NextHolidaySchema = Type.Union(
  [
    Type.Object(
      {
        status: Type.Literal('FOUND'),
        date: IsoDateSchema,
        holidays: Type.Array(ref('AssociatedHoliday'), { minItems: 1 }),
        datasetVersion: DatasetVersionSchema,
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
  { description: 'The next holiday on or after fromDate.' },
);

/** The `days` of an offset, within the bounds the question reader enforces. */
const OffsetDaysSchema = Type.Integer({ minimum: -MAX_OFFSET_DAYS, maximum: MAX_OFFSET_DAYS });

export const WorkdayOffsetSchema = Type.Union(
  [
    Type.Object(
      {
        fromDate: IsoDateSchema,
        days: OffsetDaysSchema,
        status: Type.Literal('FOUND'),
        date: IsoDateSchema,
        datasetVersion: DatasetVersionSchema,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        fromDate: IsoDateSchema,
        days: OffsetDaysSchema,
        status: Type.Literal('UNKNOWN'),
        date: Type.Null(),
        datasetVersion: Type.Null(),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'The day a number of working days from fromDate; UNKNOWN when the walk needs a day of an unpublished year.' },
);


const MarketSchema = Type.Enum([...MARKETS], { description: 'The exchange, by its ISO 10383 code: XSHG Shanghai, XSHE Shenzhen, BJSE Beijing.' });

export const TradingDayStatusSchema = Type.Object(
  {
    date: IsoDateSchema,
    market: MarketSchema,
    dayOfWeek: Type.Enum([...DAYS_OF_WEEK]),
    tradingStatus: Type.Enum([...TRADING_STATUSES], { description: "UNKNOWN while the exchanges' notice for the date's year is not in the dataset." }),
    closureReason: Type.Union([Type.Enum([...CLOSURE_REASONS]), Type.Null()], {
      description:
        'null unless CLOSED; then WEEKEND (any Saturday or Sunday, make-up working days included), HOLIDAY (a State Council weekday rest day) or MARKET_CLOSURE (closed on a State Council working day, as 2024-02-09).',
    }),
    holidays: Type.Array(ref('AssociatedHoliday'), { description: 'The holidays of the date, as the date operations give them.' }),
    datasetVersion: Type.Union([DatasetVersionSchema, Type.Null()], { description: 'The dataset the answer came from; null when UNKNOWN.' }),
  },
  { additionalProperties: false, description: "Whether the exchanges trade on one date, under their own notices." },
);

export const TradingDayStatusListSchema = Type.Array(ref('TradingDayStatus'), {
  minItems: 1,
  maxItems: 366,
  description: 'One trading-day status per date, ascending, both ends included.',
});

export const TradingDayCountSchema = Type.Object(
  {
    startDate: IsoDateSchema,
    endDate: IsoDateSchema,
    market: MarketSchema,
    tradingDayCount: Type.Integer({ minimum: 0 }),
    closedDayCount: Type.Integer({ minimum: 0 }),
    unknownDayCount: Type.Integer({ minimum: 0, description: "Days of years whose exchanges' notice is not in the dataset; counted nowhere else." }),
    datasetVersion: DatasetVersionSchema,
  },
  { additionalProperties: false, description: 'Trading, closed and unknown days over a range, both ends included.' },
);

export const TradingDayOffsetSchema = Type.Union(
  [
    Type.Object(
      {
        fromDate: IsoDateSchema,
        days: OffsetDaysSchema,
        market: MarketSchema,
        status: Type.Literal('FOUND'),
        date: IsoDateSchema,
        datasetVersion: DatasetVersionSchema,
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        fromDate: IsoDateSchema,
        days: OffsetDaysSchema,
        market: MarketSchema,
        status: Type.Literal('UNKNOWN'),
        date: Type.Null(),
        datasetVersion: Type.Null(),
      },
      { additionalProperties: false },
    ),
  ],
  { description: "The day a number of trading days from fromDate (T+N); UNKNOWN when the walk needs a day of a year whose exchanges' notice is not in the dataset." },
);

const OverviewRegulation = Type.Object(
  {
    name: Type.String({ description: '全国年节及纪念日放假办法' }),
    revision: Type.Integer({ description: 'The year of the revision in force: 2007, 2013 or 2024.' }),
    decree: Type.String({ description: 'The State Council decree of that revision.' }),
    inForceFrom: IsoDateSchema,
  },
  { additionalProperties: false, description: 'The national regulation in force that year.' },
);

const OverviewNotice = Type.Object(
  {
    id: Type.String({ description: 'Names the notice within the year; a holiday refers to it.' }),
    kind: Type.Enum(['ANNUAL', 'SPECIAL', 'AMENDING']),
    title: Type.String(),
    documentNumber: Type.Union([Type.String(), Type.Null()], { description: 'The 文号, null where no copy of the notice shows it.' }),
    signedDate: Type.Union([IsoDateSchema, Type.Null()]),
    publishedDate: IsoDateSchema,
    url: Type.String({ format: 'uri' }),
  },
  { additionalProperties: false },
);

const HolidayCodes = Type.Array(Type.Enum([...HOLIDAY_CODES]), { minItems: 1 });
const HolidayNames = {
  codes: HolidayCodes,
  names: Type.Array(Type.String(), { minItems: 1, description: 'Official Simplified Chinese names.' }),
  namesEn: Type.Array(Type.String(), { minItems: 1 }),
  statutoryDates: Type.Array(IsoDateSchema, { description: 'Statutory holiday days (法定节假日): the regulation fixes them, published or not.' }),
};

const PublishedHoliday = Type.Object(
  {
    ...HolidayNames,
    notice: Type.String({ description: 'The notice that fixed the final state.' }),
    restDates: Type.Array(IsoDateSchema, { description: 'Every day off, December days of the year before included.' }),
    makeUpWorkdays: Type.Array(IsoDateSchema, { description: 'Make-up working days (上班).' }),
    joinedWeekends: Type.Array(IsoDateSchema, { description: 'Weekend days the notice only says are joined to the holiday; ordinary weekend days.' }),
  },
  { additionalProperties: false, description: 'A holiday in its final state, amendments applied.' },
);

const AwaitedHoliday = Type.Object(
  {
    ...HolidayNames,
    notice: Type.Null(),
    restDates: Type.Null(),
    makeUpWorkdays: Type.Null(),
    joinedWeekends: Type.Null(),
  },
  { additionalProperties: false, description: 'A holiday whose arrangement awaits the notice: only its statutory days are known.' },
);

const Observance = Type.Object(
  {
    code: Type.Enum(['WOMENS_DAY', 'YOUTH_DAY', 'CHILDRENS_DAY', 'ARMY_DAY']),
    name: Type.String(),
    nameEn: Type.String(),
    date: IsoDateSchema,
    dayOfWeek: Type.Enum([...DAYS_OF_WEEK]),
    who: Type.String(),
    whoEn: Type.String(),
    timeOff: Type.Enum(['HALF_DAY', 'ONE_DAY']),
    replacedWhenOnWeekend: Type.Literal(false),
  },
  { additionalProperties: false },
);

const Observances = Type.Array(Observance, { description: 'Days off for part of the population only (Article 3 of the regulation); they change no date.' });
const OverviewYear = Type.Integer({ minimum: 2008, maximum: 9999 });

const MonthCount = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12 }),
    workdayCount: Type.Integer({ minimum: 0 }),
    restDayCount: Type.Integer({ minimum: 0 }),
    unknownDayCount: Type.Integer({ minimum: 0, description: 'Days of an unpublished year; counted nowhere else.' }),
  },
  { additionalProperties: false, description: 'One month, counted as the workdays operation counts it: the three counts add up to the days of the month.' },
);
const Months = Type.Array(MonthCount, { minItems: 12, maxItems: 12, description: 'The twelve months, January first.' });

const NoticeAwaitingReview = Type.Object(
  {
    title: Type.String(),
    documentNumber: Type.Union([Type.String(), Type.Null()]),
    url: Type.String(),
    findings: Type.Array(Type.String(), { description: 'The ids of the findings that hold it (import --accept <id> publishes it).' }),
  },
  { additionalProperties: false, description: 'A notice sync found and holds for review.' },
);

export const YearOverviewSchema = Type.Union(
  [
    Type.Object(
      {
        year: OverviewYear,
        status: Type.Literal('PUBLISHED'),
        regulation: OverviewRegulation,
        notices: Type.Array(OverviewNotice, { minItems: 1, description: 'Every notice of the year, the annual one first.' }),
        holidays: Type.Array(PublishedHoliday, { description: 'In the notice order, amendments applied.' }),
        observances: Observances,
        workdayCount: Type.Integer({ minimum: 0, description: 'Working days of January 1 to December 31.' }),
        restDayCount: Type.Integer({ minimum: 0, description: 'Rest days of January 1 to December 31.' }),
        months: Months,
        datasetVersion: DatasetVersionSchema,
      },
      { additionalProperties: false, description: 'A published year.' },
    ),
    Type.Object(
      {
        year: OverviewYear,
        status: Type.Literal('UNPUBLISHED'),
        regulation: OverviewRegulation,
        notices: Type.Array(OverviewNotice, { maxItems: 0 }),
        holidays: Type.Array(AwaitedHoliday, { description: 'Every holiday of the regulation.' }),
        observances: Observances,
        workdayCount: Type.Null(),
        restDayCount: Type.Null(),
        months: Months,
        datasetVersion: Type.Null(),
        noticesAwaitingReview: Type.Optional(
          Type.Array(NoticeAwaitingReview, {
            minItems: 1,
            description:
              'Present only while sync holds a notice of this year for a person to review: the year stays unpublished, and its dates UNKNOWN, until one accepts.',
          }),
        ),
      },
      { additionalProperties: false, description: 'A year whose arrangement is not published yet: what the regulation already fixes.' },
    ),
  ],
  { description: 'A year at a glance.' },
);

/**
 * A day's CSV row: the day status's fields in their order, holidays as their codes, then whether
 * the day is statutory; datasetVersion, the same on every row, is left out. The CSV's header and
 * its record writer are generated from it (scripts/answer-writers.ts).
 */
export const DAY_STATUS_CSV_ROW = Type.Object(
  {
    date: DayStatusSchema.properties.date,
    dayOfWeek: DayStatusSchema.properties.dayOfWeek,
    workStatus: DayStatusSchema.properties.workStatus,
    dayStatus: DayStatusSchema.properties.dayStatus,
    holidays: Type.String({ description: 'The codes of the holidays, joined with ;.' }),
    statutoryDate: Type.Enum(['true', 'false', ''], { description: 'Empty on an UNKNOWN day.' }),
  },
  { additionalProperties: false },
);

export const DayStatusCsvSchema = Type.String({
  description:
    `RFC 4180 CSV in UTF-8, lines ended by CRLF: the header row ${Object.keys(DAY_STATUS_CSV_ROW.properties).join(',')}, then one row a day in ascending ` +
    'order, the values of the JSON answer: holidays as their codes joined with ; and statutoryDate true on a statutory day of one of them, false ' +
    'otherwise, empty on an UNKNOWN day. With bom=1 the file begins with a UTF-8 byte-order mark.',
});

export const TradingDayStatusCsvSchema = Type.String({
  description:
    'RFC 4180 CSV in UTF-8, lines ended by CRLF: the header row date,market,dayOfWeek,tradingStatus,closureReason,holidays, then one row a day in ascending ' +
    'order, the values of the JSON answer: closureReason empty unless CLOSED, holidays as their codes joined with ;. With bom=1 the file begins with a UTF-8 byte-order mark.',
});

export const CalendarFeedSchema = Type.String({ description: 'An RFC 5545 iCalendar document of all-day events.' });

export const HealthSchema = Type.Object({ status: Type.Literal('OK') }, { additionalProperties: false, description: 'The process answers.' });

const SyncNoticeSchema = Type.Object(
  { title: Type.String(), documentNumber: Type.Union([Type.String(), Type.Null()]), url: Type.String() },
  { additionalProperties: false },
);

const SyncStateSchema = Type.Object(
  {
    source: Type.String({ description: 'SYNC_SOURCE: gov.cn.' }),
    intervalSeconds: Type.Integer({ minimum: 1 }),
    lastAttempt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the last run started.' }),
    lastSuccess: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the last run in which no year failed started.' }),
    years: Type.Array(
      Type.Object(
        {
          year: Type.Integer(),
          outcome: Type.Enum(['published', 'amended', 'nothing-new', 'held', 'failed']),
          detail: Type.String({ description: 'What was published, why it is held, or why it failed.' }),
        },
        { additionalProperties: false },
      ),
      { description: "The last run's outcome per year." },
    ),
    held: Type.Array(
      Type.Object(
        {
          year: Type.Integer(),
          notices: Type.Array(SyncNoticeSchema),
          findings: Type.Array(Type.Object({ id: Type.String(), reason: Type.String() }, { additionalProperties: false }), {
            description: 'Whole-year rule findings a person may accept (sync --accept <id>) after reading the notice.',
          }),
          differences: Type.Array(Type.String(), { description: 'Where the cross-check source differs.' }),
        },
        { additionalProperties: false },
      ),
      { description: "Notices awaiting a person's review; their years stay unpublished." },
    ),
    webhooks: Type.Object(
      { delivered: Type.Integer({ minimum: 0 }), failed: Type.Integer({ minimum: 0 }), failedAttempts: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Sync from gov.cn, when SYNC_SOURCE is set.' },
);

export const ReadinessSchema = Type.Object(
  {
    status: Type.Enum(['READY', 'NOT_READY']),
    datasetVersion: Type.Union([DatasetVersionSchema, Type.Null()], { description: 'The loaded dataset; null before any is loaded.' }),
    publishedYears: Type.Array(Type.Integer({ minimum: 2008, maximum: 9999 }), { description: 'Ascending: every year the data publishes.' }),
    unavailableYears: Type.Array(Type.Integer({ minimum: 2008, maximum: 9999 }), {
      description: 'Published years whose data cannot be read right now (their dates answer 503).',
    }),
    missingFiles: Type.Array(Type.String(), {
      description:
        'Data files deleted since they were loaded (`2025.json`, `manifest.json`): what they held is still served, but a restart would lose it.',
    }),
    sequence: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: "The loaded dataset's manifest sequence (one more at every manifest its writer writes); null when it has none.",
    }),
    expires: Type.Union([Type.String(), Type.Null()], {
      description: "When the loaded dataset's manifest expires (RFC 3339, UTC): readers refuse a manifest past it; the copy in use keeps answering. Null when it has none.",
    }),
    sync: Type.Optional(SyncStateSchema),
  },
  { additionalProperties: false, description: 'Whether a dataset publishing at least one year is loaded.' },
);

export const OpenApiDocumentSchema = Type.Object(
  {
    openapi: Type.String({ pattern: '^3\\.1\\.' }),
    info: Type.Object({ title: Type.String(), version: Type.String() }),
    paths: Type.Record(Type.String(), Type.Object({})),
  },
  { description: 'An OpenAPI 3.1 document (this one).' },
);

export const DatasetFileSchema = Type.Unknown({
  description: 'A data file as docs/arrangement-format.md describes it: the manifest, a year file (their JSON Schemas: manifest.schema.json, arrangement.schema.json), or the base64 signature.',
});

export const MetricsTextSchema = Type.String({ description: 'The Prometheus text exposition format, version 0.0.4.' });

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ format: 'uri', description: '{DOCS_URL}/problems/<code in lowercase-hyphenated form>' }),
    title: Type.Enum([...new Set(PROBLEM_CODES.map((code) => PROBLEM_TYPES[code].title))], { description: "The problem type's title: the same for every problem of a code." }),
    status: Type.Integer({ description: 'Equals the HTTP status.' }),
    detail: Type.String(),
    instance: Type.String({ description: 'The request path, without the query string.' }),
    code: Type.Enum([...PROBLEM_CODES]),
    requestId: Type.String({ description: 'Equals the X-Request-Id response header.' }),
  },
  { additionalProperties: false, description: 'An RFC 9457 problem.' },
);

export const McpRequestSchema = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(Type.Union([Type.String(), Type.Integer()], { description: 'Absent in a notification, which is answered 202 with no body.' })),
    method: Type.String({ description: 'initialize, tools/list, tools/call or ping; or a notification, such as notifications/initialized.' }),
    params: Type.Optional(Type.Object({}, { additionalProperties: true, description: "The method's parameters: for tools/call, the tool's name and its arguments." })),
  },
  { description: 'A JSON-RPC 2.0 request of the Model Context Protocol (one message a POST).' },
);

export const McpResponseSchema = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    id: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
    result: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: "The method's result: for tools/call, the answer as text content and as structuredContent." }),
    ),
    error: Type.Optional(
      Type.Object({ code: Type.Integer(), message: Type.String() }, { additionalProperties: true, description: 'A JSON-RPC error: a request the protocol refuses.' }),
    ),
  },
  { description: 'A JSON-RPC 2.0 response: a result or an error.' },
);

export const RESOURCE_SCHEMAS = {
  AssociatedHoliday: AssociatedHolidaySchema,
  DayStatus: DayStatusSchema,
  DayStatusList: DayStatusListSchema,
  DayStatusBatch: DayStatusBatchSchema,
  WorkdayCount: WorkdayCountSchema,
  NextHoliday: NextHolidaySchema,
  WorkdayOffset: WorkdayOffsetSchema,
  TradingDayStatus: TradingDayStatusSchema,
  TradingDayStatusList: TradingDayStatusListSchema,
  TradingDayCount: TradingDayCountSchema,
  TradingDayOffset: TradingDayOffsetSchema,
  YearOverview: YearOverviewSchema,
  DayStatusCsv: DayStatusCsvSchema,
  TradingDayStatusCsv: TradingDayStatusCsvSchema,
  CalendarFeed: CalendarFeedSchema,
  Health: HealthSchema,
  Readiness: ReadinessSchema,
  OpenApiDocument: OpenApiDocumentSchema,
  MetricsText: MetricsTextSchema,
  DatasetFile: DatasetFileSchema,
  McpRequest: McpRequestSchema,
  McpResponse: McpResponseSchema,
  Problem: ProblemSchema,
} as const;

export type ResourceName = keyof typeof RESOURCE_SCHEMAS;
