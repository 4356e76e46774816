import Type, { type Static, type TArray, type TOptional } from 'typebox';
import { HOLIDAY_CODES, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { FIRST_SUPPORTED_YEAR, LAST_SUPPORTED_YEAR } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { ENTRY_FORMS, NOTICE_KINDS, YEAR_RULES, type AcceptedFinding, type ArrangementEntry, type ArrangementFile, type ArrangementNotice, type Manifest } from '@china-holiday-calendar/core/dataset/arrangement-schema.js';

/**
 * The JSON Schema of the data files, written with TypeBox: `npm run docs:generate` writes it to
 * packages/core/docs/*.schema.json and the validators the loader runs. The library declares
 * the same shapes as plain types (packages/core/src/dataset/arrangement-schema.ts), so that
 * neither it nor its users' type-checks need TypeBox; the check at the end of this file fails
 * the type-check when the two drift apart.
 */

const ISO_DATE_PATTERN = '[0-9]{4}-[0-9]{2}-[0-9]{2}';

const IsoDate = Type.String({ pattern: `^${ISO_DATE_PATTERN}$`, description: 'A calendar date, yyyy-MM-dd.' });

const DateOrRange = Type.String({
  pattern: `^${ISO_DATE_PATTERN}(\\.\\.${ISO_DATE_PATTERN})?$`,
  description: 'One date (yyyy-MM-dd) or an inclusive range (yyyy-MM-dd..yyyy-MM-dd).',
});

const Url = Type.String({ pattern: '^https?://[^\\s]+$', description: 'An http(s) URL.' });

const NoticeId = Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'Identifier of a notice within this file.' });

const HolidayCodeSchema = Type.Enum([...HOLIDAY_CODES], { description: 'A holiday code of the interface.' });

const Notes = Type.Array(Type.String({ minLength: 1 }), { description: 'Free-text remarks for reviewers.' });

export const NoticeSchema = Type.Object(
  {
    id: NoticeId,
    kind: Type.Enum([...NOTICE_KINDS], {
      description: 'annual: the yearly arrangement; special: adds days; amending: replaces entries of an earlier notice.',
    }),
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
  { additionalProperties: false },
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
    form: Type.Enum([...ENTRY_FORMS]),
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
  { additionalProperties: false },
);

export const StatutoryDaysSchema = Type.Object(
  Object.fromEntries(HOLIDAY_CODES.map((code) => [code, Type.Optional(Type.Array(IsoDate, { minItems: 1 }))])) as {
    [Code in HolidayCode]: TOptional<TArray<typeof IsoDate>>;
  },
  {
    additionalProperties: false,
    description:
      'Statutory holiday days (法定节假日) of every holiday the file names, as statutoryDays() computes them; the loader recomputes and compares.',
  },
);

export const AcceptedFindingSchema = Type.Object(
  {
    id: Type.String({ pattern: '^(completeness|balance|make-up-days)-[0-9a-f]{8}$', description: 'The finding id the importer printed, `<rule>-<hash>`.' }),
    rule: Type.Enum([...YEAR_RULES], {
      description: 'Which whole-year rule the notice departs from: 10 completeness, 11 balance, 12 where make-up days lie.',
    }),
    field: Type.String({ minLength: 1, description: 'The field the finding names, as the loader reports it.' }),
    reason: Type.String({
      minLength: 1,
      description: 'The finding as computed, figures and dates included; the loader recomputes it and requires the same text.',
    }),
  },
  { additionalProperties: false },
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
    acceptedFindings: Type.Optional(
      Type.Array(AcceptedFindingSchema, {
        minItems: 1,
        description:
          'Findings of the whole-year rules (10-12) a person accepted after reading the notice (import --accept). Each must equal a finding the loader computes; a file with any other finding, or with an acceptance no longer found, is refused.',
      }),
    ),
  },
  { additionalProperties: false },
);


export const ManifestSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
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
          additionalProperties: false,
          description:
            'The SHA-256 of each year file, written whenever the manifest is written (import, sync, sign). The loader refuses a listed file whose bytes do not match; a service following this folder over HTTP requires a digest for every published year.',
        },
      ),
    ),
  },
  { additionalProperties: false },
);


type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** @public True only while the library's plain types and these schemas describe the same files. */
export const TYPES_MATCH_SCHEMA: [
  Same<ArrangementFile, Static<typeof ArrangementFileSchema>>,
  Same<ArrangementNotice, Static<typeof NoticeSchema>>,
  Same<ArrangementEntry, Static<typeof EntrySchema>>,
  Same<Manifest, Static<typeof ManifestSchema>>,
  Same<AcceptedFinding, Static<typeof AcceptedFindingSchema>>,
] = [true, true, true, true, true];
