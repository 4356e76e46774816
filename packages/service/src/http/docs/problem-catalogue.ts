import { FIRST_SUPPORTED_DAY } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { MAX_RANGE_DAYS } from '@china-holiday-calendar/core/questions/date-parameters.js';
import { problemRecord, type ProblemCode, type ProblemRecord } from '../kernel/problems.js';
import { ALLOWED_METHODS } from '../kernel/response-policy.js';
import { EXPECTATION_FAILED_DETAIL } from '../ops/client-errors.js';
import { MCP_BODY_LIMIT, MCP_ORIGIN_REFUSED, MCP_TOO_LARGE } from '../mcp/mcp-endpoint.js';

/** What each problem type means and how a client fixes it: the problem pages and the OpenAPI examples. */
export interface ProblemExplanation {
  readonly meaning: string;
  readonly fix: string;
  /** A request that causes it, and the detail the service then gives. */
  readonly exampleRequest: string;
  readonly exampleDetail: string;
}

const FIRST = formatIsoDate(FIRST_SUPPORTED_DAY);

/** The problem record a problem page or the OpenAPI document shows as an example. */
export function exampleProblem(code: ProblemCode, docsUrl: string, instance: string): ProblemRecord {
  return problemRecord(docsUrl, { code, detail: PROBLEM_CATALOGUE[code].exampleDetail }, instance, '3f9a2c1d5e7b-1');
}

export const PROBLEM_CATALOGUE: Readonly<Record<ProblemCode, ProblemExplanation>> = {
  MISSING_PARAMETER: {
    meaning: 'A required query parameter is absent. The detail names every absent one.',
    fix: 'Send every parameter the operation requires: startDate and endDate for ranges and counts, fromDate for the next holiday.',
    exampleRequest: 'GET /v1/china-calendar/workdays',
    exampleDetail: 'Required parameters missing: startDate, endDate.',
  },
  INVALID_DATE_FORMAT: {
    meaning:
      'A date is not exactly yyyy-MM-dd (four ASCII digits, hyphen, two digits, hyphen, two digits) or is not a real calendar date. Empty values, spaces, a time or zone suffix, slashes, short parts, full-width digits and a parameter given more than once are all rejected. When the value is a near miss of a real date (2024-2-4, 20240204, 2024/02/04, surrounding spaces, a trailing time or zone), the detail says which date was probably meant.',
    fix: 'Send each date once, as yyyy-MM-dd, e.g. 2024-02-29 (valid: a leap year) rather than 2023-02-29, 2024/1/5 or 2024-01-05T00:00.',
    exampleRequest: 'GET /v1/china-calendar/date-ranges?startDate=2024/01/05&endDate=2024-01-31',
    exampleDetail: 'startDate must be a real calendar date in yyyy-MM-dd form; got "2024/01/05"; did you mean 2024-01-05?',
  },
  DATE_OUT_OF_SUPPORTED_RANGE: {
    meaning: `A date is earlier than ${FIRST}. The official arrangements the service holds begin with the 2008 notice.`,
    fix: `Ask about dates on or after ${FIRST}.`,
    exampleRequest: 'GET /v1/china-calendar/workdays?startDate=2007-12-31&endDate=2008-01-31',
    exampleDetail: `startDate 2007-12-31 is before ${FIRST}, the earliest supported date.`,
  },
  INVALID_DATE_RANGE: {
    meaning: 'startDate is later than endDate.',
    fix: 'Swap the two dates; both ends are inclusive, so a one-day range has startDate equal to endDate.',
    exampleRequest: 'GET /v1/china-calendar/workdays?startDate=2024-12-31&endDate=2024-01-01',
    exampleDetail: 'startDate 2024-12-31 is later than endDate 2024-01-01.',
  },
  DATE_RANGE_TOO_LARGE: {
    meaning: `The range spans more than ${MAX_RANGE_DAYS} days, counting both ends.`,
    fix: `Split the range into pieces of at most ${MAX_RANGE_DAYS} days (a whole leap year fits) and add the counts.`,
    exampleRequest: 'GET /v1/china-calendar/workdays?startDate=2024-01-01&endDate=2025-01-02',
    exampleDetail: `The range 2024-01-01..2025-01-02 spans 368 days; at most ${MAX_RANGE_DAYS} days, both ends included, are allowed.`,
  },
  INVALID_PARAMETER: {
    meaning:
      'A parameter that is not a date is malformed: days of a working-day offset (a whole number from -1000 to 1000 in plain digits), the year of a year overview (exactly four digits), or years and lang of the calendar feed. The detail names the parameter and the rule.',
    fix: 'Send the parameter in the form the detail states, e.g. days=5 or days=-3, /years/2026, years=2024..2026, lang=en.',
    exampleRequest: 'GET /v1/china-calendar/workday-offset?fromDate=2026-09-30&days=%2B3',
    exampleDetail:
      'days must be a whole number of working days from -1000 to 1000, written in plain digits with an optional leading - (no +, no leading zeros, no decimals); got "+3".',
  },
  RESOURCE_NOT_FOUND: {
    meaning: 'The service has no resource at this path, whatever the method.',
    fix: 'Check the path against the API reference: paths are case-sensitive, have no trailing slash, and start with /v1/china-calendar.',
    exampleRequest: 'GET /v1/china-calendar/holidays',
    exampleDetail: 'No resource exists at this path.',
  },
  METHOD_NOT_ALLOWED: {
    meaning: `The path exists but only answers ${ALLOWED_METHODS} (OPTIONS for CORS preflight). The Allow header lists the methods.`,
    fix: 'Use GET (or HEAD): the service is read-only and takes no request body.',
    exampleRequest: 'POST /v1/china-calendar/workdays',
    exampleDetail: `POST is not allowed here; use ${ALLOWED_METHODS}.`,
  },
  CALENDAR_DATA_UNAVAILABLE: {
    meaning:
      'The answer needs a date of a published year whose data cannot be read right now (for example a damaged data file with no good copy). Dates of other years keep answering. This is never used for unpublished years: those answer 200 with UNKNOWN.',
    fix: 'Retry after the number of seconds in the Retry-After header. If it persists, tell the operators, quoting the requestId.',
    exampleRequest: 'GET /v1/china-calendar/dates/2019-05-01',
    exampleDetail: 'The published arrangement data for 2019 cannot be read right now; dates of other years are unaffected. Retry later.',
  },
  INTERNAL_ERROR: {
    meaning: 'Something unexpected failed inside the service. No internal detail is shown.',
    fix: 'Retry; if it persists, report it to the operators quoting the requestId (also in the X-Request-Id header).',
    exampleRequest: 'GET /v1/china-calendar/dates/2024-01-01',
    exampleDetail: 'An unexpected error occurred; quote the requestId when reporting it.',
  },
  BAD_REQUEST: {
    meaning:
      "Transport level: the request is not valid HTTP (for example a raw control character or space in the request line), so Node's HTTP parser rejected it before any route. The connection is closed.",
    fix: 'Percent-encode the request target; use a standard HTTP client.',
    exampleRequest: 'GET /v1/china-calendar/dates/2024 01 01 HTTP/1.1 (raw spaces)',
    exampleDetail: 'The request is not valid HTTP (for example a raw control character in the request line).',
  },
  REQUEST_TIMEOUT: {
    meaning:
      'Transport level: the request line and headers (and, for POST /mcp, the body) did not arrive within the request timeout. The connection is closed.',
    fix: 'Send the whole request promptly; reconnect and retry.',
    exampleRequest: 'a connection that sends half a request line and stalls',
    exampleDetail: 'The request was not received in time.',
  },
  EXPECTATION_FAILED: {
    meaning:
      'Transport level: the request carries an Expect header with an expectation other than 100-continue, which this service cannot meet (it reads no request body). The connection is closed.',
    fix: 'Leave the Expect header out: the service needs no request body and no expectation.',
    exampleRequest: 'GET /v1/china-calendar/dates/2024-01-01 with Expect: foo',
    exampleDetail: EXPECTATION_FAILED_DETAIL,
  },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    meaning: 'Transport level: the request line and headers together exceed 8 KiB. The connection is closed.',
    fix: 'Send fewer or smaller headers and a shorter URL; the service needs none beyond the standard ones.',
    exampleRequest: 'GET /v1/china-calendar/dates/2024-01-01 with a 20 KiB cookie',
    exampleDetail: 'The request line or headers are larger than this service accepts.',
  },
  CONTENT_TOO_LARGE: {
    meaning: `The body of a POST to the MCP endpoint (/mcp) is larger than ${MCP_BODY_LIMIT / 1024} KiB, the most it reads; a tool call needs a few hundred bytes. The connection is closed.`,
    fix: 'Send one JSON-RPC message at a time, with only the arguments the tool takes.',
    exampleRequest: `POST /mcp with a body of ${MCP_BODY_LIMIT / 1024 + 1} KiB`,
    exampleDetail: MCP_TOO_LARGE,
  },
  ORIGIN_NOT_ALLOWED: {
    meaning:
      'The MCP endpoint (/mcp) was called from a web page whose origin is neither a loopback origin (localhost, 127.0.0.1, [::1]) nor listed in MCP_ALLOWED_ORIGINS. The Model Context Protocol asks servers to refuse such requests, so that a page cannot reach a server on a private network through DNS rebinding. CORS_ORIGINS plays no part here.',
    fix: "Add the agent page's origin to MCP_ALLOWED_ORIGINS (and to CORS_ORIGINS if that is not *, so that the page may read the answer), or call from a program rather than a web page: a request without an Origin header is not refused.",
    exampleRequest: 'POST /mcp with Origin: https://elsewhere.example, and MCP_ALLOWED_ORIGINS unset',
    exampleDetail: MCP_ORIGIN_REFUSED,
  },
};
