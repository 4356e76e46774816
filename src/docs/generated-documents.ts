import { dataDirectorySchemas } from '../dataset/json-schemas.js';
import { readConfig } from '../config.js';
import { buildOpenApiDocument } from '../http/openapi.js';
import { createServiceMetrics } from '../http/metrics.js';
import { createResponder } from '../http/response-policy.js';
import { serviceRoutes } from '../http/routes.js';
import { PACKAGE_VERSION } from '../package-root.js';
import { responsePolicyOf } from '../service-app.js';

/**
 * Every generated, checked-in document: repository path → exact text. The OpenAPI copy is the
 * document a service with the default configuration serves, announcing a relative server URL.
 */
export function generatedDocuments(): Record<string, string> {
  const config = readConfig({});
  const routes = serviceRoutes({ calendar: { current: () => undefined }, live: { dataset: () => undefined }, responder: createResponder(responsePolicyOf(config)), publicUrl: '/', metrics: createServiceMetrics(() => undefined) });
  const documents: Record<string, unknown> = {
    ...dataDirectorySchemas(),
    'docs/openapi.json': buildOpenApiDocument(routes, { docsUrl: config.docsUrl, serverUrl: '/', version: PACKAGE_VERSION }),
  };
  return Object.fromEntries(Object.entries(documents).map(([path, value]) => [path, `${JSON.stringify(value, null, 2)}\n`]));
}
