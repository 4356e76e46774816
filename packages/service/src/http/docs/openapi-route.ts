import { SERVICE_VERSION } from '../../settings/service-version.js';
import { writeAnswer } from '../kernel/answer-writer.js';
import type { DocumentedContext } from './openapi.js';
import type { ServiceRoute } from '../kernel/service-route.js';

/**
 * `/openapi.json`: built on first use (the schema tooling and the example requests are not worth
 * start-up time) and again whenever the dataset changes, since its examples are real answers.
 */
export function openApiRoute<Context extends DocumentedContext>(context: Context, routeTable: (context: Context) => ServiceRoute[]): ServiceRoute {
  let built: { readonly version: string | undefined; readonly json: Buffer } | undefined;
  return {
    path: '/openapi.json',
    doc: {
      kind: 'service',
      operationId: 'service.getOpenApiDocument',
      summary: 'This OpenAPI document',
      description: 'The OpenAPI 3.1 description of the service, generated from its route table; its examples are real answers.',
      responses: { 200: { description: 'The document.', contentType: 'application/json; charset=utf-8', schema: 'OpenApiDocument' } },
    },
    async handle(request, reply) {
      const version = context.calendar.current()?.core.version;
      let current = built;
      if (current === undefined || current.version !== version) {
        const { servedOpenApiDocument } = await import('./openapi.js');
        const document = await servedOpenApiDocument(context, routeTable, { docsUrl: context.responder.policy.docsUrl, version: SERVICE_VERSION });
        current = built = { version, json: Buffer.from(JSON.stringify(document)) };
      }
      // Its examples hold the dataset version: one ETag, and one compression, per version.
      await writeAnswer(context.responder, request, reply, {
        operation: 'service.getOpenApiDocument',
        contentType: 'application/json; charset=utf-8',
        body: current.json,
        etag: `"openapi-${SERVICE_VERSION}-${version ?? 'none'}"`,
        headers: ['cache-control', 'public, max-age=3600'],
      });
    },
  };
}
