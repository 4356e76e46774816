import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { AnswerBytes } from './operations/answer-bytes.js';
import { InputProblem } from '@china-holiday-calendar/core/questions/input-problem.js';
import { codingFor, codingHeaders, etagInCoding, type ContentCoding } from './compression.js';
import type { Answer, AnswerBody, ApiOperation } from './operations/api-operation.js';
import { sendProblem, type ProblemSpec } from './problems.js';
import { queryValues, type UnparsedQuery } from './query-string.js';
import { CACHE_SETTLED, CACHE_UNSETTLED, matchesIfNoneMatch, type Responder } from './response-policy.js';
import type { ServiceRoute } from './service-route.js';

/** Where handlers get the calendar: the one atomically swapped core with its bytes, or none before the first load. */
export interface CalendarSource {
  current(): AnswerBytes | undefined;
}

/** Seconds a client should wait after a 503: the default interval of the data directory check. */
export const RETRY_AFTER_SECONDS = '30';

/**
 * The handler of one API operation: read the parameters, ask the calendar once, write the answer
 * with a strong ETag (dataset version + the answer's key) and a Cache-Control that keeps settled
 * answers long and answers containing UNKNOWN days short. A large answer (a long range, the feed)
 * goes out in the coding the request prefers, with the ETag of that coding.
 */
export function operationRoute(operation: ApiOperation<unknown>, calendar: CalendarSource, responder: Responder): ServiceRoute {
  const { operationId, parameters } = operation;
  const contentType = operation.response.contentType;
  // Where each parameter is read from: the names to look for in the query, and the path's.
  const queryNames = parameters.map((parameter) => (parameter.in === 'query' ? parameter.name : undefined));
  const pathParameters = parameters.flatMap((parameter, at) => (parameter.in === 'path' ? [{ at, name: parameter.name }] : []));

  const write = (request: FastifyRequest, reply: FastifyReply, calendar: AnswerBytes, question: unknown, answer: Answer): void | Promise<void> => {
    if (answer instanceof InputProblem) {
      sendProblem(responder, request, reply, answer, operationId);
      return;
    }
    if (isUnavailable(answer)) {
      sendProblem(responder, request, reply, unavailableProblem(answer.year), operationId, ['retry-after', RETRY_AFTER_SECONDS]);
      return;
    }
    const etag = `"${calendar.core.version}/${operation.answerKey(question)}"`;
    const cacheControl = operation.isSettled(calendar.core, question) ? CACHE_SETTLED : CACHE_UNSETTLED;
    const coding = codingFor(request, answer);
    if (coding !== undefined) return writeInCoding(request, reply, coding, etag, cacheControl, answer);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      responder.write(request, reply, operationId, 304, ['etag', etag, 'cache-control', cacheControl]);
      return;
    }
    responder.write(request, reply, operationId, 200, ['content-type', contentType, 'etag', etag, 'cache-control', cacheControl], answer);
  };

  /** A large answer: validated against its coding's ETag, compressed once per ETag (which holds the dataset version). */
  const writeInCoding = (
    request: FastifyRequest,
    reply: FastifyReply,
    coding: ContentCoding,
    identityEtag: string,
    cacheControl: string,
    answer: AnswerBody,
  ): void | Promise<void> => {
    const etag = etagInCoding(identityEtag, coding);
    const headers = ['etag', etag, 'cache-control', cacheControl, ...codingHeaders(coding)];
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      responder.write(request, reply, operationId, 304, headers);
      return;
    }
    const body = responder.encodedBodies.get(identityEtag, coding, answer);
    if (!(body instanceof Promise)) {
      responder.write(request, reply, operationId, 200, ['content-type', contentType, ...headers], body);
      return;
    }
    return body.then((encoded) => {
      responder.write(request, reply, operationId, 200, ['content-type', contentType, ...headers], encoded);
    });
  };

  return {
    path: operation.path,
    doc: { kind: 'api', operation },
    handle(request, reply) {
      // The app hands the query over unparsed (see buildApp): only the operation's own names are read.
      const values = queryValues((request.query as UnparsedQuery).text, queryNames);
      for (const { at, name } of pathParameters) values[at] = (request.params as Readonly<Record<string, string>>)[name];
      const question = operation.read(values);
      if (question instanceof InputProblem) {
        sendProblem(responder, request, reply, question, operationId);
        return;
      }
      // One read of the calendar per request: a reload swapping it meanwhile cannot mix two datasets.
      const loaded = calendar.current();
      // A dataset that publishes no year at all (a wrong or empty DATA_DIR) would answer UNKNOWN
      // for every date: that is missing data, not an unpublished year.
      if (loaded === undefined || loaded.core.publishedYears.length === 0) {
        sendProblem(responder, request, reply, unavailableProblem(undefined), operationId, ['retry-after', RETRY_AFTER_SECONDS]);
        return;
      }
      const answer = operation.answer(loaded, question);
      // Only an answer rendered on first use (the calendar feed) is a promise.
      if (answer instanceof Promise) return answer.then((resolved) => write(request, reply, loaded, question, resolved));
      return write(request, reply, loaded, question, answer);
    },
  };
}

/** The problem of an answer that needs data that cannot be read: a published year's, or any at all. */
export function unavailableProblem(year: number | undefined): ProblemSpec {
  return {
    code: 'CALENDAR_DATA_UNAVAILABLE',
    detail:
      year === undefined
        ? 'No calendar data is loaded (none read yet, or the data directory publishes no year); retry shortly.'
        : `The published arrangement data for ${year} cannot be read right now; dates of other years are unaffected. Retry later.`,
  };
}
