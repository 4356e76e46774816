import { pino } from 'pino';
import { LiveDataset } from '../answers/live-dataset.js';
import { BUNDLED_DATA_DIR, readConfig } from '../config.js';
import { dataDirectorySchemas } from '../dataset/json-schemas.js';
import { createServiceMetrics } from '../http/metrics.js';
import { servedOpenApiDocument } from '../http/openapi.js';
import { createResponder } from '../http/response-policy.js';
import { PACKAGE_VERSION } from '../package-root.js';
import { responsePolicyOf } from '../service-app.js';

/**
 * Every generated, checked-in document: repository path → exact text. The OpenAPI copy is the
 * document a service with the default configuration serves on the bundled data, announcing a
 * relative server URL.
 */
export async function generatedDocuments(): Promise<Record<string, string>> {
  const config = readConfig({});
  const live = new LiveDataset(BUNDLED_DATA_DIR, pino({ level: 'silent' }));
  await live.reload('docs');
  const responder = createResponder(responsePolicyOf(config));
  const openApi = await servedOpenApiDocument(
    { calendar: live, live, responder, publicUrl: '/', metrics: createServiceMetrics(() => live.dataset()) },
    { docsUrl: config.docsUrl, serverUrl: '/', version: PACKAGE_VERSION },
  );
  const documents: Record<string, unknown> = { ...dataDirectorySchemas(), 'docs/openapi.json': openApi };
  return Object.fromEntries(Object.entries(documents).map(([path, value]) => [path, `${JSON.stringify(value, null, 2)}\n`]));
}
