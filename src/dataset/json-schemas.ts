import { ArrangementFileSchema, ManifestSchema } from './arrangement-schema.js';

/**
 * The checked-in JSON Schema documents of the data directory, generated from the TypeBox
 * definitions the loader validates with (`npm run docs:generate` writes them; a test proves the
 * checked-in copies current).
 */
export function dataDirectorySchemas(): Record<string, unknown> {
  return {
    'docs/arrangement.schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'arrangement.schema.json',
      title: 'China holiday calendar: one arrangement year',
      ...ArrangementFileSchema,
    },
    'docs/manifest.schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'manifest.schema.json',
      title: 'China holiday calendar: data directory manifest',
      ...ManifestSchema,
    },
  };
}
