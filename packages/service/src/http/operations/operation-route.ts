import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { AnswerBytes } from './answer-bytes.js';
import { InputProblem } from '@china-holiday-calendar/core/questions/input-problem.js';
import type { Answer, ApiOperation } from './api-operation.js';
import { CSV_CONTENT_TYPE, dayRowsCsv } from './day-csv.js';
import { BYTE_ORDER_MARK } from '../kernel/csv.js';
import { sendProblem, type ProblemSpec } from '../kernel/problems.js';
import { queryValues, type UnparsedQuery } from '../kernel/query-string.js';
import { BYTE_ORDER_MARK_PARAMETER, preferredRepresentation, readByteOrderMark } from '../kernel/representation.js';
import { CACHE_SETTLED, CACHE_UNSETTLED, type HeaderList, type Responder } from '../kernel/response-policy.js';
import { writeAnswer } from '../kernel/answer-writer.js';
import type { ServiceRoute } from '../kernel/service-route.js';

/** Where handlers get the calendar: the one atomically swapped core with its bytes, or none before the first load. */
export interface CalendarSource {
  current(): AnswerBytes | undefined;
}

/** Seconds a client should wait after a 503: the default interval of the data directory check. */
export const RETRY_AFTER_SECONDS = '30';

/** How an answer goes out: its media type, what its ETag key adds, and whether it varies on Accept. */
interface Form {
  readonly contentType: string;
  readonly keySuffix: string;
  readonly variesOnAccept: boolean;
}

const CACHE_SETTLED_HEADERS: HeaderList = ['cache-control', CACHE_SETTLED];
const CACHE_UNSETTLED_HEADERS: HeaderList = ['cache-control', CACHE_UNSETTLED];

/**
 * The handler of one API operation: read the parameters, ask the calendar once, write the answer
 * with a strong ETag (dataset version + the answer's key) and a Cache-Control that keeps settled
 * answers long and answers containing UNKNOWN days short (writeAnswer: a large answer in
 * the coding the request prefers, with the ETag of that coding). A range or a year goes out as CSV
 * when the request prefers it.
 */
export function operationRoute(operation: ApiOperation<unknown>, calendar: CalendarSource, responder: Responder): ServiceRoute {
  const { operationId, parameters, csv } = operation;
  // Where each parameter is read from: the names to look for in the query, and the path's.
  const queryNames = parameters.map((parameter) => (parameter.in === 'query' ? parameter.name : undefined));
  const pathParameters = parameters.flatMap((parameter, at) => (parameter.in === 'path' ? [{ at, name: parameter.name }] : []));
  // An operation with a CSV representation negotiates it: every answer of it varies on Accept.
  const negotiates = csv !== undefined;
  const json: Form = { contentType: operation.response.contentType, keySuffix: '', variesOnAccept: negotiates };
  const csvForm: Form = { contentType: CSV_CONTENT_TYPE, keySuffix: '.csv', variesOnAccept: true };
  const csvWithMarkForm: Form = { contentType: CSV_CONTENT_TYPE, keySuffix: '.csv-bom', variesOnAccept: true };

  const write = (request: FastifyRequest, reply: FastifyReply, calendar: AnswerBytes, question: unknown, answer: Answer, form: Form): void | Promise<void> => {
    if (answer instanceof InputProblem) {
      sendProblem(responder, request, reply, answer, { operation: operationId });
      return;
    }
    if (isUnavailable(answer)) {
      sendProblem(responder, request, reply, unavailableProblem(answer.year), { operation: operationId, headers: ['retry-after', RETRY_AFTER_SECONDS] });
      return;
    }
    const etag = `"${calendar.core.version}/${operation.answerKey(question)}${form.keySuffix}"`;
    const cacheControl = operation.isSettled(calendar, question) ? CACHE_SETTLED_HEADERS : CACHE_UNSETTLED_HEADERS;
    return writeAnswer(responder, request, reply, { operation: operationId, contentType: form.contentType, body: answer, etag, headers: cacheControl, variesOnAccept: form.variesOnAccept });
  };

  return {
    path: operation.path,
    doc: { kind: 'api', operation },
    handle(request, reply) {
      // The app hands the query over unparsed (see buildApp): only the operation's own names are read.
      const query = (request.query as UnparsedQuery).text;
      const values = queryValues(query, queryNames);
      for (const { at, name } of pathParameters) values[at] = (request.params as Readonly<Record<string, string>>)[name];
      const question = operation.read(values);
      if (question instanceof InputProblem) {
        sendProblem(responder, request, reply, question, { operation: operationId });
        return;
      }
      // CSV when the request prefers it; its one parameter of its own is checked after the operation's.
      let byteOrderMark: boolean | undefined;
      if (negotiates && preferredRepresentation(request.headers.accept) === 'csv') {
        const read = readByteOrderMark(queryValues(query, [BYTE_ORDER_MARK_PARAMETER])[0]);
        if (read instanceof InputProblem) {
          sendProblem(responder, request, reply, read, { operation: operationId });
          return;
        }
        byteOrderMark = read;
      }
      // One read of the calendar per request: a reload swapping it meanwhile cannot mix two datasets.
      const loaded = loadedCalendar(calendar);
      if (loaded === undefined) {
        sendProblem(responder, request, reply, unavailableProblem(undefined), { operation: operationId, headers: ['retry-after', RETRY_AFTER_SECONDS] });
        return;
      }
      if (byteOrderMark !== undefined && csv !== undefined) {
        const [start, end] = csv.days(question);
        const rows =
          csv.rows === undefined
            ? dayRowsCsv(loaded.core, (day) => loaded.dayCsvRecord(day), start, end, byteOrderMark)
            : csv.rows(loaded, question, byteOrderMark ? BYTE_ORDER_MARK : '');
        return write(request, reply, loaded, question, rows, byteOrderMark ? csvWithMarkForm : csvForm);
      }
      const answer = operation.answer(loaded, question);
      // Only an answer rendered on first use (the calendar feed) is a promise.
      if (answer instanceof Promise) return answer.then((resolved) => write(request, reply, loaded, question, resolved, json));
      return write(request, reply, loaded, question, answer, json);
    },
  };
}

/**
 * The calendar to answer from, or undefined before the first load and for a dataset that
 * publishes no year at all (a wrong or empty DATA_DIR): that would answer UNKNOWN for every date,
 * but it is missing data, not an unpublished year.
 */
export function loadedCalendar(calendar: CalendarSource): AnswerBytes | undefined {
  const loaded = calendar.current();
  return loaded === undefined || loaded.core.publishedYears.length === 0 ? undefined : loaded;
}

/**
 * The problem of an answer that needs data that cannot be read: a published year's, or any at all.
 * Without any data the cause is the service's, not the request's: the detail points to /readyz,
 * which says it (a reader's origin and its last error, the published years).
 */
export function unavailableProblem(year: number | undefined): ProblemSpec {
  return {
    code: 'CALENDAR_DATA_UNAVAILABLE',
    detail:
      year === undefined
        ? 'No calendar data is loaded: none read yet (a reader following DATA_URL has taken no copy from its origin yet), or the data directory publishes no year. GET /readyz shows why; retry shortly.'
        : `The published arrangement data for ${year} cannot be read right now; dates of other years are unaffected. Retry later.`,
  };
}
