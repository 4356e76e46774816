import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { responseUnderWay } from './connections.js';
import { problemJson } from '@china-holiday-calendar/core/answers/answer-json.js';
import { instanceOf, problemRecord, PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, type ProblemSpec } from '../kernel/problems.js';
import type { RequestIds } from './request-id.js';
import { CACHE_NEVER, CORS_EXPOSED, JSON_CSP, SECURITY_HEADERS, type Responder, type ResponsePolicy } from '../kernel/response-policy.js';

type ClientError = Error & { code?: string | undefined; rawPacket?: unknown };

/** The detail of EXPECTATION_FAILED: the expectation is not quoted, the client knows what it sent. */
export const EXPECTATION_FAILED_DETAIL = 'The Expect header asks for something other than 100-continue, which this service cannot meet.';

/** The metrics label of answers given before any route: the one unknown paths count under. */
const UNROUTED = 'none';

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Answers requests that Node's HTTP parser rejects before any route sees them (a raw NUL or
 * space in the request line, oversized headers, a malformed request, a request that never
 * finishes arriving) with a problem body rather than a bare status, then closes the connection;
 * /metrics counts each such answer under operation `none`.
 * While an answer is under way on the connection, a problem written now would be read as that
 * answer: a malformed request pipelined behind a whole one gets its problem after that answer,
 * and an error in the request being answered (its body) gets no second answer.
 */
export function clientErrorHandler(responder: Responder, requestIds: RequestIds): (error: ClientError, socket: Duplex) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answerProblem = (): void => {
      writeRawProblem(socket, responder, { operation: UNROUTED, requestId: requestIds.next(), problem: problemFor(error.code), instance: requestTargetPath(error.rawPacket) });
    };
    const answer = responseUnderWay(socket);
    if (answer === undefined) {
      answerProblem();
      return;
    }
    answer.once('close', () => {
      if (answer.req.complete && socket.writable) answerProblem();
      else socket.destroy();
    });
  };
}

/**
 * CONNECT never reaches the router (Node hands it over as a tunnel request): answer it as the
 * router would answer any other method, 405 on a known path (counted under the path's route) and
 * 404 elsewhere, and close.
 */
export function connectHandler(
  responder: Responder,
  requestIds: RequestIds,
  routeOf: (path: string) => { readonly label: string; readonly allow: string } | undefined,
): (request: IncomingMessage, socket: Duplex) => void {
  return (request, socket) => {
    const path = instanceOf(request.url);
    const route = routeOf(path);
    const problem: ProblemSpec =
      route !== undefined
        ? { code: 'METHOD_NOT_ALLOWED', detail: `CONNECT is not allowed here; use ${route.allow}.` }
        : { code: 'RESOURCE_NOT_FOUND', detail: 'No resource exists at this path.' };
    writeRawProblem(socket, responder, {
      operation: route?.label ?? UNROUTED,
      requestId: requestIds.forRequest(request),
      problem,
      instance: path,
      headers: route !== undefined ? ['Allow', route.allow] : [],
      origin: request.headers.origin,
    });
  };
}

/**
 * Answers a request whose Expect header names anything but 100-continue (Node would send a bare
 * 417 and keep the connection) with a problem, and closes the connection: the service reads no
 * body, so no expectation about one can be met.
 */
export function expectationHandler(responder: Responder, requestIds: RequestIds): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const problem: ProblemSpec = { code: 'EXPECTATION_FAILED', detail: EXPECTATION_FAILED_DETAIL };
    const { status, headers, body } = rawProblem(responder.policy, { requestId: requestIds.forRequest(request), problem, instance: instanceOf(request.url), origin: request.headers.origin });
    // Through the response Node made for the request: it keeps the order of pipelined answers and
    // leaves the body out of a HEAD answer.
    response.writeHead(status, headers.flat());
    response.end(body);
    responder.countRawAnswer(UNROUTED, status);
  };
}

/** A problem answered outside Fastify: what it is, for whom, and what it carries besides. */
interface RawProblem {
  /** The metrics label. */
  readonly operation?: string;
  readonly requestId: string;
  readonly problem: ProblemSpec;
  readonly instance: string;
  /** Name, value, name, value… (Allow for a 405). */
  readonly headers?: readonly string[];
  /** The request's Origin, when the request was understood; otherwise only `*` can be granted. */
  readonly origin?: string | undefined;
}

function writeRawProblem(socket: Duplex, responder: Responder, raw: RawProblem & { readonly operation: string }): void {
  const { status, headers, body } = rawProblem(responder.policy, raw);
  // node:http adds Date to the answers it writes; this one is written by hand.
  const head = [['Date', new Date().toUTCString()] as const, ...headers].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${REASON_PHRASES[status] ?? ''}\r\n${head}\r\n${body}`);
  responder.countRawAnswer(raw.operation, status);
}

/**
 * A problem answer with the headers every answer carries (as the responder writes them), written
 * outside Fastify, closing the connection. `origin` is the request's Origin when the request was
 * understood; otherwise only `*` can be granted.
 */
function rawProblem(
  policy: ResponsePolicy,
  { requestId, problem, instance, headers: extraHeaders = [], origin }: RawProblem,
): { readonly status: number; readonly headers: readonly (readonly [string, string])[]; readonly body: string } {
  const body = problemJson(problemRecord(policy.docsUrl, problem, instance, requestId));
  const status = PROBLEM_TYPES[problem.code].status;
  const headers: [string, string][] = [
    ['Content-Type', PROBLEM_CONTENT_TYPE],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['X-Request-Id', requestId],
    ['Cache-Control', CACHE_NEVER],
    ...Object.entries(SECURITY_HEADERS),
    ['Content-Security-Policy', JSON_CSP],
  ];
  if (policy.corsOrigins === '*') {
    headers.push(['Access-Control-Allow-Origin', '*'], ['Access-Control-Expose-Headers', CORS_EXPOSED]);
  } else if (policy.corsOrigins.size > 0) {
    headers.push(['Vary', 'Origin']);
    if (origin !== undefined && policy.corsOrigins.has(origin)) {
      headers.push(['Access-Control-Allow-Origin', origin], ['Access-Control-Expose-Headers', CORS_EXPOSED]);
    }
  }
  for (let at = 0; at + 1 < extraHeaders.length; at += 2) headers.push([extraHeaders[at] ?? '', extraHeaders[at + 1] ?? '']);
  headers.push(['Connection', 'close']);
  return { status, headers, body };
}

function problemFor(code: string | undefined): ProblemSpec {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', detail: 'The request line or headers are larger than this service accepts.' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: 'REQUEST_TIMEOUT', detail: 'The request was not received in time.' };
  }
  return { code: 'BAD_REQUEST', detail: 'The request is not valid HTTP (for example a raw control character in the request line).' };
}

/** The path of the rejected request line when it can be read (as UTF-8, as sent), for the problem's `instance`. */
function requestTargetPath(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '/';
  const firstLine = rawPacket.subarray(0, 8192).toString('utf8').split('\r\n')[0] ?? '';
  const target = firstLine.split(' ')[1] ?? '';
  return target.startsWith('/') || /^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? instanceOf(target) : '/';
}
