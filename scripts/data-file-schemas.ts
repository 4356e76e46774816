import Type, { type TArray, type TOptional } from 'typebox';
import { HOLIDAY_CODES, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { MARKETS } from '@china-holiday-calendar/core/calendar/markets.js';
import { FIRST_SUPPORTED_YEAR, LAST_SUPPORTED_YEAR } from '@china-holiday-calendar/core/calendar/supported-range.js';

/**
 * The data files' format, written once, here, with TypeBox: every other form of it is generated
 * from these definitions by `npm run docs:generate` (scripts/data-file-documents.ts): the
 * published JSON Schemas (packages/core/docs/), the plain TypeScript types the code uses
 * (packages/core/src/dataset/data-file-types.ts), the validators the loader runs
 * (packages/core/src/dataset/shape-validators.ts) and the key order the writers follow
 * (packages/service/src/data-folder/data-file-layout.ts). docs/design.md, "The data-file format,
 * once", says why.
 *
 * A `title` names the TypeScript type a shape becomes; the order of an object's properties is the
 * order its fields are written in.
 */

const ISO_DATE_PATTERN = '[0-9]{4}-[0-9]{2}-[0-9]{2}';

const IsoDate = Type.String({ title: 'IsoDateText', pattern: `^${ISO_DATE_PATTERN}$`, description: 'A calendar date, yyyy-MM-dd.' });

const DateOrRange = Type.String({
  pattern: `^${ISO_DATE_PATTERN}(\\.\\.${ISO_DATE_PATTERN})?$`,
  description: 'One date (yyyy-MM-dd) or an inclusive range (yyyy-MM-dd..yyyy-MM-dd).',
});

const Url = Type.String({ pattern: '^https?://[^\\s]+$', description: 'An http(s) URL.' });

const NoticeId = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Identifier of a notice within this file.' });

/** The holiday table (packages/core/src/calendar/holidays.ts) is the one list of codes; the types module imports its type. */
const HolidayCodeSchema = Type.Enum([...HOLIDAY_CODES], { tsType: 'HolidayCode', description: 'A holiday code of the interface.' });

const Notes = Type.Array(Type.String({ minLength: 1 }), { description: 'Free-text remarks for reviewers.' });

const NoticeKind = Type.Enum(['annual', 'special', 'amending'], {
  title: 'NoticeKind',
  description: 'annual: the yearly arrangement; special: adds days; amending: replaces entries of an earlier notice.',
});

const EntryForm = Type.Enum(
  [
    'old-style-swap',
    'old-style-weekend-shift',
    'old-style-no-swap',
    'range-with-swap',
    'combined-range-with-swap',
    'range-adjusted-no-workday',
    'range-gongxiu',
    'range-no-swap',
    'off-joined-with-weekend',
    'off-plus-compensatory',
    'off-one-day',
    'off-one-day-no-swap',
    'special-range-with-swap',
    'amended-range-with-swap',
    'extension',
  ],
  { title: 'EntryForm', description: 'The wording pattern of the entry, as docs/arrangement-format.md names them.' },
);

const YearRule = Type.Enum(['completeness', 'balance', 'make-up-days'], {
  title: 'YearRule',
  description: 'Which whole-year rule the notice departs from: 10 completeness, 11 balance, 12 where make-up days lie.',
});

export const NoticeSchema = Type.Object(
  {
    id: NoticeId,
    kind: NoticeKind,
    title: Type.String({ minLength: 1 }),
    documentNumber: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
      description: 'The 文号, or null where no copy of the notice shows it.',
    }),
    signedDate: Type.Union([IsoDate, Type.Null()], { description: '成文日期, or null where not confirmed.' }),
    publishedDate: IsoDate,
    sourceUrl: Url,
    otherUrls: Type.Array(Url),
    notes: Type.Optional(Notes),
  },
  { title: 'ArrangementNotice', additionalProperties: false },
);

export const EntrySchema = Type.Object(
  {
    notice: NoticeId,
    holidays: Type.Array(HolidayCodeSchema, {
      minItems: 1,
      uniqueItems: true,
      description: 'The holidays of the entry, in the order the notice names them.',
    }),
    printedName: Type.String({ minLength: 1, description: 'The holiday name(s) as the notice prints them.' }),
    form: EntryForm,
    rest: Type.Array(DateOrRange, {
      minItems: 1,
      description: 'Days off the notice names (放假): whole spans, weekends inside included, and single days.',
    }),
    compensatory: Type.Array(IsoDate, { description: 'Compensatory days off (补休).' }),
    work: Type.Array(IsoDate, { description: 'Make-up working days (上班).' }),
    joinedWeekend: Type.Array(IsoDate, {
      description: 'Weekend days the notice only says are joined to the holiday (与周末连休); ordinary weekend days.',
    }),
    statedTotal: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'The total the notice states (共N天), or null when it states none.',
    }),
    supersededBy: Type.Optional(NoticeId),
    notes: Type.Optional(Notes),
  },
  { title: 'ArrangementEntry', additionalProperties: false },
);

export const StatutoryDaysSchema = Type.Object(
  Object.fromEntries(HOLIDAY_CODES.map((code) => [code, Type.Optional(Type.Array(IsoDate, { minItems: 1 }))])) as {
    [Code in HolidayCode]: TOptional<TArray<typeof IsoDate>>;
  },
  {
    title: 'StatutoryDays',
    // A mapped type rather than an interface, so that Object.entries() knows its values.
    tsType: '{ [Code in HolidayCode]?: IsoDateText[] }',
    additionalProperties: false,
    description:
      'Statutory holiday days (法定节假日) of every holiday the file names, as statutoryDays() computes them; the loader recomputes and compares.',
  },
);

export const AcceptedFindingSchema = Type.Object(
  {
    id: Type.String({ pattern: '^(completeness|balance|make-up-days)-[0-9a-f]{8}$', description: 'The finding id the importer printed, `<rule>-<hash>`.' }),
    rule: YearRule,
    field: Type.String({ minLength: 1, description: 'The field the finding names, as the loader reports it.' }),
    reason: Type.String({
      minLength: 1,
      description: 'The finding as computed, figures and dates included; the loader recomputes it and requires the same text.',
    }),
  },
  { title: 'AcceptedFinding', additionalProperties: false },
);

/** The A-share exchanges by their ISO 10383 codes (packages/core/src/calendar/markets.ts is the one list). */
const ExchangeCode = Type.Enum([...MARKETS], { tsType: 'Market', description: 'An A-share exchange by its ISO 10383 code.' });

export const ExchangeNoticeSchema = Type.Object(
  {
    exchange: ExchangeCode,
    title: Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: 'The title as the exchange prints it, or null where no copy was found.' }),
    documentNumber: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
      description: 'The number (上证公告〔2015〕36号), or null where no copy of the notice shows it.',
    }),
    publishedDate: Type.Union([IsoDate, Type.Null()], { description: 'The date the notice is signed or published, or null where not confirmed.' }),
    sourceUrl: Type.Union([Url, Type.Null()], { description: "The notice on the exchange's own site, or null where not known." }),
    otherUrls: Type.Array(Url, { description: 'Public copies of the notice where its text or metadata was read.' }),
    notes: Type.Optional(Notes),
  },
  { title: 'ExchangeNotice', additionalProperties: false },
);

export const ExchangeClosureSchema = Type.Object(
  {
    date: IsoDate,
    reason: Type.String({ minLength: 1, description: 'Why the exchanges close on a State Council working day, in the notice\'s words where it gives them.' }),
  },
  { title: 'ExchangeClosure', additionalProperties: false },
);

export const ExchangeCalendarSchema = Type.Object(
  {
    notices: Type.Array(ExchangeNoticeSchema, {
      minItems: 1,
      description: "The exchanges' notices of the year's market closures (全年休市安排), each restating the CSRC's.",
    }),
    additionalClosures: Type.Array(ExchangeClosureSchema, {
      description:
        'Weekdays the exchanges close that are working days under the State Council (2024-02-09, 除夕). Every State Council weekday rest day of the file is closed too, and every Saturday and Sunday.',
    }),
  },
  {
    title: 'ExchangeCalendar',
    additionalProperties: false,
    description:
      "What the exchanges' notices say about the arrangement year: present once their notice is in the dataset; without it, trading days of the year are UNKNOWN.",
  },
);

export const ArrangementFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    year: Type.Integer({ minimum: FIRST_SUPPORTED_YEAR, maximum: LAST_SUPPORTED_YEAR, description: 'The year in the notice title.' }),
    regulationVersion: Type.Integer({
      minimum: 1,
      description: 'Version of 《全国年节及纪念日放假办法》 in force: 1 (2008-2013), 2 (2014-2024), 3 (2025 on).',
    }),
    notices: Type.Array(NoticeSchema, { minItems: 1 }),
    entries: Type.Array(EntrySchema, { minItems: 1 }),
    statutoryDays: StatutoryDaysSchema,
    exchanges: Type.Optional(ExchangeCalendarSchema),
    acceptedFindings: Type.Optional(
      Type.Array(AcceptedFindingSchema, {
        minItems: 1,
        description:
          'Findings of the whole-year rules (10-12) a person accepted after reading the notice (import --accept). Each must equal a finding the loader computes; a file with any other finding, or with an acceptance no longer found, is refused.',
      }),
    ),
  },
  {
    title: 'ArrangementFile',
    additionalProperties: false,
    description: "One year's file, `<year>.json`: everything the State Council's notices for that arrangement year say (docs/arrangement-format.md).",
  },
);

export const ManifestSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    sequence: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'The number of this manifest: every manifest written (import, sync, an acceptance, sign, a writer re-sealing) has the previous one plus one. A reader refuses a manifest with a lower sequence than the copy it uses, or the same sequence with other bytes.',
      }),
    ),
    expires: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$',
        description:
          'When this manifest stops vouching for the dataset (RFC 3339, UTC, whole seconds). A reader takes no manifest past its expiry; the writer re-seals before it (DATASET_EXPIRES_SECONDS). A local folder is never refused for it.',
      }),
    ),
    publishedYears: Type.Array(Type.Integer({ minimum: FIRST_SUPPORTED_YEAR, maximum: LAST_SUPPORTED_YEAR }), {
      uniqueItems: true,
      description: 'Every year whose arrangement is published in this directory.',
    }),
    files: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[0-9]{4}\\.json$' }),
        Type.String({
          pattern: '^([0-9a-f]{64}|sha256-[A-Za-z0-9+/]{43}=)$',
          description: 'The SHA-256 of the file\'s exact bytes: 64 lower-case hex digits, or sha256- and base64.',
        }),
        {
          title: 'FileDigests',
          additionalProperties: false,
          description:
            'The SHA-256 of each year file, written whenever the manifest is written (import, sync, sign). The loader refuses a listed file whose bytes do not match; a service following this folder over HTTP requires a digest for every published year.',
        },
      ),
    ),
  },
  {
    title: 'Manifest',
    additionalProperties: false,
    description: "The data directory's `manifest.json`: its sequence and expiry, the published years, and the SHA-256 of each year file.",
  },
);
