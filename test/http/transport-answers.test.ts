import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SERVER_LIMITS } from 'china-holiday-calendar-service/internal/http/ops/app.js';
import { JSON_CSP } from 'china-holiday-calendar-service/internal/http/kernel/response-policy.js';
import { PATH_PREFIX } from '../helpers/design-rules.js';
import { httpCall, openRawConnection, parseRawAnswer, rawExchange, type HttpAnswer } from '../helpers/http-answer.js';
import { parseExposition, valueOf, type Exposition } from '../helpers/prometheus-text.js';
import { assertJsonSuccess, assertProblem } from '../helpers/spec-shapes.js';
import { buildListeningTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * Answers that no route writes (a failed expectation, a request without Host, what Node's HTTP
 * parser rejects, the request timeout, CONNECT) over real sockets: each is a problem with the
 * headers every answer carries, its connection is closed, and /metrics counts it.
 */

const DATES = PATH_PREFIX.getDateStatus;
const NORMAL = `${DATES}2024-10-01`;
const WORKDAYS = PATH_PREFIX.calculateWorkdays;

/** Headers that describe the connection or this one message, not the answer's policy. */
const PER_MESSAGE = new Set(['connection', 'keep-alive', 'content-length']);

function policyHeaderNames(answer: HttpAnswer): string[] {
  return Object.keys(answer.headers)
    .filter((name) => !PER_MESSAGE.has(name))
    .sort();
}

const listening = (env: NodeJS.ProcessEnv = {}): ReturnType<typeof buildListeningTestApp> => buildListeningTestApp({ env });

/** Sends one request on a keep-alive connection (it asks nothing about closing) and says how the connection then ended. */
async function answerThenEnd(port: number, request: string): Promise<{ answer: HttpAnswer; how: string; unread: string }> {
  const connection = await openRawConnection(port);
  const answer = await connection.request(request);
  const ended = await connection.ended;
  return { answer, how: ended.how, unread: ended.unread };
}

describe('a failed expectation and a request without Host: answered as every other answer, then the connection closed', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  let routedProblem: HttpAnswer;

  before(async () => {
    server = await listening();
    const connection = await openRawConnection(server.port);
    routedProblem = await connection.request(`GET /nope HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    connection.destroy();
    assertProblem(routedProblem, { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL });
  });

  after(async () => {
    await server.app.close();
  });

  it('Expect: foo → a 417 problem with X-Request-Id and the security headers, Connection: close, and the connection closes', async () => {
    const { answer, how, unread } = await answerThenEnd(server.port, `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nExpect: foo\r\n\r\n`);
    const problem = assertProblem(answer, { status: 417, code: 'EXPECTATION_FAILED', docsUrl: TEST_DOCS_URL, instance: NORMAL });
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.equal(answer.headers['content-security-policy'], JSON_CSP);
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.equal(answer.headers.connection, 'close');
    assert.equal(answer.headers['transfer-encoding'], undefined, 'Content-Length framed, not chunked');
    assert.equal(Number(answer.headers['content-length']), Buffer.byteLength(answer.body));
    assert.deepEqual(policyHeaderNames(answer), policyHeaderNames(routedProblem), 'the same headers as a problem a route answers');
    assert.ok(problem.detail.includes('100-continue'), problem.detail);
    assert.equal(how, 'end', 'closed cleanly by the server');
    assert.equal(unread, '', 'nothing after the answer');
  });

  it('Expect: foo on HEAD → the same 417 headers, no body', async () => {
    // Read until the server closes the connection (the request does not ask it to): nothing after the head.
    const raw = await rawExchange(server.port, `HEAD ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nExpect: foo\r\n\r\n`);
    const answer = parseRawAnswer(raw);
    assert.equal(answer.status, 417);
    assert.equal(answer.headers['content-type'], 'application/problem+json');
    assert.equal(answer.headers.connection, 'close');
    assert.ok(Number(answer.headers['content-length']) > 0, 'Content-Length says what GET would send');
    assert.ok(raw.endsWith('\r\n\r\n'), 'no body');
  });

  it('Expect: foo reuses a well-formed X-Request-Id, as every answer does', async () => {
    const { answer } = await answerThenEnd(server.port, `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: trace-417\r\nExpect: foo\r\n\r\n`);
    assertProblem(answer, { status: 417, docsUrl: TEST_DOCS_URL, requestId: 'trace-417' });
  });

  it('Expect: 100-continue is met: the request is answered normally and the connection kept', async () => {
    const connection = await openRawConnection(server.port);
    const first = await connection.request(`GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n\r\n`);
    // Node sends the interim 100 first; the raw reader takes it as an answer of its own.
    const answer = first.status === 100 ? await connection.request('') : first;
    assertJsonSuccess(answer);
    assertJsonSuccess(await connection.request(`GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    connection.destroy();
  });

  it('an HTTP/1.1 request without Host → a 400 problem with Connection: close, and the connection closes', async () => {
    const { answer, how } = await answerThenEnd(server.port, `GET ${NORMAL} HTTP/1.1\r\n\r\n`);
    assertProblem(answer, { status: 400, code: 'BAD_REQUEST', docsUrl: TEST_DOCS_URL, instance: NORMAL });
    assert.equal(answer.headers.connection, 'close');
    assert.deepEqual(policyHeaderNames(answer), policyHeaderNames(routedProblem));
    assert.equal(how, 'end');
  });

  it('what the parser rejects carries the same headers too (Date included)', async () => {
    const answer = parseRawAnswer(await rawExchange(server.port, `GET ${DATES}2024\u000010-01 HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    assertProblem(answer, { status: 400, code: 'BAD_REQUEST', docsUrl: TEST_DOCS_URL });
    assert.deepEqual(policyHeaderNames(answer), policyHeaderNames(routedProblem));
    assert.ok(!Number.isNaN(Date.parse(answer.headers.date ?? '')), `Date: ${answer.headers.date}`);
  });
});

describe('with a list of CORS origins, a 417 grants an allowed Origin as other answers do', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  before(async () => {
    server = await listening({ CORS_ORIGINS: 'https://app.example' });
  });
  after(async () => {
    await server.app.close();
  });

  it('allowed Origin: echoed, with Vary: Origin; another: not granted', async () => {
    const request = (origin: string): string => `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${origin}\r\nExpect: foo\r\n\r\n`;
    const allowed = (await answerThenEnd(server.port, request('https://app.example'))).answer;
    assert.equal(allowed.status, 417);
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(allowed.headers.vary, 'Origin');
    const other = (await answerThenEnd(server.port, request('https://evil.example'))).answer;
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    assert.equal(other.headers.vary, 'Origin');
  });
});

describe('/metrics counts every answer the service sends, those no route writes included', () => {
  let server: Awaited<ReturnType<typeof listening>>;
  before(async () => {
    server = await listening();
  });
  after(async () => {
    await server.app.close();
  });

  async function scrape(): Promise<Exposition> {
    const answer = await httpCall(server.url, '/metrics');
    assert.equal(answer.status, 200);
    return parseExposition(answer.body);
  }

  /** A connection that sends half a request line and then nothing: answered 408 after the request timeout. */
  function slowloris(): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port: server.port, host: '127.0.0.1' }, () => socket.write('GET /v1/china-calendar/da'));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
  }

  it('408 of the request timeout, parser 400s, 431, 417, 400 without Host, CONNECT 404 and 405: exact deltas', { timeout: SERVER_LIMITS.requestTimeoutMs + 20_000 }, async () => {
    const before = await scrape();
    const total = (exposition: Exposition, operation: string, status: number): number =>
      valueOf(exposition, 'http_requests_total', { operation, status: String(status) });
    const timed = (exposition: Exposition, operation: string, status: number): number =>
      valueOf(exposition, 'http_request_duration_seconds_count', { operation, status: String(status) });

    const timedOut = slowloris();
    const exchanges: readonly (readonly [string, number])[] = [
      ['FOO / HTTP/1.1\r\nHost: localhost\r\n\r\n', 400],
      ['GARBAGE\r\n\r\n', 400],
      [`GET ${DATES}2024 10-01 HTTP/1.1\r\nHost: localhost\r\n\r\n`, 400],
      [`GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nCookie: ${'x'.repeat(SERVER_LIMITS.maxHeaderSize + 100)}\r\n\r\n`, 431],
      [`GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nExpect: foo\r\n\r\n`, 417],
      [`GET ${NORMAL} HTTP/1.1\r\n\r\n`, 400],
      [`CONNECT /nope HTTP/1.1\r\nHost: localhost\r\n\r\n`, 404],
      [`CONNECT ${WORKDAYS} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 405],
    ];
    for (const [request, status] of exchanges) {
      const answer = parseRawAnswer(await rawExchange(server.port, request));
      assert.equal(answer.status, status, `${JSON.stringify(request.slice(0, 40))}: ${answer.body}`);
    }
    const late = parseRawAnswer(await timedOut);
    assertProblem(late, { status: 408, code: 'REQUEST_TIMEOUT', docsUrl: TEST_DOCS_URL });

    const after = await scrape();
    // Answers to requests no route saw count under operation="none"; CONNECT on a known path under its route, as a 405 does.
    assert.equal(total(after, 'none', 408) - total(before, 'none', 408), 1, 'the 408');
    assert.equal(total(after, 'none', 400) - total(before, 'none', 400), 4, 'three parser 400s and the request without Host');
    assert.equal(total(after, 'none', 431) - total(before, 'none', 431), 1, 'the 431');
    assert.equal(total(after, 'none', 417) - total(before, 'none', 417), 1, 'the 417');
    assert.equal(total(after, 'none', 404) - total(before, 'none', 404), 1, 'CONNECT on an unknown path');
    assert.equal(total(after, 'chinaCalendar.calculateWorkdays', 405) - total(before, 'chinaCalendar.calculateWorkdays', 405), 1, 'CONNECT on a known path');
    // The latency histogram times requests received whole: the request without Host went through
    // a route and is timed; what the parser or the timeout answered is counted, not timed.
    assert.equal(timed(after, 'none', 400) - timed(before, 'none', 400), 1, 'only the routed 400 is timed');
    assert.equal(timed(after, 'none', 408), 0);
    assert.equal(timed(after, 'none', 431), 0);
  });
});
