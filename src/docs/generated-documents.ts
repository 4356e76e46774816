import { dataDirectorySchemas } from '../dataset/json-schemas.js';

/** Every generated, checked-in document: repository path → exact text. */
export function generatedDocuments(): Record<string, string> {
  const documents: Record<string, unknown> = { ...dataDirectorySchemas() };
  return Object.fromEntries(Object.entries(documents).map(([path, value]) => [path, `${JSON.stringify(value, null, 2)}\n`]));
}
