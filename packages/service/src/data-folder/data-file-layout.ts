// Generated from scripts/data-file-schemas.ts by npm run docs:generate (scripts/data-file-documents.ts); do not edit.
// How the writers lay a data file out (packages/service/src/data-folder/format-data-file.ts).

/** The order of an object's fields: its keys, and for a field holding an object (or a list of them), that object's order. */
export interface FieldOrder {
  readonly keys: readonly string[];
  readonly fields: { readonly [key: string]: FieldOrder };
}

/** The field order of a year file: the order of the schema's properties. */
export const ARRANGEMENT_FILE_ORDER: FieldOrder = {
  keys: ['$schema', 'year', 'regulationVersion', 'notices', 'entries', 'statutoryDays', 'exchanges', 'acceptedFindings'],
  fields: {
    notices: {
      keys: ['id', 'kind', 'title', 'documentNumber', 'signedDate', 'publishedDate', 'sourceUrl', 'otherUrls', 'notes'],
      fields: {},
    },
    entries: {
      keys: ['notice', 'holidays', 'printedName', 'form', 'rest', 'compensatory', 'work', 'joinedWeekend', 'statedTotal', 'supersededBy', 'notes'],
      fields: {},
    },
    statutoryDays: {
      keys: ['NEW_YEAR', 'SPRING_FESTIVAL', 'QINGMING_FESTIVAL', 'LABOR_DAY', 'DRAGON_BOAT_FESTIVAL', 'MID_AUTUMN_FESTIVAL', 'NATIONAL_DAY', 'VICTORY_DAY_70TH_ANNIVERSARY'],
      fields: {},
    },
    exchanges: {
      keys: ['notices', 'additionalClosures'],
      fields: {
        notices: {
          keys: ['exchange', 'title', 'documentNumber', 'publishedDate', 'sourceUrl', 'otherUrls', 'notes'],
          fields: {},
        },
        additionalClosures: {
          keys: ['date', 'reason'],
          fields: {},
        },
      },
    },
    acceptedFindings: {
      keys: ['id', 'rule', 'field', 'reason'],
      fields: {},
    },
  },
};

/** The field order of the manifest. */
export const MANIFEST_ORDER: FieldOrder = {
  keys: ['$schema', 'sequence', 'expires', 'publishedYears', 'files'],
  fields: {},
};

/** The `$schema` a new year file names: its published JSON Schema, from the data folder. */
export const ARRANGEMENT_SCHEMA_REFERENCE = '../docs/arrangement.schema.json';

/** The `$schema` a new manifest names. */
export const MANIFEST_SCHEMA_REFERENCE = '../docs/manifest.schema.json';
