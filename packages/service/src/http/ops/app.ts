import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { clientErrorHandler, connectHandler, expectationHandler } from './client-errors.js';
import { INTERNAL_ERROR_PROBLEM, instanceOf, sendProblem } from '../kernel/problems.js';
import { notFoundDetail } from './path-near-miss.js';
import { unparsedQuery } from '../kernel/query-string.js';
import { createRequestIds } from './request-id.js';
import { GET_METHODS, sendOptions, type Responder } from '../kernel/response-policy.js';
import type { ServiceRoute } from '../kernel/service-route.js';

// Not `import ... from 'node:http'`: importing a built-in module reads every export it has, and
// from Node 22 node:http's include the WebSocket classes, whose getter loads Node's own fetch
// library (undici): 3-4 MB resident at start that nothing here uses (BENCHMARKS.md, Start-up and
// memory). The module as require gives it is read for METHODS alone.
const { METHODS } = process.getBuiltinModule('node:http');

export interface AppOptions {
  /** The route table (see routes.ts): every path the service has. */
  readonly routes: readonly ServiceRoute[];
  readonly responder: Responder;
  /** Idle keep-alive timeout (default SERVER_LIMITS.keepAliveTimeoutMs). */
  readonly keepAliveTimeoutMs?: number;
  readonly logger?: FastifyBaseLogger;
}

/** Limits set on purpose: our requests are one short line, and no request body is read but the MCP endpoint's (MCP_BODY_LIMIT). */
export const SERVER_LIMITS = {
  maxHeaderSize: 8 * 1024,
  maxParamLength: 100,
  /**
   * A request not received whole within this is answered 408: counted from a new connection's
   * start, and on a kept-alive connection from the first byte of the next request.
   */
  requestTimeoutMs: 10_000,
  /** How often Node looks for requests past requestTimeout (its default, 30 s, made a 408 up to 30 s late). */
  requestTimeoutCheckMs: 1_000,
  /**
   * Node closes a connection silent for this long, without an answer. Longer than requestTimeout
   * plus one check, so that a request stalled half-way gets its 408 first.
   */
  connectionTimeoutMs: 12_000,
  keepAliveTimeoutMs: 65_000,
  /** While draining, a connection with no answer under way that brings nothing for this long is closed. */
  drainQuietMs: 1_000,
} as const;

/** The label of a route in metrics and logs: its own label, else its operationId, else its path. */
export function routeLabel(route: ServiceRoute): string {
  const { doc } = route;
  if (route.label !== undefined) return route.label;
  if (doc === undefined) return route.path;
  return doc.kind === 'api' ? doc.operation.operationId : doc.operationId;
}

/**
 * The Fastify application: the route table's paths for GET (HEAD follows) and OPTIONS, and every
 * other answer (404, 405, framework and client errors, unexpected failures) as a problem. No
 * hook runs per request: the handlers write through the responder.
 *
 * Why Fastify, when its schemas, serializers, logger and reply.send are bypassed on the hot path:
 * what we keep (find-my-way's router, its client-error and timeout handling, `inject` for the
 * tests) is the part we would otherwise write and maintain ourselves, and it costs little: a
 * single date takes hardly more instructions than a server that only sends the same bytes, and
 * the framework's memory and start-up are small (BENCHMARKS.md, "Round four"). Replacing it by
 * find-my-way and light-my-request alone would save some of that memory and start-up but not a
 * measurable share of a request, at the price of our own error handling.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const { responder, routes } = options;
  const requestIds = createRequestIds();
  const routeOfPath = routeMatcher(routes);
  const notFound = notFoundDetail(routes);
  const sendNotFoundOrNotAllowed = (request: FastifyRequest, reply: FastifyReply): void => {
    const path = instanceOf(request.raw.url);
    const route = routeOfPath(path);
    if (route === undefined) {
      sendProblem(responder, request, reply, { code: 'RESOURCE_NOT_FOUND', detail: notFound(path) });
      return;
    }
    const { allow } = route.methods ?? GET_METHODS;
    sendProblem(responder, request, reply, { code: 'METHOD_NOT_ALLOWED', detail: `${request.method} is not allowed here; use ${allow}.` }, { operation: routeLabel(route), headers: ['allow', allow] });
  };

  const log = options.logger;
  const answerFailure = (error: unknown, request: FastifyRequest, reply: FastifyReply): void => {
    log?.error({ err: error, requestId: request.id }, 'request failed');
    sendProblem(responder, request, reply, INTERNAL_ERROR_PROBLEM);
  };
  const app = Fastify({
    // Fastify gets no logger: it would make one per request. The few lines the app logs go to
    // `log` directly, naming their requestId.
    logger: false,
    // No route declares a schema (the core's questions/ check every parameter, in the documented order,
    // and the responder writes every body), so Fastify's compilers are never needed: factories that
    // refuse keep it from loading Ajv and fast-json-stringify at start (their time and memory: BENCHMARKS.md).
    schemaController: { compilersFactory: { buildValidator: noSchemaCompiler, buildSerializer: noSchemaCompiler } },
    genReqId: (request) => requestIds.forRequest(request),
    requestIdHeader: false,
    // Per-request access logs would double the cost of our cheapest answers; problems are logged where they arise.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    return503OnClosing: false,
    // HEAD is registered with GET, route by route (below).
    exposeHeadRoutes: false,
    // The query string stays as sent: each operation reads only its own parameters from it
    // (query-string.ts), where a general parser made a dictionary of every pair per request.
    routerOptions: { maxParamLength: SERVER_LIMITS.maxParamLength, querystringParser: unparsedQuery },
    requestTimeout: SERVER_LIMITS.requestTimeoutMs,
    connectionTimeout: SERVER_LIMITS.connectionTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? SERVER_LIMITS.keepAliveTimeoutMs,
    // Node would answer a missing Host with a bare 400; the route handlers answer with a problem.
    http: { maxHeaderSize: SERVER_LIMITS.maxHeaderSize, requireHostHeader: false, connectionsCheckingInterval: SERVER_LIMITS.requestTimeoutCheckMs },
    clientErrorHandler: clientErrorHandler(responder, requestIds),
    frameworkErrors: (_error, request, reply) => {
      // The router refuses a path parameter it cannot decode or one longer than maxParamLength
      // before any route runs. The route answers it as its own check answers any value it cannot
      // read, given the segment as it was sent: a date's INVALID_DATE_FORMAT, a year's
      // INVALID_PARAMETER, a dataset file's 404.
      const matched = routeOfPath.withParameters(instanceOf(request.raw.url));
      if (matched === undefined || !(matched.route.methods ?? GET_METHODS).methods.includes(request.method)) {
        sendNotFoundOrNotAllowed(request, reply);
        return;
      }
      const url = request.raw.url ?? '';
      const queryAt = url.indexOf('?');
      request.params = matched.parameters;
      request.query = unparsedQuery(queryAt === -1 ? '' : url.slice(queryAt + 1));
      Promise.resolve(matched.route.handle(request, reply)).catch((error: unknown) => answerFailure(error, request, reply));
    },
  });

  // Every method Node accepts reaches the router, so a known path answers 405, never 404, for any
  // method. All are bodyless to Fastify: the service reads no request body, so none is parsed and
  // a body (malformed or not) cannot turn a 404 or 405 into another answer.
  for (const method of METHODS) {
    // CONNECT never reaches the router: Node hands it to the 'connect' handler.
    if (method !== 'CONNECT') app.addHttpMethod(method, { hasBody: false, overrideExisting: true });
  }
  app.server.on(
    'connect',
    connectHandler(responder, requestIds, (path) => {
      const route = routeOfPath(path);
      return route === undefined ? undefined : { label: routeLabel(route), allow: (route.methods ?? GET_METHODS).allow };
    }),
  );
  // With a listener, Node hands over a request whose Expect it cannot meet instead of answering a bare 417.
  app.server.on('checkExpectation', expectationHandler(responder, requestIds));

  for (const route of routes) {
    const url = route.path.replaceAll(/\{(\w+)\}/g, ':$1');
    const handler = (request: FastifyRequest, reply: FastifyReply): void | Promise<void> =>
      hasHostIfRequired(request) ? route.handle(request, reply) : sendMissingHost(responder, request, reply);
    // Each route once, for all its methods: GET and HEAD (Node leaves the body out of a HEAD
    // answer by itself), or the MCP endpoint's own. Fastify's own HEAD routes would register every
    // path twice, and each registration holds a step of its plugin queue until the app is ready.
    app.route({ method: [...(route.methods ?? GET_METHODS).methods], url, handler });
  }
  // OPTIONS (CORS preflight) on every path at once: one route to register instead of one per path,
  // which the router pays for at every start; preflights are few (browsers keep them a day).
  app.options('*', (request, reply) => {
    const route = routeOfPath(instanceOf(request.raw.url));
    if (!hasHostIfRequired(request)) sendMissingHost(responder, request, reply);
    else if (route === undefined) sendNotFoundOrNotAllowed(request, reply);
    else sendOptions(responder, request, reply, routeLabel(route), route.methods);
  });

  // Routing comes first: an unknown path is 404 whatever the method; a known path reached with
  // another method is 405. Only each route's own methods and OPTIONS are registered, so both arrive here.
  app.setNotFoundHandler((request, reply) => {
    if (hasHostIfRequired(request)) sendNotFoundOrNotAllowed(request, reply);
    else sendMissingHost(responder, request, reply);
  });
  app.setErrorHandler(answerFailure);
  return app;
}

function noSchemaCompiler(): () => never {
  return () => {
    throw new Error('the service declares no route schemas');
  };
}

/** RFC 9112: an HTTP/1.1 request without Host is answered 400, and its connection closed, as Node's parser errors are. */
function hasHostIfRequired(request: FastifyRequest): boolean {
  return request.headers.host !== undefined || request.raw.httpVersion !== '1.1';
}

function sendMissingHost(responder: Responder, request: FastifyRequest, reply: FastifyReply): void {
  sendProblem(responder, request, reply, { code: 'BAD_REQUEST', detail: 'An HTTP/1.1 request must carry a Host header.' }, { headers: ['connection', 'close'] });
}

/** The route a raw path (as sent) names, and its parameters as sent. */
export interface MatchedRoute {
  readonly route: ServiceRoute;
  readonly parameters: Readonly<Record<string, string>>;
}

/** Finds the route a raw path (as sent) names, parameters matched as one segment each; undefined if none. */
export interface RouteMatcher {
  (path: string): ServiceRoute | undefined;
  /** The route and the path's parameter segments, undecoded. */
  withParameters(path: string): MatchedRoute | undefined;
}

export function routeMatcher(routes: readonly ServiceRoute[]): RouteMatcher {
  const patterns = routes.map((route) => ({
    route,
    names: [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? ''),
    pattern: new RegExp(`^${route.path.split(/\{\w+\}/).map((part) => part.replaceAll(/[.*+?^$()|[\]\\]/g, '\\$&')).join('([^/]+)')}$`),
  }));
  const match = (path: string): MatchedRoute | undefined => {
    for (const { route, names, pattern } of patterns) {
      const found = pattern.exec(path);
      if (found !== null) return { route, parameters: Object.fromEntries(names.map((name, at) => [name, found[at + 1] ?? ''])) };
    }
    return undefined;
  };
  const withParameters = (path: string): MatchedRoute | undefined => {
    const found = match(path);
    if (found !== undefined) return found;
    // The router decodes percent-escapes outside parameters (…/work%64ays is …/workdays); so does this.
    try {
      return match(decodeURI(path));
    } catch {
      return undefined;
    }
  };
  return Object.assign((path: string) => withParameters(path)?.route, { withParameters });
}
