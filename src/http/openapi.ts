import type { ApiOperation } from './operations.js';
import { exampleProblem } from './problem-catalogue.js';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, type ProblemCode } from './problems.js';
import { IsoDateSchema, RESOURCE_SCHEMAS } from './resource-schemas.js';
import { ALLOWED_METHODS, CACHE_SETTLED, CACHE_UNSETTLED } from './response-policy.js';
import type { ServiceRoute } from './service-route.js';

export interface OpenApiOptions {
  readonly docsUrl: string;
  /** The server URL the document announces; "/" for the checked-in copy. */
  readonly serverUrl: string;
  readonly version: string;
}


const REQUEST_ID_HEADER = {
  description: 'The request id; equals requestId of a problem. A well-formed incoming X-Request-Id is reused.',
  schema: { type: 'string' },
};

/** The OpenAPI 3.1 document, generated from the route table and the resource schemas. */
export function buildOpenApiDocument(routes: readonly ServiceRoute[], options: OpenApiOptions): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    if (route.doc === undefined) continue;
    const doc = route.doc;
    paths[route.path] = {
      get:
        doc.kind === 'api'
          ? apiOperation(doc.operation, route.path, options.docsUrl)
          : { operationId: doc.operationId, tags: ['Service'], summary: doc.summary, description: doc.description, responses: doc.responses },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'China holiday calendar',
      version: options.version,
      summary: 'Working day or rest day in mainland China, under the official holiday arrangements.',
      description:
        'Whether a date is a working day or a rest day under the State Council\'s official holiday arrangements, with the make-up working days (调休). ' +
        'Dates of years whose arrangement is not published answer 200 with UNKNOWN. Errors are RFC 9457 problems.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: options.serverUrl }],
    tags: [
      { name: 'China calendar', description: 'The four read-only operations of the interface.' },
      { name: 'Service', description: 'Health and operation endpoints.' },
    ],
    paths,
    components: {
      schemas: { ...RESOURCE_SCHEMAS, IsoDate: IsoDateSchema },
      headers: {
        'X-Request-Id': REQUEST_ID_HEADER,
        ETag: {
          description: 'Strong validator: the dataset version and the answer. Send it back in If-None-Match to get 304.',
          schema: { type: 'string' },
        },
        'Cache-Control': {
          description: `${CACHE_SETTLED} for answers wholly inside published years; ${CACHE_UNSETTLED} for answers that contain UNKNOWN days (they change when a year is published).`,
          schema: { type: 'string' },
        },
      },
    },
  };
}

function apiOperation(operation: ApiOperation, path: string, docsUrl: string): Record<string, unknown> {
  const instance = path.replace('{date}', '2024-13-01');
  const problems = (status: number, codes: readonly ProblemCode[], description: string): Record<string, unknown> => ({
    description,
    headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' }, ...(status === 405 ? { Allow: { schema: { type: 'string' }, description: ALLOWED_METHODS } } : {}), ...(status === 503 ? { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' } } : {}) },
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: { $ref: '#/components/schemas/Problem' },
        examples: Object.fromEntries(
          codes.map((code) => [
            code,
            { summary: PROBLEM_TYPES[code].title, value: exampleProblem(code, docsUrl, instance) },
          ]),
        ),
      },
    },
  });
  return {
    operationId: operation.operationId,
    tags: ['China calendar'],
    summary: operation.summary,
    description: operation.description,
    parameters: operation.parameters.map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: true,
      description: parameter.description,
      schema: { $ref: '#/components/schemas/IsoDate' },
    })),
    responses: {
      200: {
        description: 'Success.',
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          ETag: { $ref: '#/components/headers/ETag' },
          'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
        },
        content: {
          'application/json': { schema: { $ref: `#/components/schemas/${operation.response}` }, examples: operation.examples },
        },
      },
      304: {
        description: 'Not modified: If-None-Match matched the ETag.',
        headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/Cache-Control' } },
      },
      400: problems(400, operation.badRequestProblems, 'A parameter is missing or invalid; the first failing check, in the documented order, answers.'),
      405: problems(405, ['METHOD_NOT_ALLOWED'], 'Only GET and HEAD (and OPTIONS, for CORS preflight) are allowed.'),
      500: problems(500, ['INTERNAL_ERROR'], 'Unexpected server-side error.'),
      503: problems(503, ['CALENDAR_DATA_UNAVAILABLE'], 'The data of a published year the answer needs cannot be read right now.'),
    },
  };
}
