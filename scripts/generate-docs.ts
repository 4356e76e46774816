/**
 * Writes the generated documents that are checked in (JSON Schemas of the data files), so that
 * reviewers and editors see them; a test fails when a checked-in copy is stale.
 *
 *   npm run docs:generate
 */
import { writeFileSync } from 'node:fs';
import { generatedDocuments } from './generated-documents.js';

for (const [path, text] of Object.entries(await generatedDocuments())) {
  writeFileSync(path, text);
  console.log(`wrote ${path}`);
}
