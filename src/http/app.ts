import { METHODS } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { instanceOf, sendProblem } from './problems.js';
import { ALLOWED_METHODS, sendOptions, type ResponsePolicy } from './response-policy.js';
import { createRequestIds } from './request-id.js';
import { clientErrorHandler, connectHandler } from './client-errors.js';
import type { ServiceMetrics } from './metrics.js';
import type { ServiceRoute } from './service-route.js';

export interface AppOptions {
  /** The route table (see routes.ts): every path the service has. */
  readonly routes: readonly ServiceRoute[];
  readonly policy: ResponsePolicy;
  readonly metrics?: ServiceMetrics;
  /** Idle keep-alive timeout (default SERVER_LIMITS.keepAliveTimeoutMs). */
  readonly keepAliveTimeoutMs?: number;
  readonly logger?: FastifyBaseLogger;
}


/** Limits set on purpose: our requests are one short line, and no request body is ever read. */
export const SERVER_LIMITS = {
  maxHeaderSize: 8 * 1024,
  maxParamLength: 100,
  requestTimeoutMs: 10_000,
  connectionTimeoutMs: 10_000,
  keepAliveTimeoutMs: 65_000,
} as const;

export function buildApp(options: AppOptions): FastifyInstance {
  const { policy, routes } = options;
  const requestIds = createRequestIds();
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: (request) => requestIds.forRequest(request),
    requestIdHeader: false,
    // Per-request access logs would double the cost of our cheapest answers; problems are logged where they arise.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    return503OnClosing: false,
    routerOptions: { maxParamLength: SERVER_LIMITS.maxParamLength },
    requestTimeout: SERVER_LIMITS.requestTimeoutMs,
    connectionTimeout: SERVER_LIMITS.connectionTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? SERVER_LIMITS.keepAliveTimeoutMs,
    // Node would answer a missing Host with a bare 400; the onRequest hook below answers with a problem.
    http: { maxHeaderSize: SERVER_LIMITS.maxHeaderSize, requireHostHeader: false },
    clientErrorHandler: clientErrorHandler(policy.docsUrl, requestIds),
    frameworkErrors: (error, request, reply) => {
      // The router fails this way on a path it cannot decode or a path parameter too long to be a date.
      if (!isKnownPath(instanceOf(request.raw.url))) {
        sendNotFound(request, reply);
        return;
      }
      const detail =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? `The date path parameter is longer than ${SERVER_LIMITS.maxParamLength} characters; it must be yyyy-MM-dd.`
          : 'The date path parameter is not valid percent-encoding; it must be yyyy-MM-dd.';
      sendProblem(reply, request, policy, { code: 'INVALID_DATE_FORMAT', detail });
    },
  });
  const isKnownPath = knownPathMatcher(routes);
  const sendNotFound = (request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    sendProblem(reply, request, policy, { code: 'RESOURCE_NOT_FOUND', detail: 'No resource exists at this path.' });

  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      sendProblem(reply, request, policy, { code: 'BAD_REQUEST', detail: 'An HTTP/1.1 request must carry a Host header.' });
      return;
    }
    done();
  });
  app.server.on('connect', connectHandler(policy.docsUrl, requestIds, isKnownPath));

  // Every method Node accepts reaches the router, so a known path answers 405, never 404, for any
  // method. All are bodyless to Fastify: the service reads no request body, so none is parsed and
  // a body (malformed or not) cannot turn a 404 or 405 into another answer.
  for (const method of METHODS) {
    // CONNECT never reaches the router: Node hands it to the 'connect' handler.
    if (method !== 'CONNECT') app.addHttpMethod(method, { hasBody: false, overrideExisting: true });
  }

  for (const route of routes) {
    const url = route.path.replaceAll(/\{(\w+)\}/g, ':$1');
    const config = { operation: route.doc?.kind === 'api' ? route.doc.operation.operationId : route.path };
    app.get(url, { config }, (request, reply) => route.handle(request, reply));
    app.options(url, { config }, (request, reply) => sendOptions(reply, request, policy));
  }

  const { metrics } = options;
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      const { operation } = request.routeOptions.config as { operation?: string };
      metrics.observeRequest(operation ?? 'none', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  // Routing comes first: an unknown path is 404 whatever the method; a known path reached with
  // another method is 405. Only GET, HEAD and OPTIONS are registered, so both arrive here.
  app.setNotFoundHandler((request, reply) => {
    if (!isKnownPath(instanceOf(request.raw.url))) return sendNotFound(request, reply);
    return sendProblem(reply.header('allow', ALLOWED_METHODS), request, policy, {
      code: 'METHOD_NOT_ALLOWED',
      detail: `${request.method} is not allowed here; use ${ALLOWED_METHODS}.`,
    });
  });
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, policy, {
      code: 'INTERNAL_ERROR',
      detail: 'An unexpected error occurred; quote the requestId when reporting it.',
    });
  });
  return app;
}

/** Whether a raw path (as sent) names a route of the table, parameters matched as one segment each. */
function knownPathMatcher(routes: readonly ServiceRoute[]): (path: string) => boolean {
  const patterns = routes.map(
    (route) => new RegExp(`^${route.path.split(/\{\w+\}/).map((part) => part.replaceAll(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+')}$`),
  );
  const matches = (path: string): boolean => patterns.some((pattern) => pattern.test(path));
  return (path) => {
    if (matches(path)) return true;
    // The router decodes percent-escapes outside parameters (…/work%64ays is …/workdays); so does this.
    try {
      return matches(decodeURI(path));
    } catch {
      return false;
    }
  };
}
