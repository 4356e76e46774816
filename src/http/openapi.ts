import { FIRST_SUPPORTED_DAY } from '../calendar/calendar-index.js';
import { formatIsoDate } from '../calendar/iso-date.js';
import { MAX_RANGE_DAYS } from './date-parameters.js';
import type { ApiOperation } from './operations.js';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, problemRecord, type ProblemCode } from './problems.js';
import { IsoDateSchema, RESOURCE_SCHEMAS } from './resource-schemas.js';
import { ALLOWED_METHODS, CACHE_SETTLED, CACHE_UNSETTLED } from './response-policy.js';
import type { ServiceRoute } from './service-route.js';

export interface OpenApiOptions {
  readonly docsUrl: string;
  /** The server URL the document announces; "/" for the checked-in copy. */
  readonly serverUrl: string;
  readonly version: string;
}

const EXAMPLE_PROBLEM_DETAILS: Record<ProblemCode, string> = {
  MISSING_PARAMETER: 'Required parameters missing: startDate, endDate.',
  INVALID_DATE_FORMAT: 'startDate must be a real calendar date in yyyy-MM-dd form; got "2024/01/05".',
  DATE_OUT_OF_SUPPORTED_RANGE: `startDate 2007-12-31 is before ${formatIsoDate(FIRST_SUPPORTED_DAY)}, the earliest supported date.`,
  INVALID_DATE_RANGE: 'startDate 2024-12-31 is later than endDate 2024-01-01.',
  DATE_RANGE_TOO_LARGE: `The range 2024-01-01..2025-01-02 spans 368 days; at most ${MAX_RANGE_DAYS} days, both ends included, are allowed.`,
  RESOURCE_NOT_FOUND: 'No resource exists at this path.',
  METHOD_NOT_ALLOWED: `POST is not allowed here; use ${ALLOWED_METHODS}.`,
  CALENDAR_DATA_UNAVAILABLE: 'The published arrangement data for 2019 cannot be read right now; dates of other years are unaffected. Retry later.',
  INTERNAL_ERROR: 'An unexpected error occurred; quote the requestId when reporting it.',
  BAD_REQUEST: 'The request is not valid HTTP (for example a raw control character in the request line).',
  REQUEST_TIMEOUT: 'The request was not received in time.',
  REQUEST_HEADER_FIELDS_TOO_LARGE: 'The request line or headers are larger than this service accepts.',
};

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
            { summary: PROBLEM_TYPES[code].title, value: problemRecord(docsUrl, { code, detail: EXAMPLE_PROBLEM_DETAILS[code] }, instance, '3f9a2c1d5e7b-1') },
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
