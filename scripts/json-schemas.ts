import { ArrangementFileSchema, ManifestSchema } from './arrangement-schema.js';

/**
 * The JSON Schemas of the data directory, generated from the TypeBox definitions
 * (`npm run docs:generate` writes them; a test proves the checked-in copies current).
 * `packages/core/src/dataset/schema/` holds the copies the loader validates with at run time (plain schemas,
 * so that TypeBox itself is never loaded by the service); `docs/` holds the same schemas with a
 * `$schema` and title, for editors and readers.
 */
export function dataDirectorySchemas(): Record<string, unknown> {
  const arrangement = JSON.parse(JSON.stringify(ArrangementFileSchema)) as Record<string, unknown>;
  const manifest = JSON.parse(JSON.stringify(ManifestSchema)) as Record<string, unknown>;
  return {
    'packages/core/src/dataset/schema/arrangement.schema.json': arrangement,
    'packages/core/src/dataset/schema/manifest.schema.json': manifest,
    'packages/core/docs/arrangement.schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'arrangement.schema.json',
      title: 'China holiday calendar: one arrangement year',
      ...arrangement,
    },
    'packages/core/docs/manifest.schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'manifest.schema.json',
      title: 'China holiday calendar: data directory manifest',
      ...manifest,
    },
  };
}
