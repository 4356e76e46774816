import { buildApp } from '../ops/app.js';
import { COMPRESSION_MIN_BYTES } from '../kernel/compression.js';
import { createServiceMetrics } from '../ops/metrics.js';
import { unavailableProblem } from '../operations/operation-route.js';
import type { OperationDoc } from '../kernel/operation-doc.js';
import { INTERNAL_ERROR_PROBLEM, PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, problemRecord, type ProblemCode, type ProblemSpec } from '../kernel/problems.js';
import { IsoDateSchema, RESOURCE_SCHEMAS } from '../kernel/resource-schemas.js';
import { CACHE_SETTLED, CACHE_UNSETTLED, createResponder, GET_METHODS, type Responder, type RouteMethods } from '../kernel/response-policy.js';
import { BYTE_ORDER_MARK_PARAMETER } from '../kernel/representation.js';
import { DAY_STATUS_CSV_COLUMNS } from '@china-holiday-calendar/core/answers/answer-json.js';
import type { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { SyncStateSource } from '../../sync/sync-state.js';
import type { CalendarSource } from '../operations/operation-route.js';
import type { ServiceMetrics } from '../ops/metrics.js';
import type { RouteDoc, ServiceRoute } from '../kernel/service-route.js';

/**
 * What the document needs of the route table's context: the table is handed over with it (the
 * document is built from the same table, for another responder), so that this room needs nothing
 * of the table above it.
 */
export interface DocumentedContext {
  readonly calendar: CalendarSource;
  readonly live: Pick<LiveDataset, 'dataset'>;
  readonly responder: Responder;
  readonly metrics?: ServiceMetrics;
  readonly sync?: SyncStateSource;
}

export interface OpenApiOptions {
  readonly docsUrl: string;
  readonly version: string;
}

/** A real answer of the service, shown as an example. */
export interface ExampleAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** Real answers by `METHOD url` (and the Accept header, when one is sent). */
export type ExampleAnswers = ReadonlyMap<string, ExampleAnswer>;

/** A request whose real answer the document shows: a method, a path and query, and an Accept header where it asks for another representation. */
interface ExampleCall {
  readonly method: string;
  readonly url: string;
  readonly accept?: string;
  /** A request body (the MCP endpoint's), sent with its content type. */
  readonly body?: { readonly contentType: string; readonly text: string };
}

const CSV_MEDIA_TYPE = 'text/csv';

/** The request id every example request carries, so that examples are the same in every run. */
export const EXAMPLE_REQUEST_ID = '3f9a2c1d5e7b-1';

/** A problem a request cannot cause (500, 503 on good data) is shown as the service would write it. */
const FIXED_PROBLEM_EXAMPLES: Readonly<Partial<Record<ProblemCode, ProblemSpec>>> = {
  INTERNAL_ERROR: INTERNAL_ERROR_PROBLEM,
  CALENDAR_DATA_UNAVAILABLE: unavailableProblem(2019),
};

const REQUEST_ID_HEADER = {
  description: 'The request id; equals requestId of a problem. A well-formed incoming X-Request-Id is reused.',
  schema: { type: 'string' },
};

const key = ({ method, url, accept }: ExampleCall): string => (accept === undefined ? `${method} ${url}` : `${method} ${url} ${accept}`);

/**
 * The document the service serves: its examples are the answers of the real application on the
 * current data, asked through a second instance of it that counts no metrics.
 */
export async function servedOpenApiDocument<Context extends DocumentedContext>(context: Context, routeTable: (context: Context) => ServiceRoute[], options: OpenApiOptions): Promise<Record<string, unknown>> {
  const responder = createResponder(context.responder.policy);
  // The same route table, with metrics of its own when the service has any (so /metrics is there too).
  const metrics = context.metrics === undefined ? undefined : createServiceMetrics(() => context.live.dataset(), context.sync === undefined ? {} : { sync: context.sync });
  const routes = routeTable({ ...context, responder, ...(metrics ? { metrics } : {}) });
  const app = buildApp({ routes, responder });
  try {
    const answers = new Map<string, ExampleAnswer>();
    for (const call of exampleRequests(routes)) {
      const headers = {
        'x-request-id': EXAMPLE_REQUEST_ID,
        ...(call.accept === undefined ? {} : { accept: call.accept }),
        ...(call.body === undefined ? {} : { 'content-type': call.body.contentType }),
      };
      const response = await app.inject({ method: call.method, url: call.url, headers, ...(call.body === undefined ? {} : { payload: call.body.text }) });
      answers.set(key(call), { status: response.statusCode, contentType: String(response.headers['content-type']), body: response.body });
    }
    return buildOpenApiDocument(routes, options, answers);
  } finally {
    await app.close();
  }
}

/**
 * Every request whose answer the document shows: each operation's examples and bad requests, a GET
 * of each service route that shows its real answer, and another method on every documented path.
 */
export function exampleRequests(routes: readonly ServiceRoute[]): ExampleCall[] {
  return routes.flatMap((route) => {
    const { path, doc } = route;
    if (doc === undefined) return [];
    if (doc.kind === 'service') {
      const live = Object.values(doc.responses).some((response) => response.example !== undefined && 'live' in response.example);
      return [...(live ? [liveCall(path, doc)] : []), { method: otherMethod(route.methods ?? GET_METHODS), url: path }];
    }
    const { operation } = doc;
    return [
      ...Object.values(operation.examples).map(({ request }) => ({ method: 'GET', url: request })),
      ...(operation.csv === undefined ? [] : [{ method: 'GET', url: operation.csv.example.request, accept: CSV_MEDIA_TYPE }]),
      ...Object.values(operation.badRequests).map((url) => ({ method: 'GET', url })),
      ...(operation.notFound === undefined ? [] : [{ method: 'GET', url: operation.notFound }]),
      { method: 'POST', url: firstExample(operation) },
    ];
  });
}

/** The OpenAPI 3.1 document, generated from the route table, the resource schemas and real answers. */
export function buildOpenApiDocument(routes: readonly ServiceRoute[], options: OpenApiOptions, answers: ExampleAnswers): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    if (route.doc === undefined) continue;
    const rule = route.methods ?? GET_METHODS;
    const operation = route.doc.kind === 'api' ? apiOperation(route.doc.operation, options.docsUrl, answers) : serviceOperation(route.path, route.doc, rule, answers);
    // A route of GET answers HEAD too; another route (the MCP endpoint) is listed under its own methods.
    paths[route.path] =
      rule === GET_METHODS ? { get: operation, head: headOperation(operation) } : Object.fromEntries(rule.methods.map((method) => [method.toLowerCase(), operation]));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'China holiday calendar',
      version: options.version,
      summary: 'Working day or rest day in mainland China, under the official holiday arrangements.',
      description:
        "Whether a date is a working day or a rest day under the State Council's official holiday arrangements, with the make-up working days (调休). " +
        'Dates of years whose arrangement is not published answer 200 with UNKNOWN. Errors are RFC 9457 problems. ' +
        'Every GET path also answers HEAD (the status and headers GET would send, without the body; listed in this document, not repeated on the reference page), and every path OPTIONS for CORS preflight. ' +
        'POST /mcp offers the same operations to AI agents as Model Context Protocol tools. ' +
        `Answers of ${COMPRESSION_MIN_BYTES} bytes or more are sent in brotli or gzip when Accept-Encoding asks for it (Vary: Accept-Encoding). ` +
        'A range of dates and a year are sent as CSV (text/csv, one row a day) when Accept prefers it (Vary: Accept).',
      // A name without an address: the only address the service knows is this documentation's own,
      // and a contact link that leads back to the page it is on helps no one.
      contact: { name: 'China holiday calendar maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: "Try it out" calls the origin the page was opened under (127.0.0.1 or localhost, a
    // port-forward, a proxy), which is also the only one its CSP lets it connect to.
    servers: [{ url: '/' }],
    // Read-only public data: no operation needs a credential.
    security: [],
    tags: [
      { name: 'China calendar', description: 'Is a date a working day or a rest day? One date, a range of dates, the counts over a range, the next holiday.' },
      {
        name: 'Business days',
        description:
          'Many dates in one request, the date a number of working days away, a whole year at a glance, and a calendar to subscribe to in a calendar app.',
      },
      {
        name: 'Trading days',
        description:
          "The A-share exchanges' calendar (XSHG, XSHE, BJSE) under their own notices: whether a date is a trading day, over a range, the counts, and T+N.",
      },
      { name: 'Agents', description: 'The same operations as Model Context Protocol tools, for AI agents: JSON-RPC 2.0 over Streamable HTTP.' },
      { name: 'Service', description: 'For the people who run the service: liveness, readiness, metrics and this document.' },
    ],
    paths,
    components: {
      schemas: { ...RESOURCE_SCHEMAS, IsoDate: IsoDateSchema },
      headers: {
        'X-Request-Id': REQUEST_ID_HEADER,
        ETag: {
          description:
            'Strong validator: the dataset version and the answer. Send it back in If-None-Match to get 304. ' +
            'An answer sent compressed has the ETag of its coding, the uncompressed one suffixed +br or +gzip.',
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

/** HEAD: the same operation without bodies (Content-Length still says what GET would send). */
function headOperation(get: Record<string, unknown>): Record<string, unknown> {
  const responses = get.responses as Record<string, { description: string; headers?: unknown }>;
  return {
    ...get,
    operationId: `${String(get.operationId)}Head`,
    summary: `${String(get.summary)} (headers only)`,
    description: 'The headers GET would send, without the body.',
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        { description: response.description, ...(response.headers === undefined ? {} : { headers: response.headers }) },
      ]),
    ),
  };
}

type ServiceDoc = Extract<RouteDoc, { kind: 'service' }>;

/** The request whose real answer a service route's `live` example shows: a GET, or a POST of its example body. */
function liveCall(path: string, doc: ServiceDoc): ExampleCall {
  const body = doc.requestBody;
  if (body === undefined) return { method: 'GET', url: path };
  return { method: 'POST', url: path, accept: body.accept, body: { contentType: body.contentType, text: JSON.stringify(body.example) } };
}

/** A method the route does not answer, whose 405 the document shows. */
function otherMethod(rule: RouteMethods): string {
  return rule.methods.includes('POST') ? 'GET' : 'POST';
}

function serviceOperation(path: string, doc: ServiceDoc, rule: RouteMethods, answers: ExampleAnswers): Record<string, unknown> {
  const body = doc.requestBody;
  return {
    operationId: doc.operationId,
    tags: [doc.tag ?? 'Service'],
    summary: doc.summary,
    description: doc.description,
    ...(doc.parameters === undefined ? {} : { parameters: doc.parameters.map((parameter) => ({ in: 'path', required: true, ...parameter })) }),
    ...(body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            description: body.description,
            content: { [body.contentType]: { schema: { $ref: `#/components/schemas/${body.schema}` }, examples: { call: { summary: 'A tool call', value: body.example } } } },
          },
        }),
    responses: {
      ...Object.fromEntries(
        Object.entries(doc.responses).map(([status, response]) => {
          const example =
            response.example === undefined
              ? {}
              : 'live' in response.example
                ? { examples: { live: exampleOf('A real answer', liveCall(path, doc), answers) } }
                : { examples: { built: { summary: 'As the route writes it', value: response.example.value } } };
          return [
            status,
            {
              description: response.description,
              headers: { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } },
              content: { [mediaType(response.contentType)]: { schema: { $ref: `#/components/schemas/${response.schema}` }, ...example } },
            },
          ];
        }),
      ),
      405: methodNotAllowed(path, answers, rule),
    },
  };
}

function methodNotAllowed(path: string, answers: ExampleAnswers, rule: RouteMethods = GET_METHODS): Record<string, unknown> {
  return {
    description: `Only ${rule.methods.join(' and ')} (and OPTIONS, for CORS preflight) are allowed.`,
    headers: {
      'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
      Allow: { schema: { type: 'string' }, description: rule.allow },
    },
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: { $ref: '#/components/schemas/Problem' },
        examples: { METHOD_NOT_ALLOWED: exampleOf(PROBLEM_TYPES.METHOD_NOT_ALLOWED.title, { method: otherMethod(rule), url: path }, answers) },
      },
    },
  };
}

/** `application/json; charset=utf-8` → `application/json`: media type keys name the type. */
function mediaType(contentType: string): string {
  return contentType.split(';')[0] ?? contentType;
}

function firstExample(operation: OperationDoc): string {
  return Object.values(operation.examples)[0]?.request ?? operation.path;
}

function answerOf(answers: ExampleAnswers, call: ExampleCall): ExampleAnswer {
  const answer = answers.get(key(call));
  if (answer === undefined) throw new Error(`no real answer to the example request ${key(call)}`);
  return answer;
}

/** An example object: the request in its description, the real answer's body as its value. */
function exampleOf(summary: string, call: ExampleCall, answers: ExampleAnswers): Record<string, unknown> {
  const accept = call.accept === undefined ? '' : ` with \`Accept: ${call.accept}\``;
  return { summary, description: `The answer to \`${call.method} ${call.url}\`${accept}.`, value: exampleValue(answerOf(answers, call)) };
}

/** A real answer's body as the document shows it: JSON parsed, anything else as text. */
function exampleValue(answer: ExampleAnswer): unknown {
  return answer.contentType.startsWith('application/json') || answer.contentType.startsWith(PROBLEM_CONTENT_TYPE)
    ? (JSON.parse(answer.body) as unknown)
    : answer.body;
}

function apiOperation(operation: OperationDoc, docsUrl: string, answers: ExampleAnswers): Record<string, unknown> {
  const problemExamples = (codes: readonly ProblemCode[], requestOf: (code: ProblemCode) => { method: string; url: string } | undefined) =>
    Object.fromEntries(
      codes.map((code) => {
        const request = requestOf(code);
        const fixed = FIXED_PROBLEM_EXAMPLES[code];
        if (request === undefined) {
          const instance = firstExample(operation).split('?')[0] ?? '/';
          return [code, { summary: PROBLEM_TYPES[code].title, value: problemRecord(docsUrl, fixed ?? { code, detail: '' }, instance, EXAMPLE_REQUEST_ID) }];
        }
        return [code, exampleOf(PROBLEM_TYPES[code].title, request, answers)];
      }),
    );
  const problems = (status: number, codes: readonly ProblemCode[], description: string, requestOf: (code: ProblemCode) => { method: string; url: string } | undefined = () => undefined) => ({
    description,
    headers: {
      'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
      ...(status === 503 ? { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying.' } } : {}),
    },
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' }, examples: problemExamples(codes, requestOf) } },
  });
  const badRequests = Object.entries(operation.badRequests) as [keyof typeof operation.badRequests, string][];
  const { csv } = operation;
  const csvContent =
    csv === undefined
      ? {}
      : {
          [CSV_MEDIA_TYPE]: {
            schema: { $ref: `#/components/schemas/${csv.schema ?? 'DayStatusCsv'}` },
            examples: { csv: exampleOf(csv.example.summary, { method: 'GET', url: csv.example.request, accept: CSV_MEDIA_TYPE }, answers) },
          },
        };
  const csvParameters =
    csv === undefined
      ? []
      : [
          {
            name: BYTE_ORDER_MARK_PARAMETER,
            in: 'query',
            required: false,
            description: `CSV only (Accept: text/csv): 1 begins the file with a UTF-8 byte-order mark, which Excel on Windows needs to open it as UTF-8; 0, the default, does not. The columns: ${(csv.columns ?? DAY_STATUS_CSV_COLUMNS).join(', ')}.`,
            schema: { type: 'string', enum: ['0', '1'], default: '0' },
          },
        ];
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    parameters: [...operation.parameters.map((parameter) => ({ ...parameter })), ...csvParameters],
    responses: {
      200: {
        description: 'Success.',
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          ETag: { $ref: '#/components/headers/ETag' },
          'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
        },
        content: {
          [mediaType(operation.response.contentType)]: {
            schema: { $ref: `#/components/schemas/${operation.response.schema}` },
            examples: Object.fromEntries(
              Object.entries(operation.examples).map(([name, { summary, request }]) => [name, exampleOf(summary, { method: 'GET', url: request }, answers)]),
            ),
          },
          ...csvContent,
        },
      },
      304: {
        description: 'Not modified: If-None-Match matched the ETag.',
        headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/Cache-Control' } },
      },
      400: problems(
        400,
        badRequests.map(([code]) => code),
        'A parameter is missing or invalid; the first failing check, in the documented order, answers.',
        (code) => {
          const url = operation.badRequests[code as keyof typeof operation.badRequests];
          return url === undefined ? undefined : { method: 'GET', url };
        },
      ),
      ...(operation.notFound === undefined
        ? {}
        : {
            404: problems(404, ['RESOURCE_NOT_FOUND'], 'The path names no resource: an unknown market.', () =>
              operation.notFound === undefined ? undefined : { method: 'GET', url: operation.notFound },
            ),
          }),
      405: methodNotAllowed(firstExample(operation), answers),
      500: problems(500, ['INTERNAL_ERROR'], 'Unexpected server-side error.'),
      503: problems(503, ['CALENDAR_DATA_UNAVAILABLE'], 'The data of a published year the answer needs cannot be read right now.'),
    },
  };
}
