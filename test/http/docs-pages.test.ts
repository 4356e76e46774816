/**
 * The documentation pages through the real application: every page loads the pages' stylesheet,
 * and a page's address with a trailing slash (typed by hand, completed by a tool) redirects to
 * the page, while any other path with one stays a 404: a redirect only where it leads to a page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROBLEM_CODES } from 'china-holiday-calendar-service/internal/http/kernel/problems.js';
import { get, inject, type HttpAnswer } from '../helpers/http-answer.js';
import { assertProblem, assertRequestIdHeader, problemSlug } from '../helpers/spec-shapes.js';
import { useTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

const PAGES = ['/docs', ...PROBLEM_CODES.map((code) => `/docs/problems/${problemSlug(code)}`)];
/** The calendar pages (a year filled in): pages too, with a style of their own. */
const CALENDAR_PAGES = ['/calendar', '/calendar/2024'];

const served = useTestApp();

/** The same-origin paths an HTML page links to or loads (href and src attributes), without fragments. */
function linkedPaths(html: string): string[] {
  return [...html.matchAll(/\b(?:href|src)="(\/[^"#]*)/g)].map((match) => match[1] ?? '').filter((path) => path !== '');
}

/**
 * Every path the service has, found as a client would: the documentation pages and whatever they
 * link to, and the paths of the OpenAPI document (a date or year filled into the template).
 */
async function knownPaths(): Promise<string[]> {
  const found = new Set<string>(PAGES);
  for (const page of PAGES) for (const path of linkedPaths((await get(served.app, page)).body)) found.add(path);
  const document = JSON.parse((await get(served.app, '/openapi.json')).body) as { paths: Record<string, unknown> };
  const sample: Readonly<Record<string, string>> = { date: '2024-10-01', year: '2024', file: 'manifest.json', market: 'XSHG' };
  for (const path of Object.keys(document.paths)) found.add(path.replaceAll(/\{(\w+)\}/g, (_, name: string) => sample[name] ?? assert.fail(`no sample for {${name}}`)));
  return [...found];
}

function assertRedirect(answer: HttpAnswer, location: string, what: string): void {
  assert.equal(answer.status, 301, `${what}: status`);
  assert.equal(answer.headers.location, location, `${what}: Location`);
  assert.equal(answer.body, '', `${what}: no body`);
  assert.equal(answer.headers['x-content-type-options'], 'nosniff', `${what}: the common headers`);
  assertRequestIdHeader(answer);
}

describe('the documentation pages', () => {
  it('each loads the pages\' stylesheet, which the service serves as CSS', async () => {
    for (const page of PAGES) {
      const answer = await get(served.app, page);
      assert.equal(answer.status, 200, page);
      assert.match(answer.headers['content-type'] ?? '', /^text\/html/, page);
      assert.match(answer.body, /<link rel="stylesheet" href="\/docs\/assets\/pages\.css">/, `${page} links pages.css`);
    }
    const css = await get(served.app, '/docs/assets/pages.css');
    assert.equal(css.status, 200);
    assert.match(css.headers['content-type'] ?? '', /^text\/css/);
    assert.ok(css.body.length > 0);
  });
});

describe('a trailing slash', () => {
  it('on a page redirects (301) to the page, for GET and HEAD, keeping the query string', async () => {
    for (const page of [...PAGES, ...CALENDAR_PAGES]) {
      for (const method of ['GET', 'HEAD'] as const) {
        assertRedirect(await inject(served.app, { method, url: `${page}/` }), page, `${method} ${page}/`);
      }
      assertRedirect(await get(served.app, `${page}/?x=1&y=%2F`), `${page}?x=1&y=%2F`, `${page}/?x=1&y=%2F`);
      // Where it leads is the page itself.
      assert.equal((await get(served.app, page)).status, 200, page);
    }
  });

  it('anywhere else is a 404 (the page it would lead to does not exist, or is not a page)', async () => {
    const pages = new Set([...PAGES, ...CALENDAR_PAGES]);
    const others = (await knownPaths()).filter((path) => !pages.has(path));
    assert.ok(others.includes('/docs/assets/pages.css') && others.includes('/healthz'), `the known paths include assets and service endpoints: ${others.join(', ')}`);
    // `/v1/china-calendar/dates/` is the single-date path with an empty date: INVALID_DATE_FORMAT, tested there.
    const paths = [
      ...others.filter((path) => path !== '/v1/china-calendar/dates').map((path) => `${path}/`),
      '/docs//',
      '/docs/problems',
      '/docs/problems/',
      '/docs/problems/no-such-problem/',
      `${PAGES[1] ?? ''}//`,
      '/docs/assets/',
      // The front door (`/`, linked from /docs) is a page of its own: `//` is nothing.
      '//',
    ];
    for (const path of paths) {
      assertProblem(await get(served.app, path), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL, instance: path });
    }
  });

  it('on a page, with a method other than GET or HEAD, is a 405 like the page itself', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const answer = await inject(served.app, { method, url: '/docs/' });
      assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
      assert.equal((await inject(served.app, { method, url: '/docs' })).status, 405);
    }
  });
});
