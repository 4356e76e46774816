import type { FastifyReply, FastifyRequest } from 'fastify';
import { problemJson, type Problem } from '@china-holiday-calendar/core/answers/answer-json.js';
import { CACHE_NEVER, type HeaderList, type Responder } from './response-policy.js';

/** Every problem type (docs/interface.md, Problems), with its HTTP status and title. */
export const PROBLEM_TYPES = {
  INVALID_DATE_FORMAT: { status: 400, title: 'Invalid date format' },
  MISSING_PARAMETER: { status: 400, title: 'Missing parameter' },
  INVALID_DATE_RANGE: { status: 400, title: 'Invalid date range' },
  DATE_RANGE_TOO_LARGE: { status: 400, title: 'Date range too large' },
  DATE_OUT_OF_SUPPORTED_RANGE: { status: 400, title: 'Date out of supported range' },
  RESOURCE_NOT_FOUND: { status: 404, title: 'Resource not found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  CALENDAR_DATA_UNAVAILABLE: { status: 503, title: 'Calendar data unavailable' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  // docs/design.md (Beyond the interface): a malformed parameter that is not a date (the business-day operations).
  INVALID_PARAMETER: { status: 400, title: 'Invalid parameter' },
  // Transport-level problems, outside the table of docs/interface.md (Problems): Node's HTTP parser rejects these
  // requests before any route (or any rule of the interface) can apply.
  BAD_REQUEST: { status: 400, title: 'Bad request' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request timeout' },
  EXPECTATION_FAILED: { status: 417, title: 'Expectation failed' },
  REQUEST_HEADER_FIELDS_TOO_LARGE: { status: 431, title: 'Request header fields too large' },
  // The MCP endpoint's, the only route that reads a request body (docs/agents.md).
  CONTENT_TOO_LARGE: { status: 413, title: 'Content too large' },
  ORIGIN_NOT_ALLOWED: { status: 403, title: 'Origin not allowed' },
} as const;

export type ProblemCode = keyof typeof PROBLEM_TYPES;

export const PROBLEM_CODES = Object.keys(PROBLEM_TYPES) as readonly ProblemCode[];

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** What went wrong, before it is addressed to a request. */
export interface ProblemSpec {
  readonly code: ProblemCode;
  readonly detail: string;
}

/** What an unexpected failure answers: nothing of its cause is shown. */
export const INTERNAL_ERROR_PROBLEM: ProblemSpec = {
  code: 'INTERNAL_ERROR',
  detail: 'An unexpected error occurred; quote the requestId when reporting it.',
};

/**
 * The problem record (docs/interface.md, Problem), field for field: the type generated from its
 * resource schema (packages/service/src/http/kernel/resource-schemas.ts), its code one of ours.
 */
export interface ProblemRecord extends Problem {
  readonly code: ProblemCode;
}

const PROBLEM_SLUGS = Object.fromEntries(PROBLEM_CODES.map((code) => [code, code.toLowerCase().replaceAll('_', '-')])) as Readonly<
  Record<ProblemCode, string>
>;

/** `INVALID_DATE_FORMAT` → `invalid-date-format`: the last segment of the problem's type URI. */
export function problemSlug(code: ProblemCode): string {
  return PROBLEM_SLUGS[code];
}

export function problemTypeUri(docsUrl: string, code: ProblemCode): string {
  return `${docsUrl}/problems/${problemSlug(code)}`;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;
const SLASH = 0x2f;

/**
 * The request path exactly as the client sent it, without the query string. An absolute-form
 * request target (`GET http://host/path`) contributes only its path: the client's host is not ours.
 */
export function instanceOf(rawUrl: string | undefined): string {
  let url = rawUrl ?? '/';
  const authority = url.charCodeAt(0) === SLASH ? null : ABSOLUTE_FORM.exec(url);
  if (authority) url = url.slice(authority[0].length) || '/';
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

export function problemRecord(docsUrl: string, problem: ProblemSpec, instance: string, requestId: string): ProblemRecord {
  const { status, title } = PROBLEM_TYPES[problem.code];
  return {
    type: problemTypeUri(docsUrl, problem.code),
    title,
    status,
    detail: problem.detail,
    instance,
    code: problem.code,
    requestId,
  };
}

const PROBLEM_HEADERS: HeaderList = ['content-type', PROBLEM_CONTENT_TYPE, 'cache-control', CACHE_NEVER];

/** How a problem answer is labelled and what it carries besides the problem. */
export interface ProblemAnswer {
  /** The metrics label: the operation id, or the route's own label; "none" before routing. */
  readonly operation?: string;
  /** Headers the problem calls for (Retry-After for a 503, Allow for a 405, …). */
  readonly headers?: HeaderList;
}

/**
 * The one way the service answers with a problem: the record of docs/interface.md, Problem, as
 * `application/problem+json` (exactly, no charset), never cached.
 */
export function sendProblem(responder: Responder, request: FastifyRequest, reply: FastifyReply, problem: ProblemSpec, answer: ProblemAnswer = {}): void {
  const record = problemRecord(responder.policy.docsUrl, problem, instanceOf(request.raw.url), request.id);
  responder.write(request, reply, {
    operation: answer.operation ?? 'none',
    status: record.status,
    headers: PROBLEM_HEADERS,
    moreHeaders: answer.headers,
    body: problemJson(record),
  });
}
