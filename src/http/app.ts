import { METHODS } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { isUnavailable } from '../calendar/answers.js';
import type { CalendarIndex } from '../calendar/calendar-index.js';
import { isProblem, readDateParameters, type RawValues } from './date-parameters.js';
import { API_OPERATIONS, type ApiOperation } from './operations.js';
import { sendProblem, type ProblemSpec } from './problems.js';
import { createRequestIds } from './request-id.js';
import { clientErrorHandler } from './client-errors.js';

/** Where handlers get the calendar: the one atomically swapped index, or none before the first load. */
export interface CalendarSource {
  current(): CalendarIndex | undefined;
}

export interface AppOptions {
  readonly calendar: CalendarSource;
  /** Base of the problem type URIs, without a trailing slash. */
  readonly docsUrl: string;
  readonly logger?: FastifyBaseLogger;
  /** Routes outside the API (health, documentation), served with the same 404/405 rules. */
  readonly extraRoutes?: readonly ServiceRoute[];
}

/** A route of the service: its path (OpenAPI template form) and what GET (and HEAD) answer. */
export interface ServiceRoute {
  readonly path: string;
  handle(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

const ALLOWED_METHODS = 'GET, HEAD';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Limits set on purpose: our requests are one short line, never a body. */
export const SERVER_LIMITS = {
  maxHeaderSize: 8 * 1024,
  maxParamLength: 100,
  bodyLimit: 1024,
  requestTimeoutMs: 10_000,
  connectionTimeoutMs: 10_000,
  keepAliveTimeoutMs: 65_000,
} as const;

export function buildApp(options: AppOptions): FastifyInstance {
  const { docsUrl, calendar } = options;
  const requestIds = createRequestIds();
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: (request) => requestIds.forRequest(request),
    requestIdHeader: false,
    // Per-request access logs would double the cost of our cheapest answers; problems are logged where they arise.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    return503OnClosing: false,
    routerOptions: { maxParamLength: SERVER_LIMITS.maxParamLength },
    bodyLimit: SERVER_LIMITS.bodyLimit,
    requestTimeout: SERVER_LIMITS.requestTimeoutMs,
    connectionTimeout: SERVER_LIMITS.connectionTimeoutMs,
    keepAliveTimeout: SERVER_LIMITS.keepAliveTimeoutMs,
    http: { maxHeaderSize: SERVER_LIMITS.maxHeaderSize },
    clientErrorHandler: clientErrorHandler(docsUrl, requestIds),
    frameworkErrors: (error, request, reply) => {
      // The router only fails this way on a path parameter, and every path parameter is a date.
      const detail =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `The date path parameter is longer than ${SERVER_LIMITS.maxParamLength} characters; it must be yyyy-MM-dd.`
          : 'The date path parameter is not valid percent-encoding; it must be yyyy-MM-dd.';
      sendProblem(reply, request, docsUrl, { code: 'INVALID_DATE_FORMAT', detail });
    },
  });

  // Every method Node accepts reaches the router, so a known path answers 405, never 404, for any method.
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
  }
  const otherMethods = app.supportedMethods.filter((method) => method !== 'GET' && method !== 'HEAD');

  const routes: ServiceRoute[] = [
    ...API_OPERATIONS.map((operation) => operationRoute(operation, calendar, docsUrl)),
    ...(options.extraRoutes ?? []),
  ];
  for (const route of routes) {
    const url = route.path.replaceAll(/\{(\w+)\}/g, ':$1');
    app.get(url, (request, reply) => route.handle(request, reply));
    app.route({
      method: otherMethods,
      url,
      handler: (request, reply) =>
        sendProblem(reply.header('allow', ALLOWED_METHODS), request, docsUrl, {
          code: 'METHOD_NOT_ALLOWED',
          detail: `${request.method} is not allowed here; use ${ALLOWED_METHODS}.`,
        }),
    });
  }

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, docsUrl, { code: 'RESOURCE_NOT_FOUND', detail: 'No resource exists at this path.' }),
  );
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, docsUrl, {
      code: 'INTERNAL_ERROR',
      detail: 'An unexpected error occurred; quote the requestId when reporting it.',
    });
  });
  return app;
}

function operationRoute(operation: ApiOperation, calendar: CalendarSource, docsUrl: string): ServiceRoute {
  return {
    path: operation.path,
    handle(request, reply) {
      const dates = readDateParameters(
        operation.parameters,
        (location) => (location === 'path' ? request.params : request.query) as RawValues,
        operation.isRange,
      );
      if (isProblem(dates)) return sendProblem(reply, request, docsUrl, dates);
      const index = calendar.current();
      const answer = index === undefined ? NO_DATASET : operation.answer(index, dates);
      if (isUnavailable(answer) || answer === NO_DATASET) {
        return sendProblem(reply.header('retry-after', '30'), request, docsUrl, unavailableProblem(answer));
      }
      return reply.header('content-type', JSON_CONTENT_TYPE).header('x-request-id', request.id).send(answer);
    },
  };
}

const NO_DATASET = Symbol('no dataset loaded');

function unavailableProblem(answer: { year: number } | typeof NO_DATASET): ProblemSpec {
  return {
    code: 'CALENDAR_DATA_UNAVAILABLE',
    detail:
      answer === NO_DATASET
        ? 'No calendar data has been loaded yet; retry shortly.'
        : `The published arrangement data for ${answer.year} cannot be read right now; dates of other years are unaffected. Retry later.`,
  };
}
