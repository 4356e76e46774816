import { isUnavailable } from '../calendar/answers.js';
import type { CalendarIndex } from '../calendar/calendar-index.js';
import { isProblem, readDateParameters, type RawValues } from './date-parameters.js';
import type { ApiOperation } from './operations.js';
import { sendProblem, type ProblemSpec } from './problems.js';
import { CACHE_SETTLED, CACHE_UNSETTLED, matchesIfNoneMatch, type Responder } from './response-policy.js';
import type { ServiceRoute } from './service-route.js';

/** Where handlers get the calendar: the one atomically swapped index, or none before the first load. */
export interface CalendarSource {
  current(): CalendarIndex | undefined;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const NO_DATASET = Symbol('no dataset loaded');
/** Seconds a client should wait after a 503: the default interval of the data directory check. */
const RETRY_AFTER_SECONDS = '30';

/**
 * The handler of one API operation: parse the parameters, ask the index once, write the answer
 * with a strong ETag (dataset version + the answer's key) and a Cache-Control that keeps settled
 * answers long and answers containing UNKNOWN days short.
 */
export function operationRoute(operation: ApiOperation, calendar: CalendarSource, responder: Responder): ServiceRoute {
  const { operationId } = operation;
  return {
    path: operation.path,
    doc: { kind: 'api', operation },
    handle(request, reply) {
      const dates = readDateParameters(operation.parameters, request.params as RawValues, request.query as RawValues, operation.isRange);
      if (isProblem(dates)) {
        sendProblem(responder, request, reply, dates, operationId);
        return;
      }
      // One read of the index per request: a reload swapping it meanwhile cannot mix two datasets.
      const loaded = calendar.current();
      // A dataset that publishes no year at all (a wrong or empty DATA_DIR) would answer UNKNOWN
      // for every date: that is missing data, not an unpublished year.
      const index = loaded?.publishedYears.length ? loaded : undefined;
      const answer = index === undefined ? NO_DATASET : operation.answer(index, dates);
      if (index === undefined || answer === NO_DATASET || isUnavailable(answer)) {
        const year = isUnavailable(answer) ? answer.year : undefined;
        sendProblem(responder, request, reply, unavailableProblem(year), operationId, ['retry-after', RETRY_AFTER_SECONDS]);
        return;
      }
      const etag = `"${index.version}/${operation.answerKey(dates)}"`;
      const cacheControl = operation.isSettled(index, dates) ? CACHE_SETTLED : CACHE_UNSETTLED;
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        responder.write(request, reply, operationId, 304, ['etag', etag, 'cache-control', cacheControl]);
        return;
      }
      responder.write(request, reply, operationId, 200, ['content-type', JSON_CONTENT_TYPE, 'etag', etag, 'cache-control', cacheControl], answer);
    },
  };
}

function unavailableProblem(year: number | undefined): ProblemSpec {
  return {
    code: 'CALENDAR_DATA_UNAVAILABLE',
    detail:
      year === undefined
        ? 'No calendar data is loaded (none read yet, or the data directory publishes no year); retry shortly.'
        : `The published arrangement data for ${year} cannot be read right now; dates of other years are unaffected. Retry later.`,
  };
}
