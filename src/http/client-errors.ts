import type { Socket } from 'node:net';
import { instanceOf, problemRecord, PROBLEM_CONTENT_TYPE, PROBLEM_TYPES, type ProblemSpec } from './problems.js';
import type { RequestIds } from './request-id.js';

type ClientError = Error & { code?: string | undefined; rawPacket?: unknown };

const REASON_PHRASES: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Answers requests that Node's HTTP parser rejects before any route sees them (a raw NUL or
 * space in the request line, oversized headers, a malformed request, a request that never
 * finishes arriving) with a problem body rather than a bare status, then closes the connection.
 */
export function clientErrorHandler(docsUrl: string, requestIds: RequestIds): (error: ClientError, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const problem = problemFor(error.code);
    const requestId = requestIds.next();
    const body = JSON.stringify(problemRecord(docsUrl, problem, requestTargetPath(error.rawPacket), requestId));
    const status = PROBLEM_TYPES[problem.code].status;
    socket.end(
      `HTTP/1.1 ${status} ${REASON_PHRASES[status] ?? ''}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
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

/** The path of the rejected request line when it can be read, for the problem's `instance`. */
function requestTargetPath(rawPacket: unknown): string {
  if (!Buffer.isBuffer(rawPacket)) return '/';
  const firstLine = rawPacket.subarray(0, 2048).toString('latin1').split('\r\n')[0] ?? '';
  const target = firstLine.split(' ')[1] ?? '';
  return target.startsWith('/') ? instanceOf(target) : '/';
}
