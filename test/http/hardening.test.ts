import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PATH_PREFIX } from '../helpers/design-rules.js';
import { SERVER_LIMITS } from 'china-holiday-calendar-service/internal/http/ops/app.js';
import { get, openRawConnection, parseRawAnswer as rawRequestFrom, rawExchange, rawRequest, type HttpAnswer } from '../helpers/http-answer.js';
import { assertJsonSuccess, assertProblem, assertRequestIdHeader } from '../helpers/spec-shapes.js';
import { buildListeningTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * Hostile and malformed requests: every one gets a well-formed answer (a problem per docs/interface.md, Problem and
 * docs/design.md (Interface decisions), or a calendar answer when the request is in fact valid), nothing leaks, and
 * the service keeps answering normal requests afterwards. Request-line and header level faults go
 * over a real socket, since inject normalises URLs and does not run Node's HTTP parser.
 */

const DATES = PATH_PREFIX.getDateStatus;
const WORKDAYS = PATH_PREFIX.calculateWorkdays;
const NEXT = PATH_PREFIX.getNextHoliday;
const NORMAL = `${DATES}2024-10-01`;

let app: FastifyInstance;
let port: number;

before(async () => {
  ({ app, port } = await buildListeningTestApp());
});

after(async () => {
  await app.close();
});

function problemOf(answer: HttpAnswer, status: number, code: string, instance?: string): void {
  assertProblem(answer, { status, code, docsUrl: TEST_DOCS_URL, ...(instance === undefined ? {} : { instance }) });
  assert.ok(!answer.body.includes('\u0000'), 'no raw NUL in the body');
}

/** A normal request right after: answered 200, by inject and over a fresh socket. */
async function stillServing(): Promise<void> {
  assertJsonSuccess(await get(app, NORMAL));
  const answer = await rawRequest(port, `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  assertJsonSuccess(answer);
}

function rawGet(target: string, extraHeaders = ''): string {
  return `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extraHeaders}Connection: close\r\n\r\n`;
}

describe('malformed percent-encoding', () => {
  const dateParam: readonly string[] = [
    `${DATES}%ZZ`,
    `${DATES}2024-10-0%`,
    `${DATES}2024-10-%3`,
    `${DATES}%E0%A4%A`,
    `${DATES}%C0%AE%C0%AE`,
    `${DATES}%FF%FE2024-10-01`,
    `${DATES}%ED%A0%80`,
  ];
  for (const url of dateParam) {
    it(`in the date path parameter: ${url} → INVALID_DATE_FORMAT`, async () => {
      problemOf(await get(app, url), 400, 'INVALID_DATE_FORMAT', url);
      problemOf(await rawRequest(port, rawGet(url)), 400, 'INVALID_DATE_FORMAT', url);
      await stillServing();
    });
  }

  for (const url of ['/nope%ZZ', '/v1/china-calendar/work%ZZdays', '/v1/%E0%A4%A/workdays', '/v1/china-calendar/dates%ZZ/2024-10-01']) {
    it(`in a path the service does not have: ${url} → RESOURCE_NOT_FOUND (routing comes first)`, async () => {
      problemOf(await rawRequest(port, rawGet(url)), 404, 'RESOURCE_NOT_FOUND', url);
      await stillServing();
    });
  }

  const query: readonly [string, string][] = [
    [`${NEXT}?fromDate=%ZZ`, 'INVALID_DATE_FORMAT'],
    [`${NEXT}?fromDate=2024-10-0%`, 'INVALID_DATE_FORMAT'],
    [`${NEXT}?fromDate=%E0%A4%A`, 'INVALID_DATE_FORMAT'],
    [`${NEXT}?fromDate=%C0%AE`, 'INVALID_DATE_FORMAT'],
    [`${NEXT}?fromDate=2024-10-01%`, 'INVALID_DATE_FORMAT'],
    [`${NEXT}?fr%ZZomDate=2024-10-01`, 'MISSING_PARAMETER'],
    [`${WORKDAYS}?startDate=2024-01-01&endDate=%%%`, 'INVALID_DATE_FORMAT'],
  ];
  for (const [url, code] of query) {
    it(`in the query: ${url} → ${code}`, async () => {
      const instance = url.slice(0, url.indexOf('?'));
      problemOf(await get(app, url), 400, code, instance);
      problemOf(await rawRequest(port, rawGet(url)), 400, code, instance);
      await stillServing();
    });
  }

  it('in an unknown query parameter: ignored', async () => {
    assertJsonSuccess(await get(app, `${NORMAL}?x=%ZZ&y=%E0%A4%A`));
    assertJsonSuccess(await rawRequest(port, rawGet(`${NEXT}?x=%ZZ&fromDate=2024-10-01&%%=1`)));
  });
});

describe('%00 NUL bytes', () => {
  for (const url of [`${DATES}2024-10-01%00`, `${DATES}%002024-10-01`, `${DATES}2024-10%0001`, `${NEXT}?fromDate=2024-10-01%00`, `${NEXT}?fromDate=%00`]) {
    it(`${url} → INVALID_DATE_FORMAT, NUL escaped in JSON`, async () => {
      const instance = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
      problemOf(await get(app, url), 400, 'INVALID_DATE_FORMAT', instance);
      problemOf(await rawRequest(port, rawGet(url)), 400, 'INVALID_DATE_FORMAT', instance);
      await stillServing();
    });
  }

  it('/nope%00 → RESOURCE_NOT_FOUND', async () => {
    problemOf(await rawRequest(port, rawGet('/nope%00')), 404, 'RESOURCE_NOT_FOUND', '/nope%00');
  });

  it('a NUL in a parameter name is another name: the required one is missing', async () => {
    problemOf(await get(app, `${NEXT}?fromDate%00=2024-10-01`), 400, 'MISSING_PARAMETER', NEXT);
  });
});

describe('traversal attempts', () => {
  for (const url of [
    `${DATES}..%2F..%2Fetc%2Fpasswd`,
    `${DATES}%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
    `${DATES}..%5C..%5Cwindows%5Cwin.ini`,
    `${DATES}%2e%2e`,
    `${DATES}....%2F%2F`,
  ]) {
    it(`${url} (raw socket) → INVALID_DATE_FORMAT, nothing read`, async () => {
      const answer = await rawRequest(port, rawGet(url));
      problemOf(answer, 400, 'INVALID_DATE_FORMAT', url);
      assert.ok(!answer.body.includes('root:'));
      await stillServing();
    });
  }

  it(`${NEXT}?fromDate=../../etc/passwd → INVALID_DATE_FORMAT`, async () => {
    problemOf(await get(app, `${NEXT}?fromDate=../../etc/passwd`), 400, 'INVALID_DATE_FORMAT', NEXT);
  });

  for (const target of [
    '/v1/china-calendar/../china-calendar/workdays',
    '/v1/china-calendar/./workdays',
    '/v1/china-calendar/workdays/.',
    '/v1/x/../china-calendar/workdays',
    '/../v1/china-calendar/workdays',
  ]) {
    it(`${target} (raw socket, dot segments kept): a path the service does not have → 404, instance as sent`, async () => {
      const answer = await rawRequest(port, rawGet(`${target}?startDate=2024-01-01&endDate=2024-01-31`));
      problemOf(answer, 404, 'RESOURCE_NOT_FOUND', target);
      await stillServing();
    });
  }
});

describe('oversized input', () => {
  it('a date path parameter longer than 100 characters → INVALID_DATE_FORMAT', async () => {
    for (const length of [101, 150, 1000, 6000]) {
      const url = `${DATES}2024-10-01${'x'.repeat(length - 10)}`;
      problemOf(await get(app, url), 400, 'INVALID_DATE_FORMAT', url);
      problemOf(await rawRequest(port, rawGet(url)), 400, 'INVALID_DATE_FORMAT', url);
    }
    await stillServing();
  });

  it('a year path parameter that is too long or not valid percent-encoding: each route answers as its own check does', async () => {
    const long = '2'.repeat(SERVER_LIMITS.maxParamLength + 1);
    for (const year of [long, '20%ZZ', '%E0%A4%A']) {
      for (const url of [`/v1/china-calendar/years/${year}`, `/v1/china-calendar/years/${year}?lang=en`, `/calendar/${year}`]) {
        const answer = await get(app, url);
        problemOf(answer, 400, 'INVALID_PARAMETER', url.replace(/\?.*/, ''));
        assert.match(answer.body, /year must be a year of exactly four digits/, url);
        problemOf(await rawRequest(port, rawGet(url)), 400, 'INVALID_PARAMETER', url.replace(/\?.*/, ''));
      }
      // A writer's dataset folder has no such file; another method is still not allowed.
      problemOf(await get(app, `/dataset/${year}`), 404, 'RESOURCE_NOT_FOUND');
      const deleted = await app.inject({ method: 'DELETE', url: `/v1/china-calendar/years/${year}` });
      assert.equal(deleted.statusCode, 405, year);
      assert.equal(deleted.headers.allow, 'GET, HEAD, OPTIONS');
    }
    await stillServing();
  });

  it('a long unknown path → 404', async () => {
    const url = `/${'a/'.repeat(2000)}`;
    problemOf(await get(app, url), 404, 'RESOURCE_NOT_FOUND', url);
  });

  it('a very long query value → INVALID_DATE_FORMAT', async () => {
    const value = `2024-10-01${'9'.repeat(7000)}`;
    problemOf(await get(app, `${NEXT}?fromDate=${value}`), 400, 'INVALID_DATE_FORMAT', NEXT);
    problemOf(await rawRequest(port, rawGet(`${NEXT}?fromDate=${value}`)), 400, 'INVALID_DATE_FORMAT', NEXT);
    await stillServing();
  });

  it('thousands of query parameters: unknown ones ignored, the rules still apply', async () => {
    const noise = Array.from({ length: 5000 }, (_, at) => `p${at}=${at}`).join('&');
    const found = assertJsonSuccess(await get(app, `${NEXT}?${noise}&fromDate=2024-10-01`));
    assert.equal((found as { date: string }).date, '2024-10-01');
    problemOf(await get(app, `${NEXT}?${noise}`), 400, 'MISSING_PARAMETER', NEXT);
    const repeated = Array.from({ length: 3000 }, () => 'fromDate=2024-10-01').join('&');
    problemOf(await get(app, `${NEXT}?${repeated}`), 400, 'INVALID_DATE_FORMAT', NEXT);
    // Over a socket, as many as fit in the request-line limit.
    const socketNoise = Array.from({ length: 1500 }, (_, at) => `k=${at % 10}`).join('&');
    assertJsonSuccess(await rawRequest(port, rawGet(`${NEXT}?${socketNoise}&fromDate=2024-10-01`)));
    await stillServing();
  });

  it('headers over 8 KiB → 431 problem from the client-error handler, then normal service', async () => {
    const answer = await rawRequest(port, rawGet(NORMAL, `X-Big: ${'a'.repeat(9000)}\r\n`));
    assert.equal(answer.status, 431);
    const problem = assertProblem(answer, { status: 431, docsUrl: TEST_DOCS_URL, instance: NORMAL });
    assert.equal(problem.type, `${TEST_DOCS_URL}/problems/${problem.code.toLowerCase().replaceAll('_', '-')}`);
    await stillServing();
  });

  it('many headers adding up to over 8 KiB → 431 problem', async () => {
    const headers = Array.from({ length: 400 }, (_, at) => `X-H${at}: ${'v'.repeat(20)}\r\n`).join('');
    assertProblem(await rawRequest(port, rawGet(NORMAL, headers)), { status: 431, docsUrl: TEST_DOCS_URL });
    await stillServing();
  });

  it('a request line over 8 KiB → 431 (or 414) problem', async () => {
    const answer = await rawRequest(port, rawGet(`${NEXT}?fromDate=2024-10-01&pad=${'x'.repeat(9000)}`));
    assert.ok(answer.status === 431 || answer.status === 414, `status ${answer.status}`);
    assertProblem(answer, { status: answer.status, docsUrl: TEST_DOCS_URL });
    await stillServing();
  });
});

describe('requests Node\'s HTTP parser rejects: a 400 problem body, not a crash or a bare status', () => {
  const cases: readonly [string, string | Buffer][] = [
    ['raw NUL in the request line', `GET ${DATES}2024\u000010-01 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`],
    ['raw space in the request target', `GET ${DATES}2024 10-01 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`],
    ['raw tab in the request target', `GET ${DATES}2024\t10-01 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`],
    ['raw CR in the request line', `GET ${DATES}2024\r10-01 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`],
    ['a garbage request line', 'GARBAGE\r\nConnection: close\r\n\r\n'],
    ['an unknown HTTP version', `GET ${NORMAL} HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n`],
    ['a header without a colon', `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nBroken header line\r\nConnection: close\r\n\r\n`],
    ['a NUL in a header value', `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nX-A: a\u0000b\r\nConnection: close\r\n\r\n`],
    ['both Content-Length and Transfer-Encoding', `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`],
    ['an invalid Content-Length', `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\nConnection: close\r\n\r\n`],
  ];
  for (const [label, request] of cases) {
    it(label, async () => {
      const raw = await rawExchange(port, request);
      assert.ok(raw.length > 0, 'the connection is answered, not dropped');
      const answer = rawRequestFrom(raw);
      assert.equal(answer.status, 400, `${label}: ${raw.slice(0, 200)}`);
      const problem = assertProblem(answer, { status: 400, docsUrl: TEST_DOCS_URL });
      assert.ok(problem.instance.startsWith('/'), `instance ${problem.instance} is a path`);
      await stillServing();
    });
  }

  it('a POST with a malformed chunked body on a known path: a 405 (or 400) problem, never a 500', async () => {
    const raw = await rawExchange(
      port,
      `POST ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n\r\n`,
    );
    const answer = rawRequestFrom(raw);
    assert.ok(answer.status === 405 || answer.status === 400, `status ${answer.status}: ${answer.body}`);
    assertProblem(answer, { status: answer.status, docsUrl: TEST_DOCS_URL });
    await stillServing();
  });

  it('raw non-ASCII bytes in the request target: a 400 problem whose instance is the path as sent (UTF-8)', async () => {
    const target = `${DATES}２０２４-01-05`;
    const raw = await rawExchange(port, Buffer.from(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'utf8'));
    const answer = rawRequestFrom(raw);
    assert.equal(answer.status, 400);
    const problem = assertProblem(answer, { status: 400, docsUrl: TEST_DOCS_URL });
    assert.equal(problem.instance, target, 'instance is the path as the client sent it');
    await stillServing();
  });

  it('an HTTP/1.1 request without Host: a 400 problem with X-Request-Id', async () => {
    const answer = await rawRequest(port, `GET ${NORMAL} HTTP/1.1\r\nConnection: close\r\n\r\n`);
    assert.equal(answer.status, 400);
    assertRequestIdHeader(answer);
    assertProblem(answer, { status: 400, docsUrl: TEST_DOCS_URL });
    await stillServing();
  });

  it('an HTTP/1.0 request without Host is answered normally', async () => {
    assertJsonSuccess(await rawRequest(port, `GET ${NORMAL} HTTP/1.0\r\n\r\n`));
  });

  it('CONNECT with a known path: answered (405 with Allow, or a 400 problem), not dropped', async () => {
    const raw = await rawExchange(port, `CONNECT ${WORKDAYS} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    assert.ok(raw.length > 0, 'CONNECT gets an HTTP answer');
    const answer = rawRequestFrom(raw);
    if (answer.status === 405) {
      assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
    } else {
      assertProblem(answer, { status: 400, docsUrl: TEST_DOCS_URL });
    }
    await stillServing();
  });

  it('absolute-form request target: answered as the path; a problem\'s instance is the path, not the client\'s URL', async () => {
    assertJsonSuccess(await rawRequest(port, rawGet(`http://localhost${NORMAL}`)));
    const answer = await rawRequest(port, rawGet(`http://evil.example${DATES}2024-13-01?x=1`));
    const problem = assertProblem(answer, { status: 400, code: 'INVALID_DATE_FORMAT', docsUrl: TEST_DOCS_URL });
    assert.equal(problem.instance, `${DATES}2024-13-01`);
  });

  it('a malformed request on a keep-alive connection after a good one: the good one answered, then a problem', async () => {
    const raw = await rawExchange(
      port,
      `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\n\r\nGET ${DATES}2024\u000010-01 HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    const second = raw.indexOf('HTTP/1.1 ', 1);
    assert.ok(second > 0, `two answers: ${raw.slice(0, 300)}`);
    assertJsonSuccess(rawRequestFrom(raw.slice(0, second)));
    assertProblem(rawRequestFrom(raw.slice(second)), { status: 400, docsUrl: TEST_DOCS_URL });
    await stillServing();
  });
});

describe('request ids over the wire', () => {
  it('two X-Request-Id headers are one malformed value (joined with ", "): replaced', async () => {
    const answer = await rawRequest(port, rawGet(NORMAL, 'X-Request-Id: a\r\nX-Request-Id: b\r\n'));
    assertJsonSuccess(answer);
    assert.ok(!['a', 'b', 'a, b'].includes(String(answer.headers['x-request-id'])));
  });

  it('a non-ASCII (latin1 byte) X-Request-Id is replaced', async () => {
    const request = Buffer.concat([
      Buffer.from(`GET ${DATES}bad HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: h`, 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from('llo\r\nConnection: close\r\n\r\n', 'latin1'),
    ]);
    const answer = await rawRequest(port, request);
    const problem = assertProblem(answer, { status: 400, code: 'INVALID_DATE_FORMAT', docsUrl: TEST_DOCS_URL });
    assert.ok(!problem.requestId.startsWith('h'), problem.requestId);
  });

  it('a 128-character id is reused over the wire; a 129-character one is not', async () => {
    const ok = 'Z'.repeat(128);
    assert.equal((await rawRequest(port, rawGet(NORMAL, `X-Request-Id: ${ok}\r\n`))).headers['x-request-id'], ok);
    const tooLong = 'Z'.repeat(129);
    assert.notEqual((await rawRequest(port, rawGet(NORMAL, `X-Request-Id: ${tooLong}\r\n`))).headers['x-request-id'], tooLong);
  });

  it('an id with surrounding whitespace on the wire is trimmed by HTTP and then reused', async () => {
    // RFC 9110: optional whitespace around a field value is not part of it.
    assert.equal((await rawRequest(port, rawGet(NORMAL, 'X-Request-Id:    abc   \r\n'))).headers['x-request-id'], 'abc');
  });
});


/**
 * Sends `head`, then `chunk` every `everyMs` (if given) until the server closes the connection,
 * and returns every byte it sent; fails if the connection is still open after `deadlineMs`.
 */
async function exchangeUntilClosed(head: string, body?: { chunk: string; everyMs: number }, deadlineMs = 8000): Promise<string> {
  const connection = await openRawConnection(port);
  connection.write(head);
  const sending = body === undefined ? undefined : setInterval(() => connection.write(body.chunk), body.everyMs);
  let deadline: NodeJS.Timeout | undefined;
  try {
    const ended = await Promise.race([
      connection.ended,
      new Promise<never>((_resolve, reject) => {
        deadline = setTimeout(() => reject(new Error(`the connection was still open ${deadlineMs} ms after the request`)), deadlineMs);
      }),
    ]);
    return ended.unread;
  } finally {
    clearInterval(sending);
    clearTimeout(deadline);
    connection.destroy();
  }
}

function answersIn(raw: string): number {
  return raw.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0;
}

describe('requests that declare a body (the service reads none): answered with Connection: close, and the connection closed', () => {
  const head = (headers: string, method = 'GET', target = NORMAL): string => `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`;
  const cases: readonly [string, string, { chunk: string; everyMs: number } | undefined, number, string][] = [
    ['a GET declaring Content-Length: 1073741824 and sending no body', head('Content-Length: 1073741824\r\n'), undefined, 200, 'a 1 GiB body would be waited for'],
    ['a GET with an endless chunked body', head('Transfer-Encoding: chunked\r\n'), { chunk: '5\r\nhello\r\n', everyMs: 20 }, 200, ''],
    ['a GET whose body trickles in, one byte at a time', head('Content-Length: 100000\r\n'), { chunk: 'x', everyMs: 100 }, 200, ''],
    ['a POST with a body on a known path', head('Content-Type: application/json\r\nContent-Length: 2\r\n', 'POST'), { chunk: '{}', everyMs: 50 }, 405, ''],
  ];
  for (const [label, request, body, status] of cases) {
    it(`${label}: one answer (${status}), then the connection closes`, async () => {
      const raw = await exchangeUntilClosed(request, body);
      assert.equal(answersIn(raw), 1, `exactly one answer, never a second, unsolicited one: ${raw.slice(0, 300)}`);
      const answer = rawRequestFrom(raw);
      assert.equal(answer.status, status);
      assert.equal(answer.headers.connection, 'close');
      if (status === 200) assertJsonSuccess(answer);
      else assertProblem(answer, { status, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
      await stillServing();
    });
  }

  it('Content-Length: 0 declares no body: the connection stays open for the next request', async () => {
    const connection = await openRawConnection(port);
    try {
      const first = await connection.request(head('Content-Length: 0\r\n'));
      assertJsonSuccess(first);
      assert.equal(first.headers.connection, 'keep-alive');
      assertJsonSuccess(await connection.request(head('')));
    } finally {
      connection.destroy();
    }
  });

  it('a malformed chunk in the body of a request being answered: that answer only, never a second one', async () => {
    const raw = await exchangeUntilClosed(head('Transfer-Encoding: chunked\r\n') + 'zz\r\nhello\r\n');
    assert.equal(answersIn(raw), 1, raw.slice(0, 300));
    assertJsonSuccess(rawRequestFrom(raw));
  });

  it('a malformed request pipelined behind one whose answer is still being computed: that answer first, then the problem', async () => {
    // /metrics answers asynchronously, so Node's parser meets the bad request while the answer is under way.
    const raw = await exchangeUntilClosed(`GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\nGET ${DATES}2024\u000010-01 HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    assert.equal(answersIn(raw), 2, raw.slice(0, 300));
    const second = raw.indexOf('HTTP/1.1 ', 1);
    const metrics = rawRequestFrom(raw.slice(0, second));
    assert.equal(metrics.status, 200);
    assert.match(String(metrics.headers['content-type']), /^text\/plain/);
    assertProblem(rawRequestFrom(raw.slice(second)), { status: 400, docsUrl: TEST_DOCS_URL });
    await stillServing();
  });
});

describe('requests that never finish arriving: a 408 problem after about the 10 s request timeout', { concurrency: true }, () => {
  const REQUEST_TIMEOUT_MS = SERVER_LIMITS.requestTimeoutMs;
  /** Node checks for late requests every requestTimeoutCheckMs; the rest is room for a loaded machine. */
  const LATEST_MS = REQUEST_TIMEOUT_MS + 5000;

  async function timedOut(head: string, drip?: { chunk: string; everyMs: number }): Promise<{ answer: HttpAnswer; afterMs: number }> {
    const started = performance.now();
    const raw = await exchangeUntilClosed(head, drip, LATEST_MS + 5000);
    const afterMs = performance.now() - started;
    assert.equal(answersIn(raw), 1, `one answer: ${JSON.stringify(raw.slice(0, 200))}`);
    return { answer: rawRequestFrom(raw), afterMs };
  }

  function assertRequestTimeout({ answer, afterMs }: { answer: HttpAnswer; afterMs: number }): void {
    // Node hands over no bytes of a request that timed out: the instance is '/'.
    assertProblem(answer, { status: 408, code: 'REQUEST_TIMEOUT', docsUrl: TEST_DOCS_URL });
    assert.equal(answer.headers.connection, 'close');
    assert.ok(afterMs >= REQUEST_TIMEOUT_MS - 1000, `not before the timeout: ${Math.round(afterMs)} ms`);
    assert.ok(afterMs <= LATEST_MS, `about ${REQUEST_TIMEOUT_MS} ms, not ${Math.round(afterMs)} ms`);
  }

  it('headers sent in part, then nothing: a 408, not a silent close', async () => {
    assertRequestTimeout(await timedOut(`GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nX-Waiting: 1`));
  });

  it('headers dripped in, one line a second', async () => {
    assertRequestTimeout(await timedOut(`GET ${NORMAL} HTTP/1.1\r\n`, { chunk: 'X-Drip: 1\r\n', everyMs: 1000 }));
  });

  it('a request line sent in part on a keep-alive connection after a good request: a 408 too', async () => {
    const connection = await openRawConnection(port);
    try {
      assertJsonSuccess(await connection.request(`GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
      const started = performance.now();
      connection.write(`GET ${NORMAL} HTTP/1.1\r\nHost: loc`);
      const ended = await connection.ended;
      assertRequestTimeout({ answer: rawRequestFrom(ended.unread), afterMs: ended.at - started });
    } finally {
      connection.destroy();
    }
  });

  it('a connection that sends nothing: a 408 as well (Node counts the request from the connection\'s start)', async () => {
    assertRequestTimeout(await timedOut(''));
  });
});
