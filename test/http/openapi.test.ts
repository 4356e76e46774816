import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { API_OPERATIONS } from 'china-holiday-calendar-service/internal/http/operations/operation-list.js';
import { buildTestApp } from '../helpers/test-app.js';

interface OpenApiOperation {
  operationId: string;
  responses: Record<string, OpenApiResponse>;
  requestBody?: { content: Record<string, { schema: { $ref: string }; examples: Record<string, { value: unknown }> }> };
}
/** A path: GET and HEAD, or (the MCP endpoint) POST alone. */
interface OpenApiPath {
  get?: OpenApiOperation;
  head?: OpenApiOperation;
  post?: OpenApiOperation;
}
interface OpenApiDocument {
  security: unknown[];
  paths: Record<string, OpenApiPath>;
  components: { schemas: Record<string, unknown> };
}
interface OpenApiResponse {
  content?: Record<string, { schema: { $ref: string }; examples?: Record<string, { value: unknown; description?: string }> }>;
}

let app: FastifyInstance;
let document: OpenApiDocument;
let ajv: Ajv2020;

before(async () => {
  ({ app } = await buildTestApp());
  const response = await app.inject('/openapi.json');
  assert.equal(response.statusCode, 200);
  document = response.json<OpenApiDocument>();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    ajv.addSchema(schema as object, `#/components/schemas/${name}`);
  }
});
after(() => app.close());

/** The operation a path documents: its GET, or its POST where it answers no GET. */
function operationOf(path: OpenApiPath): OpenApiOperation {
  const operation = path.get ?? path.post;
  assert.ok(operation, 'every path documents GET or POST');
  return operation;
}

/** Validates a value against a schema reference of the served document. */
function check(ref: string, value: unknown): void {
  const validate = ajv.getSchema(ref);
  assert.ok(validate, `schema ${ref} is documented`);
  assert.ok(validate(value), `${JSON.stringify(value).slice(0, 200)} does not match ${ref}: ${ajv.errorsText(validate.errors)}`);
}

function responseSchema(operationId: string, status: string): { ref: string; examples: unknown[] } {
  const operation = Object.values(document.paths).map(operationOf).find((candidate) => candidate.operationId === operationId);
  assert.ok(operation, `${operationId} is documented`);
  const content = Object.values(operation.responses[status]?.content ?? {})[0];
  assert.ok(content, `${operationId} documents a ${status} body`);
  return { ref: content.schema.$ref, examples: Object.values(content.examples ?? {}).map((example) => example.value) };
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document) as unknown as Record<string, unknown>);
    assert.deepEqual(result, { valid: true });
  });

  it('documents the four operations of docs/interface.md with exactly their operationCodes, then the business-day tools, then the trading days', () => {
    const ids = Object.values(document.paths).map((path) => operationOf(path).operationId);
    const apiIds = ids.filter((id) => id.startsWith('chinaCalendar.'));
    assert.deepEqual(apiIds, API_OPERATIONS.map((operation) => operation.operationId));
    assert.deepEqual(apiIds.slice(0, 4), [
      'chinaCalendar.getDateStatus',
      'chinaCalendar.getDateRangeStatus',
      'chinaCalendar.calculateWorkdays',
      'chinaCalendar.getNextHoliday',
    ]);
    assert.deepEqual(
      Object.keys(document.paths).filter((path) => path.startsWith('/v1/')),
      [
        '/v1/china-calendar/dates/{date}',
        '/v1/china-calendar/date-ranges',
        '/v1/china-calendar/workdays',
        '/v1/china-calendar/next-holiday',
        '/v1/china-calendar/dates',
        '/v1/china-calendar/workday-offset',
        '/v1/china-calendar/years/{year}',
        '/v1/china-calendar/calendar.ics',
        '/v1/china-calendar/markets/{market}/dates/{date}',
        '/v1/china-calendar/markets/{market}/date-ranges',
        '/v1/china-calendar/markets/{market}/trading-days',
        '/v1/china-calendar/markets/{market}/trading-day-offset',
      ],
    );
  });

  it('shows as examples the live service’s real answers to the requests it names', async () => {
    let compared = 0;
    for (const path of Object.values(document.paths)) {
      const operation = operationOf(path);
      // A POST's example is the answer to its documented request body.
      const requestBody = Object.entries(operation.requestBody?.content ?? {}).map(([contentType, { examples }]) => ({
        contentType,
        text: JSON.stringify(Object.values(examples)[0]?.value),
      }))[0];
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const content of Object.values(response.content ?? {})) {
          for (const example of Object.values(content.examples ?? {})) {
            const request = /^The answer to `(GET|POST) ([^`]+)`(?: with `Accept: ([^`]+)`)?\.$/.exec(example.description ?? '');
            // 500 and 503 cannot be caused by a request on good data: built by the same problem writer.
            if (request === null) {
              assert.ok(['500', '503'].includes(status), `a ${status} example names its request`);
              continue;
            }
            const [, method = '', url = '', accept] = request;
            const body = method === 'POST' && requestBody !== undefined && path.post !== undefined ? requestBody : undefined;
            const live = await app.inject({
              method: method as 'GET' | 'POST',
              url,
              headers: { 'x-request-id': '3f9a2c1d5e7b-1', ...(accept === undefined ? {} : { accept }), ...(body === undefined ? {} : { 'content-type': body.contentType }) },
              ...(body === undefined ? {} : { payload: body.text }),
            });
            assert.equal(String(live.statusCode), status, `${method} ${url}`);
            const answer = live.headers['content-type']?.toString().includes('json') ? live.json<unknown>() : live.body;
            assert.deepEqual(example.value, answer, `${method} ${url}`);
            compared += 1;
          }
        }
      }
    }
    assert.ok(compared >= 40, `${compared} examples compared`);
  });

  it('has examples that match their own schemas, for successes and every documented problem', () => {
    for (const operation of API_OPERATIONS) {
      for (const status of ['200', '400', '405', '500', '503']) {
        const { ref, examples } = responseSchema(operation.operationId, status);
        assert.ok(examples.length > 0, `${operation.operationId} ${status} has examples`);
        // The calendar feed's 200 is text, checked by its own parser in the feed tests.
        if (operation.response.contentType.startsWith('application/json') || status !== '200') for (const example of examples) check(ref, example);
      }
    }
  });
});

describe('what third-party tools ask of the document', () => {
  it('declares that no operation needs a credential', () => {
    assert.deepEqual(document.security, []);
  });

  it('names its maintainers without a contact link back to the documentation it is shown in', () => {
    const info = (document as unknown as { info: { contact: { name?: string; url?: string } } }).info;
    assert.ok(info.contact.name);
    assert.ok(info.contact.url === undefined || !new URL(info.contact.url, 'http://service.test/').pathname.startsWith('/docs'), info.contact.url);
  });

  it('documents HEAD beside GET on every path of GET, with the same statuses and no bodies', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      if (item.get === undefined) {
        assert.equal(item.head, undefined, `${path}: no HEAD without GET`);
        continue;
      }
      assert.ok(item.head, path);
      assert.equal(item.head.operationId, `${item.get.operationId}Head`, path);
      assert.deepEqual(Object.keys(item.head.responses), Object.keys(item.get.responses), path);
      for (const response of Object.values(item.head.responses)) assert.equal(response.content, undefined, `${path}: HEAD has no body`);
    }
  });

  it('documents a 4xx answer (405, with a real example) on every path, the service endpoints too', async () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const examples = Object.values(operationOf(item).responses['405']?.content?.['application/problem+json']?.examples ?? {});
      assert.equal(examples.length, 1, path);
      // A path of GET is probed with POST, the MCP endpoint (POST) with GET.
      const method = item.get === undefined ? 'GET' : 'POST';
      const live = await app.inject({ method, url: path.replace('{date}', '2024-02-04').replace('{year}', '2019'), headers: { 'x-request-id': '3f9a2c1d5e7b-1' } });
      assert.equal(live.statusCode, 405, path);
    }
  });

  it('types the health, readiness and document answers, and the real answers match', async () => {
    for (const [path, operationId] of [
      ['/healthz', 'service.getHealth'],
      ['/readyz', 'service.getReadiness'],
      ['/openapi.json', 'service.getOpenApiDocument'],
    ] as const) {
      const { ref } = responseSchema(operationId, '200');
      assert.notEqual(ref, '#/components/schemas/object', path);
      check(ref, (await app.inject(path)).json());
    }
    const { examples } = responseSchema('service.getReadiness', '503');
    check(responseSchema('service.getReadiness', '503').ref, examples[0]);
  });

  it('documents POST /mcp under Agents: its JSON-RPC request body and answer, each example valid against its schema', async () => {
    const mcp = document.paths['/mcp'];
    assert.ok(mcp?.post, 'POST /mcp is documented');
    assert.equal(mcp.get, undefined);
    const [contentType, body] = Object.entries(mcp.post.requestBody?.content ?? {})[0] ?? [];
    assert.equal(contentType, 'application/json');
    assert.ok(body);
    assert.equal(body.schema.$ref, '#/components/schemas/McpRequest');
    const request = Object.values(body.examples)[0]?.value;
    check(body.schema.$ref, request);
    const { ref, examples } = responseSchema('agents.postMcp', '200');
    assert.equal(ref, '#/components/schemas/McpResponse');
    for (const example of examples) check(ref, example);
    // The answer is the tool's: the same day the operation answers.
    const live = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify(request),
    });
    const answer = live.json<{ result: { structuredContent: unknown } }>();
    assert.deepEqual(answer.result.structuredContent, (await app.inject('/v1/china-calendar/dates/2026-10-01')).json());
    check(ref, answer);
  });
});

describe('real responses match their documented schemas', () => {
  const cases: [string, string, string][] = [
    ['chinaCalendar.getDateStatus', '/v1/china-calendar/dates/2023-09-29', '200'],
    ['chinaCalendar.getDateStatus', '/v1/china-calendar/dates/2027-06-01', '200'],
    ['chinaCalendar.getDateStatus', '/v1/china-calendar/dates/2007-12-31', '400'],
    ['chinaCalendar.getDateRangeStatus', '/v1/china-calendar/date-ranges?startDate=2026-06-01&endDate=2027-05-31', '200'],
    ['chinaCalendar.getDateRangeStatus', '/v1/china-calendar/date-ranges?startDate=2024-01-01', '400'],
    ['chinaCalendar.calculateWorkdays', '/v1/china-calendar/workdays?startDate=2026-06-01&endDate=2027-05-31', '200'],
    ['chinaCalendar.calculateWorkdays', '/v1/china-calendar/workdays?startDate=2025-01-01&endDate=2024-01-01', '400'],
    ['chinaCalendar.getNextHoliday', '/v1/china-calendar/next-holiday?fromDate=2024-02-09', '200'],
    ['chinaCalendar.getNextHoliday', '/v1/china-calendar/next-holiday?fromDate=2026-12-01', '200'],
    ['chinaCalendar.getNextHoliday', '/v1/china-calendar/next-holiday?fromDate=20240209', '400'],
    ['chinaCalendar.getWorkdayOffset', '/v1/china-calendar/workday-offset?fromDate=2026-09-30&days=-700', '200'],
    ['chinaCalendar.getWorkdayOffset', '/v1/china-calendar/workday-offset?fromDate=2026-12-31&days=1', '200'],
    ['chinaCalendar.getWorkdayOffset', '/v1/china-calendar/workday-offset?fromDate=2026-12-31&days=1.5', '400'],
    ['chinaCalendar.getYearOverview', '/v1/china-calendar/years/2008', '200'],
    ['chinaCalendar.getYearOverview', '/v1/china-calendar/years/2015', '200'],
    ['chinaCalendar.getYearOverview', '/v1/china-calendar/years/2030', '200'],
    ['chinaCalendar.getYearOverview', '/v1/china-calendar/years/x', '400'],
    ['chinaCalendar.getCalendarFeed', '/v1/china-calendar/calendar.ics?lang=de', '400'],
  ];
  for (const [operationId, url, status] of cases) {
    it(`${operationId}: GET ${url} → ${status}`, async () => {
      const response = await app.inject(url);
      assert.equal(String(response.statusCode), status);
      check(responseSchema(operationId, status).ref, response.json());
    });
  }

  it('405 answers match the documented problem', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/v1/china-calendar/workdays' });
    assert.equal(response.statusCode, 405);
    check(responseSchema('chinaCalendar.calculateWorkdays', '405').ref, response.json());
  });
});
