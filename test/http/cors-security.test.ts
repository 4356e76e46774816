import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ConfigError, readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { cleanUpsOfFile } from '../helpers/clean-ups.js';
import { copyOfBundledData } from '../helpers/data-dir.js';
import { get, httpCall, inject, rawRequest, type HttpAnswer } from '../helpers/http-answer.js';
import { assertProblem, assertRequestIdHeader } from '../helpers/spec-shapes.js';
import { buildListeningTestApp, buildTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * Headers every response carries, through the real application:
 * - headers that fit a JSON API: no MIME sniffing, no framing, no referrer, a Content-Security-Policy,
 *   and no framework or server fingerprint; the documentation pages get a CSP that lets them load
 *   their own ('self') scripts;
 * - CORS (Fetch standard, "CORS protocol"): by default (`CORS_ORIGINS` unset: `*`) any origin may
 *   read every answer, and the headers a client needs (X-Request-Id, ETag) are exposed; a preflight
 *   for GET/HEAD is answered 204 with the allowed methods and headers and a max age; plain OPTIONS on
 *   a known path answers 204 with Allow; unknown paths stay 404 (routing first, docs/design.md (Interface decisions));
 *   a 405 lists `GET, HEAD, OPTIONS` (docs/design.md: "and OPTIONS where CORS preflight is served");
 * - with an explicit origin list, an allowed Origin is echoed and the answer varies by Origin; other
 *   origins get no CORS headers; `none` turns CORS off; an invalid CORS_ORIGINS stops the start with
 *   a ConfigError (docs/operators.md, "Configuration": an invalid value stops the start with a message);
 * - a preflight allows the headers browser apps send on their own: W3C Trace Context (`traceparent`,
 *   `tracestate`, sent by every OpenTelemetry web SDK), W3C Baggage (`baggage`, sent by the same
 *   SDKs' default propagator) and `Accept-Language`, besides the API's own `X-Request-Id` and
 *   `If-None-Match`; CORS_ALLOWED_HEADERS replaces the former (`none`: only the API's own), and an
 *   invalid value stops the start.
 */

const DATES = '/v1/china-calendar/dates/';
const RANGES = '/v1/china-calendar/date-ranges';
const WORKDAYS = '/v1/china-calendar/workdays';
const NEXT = '/v1/china-calendar/next-holiday';
const NORMAL = `${DATES}2024-05-01`;
const KNOWN = [NORMAL, RANGES, WORKDAYS, NEXT, '/healthz', '/readyz', '/openapi.json', '/metrics'] as const;

const A = 'https://a.example';
const B = 'https://b.example';
const C = 'https://c.example';

const cleanups = cleanUpsOfFile();

async function appWith(env: NodeJS.ProcessEnv, dataDir?: string): Promise<FastifyInstance> {
  const { app } = await buildTestApp({ env, ...(dataDir === undefined ? {} : { dataDir }) });
  cleanups.push(() => app.close());
  return app;
}

/** The headers a browser app may send to the API itself (docs/api.md, "Caching, CORS and the other headers"). */
const API_HEADERS = ['x-request-id', 'if-none-match'];
/** What browser apps send on their own: W3C Trace Context, W3C Baggage, Accept-Language. */
const BROWSER_APP_HEADERS = ['traceparent', 'tracestate', 'baggage', 'accept-language'];

/** A preflight for GET from `origin` asking for `headers`, as a browser sends it. */
function preflight(app: FastifyInstance, origin: string, headers: readonly string[], url: string = NORMAL): Promise<HttpAnswer> {
  return inject(app, { method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': headers.join(',') } });
}

/** The comma-separated tokens of a header, lower-cased. */
function tokens(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '');
}

/**
 * Every response: nosniff, and a Content-Security-Policy that forbids framing (for JSON it
 * forbids loading anything at all). HTML pages also say X-Frame-Options and Referrer-Policy,
 * which only documents use (OWASP REST Security Cheat Sheet, "Security headers").
 */
function assertSecurityHeaders(answer: HttpAnswer, what: string): void {
  assert.equal(answer.headers['x-content-type-options'], 'nosniff', `${what}: X-Content-Type-Options`);
  const csp = answer.headers['content-security-policy'];
  assert.ok(typeof csp === 'string' && csp.includes("frame-ancestors 'none'"), `${what}: a Content-Security-Policy forbidding framing`);
  if (String(answer.headers['content-type']).startsWith('text/html')) {
    assert.equal(answer.headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`);
    assert.equal(answer.headers['referrer-policy'], 'no-referrer', `${what}: Referrer-Policy`);
  } else {
    assert.match(csp, /default-src 'none'/, `${what}: JSON loads nothing`);
  }
  assert.equal(answer.headers['x-powered-by'], undefined, `${what}: no X-Powered-By`);
  assert.equal(answer.headers.server, undefined, `${what}: no Server header`);
}

function assertOpenCors(answer: HttpAnswer, what: string): void {
  assert.equal(answer.headers['access-control-allow-origin'], '*', `${what}: Access-Control-Allow-Origin`);
  const exposed = tokens(answer.headers['access-control-expose-headers']);
  for (const header of ['x-request-id', 'etag']) assert.ok(exposed.includes(header), `${what}: exposes ${header} (got ${exposed.join(', ')})`);
}

function assertNoCors(answer: HttpAnswer, what: string): void {
  const cors = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
  assert.deepEqual(cors, [], `${what}: no CORS headers`);
}

/** The source list of a CSP directive, or of default-src when the directive is absent (CSP 3 fallback). */
function cspSources(csp: string, directive: string): string[] {
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0] !== undefined && parts[0] !== '')
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources] as const),
  );
  return directives.get(directive) ?? directives.get('default-src') ?? [];
}

describe('default configuration', () => {
  let app: FastifyInstance;
  let unavailable: FastifyInstance;

  before(async () => {
    app = await appWith({});
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    writeFileSync(join(dir, '2019.json'), '{"year": 2019, "notices": [');
    unavailable = await appWith({}, dir);
  });

  /** Every kind of answer the service gives, with an Origin header as a browser would send it. */
  async function everyKindOfAnswer(origin: Record<string, string>): Promise<[string, HttpAnswer][]> {
    const ok = await get(app, NORMAL, origin);
    assert.equal(ok.status, 200);
    const etag = ok.headers.etag ?? '';
    const answers: [string, HttpAnswer][] = [
      ['200 date', ok],
      ['200 range', await get(app, `${RANGES}?startDate=2024-05-01&endDate=2024-05-07`, origin)],
      ['200 count', await get(app, `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`, origin)],
      ['200 next', await get(app, `${NEXT}?fromDate=2024-05-06`, origin)],
      ['200 UNKNOWN', await get(app, `${DATES}2027-01-01`, origin)],
      ['200 HEAD', await inject(app, { method: 'HEAD', url: NORMAL, headers: origin })],
      ['304', await get(app, NORMAL, { ...origin, 'if-none-match': etag })],
      ['400', await get(app, `${DATES}2024-13-01`, origin)],
      ['400 missing', await get(app, WORKDAYS, origin)],
      ['404', await get(app, '/v1/china-calendar/nothing-here', origin)],
      ['405', await inject(app, { method: 'POST', url: NORMAL, headers: origin })],
      ['503', await get(unavailable, `${DATES}2019-05-01`, origin)],
      ['/healthz', await get(app, '/healthz', origin)],
      ['/readyz', await get(app, '/readyz', origin)],
      ['/openapi.json', await get(app, '/openapi.json', origin)],
      ['/metrics', await get(app, '/metrics', origin)],
      ['OPTIONS', await inject(app, { method: 'OPTIONS', url: WORKDAYS, headers: origin })],
      ['/docs', await get(app, '/docs', origin)],
      ['/docs/problems/invalid-date-format', await get(app, '/docs/problems/invalid-date-format', origin)],
    ];
    const expected: Record<string, number> = { '304': 304, '400': 400, '400 missing': 400, '404': 404, '405': 405, '503': 503, OPTIONS: 204 };
    for (const [what, answer] of answers) assert.equal(answer.status, expected[what] ?? 200, `${what}: status`);
    return answers;
  }

  it('every response carries the security headers, no fingerprint, and X-Request-Id', async () => {
    for (const [what, answer] of await everyKindOfAnswer({})) {
      assertSecurityHeaders(answer, what);
      assertRequestIdHeader(answer);
    }
  });

  it('every response lets any origin read it and exposes X-Request-Id and ETag, with or without an Origin header', async () => {
    for (const origin of [{}, { origin: A }, { origin: 'null' }]) {
      for (const [what, answer] of await everyKindOfAnswer(origin)) assertOpenCors(answer, `${what} (Origin ${origin.origin ?? 'absent'})`);
    }
  });

  it('a 503 exposes Retry-After to browser clients', async () => {
    const answer = await get(unavailable, `${DATES}2019-05-01`, { origin: A });
    assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL });
    assert.ok(answer.headers['retry-after'] !== undefined, 'Retry-After');
    assert.ok(tokens(answer.headers['access-control-expose-headers']).includes('retry-after'));
  });

  it('the documentation pages carry a CSP that allows their own scripts, and the other security headers', async () => {
    for (const url of ['/docs', '/docs/problems/invalid-date-format', '/docs/problems/calendar-data-unavailable']) {
      const answer = await get(app, url);
      assert.equal(answer.status, 200, url);
      assertSecurityHeaders(answer, url);
      const sources = cspSources(answer.headers['content-security-policy'] ?? '', 'script-src');
      assert.ok(sources.includes("'self'"), `${url}: script-src allows 'self' (${answer.headers['content-security-policy'] ?? ''})`);
      assert.ok(!sources.includes('*'), `${url}: scripts only from the service itself`);
    }
  });

  it('the JSON answers carry a CSP that allows no scripts at all', async () => {
    for (const url of [NORMAL, '/openapi.json', '/healthz']) {
      const answer = await get(app, url);
      const sources = cspSources(answer.headers['content-security-policy'] ?? '', 'script-src');
      assert.ok(!sources.includes("'self'") && !sources.includes('*') && !sources.includes("'unsafe-inline'"), `${url}: ${String(answer.headers['content-security-policy'])}`);
    }
  });

  it('a preflight for GET or HEAD answers 204 with Allow-Methods GET, HEAD, the allowed headers and a max age', async () => {
    for (const url of KNOWN) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await inject(app, {
          method: 'OPTIONS',
          url,
          headers: { origin: A, 'access-control-request-method': method, 'access-control-request-headers': 'x-request-id, if-none-match' },
        });
        const what = `preflight ${method} ${url}`;
        assert.equal(answer.status, 204, what);
        assert.equal(answer.body, '', `${what}: no body`);
        assert.equal(answer.headers['access-control-allow-origin'], '*', what);
        assert.equal(answer.headers['access-control-allow-methods'], 'GET, HEAD', what);
        const allowedHeaders = tokens(answer.headers['access-control-allow-headers']);
        for (const header of ['x-request-id', 'if-none-match']) assert.ok(allowedHeaders.includes(header), `${what}: allows ${header}`);
        assert.match(answer.headers['access-control-max-age'] ?? '', /^[1-9]\d*$/, `${what}: Access-Control-Max-Age`);
        assertSecurityHeaders(answer, what);
        assertRequestIdHeader(answer);
      }
    }
  });

  it('a preflight allows the W3C tracing headers and Accept-Language that browser apps send, besides the API\'s own', async () => {
    for (const url of KNOWN) {
      const answer = await preflight(app, A, [...BROWSER_APP_HEADERS, ...API_HEADERS], url);
      assert.equal(answer.status, 204, url);
      assert.equal(answer.headers['access-control-allow-origin'], '*', url);
      assert.deepEqual(tokens(answer.headers['access-control-allow-headers']).sort(), [...API_HEADERS, ...BROWSER_APP_HEADERS].sort(), url);
    }
  });

  it('a preflight for another method does not allow it', async () => {
    for (const method of ['DELETE', 'POST', 'PUT']) {
      const answer = await inject(app, { method: 'OPTIONS', url: WORKDAYS, headers: { origin: A, 'access-control-request-method': method } });
      assert.equal(answer.status, 204);
      assert.ok(!tokens(answer.headers['access-control-allow-methods']).includes(method.toLowerCase()), `${method} is not allowed`);
    }
  });

  it('plain OPTIONS on a known path answers 204 with Allow: GET, HEAD, OPTIONS', async () => {
    for (const url of KNOWN) {
      const answer = await inject(app, { method: 'OPTIONS', url });
      assert.equal(answer.status, 204, url);
      assert.equal(answer.body, '', `${url}: no body`);
      assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS', url);
      assert.equal(answer.headers['access-control-allow-methods'], undefined, `${url}: not a preflight`);
    }
  });

  it('OPTIONS on a path the service does not have is 404 (routing first), preflight or not', async () => {
    for (const headers of [{}, { origin: A, 'access-control-request-method': 'GET' }]) {
      for (const url of ['/nope', '/v1/china-calendar/holidays', '/v1/china-calendar/date']) {
        const answer = await inject(app, { method: 'OPTIONS', url, headers });
        assertProblem(answer, { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL, instance: url });
        assert.equal(answer.headers['access-control-allow-methods'], undefined);
      }
    }
  });

  it('a 405 lists GET, HEAD, OPTIONS in Allow', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const url of [NORMAL, WORKDAYS, '/healthz']) {
        const answer = await inject(app, { method: method as 'POST', url });
        assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
        assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS', `${method} ${url}`);
      }
    }
  });

  describe('over a real socket', () => {
    let port: number;
    let base: string;

    before(async () => {
      const listening = await buildListeningTestApp();
      cleanups.push(() => listening.app.close());
      ({ port, url: base } = listening);
    });

    it('no Server or X-Powered-By header goes on the wire', async () => {
      for (const path of [NORMAL, '/nope', '/healthz', '/docs']) {
        const answer = await httpCall(base, path, { headers: { origin: A } });
        assertSecurityHeaders(answer, `socket ${path}`);
        assertOpenCors(answer, `socket ${path}`);
      }
      const options = await httpCall(base, WORKDAYS, { method: 'OPTIONS', headers: { origin: A, 'access-control-request-method': 'GET' } });
      assert.equal(options.status, 204);
      assertSecurityHeaders(options, 'socket preflight');
    });

    const oversized = `GET ${NORMAL} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${A}\r\nX-Big: ${'a'.repeat(9000)}\r\nConnection: close\r\n\r\n`;
    const transport: readonly [string, () => string][] = [
      ['431 (headers over 8 KiB)', () => oversized],
      ['400 (raw NUL in the request line)', () => `GET ${DATES}2024\u000005-01 HTTP/1.1\r\nHost: localhost\r\nOrigin: ${A}\r\nConnection: close\r\n\r\n`],
      ['405 (CONNECT on a known path)', () => `CONNECT ${WORKDAYS} HTTP/1.1\r\nHost: localhost\r\nOrigin: ${A}\r\nConnection: close\r\n\r\n`],
    ];
    for (const [what, request] of transport) {
      it(`transport-level problem ${what}: security headers and X-Request-Id`, async () => {
        const answer = await rawRequest(port, request());
        assertSecurityHeaders(answer, what);
        assertRequestIdHeader(answer);
        assert.ok(answer.status >= 400, `${what}: status ${answer.status}`);
      });

    }

    it('a transport-level 431 is readable by any origin, like every other response', async () => {
      // A browser can cause this one (oversized cookies or headers); without CORS headers the client
      // sees an opaque network error instead of the problem it was meant to read.
      const answer = await rawRequest(port, oversized);
      assert.equal(answer.status, 431);
      assertOpenCors(answer, 'transport-level 431');
    });
  });
});

describe('CORS_ORIGINS with a list of origins', () => {
  let app: FastifyInstance;

  before(async () => {
    app = await appWith({ CORS_ORIGINS: `${A},${B}` });
  });

  it('echoes an allowed Origin, with Vary: Origin and the exposed headers', async () => {
    for (const origin of [A, B]) {
      for (const [what, answer] of [
        ['200', await get(app, NORMAL, { origin })],
        ['400', await get(app, `${DATES}2024-13-01`, { origin })],
        ['404', await get(app, '/nope', { origin })],
        ['/healthz', await get(app, '/healthz', { origin })],
      ] as const) {
        assert.equal(answer.headers['access-control-allow-origin'], origin, `${what} from ${origin}`);
        assert.ok(tokens(answer.headers.vary).includes('origin'), `${what} from ${origin}: Vary: Origin`);
        const exposed = tokens(answer.headers['access-control-expose-headers']);
        assert.ok(exposed.includes('x-request-id') && exposed.includes('etag'), `${what} from ${origin}: exposed headers`);
      }
    }
  });

  it('a 304 to an allowed origin carries its CORS headers and Vary too', async () => {
    const ok = await get(app, NORMAL, { origin: A });
    const answer = await get(app, NORMAL, { origin: A, 'if-none-match': ok.headers.etag ?? '' });
    assert.equal(answer.status, 304);
    assert.equal(answer.headers['access-control-allow-origin'], A);
    assert.ok(tokens(answer.headers.vary).includes('origin'));
  });

  it('gives another origin no Access-Control-Allow-Origin', async () => {
    for (const origin of [C, 'http://a.example', 'https://a.example.evil', 'https://a.example:8443', 'null']) {
      const answer = await get(app, NORMAL, { origin });
      assert.equal(answer.status, 200);
      assertNoCors(answer, `from ${origin}`);
      assertSecurityHeaders(answer, `from ${origin}`);
    }
    assertNoCors(await get(app, NORMAL), 'no Origin header');
  });

  it('answers a preflight from an allowed origin, and gives a preflight from another origin no CORS headers', async () => {
    const preflight = (origin: string): Promise<HttpAnswer> =>
      inject(app, { method: 'OPTIONS', url: WORKDAYS, headers: { origin, 'access-control-request-method': 'GET' } });
    const allowed = await preflight(B);
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers['access-control-allow-origin'], B);
    assert.equal(allowed.headers['access-control-allow-methods'], 'GET, HEAD');
    assert.ok(tokens(allowed.headers.vary).includes('origin'));
    const refused = await preflight(C);
    assert.equal(refused.status, 204);
    assertNoCors(refused, 'preflight from another origin');
    assert.equal(refused.headers.allow, 'GET, HEAD, OPTIONS');
  });

  it('says Vary: Origin on every cacheable answer, whatever the Origin (Fetch standard, "CORS protocol and HTTP caches")', async () => {
    // The ACAO header depends on Origin, and answers are `public, max-age=86400`: a shared cache that
    // stored the answer to a request without (or with another) Origin must not serve it to an allowed one.
    for (const headers of [{}, { origin: C }]) {
      const answer = await get(app, NORMAL, headers);
      assert.equal(answer.status, 200);
      assert.ok(tokens(answer.headers.vary).includes('origin'), `Vary: Origin with Origin ${headers.origin ?? 'absent'} (got ${String(answer.headers.vary)})`);
    }
  });
});

describe('CORS_ORIGINS=none', () => {
  it('never sends Access-Control-Allow-Origin, and answers OPTIONS without CORS headers', async () => {
    const app = await appWith({ CORS_ORIGINS: 'none' });
    for (const headers of [{}, { origin: A }, { origin: 'null' }]) {
      for (const url of [NORMAL, '/nope', '/healthz', `${DATES}2024-13-01`]) {
        const answer = await get(app, url, headers);
        assertNoCors(answer, `${url} from ${headers.origin ?? 'no origin'}`);
        assertSecurityHeaders(answer, url);
      }
    }
    const preflight = await inject(app, { method: 'OPTIONS', url: NORMAL, headers: { origin: A, 'access-control-request-method': 'GET' } });
    assert.equal(preflight.status, 204);
    assertNoCors(preflight, 'preflight');
    assert.equal(preflight.headers.allow, 'GET, HEAD, OPTIONS');
  });
});

describe('CORS_ALLOWED_HEADERS', () => {
  it('replaces the browser apps\' headers with its list; the API\'s own stay allowed', async () => {
    const app = await appWith({ CORS_ALLOWED_HEADERS: 'traceparent, X-Tenant' });
    const answer = await preflight(app, A, ['traceparent', 'x-tenant']);
    assert.equal(answer.status, 204);
    assert.deepEqual(tokens(answer.headers['access-control-allow-headers']).sort(), [...API_HEADERS, 'traceparent', 'x-tenant'].sort());
  });

  it('none: only the API\'s own headers', async () => {
    const app = await appWith({ CORS_ALLOWED_HEADERS: 'none' });
    const answer = await preflight(app, A, ['traceparent']);
    assert.equal(answer.status, 204);
    assert.deepEqual(tokens(answer.headers['access-control-allow-headers']).sort(), [...API_HEADERS].sort());
  });

  it('applies to the origins CORS_ORIGINS allows, and to no other', async () => {
    const app = await appWith({ CORS_ORIGINS: A, CORS_ALLOWED_HEADERS: 'X-Tenant' });
    const allowed = await preflight(app, A, ['x-tenant']);
    assert.equal(allowed.headers['access-control-allow-origin'], A);
    assert.ok(tokens(allowed.headers['access-control-allow-headers']).includes('x-tenant'));
    assertNoCors(await preflight(app, B, ['x-tenant']), 'preflight from another origin');
  });

  it('is read as a list of header names; empty means the default', () => {
    assert.deepEqual(readConfig({ CORS_ALLOWED_HEADERS: ' X-Tenant ,traceparent ' }).corsAllowedHeaders, ['X-Tenant', 'traceparent']);
    assert.deepEqual(readConfig({ CORS_ALLOWED_HEADERS: 'none' }).corsAllowedHeaders, []);
    assert.deepEqual(readConfig({ CORS_ALLOWED_HEADERS: '' }).corsAllowedHeaders, readConfig({}).corsAllowedHeaders);
    assert.deepEqual([...readConfig({}).corsAllowedHeaders].map((name) => name.toLowerCase()).sort(), [...BROWSER_APP_HEADERS].sort());
  });

  for (const value of ['*', 'trace parent', 'X-Tenant,', 'a,,b', 'X-Tenant: 1', 'Accept-Language;q=1', 'x\u00e9', '"quoted"', 'none,traceparent']) {
    it(`refuses CORS_ALLOWED_HEADERS=${JSON.stringify(value)} with a ConfigError naming the variable`, () => {
      assert.throws(
        () => readConfig({ CORS_ALLOWED_HEADERS: value }),
        (error: unknown) => error instanceof ConfigError && error.message.includes('CORS_ALLOWED_HEADERS'),
      );
    });
  }
});

describe('reading CORS_ORIGINS', () => {
  it('accepts *, none, and a comma list of origins', () => {
    assert.equal(readConfig({}).corsOrigins, '*', 'the default is *');
    assert.equal(readConfig({ CORS_ORIGINS: '*' }).corsOrigins, '*');
    assert.deepEqual(readConfig({ CORS_ORIGINS: 'none' }).corsOrigins, new Set());
    assert.deepEqual(readConfig({ CORS_ORIGINS: `${A},${B}` }).corsOrigins, new Set([A, B]));
    assert.deepEqual(readConfig({ CORS_ORIGINS: ` ${A} , http://localhost:3000 ` }).corsOrigins, new Set([A, 'http://localhost:3000']));
  });

  for (const value of [`${A}/path`, 'not a url', 'a.example', `${A}?x=1`, `${A},not a url`, `*,${A}`, `${A}#top`]) {
    it(`refuses CORS_ORIGINS=${JSON.stringify(value)} with a ConfigError naming the variable`, () => {
      assert.throws(
        () => readConfig({ CORS_ORIGINS: value }),
        (error: unknown) => error instanceof ConfigError && error.message.includes('CORS_ORIGINS'),
      );
    });
  }
});
