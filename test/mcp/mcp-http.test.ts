import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, LATEST_PROTOCOL_VERSION, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { pino } from 'pino';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { SERVER_LIMITS } from 'china-holiday-calendar-service/internal/http/ops/app.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { httpCall, inject, openRawConnection, parseRawAnswer, type HttpAnswer } from '../helpers/http-answer.js';
import { assertEveryDocumentedRequest, assertToolList, assertToolMatchesHttp, callTool, problemOf, textOf } from '../helpers/mcp-parity.js';
import { parseExposition, valueOf } from '../helpers/prometheus-text.js';
import { assertProblem, assertRequestIdHeader } from '../helpers/spec-shapes.js';
import { buildAppOn, throwingViews } from '../helpers/custom-app.js';
import { buildTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * POST /mcp on the running service (startService, a real socket), through the SDK's own client
 * over Streamable HTTP: the tools answer as the HTTP operations do, byte for byte, and the
 * endpoint keeps the service's limits (Origin, body size and time, request ids, metrics, methods).
 */

const silent = pino({ level: 'silent' });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } as const;

async function startServiceWith(env: NodeJS.ProcessEnv = {}): Promise<RunningService> {
  return startService(readConfig({ PORT: '0', HOST: '127.0.0.1', RELOAD_INTERVAL_SECONDS: '0', DOCS_URL: TEST_DOCS_URL, ...env }), silent);
}

async function connectedClient(url: string): Promise<Client> {
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  return client;
}

/** A JSON-RPC message as a raw POST /mcp over node:http. */
function post(url: string, message: unknown, headers: Record<string, string> = MCP_HEADERS): Promise<HttpAnswer> {
  return httpCall(url, '/mcp', { method: 'POST', headers, body: JSON.stringify(message) });
}

const toolCall = (id: number, name: string, args: Record<string, unknown>): unknown => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('the SDK client over Streamable HTTP against the running service', () => {
  let service: RunningService;
  let client: Client;
  const get = (path: string): Promise<HttpAnswer> => httpCall(service.url, path);

  // A POST whose body stops half-way, sent first so that its 10 s pass while the other tests run.
  let stalled: Promise<{ answer: HttpAnswer; afterMs: number }>;

  before(async () => {
    service = await startServiceWith();
    const started = performance.now();
    stalled = rawExchangeOf(
      Number(new URL(service.url).port),
      'POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{"jsonrpc":',
    ).then((answer) => ({ answer, afterMs: performance.now() - started }));
    // Its outcome is read by the last test; a failure before then is not an unhandled rejection.
    stalled.catch(() => undefined);
    client = await connectedClient(service.url);
  });

  after(async () => {
    await client.close();
    await service.close();
  });

  it('initializes: the server names itself and tells the agent the UNKNOWN rule', () => {
    assert.equal(client.getServerVersion()?.name, 'china-holiday-calendar');
    assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: false }, 'tools are offered, and never change');
    assert.match(client.getInstructions() ?? '', /UNKNOWN: never treat them as working days or rest days/);
  });

  it('lists the ten tools with their arguments, output schemas, read-only annotations and the UNKNOWN rule', async () => {
    await assertToolList(client);
  });

  it('every example and every bad request of the operations: the same answer byte for byte, the same problem code and detail', async () => {
    // tools/list first, so that the client checks each structured content against its tool's output schema.
    await client.listTools();
    const checked = await assertEveryDocumentedRequest(client, get);
    assert.ok(checked >= 25, `${checked} requests`);
  });

  it('UNKNOWN stays UNKNOWN: a date, a count and an offset that reach an unpublished year', async () => {
    const day = await assertToolMatchesHttp(client, get, 'get_date_status', { date: '2027-02-10' });
    assert.deepEqual([(day.structuredContent as { workStatus: string }).workStatus, (day.structuredContent as { dayStatus: string }).dayStatus], ['UNKNOWN', 'UNKNOWN']);
    const count = await assertToolMatchesHttp(client, get, 'count_workdays', { startDate: '2026-12-01', endDate: '2027-01-31' });
    assert.equal((count.structuredContent as { unknownDayCount: number }).unknownDayCount, 31);
    const offset = await assertToolMatchesHttp(client, get, 'add_workdays', { fromDate: '2026-12-30', days: 5 });
    assert.deepEqual(offset.structuredContent, { fromDate: '2026-12-30', days: 5, status: 'UNKNOWN', date: null, datasetVersion: null });
  });

  it('numbers for days and year read as their digits would in a URL; null is an absent argument; other JSON is refused, quoted', async () => {
    await assertToolMatchesHttp(client, get, 'add_workdays', { fromDate: '2026-09-30', days: 3 });
    await assertToolMatchesHttp(client, get, 'add_workdays', { fromDate: '2026-09-30', days: -1000 });
    await assertToolMatchesHttp(client, get, 'get_year_overview', { year: 2026 });
    await assertToolMatchesHttp(client, get, 'get_year_overview', { year: 26 });
    await assertToolMatchesHttp(client, get, 'get_year_overview', { year: 2007 });
    await assertToolMatchesHttp(client, get, 'list_date_range', { startDate: '2024-02-08', endDate: '2024-02-18' });

    const numberDate = await callTool(client, 'get_date_status', { date: 20240204 });
    assert.equal(numberDate.isError, true);
    assert.deepEqual(JSON.parse(textOf(numberDate)), {
      code: 'INVALID_DATE_FORMAT',
      title: 'Invalid date format',
      detail: 'date must be a real calendar date in yyyy-MM-dd form; got "20240204"; did you mean 2024-02-04?',
    });
    const missing = await callTool(client, 'count_workdays', { startDate: null, endDate: '2024-01-01' });
    assert.equal(problemOf(missing).detail, 'Required parameter missing: startDate.');
    const none = await client.callTool({ name: 'count_workdays' });
    assert.equal(problemOf(none as CallToolResult).detail, 'Required parameters missing: startDate, endDate.');
    for (const value of [true, ['2024-02-04'], { date: '2024-02-04' }, 2.5]) {
      const refused = problemOf(await callTool(client, 'get_next_holiday', { fromDate: value }));
      assert.equal(refused.code, 'INVALID_DATE_FORMAT', JSON.stringify(value));
      assert.ok(refused.detail.includes(JSON.stringify(JSON.stringify(value))), JSON.stringify(value));
    }
    const fraction = await callTool(client, 'add_workdays', { fromDate: '2024-02-04', days: 2.5 });
    assert.equal(problemOf(fraction).code, 'INVALID_PARAMETER');
  });

  it('many dates at once: an array of up to 100, answered in the order asked as over HTTP, each item refused by its place', async () => {
    const dates = Array.from({ length: 100 }, (_, at) => ['2024-02-04', '2024-02-10', '2027-01-01', '2008-01-01', '2026-10-01'][at % 5] ?? '');
    const batch = await assertToolMatchesHttp(client, get, 'get_date_statuses', { dates });
    const { days } = batch.structuredContent as { days: { date: string }[] };
    assert.deepEqual(days.map(({ date }) => date), dates, 'one entry per date asked, in order');
    await assertToolMatchesHttp(client, get, 'get_date_statuses', { dates: [...dates, '2024-02-04'] });
    await assertToolMatchesHttp(client, get, 'get_date_statuses', { dates: [] });
    await assertToolMatchesHttp(client, get, 'get_date_statuses', { dates: ['2024-02-04', '2007-12-31', '2024/02/10'] });
    await assertToolMatchesHttp(client, get, 'get_date_statuses', { dates: '2024-02-04,2024-02-10' });

    // An item with a comma of its own would be two items over HTTP: it is refused as the one item it is.
    assert.deepEqual(problemOf(await callTool(client, 'get_date_statuses', { dates: ['2024-02-04', '2024-02-05,2024-02-06'] })), {
      code: 'INVALID_DATE_FORMAT',
      title: 'Invalid date format',
      detail: 'dates (item 2) must be a real calendar date in yyyy-MM-dd form; got "2024-02-05,2024-02-06".',
    });
    // ... after the items before it, as the list is read in order.
    assert.match(problemOf(await callTool(client, 'get_date_statuses', { dates: ['2024/02/04', 'a,b'] })).detail, /^dates \(item 1\) .*did you mean 2024-02-04\?$/);
    assert.match(problemOf(await callTool(client, 'get_date_statuses', { dates: ['2024-02-04', { a: 1, b: 2 }] })).detail, /^dates \(item 2\) .*got "\{\\"a\\":1,\\"b\\":2\}"/);
    assert.match(problemOf(await callTool(client, 'get_date_statuses', { dates: [20240204] })).detail, /^dates \(item 1\) .*did you mean 2024-02-04\?$/);
  });

  it('any text as a date or a day count: refused or answered exactly as over HTTP', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom('2024-02-04', '2024-2-4', ' 2024-02-04', '2024-02-30', '2007-12-31', '9999-12-31', '２０２４-02-04')),
        fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -1200, max: 1200 }).map(String)),
        async (date, days) => {
          await assertToolMatchesHttp(client, get, 'get_next_holiday', { fromDate: date });
          await assertToolMatchesHttp(client, get, 'add_workdays', { fromDate: date, days });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('an unknown tool is a protocol error, its name quoted', async () => {
    await assert.rejects(client.callTool({ name: 'delete_everything', arguments: {} }), (error: unknown) => {
      assert.ok(error instanceof McpError);
      assert.equal(error.code, ErrorCode.InvalidParams);
      assert.match(error.message, /Unknown tool: "delete_everything"/);
      return true;
    });
  });

  it('each answer carries a request id, is never cached, and is counted under /mcp in the metrics', async () => {
    const counted = async (): Promise<number> => valueOf(parseExposition((await get('/metrics')).body), 'http_requests_total', { operation: '/mcp', status: '200' });
    const before = await counted();
    const answer = await post(service.url, toolCall(1, 'get_date_status', { date: '2024-02-04' }), { ...MCP_HEADERS, 'x-request-id': 'agent-42' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['x-request-id'], 'agent-42');
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.equal((await counted()) - before, 1);
  });

  it('a body read whole leaves the connection open: three tool calls on one keep-alive connection', async () => {
    const connection = await openRawConnection(Number(new URL(service.url).port));
    try {
      for (const [id, date] of [[1, '2024-02-04'], [2, '2024-10-01'], [3, '2027-01-01']] as const) {
        const body = JSON.stringify(toolCall(id, 'get_date_status', { date }));
        const answer = await connection.request(
          `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        assert.equal(answer.status, 200);
        assert.notEqual(answer.headers.connection, 'close');
        const reply = JSON.parse(answer.body) as { id: number; result: { structuredContent: { date: string } } };
        assert.deepEqual([reply.id, reply.result.structuredContent.date], [id, date]);
      }
    } finally {
      connection.destroy();
    }
  });

  it('what the Streamable HTTP transport requires of a POST: both media types accepted, a JSON body, a JSON-RPC message', async () => {
    const notAcceptable = await post(service.url, toolCall(1, 'get_date_status', { date: '2024-02-04' }), { 'content-type': 'application/json', accept: 'application/json' });
    assert.equal(notAcceptable.status, 406);
    const wrongType = await httpCall(service.url, '/mcp', { method: 'POST', headers: { ...MCP_HEADERS, 'content-type': 'text/plain' }, body: '{}' });
    assert.equal(wrongType.status, 415);
    const notJson = await httpCall(service.url, '/mcp', { method: 'POST', headers: MCP_HEADERS, body: '{"jsonrpc":' });
    assert.equal(notJson.status, 400);
    assert.equal((JSON.parse(notJson.body) as { error: { code: number } }).error.code, -32700);
    const badVersion = await post(service.url, toolCall(1, 'get_date_status', { date: '2024-02-04' }), { ...MCP_HEADERS, 'mcp-protocol-version': '1999-01-01' });
    assert.equal(badVersion.status, 400);
    for (const answer of [notAcceptable, wrongType, notJson, badVersion]) assertRequestIdHeader(answer);
    const fine = await post(service.url, toolCall(2, 'get_date_status', { date: '2024-02-04' }), { ...MCP_HEADERS, 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    assert.equal(fine.status, 200);
  });

  it('a JSON-RPC batch is refused whole with a JSON-RPC error that says why, whatever it holds; the next single call is answered', async () => {
    const year = { startDate: '2024-01-01', endDate: '2024-12-31' };
    for (const batch of [Array.from({ length: 100 }, (_, at) => toolCall(at, 'list_date_range', year)), [toolCall(1, 'get_date_status', { date: '2024-02-04' })], []]) {
      const answer = await post(service.url, batch);
      assert.equal(answer.status, 400);
      assert.match(answer.headers['content-type'] ?? '', /^application\/json/);
      assertRequestIdHeader(answer);
      const { error, id } = JSON.parse(answer.body) as { error: { code: number; message: string }; id: unknown };
      assert.equal(error.code, -32600);
      assert.match(error.message, /batches are not accepted .*2025-06-18.*one message per POST/);
      assert.equal(id, null);
      assert.ok(answer.body.length < 400, 'nothing of the batch is answered');
    }
    assert.equal((await post(service.url, toolCall(2, 'get_date_status', { date: '2024-02-04' }))).status, 200);
  });

  it("tools/call and tools/list answered without the SDK say exactly what the SDK says (a request with _meta goes through the SDK)", async () => {
    const viaSdk = (message: { params?: Record<string, unknown> }): unknown => ({ ...message, params: { ...message.params, _meta: {} } });
    const same = async (message: { params?: Record<string, unknown> }, headers: Record<string, string> = MCP_HEADERS): Promise<void> => {
      const direct = await post(service.url, message, headers);
      const sdk = await post(service.url, viaSdk(message), headers);
      assert.equal(direct.status, sdk.status);
      assert.equal(direct.headers['content-type'], sdk.headers['content-type']);
      assert.deepEqual(JSON.parse(direct.body), JSON.parse(sdk.body), JSON.stringify(message));
    };
    const call = (id: number | string, name: string, args?: Record<string, unknown>): { params: Record<string, unknown> } =>
      ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, ...(args === undefined ? {} : { arguments: args }) } }) as { params: Record<string, unknown> };
    await same({ jsonrpc: '2.0', id: 7, method: 'tools/list' } as { params?: Record<string, unknown> });
    await same(call(1, 'get_date_status', { date: '2024-02-04' }));
    await same(call('a "quoted" id', 'get_date_status', { date: '2027-02-10' }));
    await same(call(3, 'get_date_status', { date: '2024-02-30' }));
    await same(call(4, 'list_date_range', { startDate: '2024-02-08', endDate: '2024-02-18' }));
    await same(call(5, 'get_date_statuses', { dates: ['2024-02-04', '2024-02-10', '2027-01-01'] }));
    await same(call(6, 'count_workdays'));
    await same(call(7, 'count_workdays', { startDate: '2024-01-01', endDate: '2024-12-31' }));
    await same(call(8, 'add_workdays', { fromDate: '2026-09-30', days: 3 }));
    await same(call(9, 'get_next_holiday', { fromDate: '2024-02-04' }));
    await same(call(10, 'get_year_overview', { year: 2024 }));
    await same(call(11, 'get_year_overview', { year: 2031 }));
    await same(call(12, 'get_date_status', { date: '2024-02-04' }), { ...MCP_HEADERS, 'content-type': 'application/json; charset=utf-8', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    // What the direct path leaves to the SDK is answered by it, as before.
    const unknownTool = JSON.parse((await post(service.url, call(13, 'delete_everything', {}))).body) as { error: { code: number } };
    assert.equal(unknownTool.error.code, ErrorCode.InvalidParams);
  });

  it('GET, DELETE and the rest (CONNECT too) answer 405 with Allow: POST, OPTIONS (stateless: no stream to open, no session to end)', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH']) {
      const answer = await httpCall(service.url, '/mcp', { method, headers: { accept: 'text/event-stream' } });
      assert.equal(answer.status, 405, method);
      assert.equal(answer.headers.allow, 'POST, OPTIONS', method);
      if (method !== 'HEAD') assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
    }
    const options = await httpCall(service.url, '/mcp', { method: 'OPTIONS' });
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, 'POST, OPTIONS');
    assert.equal(options.headers['mcp-session-id'], undefined);
    // CONNECT never reaches the router; it is answered alike.
    const connectAnswer = await rawExchangeOf(Number(new URL(service.url).port), 'CONNECT /mcp HTTP/1.1\r\nHost: localhost\r\n\r\n');
    assertProblem(connectAnswer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
    assert.equal(connectAnswer.headers.allow, 'POST, OPTIONS');
  });

  it('a body larger than 64 KiB: 413, whether its length is declared or it grows in chunks, and the connection closes', async () => {
    const port = Number(new URL(service.url).port);
    const declared = await rawExchangeOf(port, `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1073741824\r\n\r\n{"jsonrpc":"2.0"`);
    assertProblem(declared, { status: 413, code: 'CONTENT_TOO_LARGE', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
    assert.equal(declared.headers.connection, 'close');
    const chunk = `${(20 * 1024).toString(16)}\r\n${' '.repeat(20 * 1024)}\r\n`;
    const chunked = await rawExchangeOf(port, `POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n${chunk.repeat(4)}`);
    assertProblem(chunked, { status: 413, code: 'CONTENT_TOO_LARGE', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
    assert.equal(chunked.headers.connection, 'close');
    // The service goes on answering.
    assert.equal((await post(service.url, toolCall(1, 'get_date_status', { date: '2024-02-04' }))).status, 200);
  });

  it('a client that leaves half-way through its body gets nothing, and the service goes on answering', async () => {
    const socket = connect({ port: Number(new URL(service.url).port), host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{"jsonrpc":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await closed;
    assert.equal((await post(service.url, toolCall(1, 'get_date_status', { date: '2024-02-04' }))).status, 200);
  });

  it(
    'a body that stops arriving: 408 at the request timeout, the connection closed (the request went out as the suite began)',
    { timeout: SERVER_LIMITS.requestTimeoutMs + 20_000 },
    async () => {
      const { answer, afterMs } = await stalled;
      assertProblem(answer, { status: 408, code: 'REQUEST_TIMEOUT', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
      assert.equal(answer.headers.connection, 'close');
      assert.ok(afterMs >= SERVER_LIMITS.requestTimeoutMs - 1000 && afterMs <= SERVER_LIMITS.requestTimeoutMs + 5000, `${Math.round(afterMs)} ms`);
    },
  );
});

describe('the Origin of a browser page: programs, loopback pages and MCP_ALLOWED_ORIGINS, whatever CORS_ORIGINS says (DNS rebinding)', () => {
  const ALLOWED = 'https://app.example';
  const AGENT = 'https://agent.example';
  const call = JSON.stringify(toolCall(1, 'get_date_status', { date: '2024-02-04' }));
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let byDefault: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let listed: Awaited<ReturnType<typeof buildTestApp>>['app'];
  const postFrom = (server: typeof app, origin?: string): Promise<HttpAnswer> =>
    inject(server, { method: 'POST', url: '/mcp', headers: origin === undefined ? MCP_HEADERS : { ...MCP_HEADERS, origin }, payload: call });

  before(async () => {
    ({ app } = await buildTestApp({ env: { CORS_ORIGINS: ALLOWED } }));
    ({ app: byDefault } = await buildTestApp());
    ({ app: listed } = await buildTestApp({ env: { CORS_ORIGINS: 'none', MCP_ALLOWED_ORIGINS: ` ${AGENT} , http://intranet.example:8080` } }));
  });

  after(async () => {
    await app.close();
    await byDefault.close();
    await listed.close();
  });

  it('by default (CORS_ORIGINS=*): any web page is refused with 403 ORIGIN_NOT_ALLOWED; programs and loopback pages are answered', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://192.168.1.10', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'file://', 'chrome-extension://abc']) {
      assertProblem(await postFrom(byDefault, origin), { status: 403, code: 'ORIGIN_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
    }
    for (const origin of [undefined, 'http://localhost:3000', 'https://localhost', 'http://127.0.0.1:5173', 'http://127.5.6.7', 'http://[::1]:8080']) {
      const answer = await postFrom(byDefault, origin);
      assert.equal(answer.status, 200, String(origin));
      assert.equal((JSON.parse(answer.body) as { result: { structuredContent: { date: string } } }).result.structuredContent.date, '2024-02-04');
    }
  });

  it('an origin CORS_ORIGINS allows is still refused unless MCP_ALLOWED_ORIGINS lists it; one it lists is answered even with CORS off', async () => {
    assertProblem(await postFrom(app, ALLOWED), { status: 403, code: 'ORIGIN_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
    for (const origin of [AGENT, 'http://intranet.example:8080']) assert.equal((await postFrom(listed, origin)).status, 200, origin);
    for (const origin of [ALLOWED, 'http://agent.example', 'https://agent.example:444', 'http://intranet.example']) {
      assertProblem(await postFrom(listed, origin), { status: 403, code: 'ORIGIN_NOT_ALLOWED', docsUrl: TEST_DOCS_URL, instance: '/mcp' });
    }
    const refused = await postFrom(listed, 'https://evil.example');
    assert.match(refused.body, /MCP_ALLOWED_ORIGINS/, 'the detail names the setting');
    for (const server of [app, listed]) assert.equal((await postFrom(server)).status, 200);
  });

  it('MCP_ALLOWED_ORIGINS takes origins or none; a wildcard, a path or a bare host stops the start', () => {
    assert.deepEqual([...readConfig({}).mcpAllowedOrigins], []);
    assert.deepEqual([...readConfig({ MCP_ALLOWED_ORIGINS: 'none' }).mcpAllowedOrigins], []);
    assert.deepEqual([...readConfig({ MCP_ALLOWED_ORIGINS: 'https://a.example, http://b.example:81' }).mcpAllowedOrigins], ['https://a.example', 'http://b.example:81']);
    for (const text of ['*', 'https://a.example/', 'agent.example', 'https://a.example,*']) {
      assert.throws(() => readConfig({ MCP_ALLOWED_ORIGINS: text }), /MCP_ALLOWED_ORIGINS must be none or origins/, text);
    }
  });

  it('a preflight for POST from an allowed origin allows POST and the protocol headers; one for GET does not allow GET', async () => {
    const preflight = await inject(app, {
      method: 'OPTIONS',
      url: '/mcp',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-methods'], 'POST');
    const allowedHeaders = (preflight.headers['access-control-allow-headers'] ?? '').toLowerCase().split(/,\s*/);
    for (const header of ['content-type', 'mcp-protocol-version', 'x-request-id']) assert.ok(allowedHeaders.includes(header), header);
    const forGet = await inject(app, { method: 'OPTIONS', url: '/mcp', headers: { origin: ALLOWED, 'access-control-request-method': 'GET' } });
    assert.equal(forGet.status, 204);
    assert.equal(forGet.headers['access-control-allow-methods'], undefined);
    const otherOrigin = await inject(app, { method: 'OPTIONS', url: '/mcp', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    assert.equal(otherOrigin.headers['access-control-allow-methods'], undefined);
  });
});

describe('an unexpected failure inside a tool', () => {
  it('is INTERNAL_ERROR as a tool error, nothing of its cause shown, and the endpoint keeps answering', async () => {
    const index = await throwingViews('dayJson', 'SECRET internal detail');
    const app = await buildAppOn({ current: () => index }, { docsUrl: TEST_DOCS_URL });
    try {
      const answer = await inject(app, { method: 'POST', url: '/mcp', headers: MCP_HEADERS, payload: JSON.stringify(toolCall(1, 'get_date_status', { date: '2024-02-04' })) });
      assert.equal(answer.status, 200);
      assert.ok(!answer.body.includes('SECRET'), answer.body);
      const { result } = JSON.parse(answer.body) as { result: CallToolResult };
      assert.deepEqual(problemOf(result), { code: 'INTERNAL_ERROR', title: 'Internal error', detail: 'An unexpected error occurred; quote the requestId when reporting it.' });
      const count = await inject(app, { method: 'POST', url: '/mcp', headers: MCP_HEADERS, payload: JSON.stringify(toolCall(2, 'count_workdays', { startDate: '2024-01-01', endDate: '2024-12-31' })) });
      assert.equal((JSON.parse(count.body) as { result: CallToolResult }).result.isError, undefined);
    } finally {
      await app.close();
    }
  });
});

describe('no calendar data: every tool says so as the API does', () => {
  it('an empty data directory: CALENDAR_DATA_UNAVAILABLE as a tool error, the same detail as the 503', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'china-calendar-empty-'));
    const service = await startServiceWith({ DATA_DIR: empty });
    const client = await connectedClient(service.url);
    try {
      await assertToolMatchesHttp(client, (path) => httpCall(service.url, path), 'get_date_status', { date: '2024-02-04' });
      await assertToolMatchesHttp(client, (path) => httpCall(service.url, path), 'get_year_overview', { year: '2024' });
    } finally {
      await client.close();
      await service.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

/** Writes raw bytes and reads until the server answers and closes, or 30 s pass. */
function rawExchangeOf(port: number, data: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(data));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 30 s')), 30_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer (the server closing on unread bytes) still leaves the answer.
      if (chunks.length === 0) reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve(parseRawAnswer(Buffer.concat(chunks).toString('latin1')));
    });
  });
}
