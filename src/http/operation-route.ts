import { isUnavailable } from '../calendar/answers.js';
import type { CalendarIndex } from '../calendar/calendar-index.js';
import { isProblem, readDateParameters, type RawValues } from './date-parameters.js';
import type { ApiOperation } from './operations.js';
import { sendProblem, type ProblemSpec } from './problems.js';
import type { ServiceRoute } from './service-route.js';

/** Where handlers get the calendar: the one atomically swapped index, or none before the first load. */
export interface CalendarSource {
  current(): CalendarIndex | undefined;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const NO_DATASET = { year: 0 } as const;

/** The handler of one API operation: parse the parameters, ask the index once, write the answer. */
export function operationRoute(operation: ApiOperation, calendar: CalendarSource, docsUrl: string): ServiceRoute {
  return {
    path: operation.path,
    doc: { kind: 'api', operation },
    handle(request, reply) {
      const dates = readDateParameters(
        operation.parameters,
        (location) => (location === 'path' ? request.params : request.query) as RawValues,
        operation.isRange,
      );
      if (isProblem(dates)) return sendProblem(reply, request, docsUrl, dates);
      // One read of the index per request: a reload swapping it meanwhile cannot mix two datasets.
      const index = calendar.current();
      const answer = index === undefined ? NO_DATASET : operation.answer(index, dates);
      if (answer === NO_DATASET || isUnavailable(answer)) {
        return sendProblem(reply.header('retry-after', '30'), request, docsUrl, unavailableProblem(answer.year));
      }
      return reply.header('content-type', JSON_CONTENT_TYPE).header('x-request-id', request.id).send(answer);
    },
  };
}

function unavailableProblem(year: number): ProblemSpec {
  return {
    code: 'CALENDAR_DATA_UNAVAILABLE',
    detail:
      year === 0
        ? 'No calendar data has been loaded yet; retry shortly.'
        : `The published arrangement data for ${year} cannot be read right now; dates of other years are unaffected. Retry later.`,
  };
}
