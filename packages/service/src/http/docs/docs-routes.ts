import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeAnswer } from '../kernel/answer-writer.js';
import { escapeHtml, HTML_CONTENT_TYPE, PAGE_CSP, PAGE_SECURITY_HEADERS } from './html.js';
import { exampleProblem, PROBLEM_CATALOGUE } from './problem-catalogue.js';
import { PROBLEM_CODES, PROBLEM_TYPES, problemSlug, type ProblemCode } from '../kernel/problems.js';
import type { Responder } from '../kernel/response-policy.js';
import type { ServiceRoute } from '../kernel/service-route.js';
import { SERVICE_VERSION } from '../../settings/service-version.js';
import { MCP_PATH } from '../mcp/mcp-endpoint.js';

const PAGE_CACHE = 'public, max-age=3600';
/** The headers of a page that stays the same while the process runs: cached an hour, under the pages' security headers. */
export const PAGE_HEADERS = ['cache-control', PAGE_CACHE, ...PAGE_SECURITY_HEADERS];

/**
 * The pages' own style: the problem pages, and the header, navigation and problem list around
 * Swagger UI on /docs, which gets Swagger UI's wider column.
 */
const PAGES_CSS = [
  'body{box-sizing:border-box;max-width:52rem;margin:0 auto;padding:0 1rem 2rem;font-family:system-ui,sans-serif;color:#1b1b1b}',
  '.problem,.reference>header,.reference nav,#problems{line-height:1.5;overflow-wrap:break-word}',
  // Swagger UI pads its own column by 20px: the header, navigation and problem list line up with it.
  'body.reference{max-width:1460px;padding:0 0 2rem}',
  '.reference>header,.reference nav,#problems{margin-left:20px;margin-right:20px}',
  // Swagger UI's response tables (a Links column) are wider than a phone: they scroll, not the page.
  '.reference .swagger-ui .responses-inner{overflow-x:auto}',
  'header{border-bottom:1px solid #ddd;margin-bottom:1rem}',
  'header p{margin:.75rem 0;font-weight:600}',
  'nav{margin:1rem 0}',
  'dl pre{background:#f4f4f4;padding:1rem;overflow:auto}',
  'dl code,#problems code{background:#f4f4f4;padding:0 .2rem}',
  'dt{font-weight:bold;margin-top:1rem}',
  'dd{margin-left:1.5rem}',
  '#problems ul{columns:22rem;padding-left:1.25rem}',
  '#problems li{break-inside:avoid}',
].join('\n');

/**
 * Starts Swagger UI on /openapi.json. The document lists HEAD beside GET on every path, for the
 * tools that read it; on the page a second row per path would only repeat GET, so a plugin leaves
 * HEAD out of the operation lists (the document's description says once that HEAD is answered).
 */
const REFERENCE_SCRIPT = `window.addEventListener('load', function () {
  function withoutHead(taggedOperations) {
    return function () {
      return taggedOperations.apply(null, arguments).map(function (tag) {
        return tag.update('operations', function (operations) {
          return operations.filter(function (operation) { return operation.get('method') !== 'head'; });
        });
      });
    };
  }
  var HideHead = function () {
    return { statePlugins: { spec: { wrapSelectors: { taggedOperations: withoutHead } } } };
  };
  window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, defaultModelsExpandDepth: 0, plugins: [HideHead] });
});
`;

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Files of the API reference, all served from this process: no CDN. */
const ASSETS: Readonly<Record<string, { readonly type: string; readonly body: () => Buffer }>> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => readFileSync(join(SWAGGER_UI_DIR, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => readFileSync(join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js')) },
  'favicon-32x32.png': { type: 'image/png', body: () => readFileSync(join(SWAGGER_UI_DIR, 'favicon-32x32.png')) },
  'reference.js': {
    type: 'text/javascript; charset=utf-8',
    body: () => Buffer.from(REFERENCE_SCRIPT),
  },
  'pages.css': { type: 'text/css; charset=utf-8', body: () => Buffer.from(PAGES_CSS) },
};

/**
 * The documentation the service serves: the API reference at `/docs` (Swagger UI rendering
 * `/openapi.json`), its assets, and one page per problem type at `/docs/problems/<code>`, so that
 * every problem `type` URI resolves when DOCS_URL is left at its default.
 */
export function docsRoutes(responder: Responder): ServiceRoute[] {
  const { policy } = responder;
  const cache = new Map<string, Buffer>();
  const page = (key: string, type: string, render: () => Buffer) => (request: FastifyRequest, reply: FastifyReply) => {
    let body = cache.get(key);
    if (body === undefined) {
      body = render();
      cache.set(key, body);
    }
    // The pages and assets never change while the process runs: one ETag each for its life, each compressed once.
    return writeAnswer(responder, request, reply, { operation: key, contentType: type, body, etag: `"docs-${SERVICE_VERSION}-${encodeURIComponent(key)}"`, headers: PAGE_HEADERS, csp: PAGE_CSP });
  };
  const html = HTML_CONTENT_TYPE;
  const pages: ServiceRoute[] = [
    { path: '/docs', handle: page('/docs', html, () => Buffer.from(referencePage())) },
    ...PROBLEM_CODES.map((code) => ({
      path: `/docs/problems/${problemSlug(code)}`,
      handle: page(code, html, () => Buffer.from(problemPage(code, policy.docsUrl))),
    })),
  ];
  return [
    ...pages,
    ...Object.entries(ASSETS).map(([name, asset]) => ({ path: `/docs/assets/${name}`, handle: page(name, asset.type, asset.body) })),
    // A page's address with a trailing slash (typed, or completed by a tool) leads to the page; any
    // other path with one stays a 404, as the API's paths do.
    ...pages.map(({ path }) => ({ path: `${path}/`, handle: redirectWithoutTrailingSlash(responder, `${path}/`) })),
    // A problem's code as the API prints it (`"code": "INVALID_DATE_FORMAT"`) leads to its page,
    // whose address is the code in the type URI's form (invalid-date-format).
    ...PROBLEM_CODES.map((code) => ({ path: `/docs/problems/${code}`, handle: redirectTo(responder, `/docs/problems/${code}`, problemSlug(code)) })),
  ];
}

/** 301 to `location`, relative to the path asked (so that it stays under the origin and prefix the browser used); `operation` labels it in the metrics. */
function redirectTo(responder: Responder, operation: string, location: string): ServiceRoute['handle'] {
  return (request, reply) => {
    responder.write(request, reply, { operation, status: 301, headers: ['location', location, 'cache-control', PAGE_CACHE], body: Buffer.alloc(0) });
  };
}

/**
 * 301 from a page's address with a trailing slash (typed, or completed by a tool) to the page: the
 * path as sent without its last `/`, the query string kept. Relative, so that it stays on the
 * origin the browser used. `operation` labels it in the metrics.
 */
export function redirectWithoutTrailingSlash(responder: Responder, operation: string): ServiceRoute['handle'] {
  return (request, reply) => {
    const url = request.raw.url ?? '';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const query = queryStart === -1 ? '' : url.slice(queryStart);
    responder.write(request, reply, { operation, status: 301, headers: ['location', `${path.slice(0, -1)}${query}`, 'cache-control', PAGE_CACHE], body: Buffer.alloc(0) });
  };
}

function referencePage(): string {
  return layout(
    'China holiday calendar API reference',
    `<nav><a href="/">Start</a> · <a href="#problems">Problem types</a> · <a href="/openapi.json">OpenAPI document</a> · <a href="/calendar">The year as a calendar page</a> · MCP endpoint for AI agents: <code>POST ${MCP_PATH}</code></nav>
<div id="swagger-ui"></div>
<section id="problems"><h2>Problem types</h2><ul>${PROBLEM_CODES.map(
      (code) => `<li><a href="/docs/problems/${problemSlug(code)}"><code>${code}</code></a>: ${escapeHtml(PROBLEM_TYPES[code].title)}</li>`,
    ).join('')}</ul></section>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/reference.js"></script>`,
    'reference',
    '<link rel="stylesheet" href="/docs/assets/swagger-ui.css">',
  );
}

function problemPage(code: ProblemCode, docsUrl: string): string {
  const { status, title } = PROBLEM_TYPES[code];
  const explanation = PROBLEM_CATALOGUE[code];
  const instance = explanation.exampleRequest.split(' ')[1]?.split('?')[0] ?? '/';
  const example = exampleProblem(code, docsUrl, instance);
  return layout(
    `${title} (${code})`,
    `<nav><a href="/docs">API reference</a> · <a href="/docs#problems">All problem types</a></nav>
<h1>${escapeHtml(title)}</h1>
<dl>
<dt>Code</dt><dd><code>${code}</code></dd>
<dt>HTTP status</dt><dd>${status}</dd>
<dt>What it means</dt><dd>${escapeHtml(explanation.meaning)}</dd>
<dt>How to fix it</dt><dd>${escapeHtml(explanation.fix)}</dd>
<dt>Example</dt><dd><code>${escapeHtml(explanation.exampleRequest)}</code> answers <code>${status}</code> with <code>Content-Type: application/problem+json</code>:
<pre>${escapeHtml(JSON.stringify(example, null, 2))}</pre></dd>
</dl>`,
    'problem',
  );
}

/** Every page: the pages' stylesheet (after `head`'s, so that ours wins where both apply), header, then `body`. */
export function layout(title: string, body: string, kind: 'reference' | 'problem' | 'start', head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
${head}<link rel="stylesheet" href="/docs/assets/pages.css">
</head>
<body class="${kind}">
<header><p>China holiday calendar</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}
