import assert from 'node:assert/strict';
import { Agent } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { readConfig, type Config } from 'china-holiday-calendar-service/internal/settings/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { expectedOutcome, OPERATIONS, PATH_PREFIX, type OperationSpec, type ReceivedValue } from '../helpers/design-rules.js';
import { httpCall, openRawConnection, rawRequest, type HttpAnswer } from '../helpers/http-answer.js';
import { expectedCounts, expectedNextHolidayBody } from '../helpers/reference-calendar.js';
import { addDays, datesFromTo, spanDays } from '../helpers/spec-dates.js';
import {
  assertDayStatus,
  assertJsonSuccess,
  assertNextHoliday,
  assertProblem,
  assertWorkdayCount,
  problemSlug,
  SPEC_PROBLEM_STATUS,
  expectedDayBody,
} from '../helpers/spec-shapes.js';

/*
 * The real service (startService) on an ephemeral port, over real sockets: concurrency, keep-alive,
 * recovery after malformed requests, health endpoints and a graceful close.
 */

const silent = pino({ level: 'silent' });
const DATES = PATH_PREFIX.getDateStatus;
const NORMAL = `${DATES}2024-10-01`;

function serviceConfig(): Config {
  return readConfig({ PORT: '0', HOST: '127.0.0.1', RELOAD_INTERVAL_SECONDS: '0' });
}

function portOfUrl(url: string): number {
  return Number(new URL(url).port);
}

describe('the running service', () => {
  let service: RunningService;
  let config: Config;
  let version: string;

  before(async () => {
    service = await startService(serviceConfig(), silent);
    // The effective configuration: PORT=0 resolved, and the default DOCS_URL with it.
    config = service.config;
    const ready = JSON.parse((await httpCall(service.url, '/readyz')).body) as { datasetVersion: string };
    version = ready.datasetVersion;
  });

  after(async () => {
    await service.close();
  });

  it('/healthz answers 200 with X-Request-Id', async () => {
    const answer = await httpCall(service.url, '/healthz');
    assert.equal(answer.status, 200);
    assert.ok(answer.headers['x-request-id']);
    assert.match(String(answer.headers['content-type']), /^application\/json/);
  });

  it('/readyz answers 200 with the dataset version and published years 2008..2026', async () => {
    const answer = await httpCall(service.url, '/readyz');
    assert.equal(answer.status, 200);
    assert.ok(answer.headers['x-request-id']);
    const body = JSON.parse(answer.body) as { datasetVersion: unknown; publishedYears: unknown };
    assert.equal(typeof body.datasetVersion, 'string');
    assert.ok(String(body.datasetVersion).length > 0);
    assert.deepEqual(
      body.publishedYears,
      Array.from({ length: 19 }, (_, at) => 2008 + at),
    );
    const day = JSON.parse((await httpCall(service.url, NORMAL)).body) as { datasetVersion: unknown };
    assert.equal(day.datasetVersion, body.datasetVersion, 'the version answers carry is the one /readyz reports');
  });

  it('problem type URIs are built from the configured DOCS_URL', async () => {
    const answer = await httpCall(service.url, `${DATES}2024-13-01`, { headers: { host: 'evil.example' } });
    assertProblem(answer, { status: 400, code: 'INVALID_DATE_FORMAT', docsUrl: config.docsUrl, instance: `${DATES}2024-13-01` });
  });

  it('the service serves a page for each problem type at its type URI path (docs/design.md (Interface decisions))', async () => {
    const docsPath = new URL(config.docsUrl).pathname;
    const missing: string[] = [];
    for (const code of Object.keys(SPEC_PROBLEM_STATUS)) {
      const path = `${docsPath}/problems/${problemSlug(code)}`;
      const answer = await httpCall(service.url, path);
      if (answer.status !== 200) missing.push(`${path} → ${answer.status}`);
    }
    assert.deepEqual(missing, []);
  });

  it('hundreds of concurrent mixed requests over keep-alive connections, each answered right', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const requests = mixedRequests(480);
      const answers = await Promise.all(
        requests.map((request) => httpCall(service.url, request.path, { method: request.method, agent, headers: { 'x-request-id': request.id } })),
      );
      const ids = new Set<string>();
      answers.forEach((answer, at) => {
        const request = requests[at];
        if (request === undefined) return;
        assert.equal(answer.headers['x-request-id'], request.id, `${request.method} ${request.path}: own request id, not another request's`);
        ids.add(answer.headers['x-request-id']);
        request.check(answer, config.docsUrl, version);
      });
      assert.equal(ids.size, requests.length);
    } finally {
      agent.destroy();
    }
  });

  it('a normal request after each malformed one', async () => {
    const port = portOfUrl(service.url);
    const malformed = [
      `GET ${DATES}2024\u000010-01 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      `GET ${DATES}2024 10-01 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      `GET ${NORMAL} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(9000)}\r\nConnection: close\r\n\r\n`,
      'GARBAGE\r\nConnection: close\r\n\r\n',
      `GET ${DATES}%ZZ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      `GET ${DATES}..%2F..%2Fetc%2Fpasswd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ];
    for (const request of malformed) {
      const answer = await rawRequest(port, request);
      assert.ok(answer.status >= 400 && answer.status < 500, `${JSON.stringify(request.slice(0, 40))} → ${answer.status}`);
      assertProblem(answer, { status: answer.status, docsUrl: config.docsUrl });
      assertJsonSuccess(await httpCall(service.url, NORMAL));
    }
  });
});

describe('graceful close: the drain SIGTERM and SIGINT run', () => {
  it('a request in flight when close() is called still completes with 200 and Connection: close; new connections are then refused', async () => {
    const service = await startService(serviceConfig(), silent);
    const port = portOfUrl(service.url);
    let closing: Promise<void> | undefined;
    // The moment the server has the request, and before the application answers it, close.
    service.app.server.prependOnceListener('request', () => {
      closing = service.close();
    });
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = await httpCall(service.url, `${PATH_PREFIX.getDateRangeStatus}?startDate=2024-01-01&endDate=2024-12-31`, { agent });
      assert.ok(closing !== undefined, 'close() was called while the request was in flight');
      const body = assertJsonSuccess(answer);
      assert.ok(Array.isArray(body) && body.length === 366);
      assert.equal(answer.headers.connection, 'close', 'the client learns that this connection ends here');
      await closing;
    } finally {
      agent.destroy();
      if (closing === undefined) await service.close();
    }
    await new Promise<void>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.on('connect', () => {
        socket.destroy();
        assert.fail('the closed service still accepts connections');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        assert.equal(error.code, 'ECONNREFUSED');
        resolve();
      });
    });
  });

  it('a keep-alive connection that brings a request during the drain is answered, with Connection: close, then closed', async () => {
    const service = await startService(serviceConfig(), silent);
    const port = portOfUrl(service.url);
    const connection = await openRawConnection(port);
    const keepAlive = await connection.request(`GET ${NORMAL} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assertJsonSuccess(keepAlive);
    assert.equal(keepAlive.headers.connection, 'keep-alive');
    const closing = service.close();
    // The next request arrives after the drain began, as from a client that had just read its answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await connection.request(`GET ${NORMAL} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assertJsonSuccess(answer);
    assert.equal(answer.headers.connection, 'close');
    const ended = await connection.ended;
    assert.deepEqual({ how: ended.how, unread: ended.unread }, { how: 'end', unread: '' }, 'a clean close after the answer');
    await closing;
  });

  it('an idle keep-alive connection is closed cleanly once quiet, and close() resolves with no connection left', async () => {
    const service = await startService(serviceConfig(), silent);
    const port = portOfUrl(service.url);
    const idle = await openRawConnection(port);
    assertJsonSuccess(await idle.request(`GET ${NORMAL} HTTP/1.1\r\nHost: x\r\n\r\n`));
    const started = performance.now();
    await service.close();
    const ended = await idle.ended;
    assert.deepEqual({ how: ended.how, unread: ended.unread }, { how: 'end', unread: '' }, 'closed cleanly (no reset), nothing sent');
    // Quiet for SERVER_LIMITS.drainQuietMs (1 s), far from the 65 s keep-alive timeout; generous for a loaded machine.
    assert.ok(ended.at - started < 8000, `closed ${Math.round(ended.at - started)} ms after close()`);
  });
});

// ---------------------------------------------------------------------------------------------

interface MixedRequest {
  readonly method: string;
  readonly path: string;
  readonly id: string;
  check(answer: HttpAnswer, docsUrl: string, version: string): void;
}

function operationNamed(name: OperationSpec['name']): OperationSpec {
  const found = OPERATIONS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(name);
  return found;
}


/** A deterministic mix of valid and invalid requests over all operations, 404s, 405s and HEADs. */
function mixedRequests(count: number): MixedRequest[] {
  const requests: MixedRequest[] = [];
  const dates = datesFromTo('2023-01-01', '2027-12-31');
  const badForms = ['2024-1-5', '2024/01/05', '', '2023-02-29', '2024-01-05T00:00', '２０２４-01-05', '2007-12-31'];
  for (let at = 0; at < count; at++) {
    const id = `mixed-${at}`;
    const date = dates[(at * 37) % dates.length] as string;
    const other = addDays(date, ((at * 53) % 420) - 30);
    switch (at % 9) {
      case 0:
        requests.push({
          method: 'GET',
          path: `${DATES}${date}`,
          id,
          check: (answer, _docs, version) => {
            const body = assertJsonSuccess(answer);
            assertDayStatus(body, { date });
            assert.deepEqual(body, expectedDayBody(date, version));
          },
        });
        break;
      case 1:
      case 2: {
        const name = at % 9 === 1 ? 'getDateRangeStatus' : 'calculateWorkdays';
        const path = `${PATH_PREFIX[name]}?startDate=${date}&endDate=${other}`;
        requests.push({
          method: 'GET',
          path,
          id,
          check: (answer, docsUrl, version) => {
            const received: Record<string, ReceivedValue> = { startDate: { kind: 'once', text: date }, endDate: { kind: 'once', text: other } };
            const outcome = expectedOutcome(operationNamed(name).parameters, received, true);
            if (outcome.code !== 'OK') {
              assertProblem(answer, { status: 400, code: outcome.code, docsUrl, instance: PATH_PREFIX[name] });
              return;
            }
            const body = assertJsonSuccess(answer);
            if (name === 'calculateWorkdays') {
              assertWorkdayCount(body, date, other, spanDays(date, other));
              assert.deepEqual(body, { startDate: date, endDate: other, ...expectedCounts(date, other) });
            } else {
              assert.deepEqual(
                body,
                datesFromTo(date, other).map((day) => expectedDayBody(day, version)),
              );
            }
          },
        });
        break;
      }
      case 3:
        requests.push({
          method: 'GET',
          path: `${PATH_PREFIX.getNextHoliday}?fromDate=${date}`,
          id,
          check: (answer, _docs, version) => {
            const body = assertJsonSuccess(answer);
            assertNextHoliday(body, date);
            assert.deepEqual(body, expectedNextHolidayBody(date, version));
          },
        });
        break;
      case 4: {
        const form = badForms[at % badForms.length] as string;
        const path = `${PATH_PREFIX.getNextHoliday}?fromDate=${encodeURIComponent(form)}`;
        requests.push({
          method: 'GET',
          path,
          id,
          check: (answer, docsUrl) => {
            const outcome = expectedOutcome(['fromDate'], { fromDate: { kind: 'once', text: form } }, false);
            assert.notEqual(outcome.code, 'OK');
            assertProblem(answer, { status: 400, code: outcome.code, docsUrl, instance: PATH_PREFIX.getNextHoliday });
          },
        });
        break;
      }
      case 5:
        requests.push({
          method: 'GET',
          path: `${PATH_PREFIX.calculateWorkdays}?endDate=${date}`,
          id,
          check: (answer, docsUrl) => {
            const problem = assertProblem(answer, { status: 400, code: 'MISSING_PARAMETER', docsUrl, instance: PATH_PREFIX.calculateWorkdays });
            assert.match(problem.detail, /startDate/);
          },
        });
        break;
      case 6:
        requests.push({
          method: 'GET',
          path: `/v1/china-calendar/no-such-thing/${at}`,
          id,
          check: (answer, docsUrl) => {
            assertProblem(answer, { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl, instance: `/v1/china-calendar/no-such-thing/${at}` });
          },
        });
        break;
      case 7:
        requests.push({
          method: at % 2 === 0 ? 'DELETE' : 'PUT',
          path: `${DATES}${date}`,
          id,
          check: (answer, docsUrl) => {
            assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl, instance: `${DATES}${date}` });
            assert.match(String(answer.headers.allow), /GET, HEAD/);
          },
        });
        break;
      default:
        requests.push({
          method: 'HEAD',
          path: `${DATES}${date}`,
          id,
          check: (answer) => {
            assert.equal(answer.status, 200);
            assert.equal(answer.body, '');
            assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8');
            assert.ok(Number(answer.headers['content-length']) > 100);
          },
        });
    }
  }
  return requests;
}

// Keep the operation list in view: every operation appears in the mix above.
assert.deepEqual(
  OPERATIONS.map((operation) => operation.name),
  ['getDateStatus', 'getDateRangeStatus', 'calculateWorkdays', 'getNextHoliday'],
);
