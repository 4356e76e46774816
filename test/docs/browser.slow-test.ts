import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { PROBLEM_CODES } from 'china-holiday-calendar-service/internal/http/kernel/problems.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { assertStayedHome, launchChromium, NO_BROWSER, watchedPage, type WatchedPage } from '../helpers/browser.js';
import { freePort } from '../helpers/free-port.js';


const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'] as const;
/** A desktop window and a phone's (an iPhone 12 to 15 is 390 CSS px wide). */
const WIDTHS = [1280, 390] as const;

/**
 * Evaluates a script expression in the page. A string, not a function: the test suite is
 * type-checked without the DOM's types, which the service's code must not see.
 */
function inPage(page: Page, expression: string): Promise<unknown> {
  return page.evaluate(expression);
}

async function inPageStrings(page: Page, expression: string): Promise<string[]> {
  const value = await inPage(page, expression);
  assert.ok(Array.isArray(value) && value.every((item) => typeof item === 'string'), `${expression}: strings (got ${JSON.stringify(value)})`);
  return value;
}

describe('documentation pages in a real headless browser', { skip: NO_BROWSER }, () => {
  let browser: Browser;
  /** What the tests started (services, servers), closed after them. */
  const closers: (() => Promise<void>)[] = [];
  let service: RunningService;

  /** The service on a known free port (so that PUBLIC_URL can name it), on 127.0.0.1, logging nothing. */
  async function serve(publicHost?: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningService> {
    const port = await freePort();
    const env = { PORT: String(port), RELOAD_INTERVAL_SECONDS: '0', ...(publicHost === undefined ? {} : { PUBLIC_URL: `http://${publicHost}:${port}` }), ...extraEnv };
    const started = await startService(readConfig(env), pino({ level: 'silent' }));
    closers.push(() => started.close());
    return started;
  }

  function newPage(width: number = WIDTHS[0]): Promise<WatchedPage> {
    return watchedPage(browser, { width, height: 900 });
  }


  async function openReference(page: Page, url: string): Promise<void> {
    await page.goto(url);
    // Swagger UI has run (scripts allowed by the page's CSP) and rendered the operations.
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
  }

  before(async () => {
    // DOCS_URL left at its default: <PUBLIC_URL>/docs, the service's own address.
    service = await serve();
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
    for (const close of closers) await close();
  });

  it('renders the API reference from /openapi.json with only local assets and no console errors', async () => {
    const watched = await newPage();
    const { page } = watched;
    await openReference(page, `${service.url}/docs`);
    const paths: string[] = [];
    for (const element of await page.locator('.opblock-summary-path').all()) paths.push((await element.getAttribute('data-path')) ?? '');
    for (const path of ['/v1/china-calendar/dates/{date}', '/v1/china-calendar/date-ranges', '/v1/china-calendar/workdays', '/v1/china-calendar/next-holiday']) {
      assert.ok(paths.includes(path), `${path} is rendered (got ${paths.join(', ')})`);
    }
    // Each path once: HEAD, which the document lists beside every GET, gets no second row here, and
    // the description says once that it is answered.
    assert.equal(await page.locator('.opblock-head').count(), 0, 'no HEAD rows');
    assert.deepEqual([...new Set(paths)], paths, 'no path shown twice');
    assert.match(await page.locator('.info .description').innerText(), /also answers HEAD/);
    // Tags in words an outsider reads, and no contact link leading back to this page.
    assert.match(await page.locator('.opblock-tag-section').first().innerText(), /working day or a rest day/);
    const contactLinks = await inPageStrings(page, "[...document.querySelectorAll('.info a')].map((link) => link.href)");
    assert.ok(!contactLinks.some((href) => new URL(href).pathname === '/docs'), `no link of the API's info leads back to /docs: ${contactLinks.join(', ')}`);
    assertStayedHome(watched, service.url);
    await page.close();
  });

  it('resolves the type URI of every problem the service emits to its page', async () => {
    const page = await browser.newPage();
    const response = await fetch(`${service.url}/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2025-06-01`);
    const problem = (await response.json()) as { type: string; code: string };
    assert.equal(problem.code, 'DATE_RANGE_TOO_LARGE');
    assert.ok(problem.type.startsWith(`${service.url}/docs/problems/`));
    const visited = await page.goto(problem.type);
    assert.equal(visited?.status(), 200);
    assert.match(await page.locator('h1').innerText(), /Date range too large/);

    for (const code of PROBLEM_CODES) {
      const slug = code.toLowerCase().replaceAll('_', '-');
      const answer = await page.goto(`${service.url}/docs/problems/${slug}`);
      assert.equal(answer?.status(), 200, `${slug} page`);
      assert.equal(await page.locator('dd code').first().innerText(), code);
      // The link back to the reference works.
      assert.equal(await page.locator('nav a').first().getAttribute('href'), '/docs');
    }
    await page.close();
  });

  // The page's CSP allows `connect-src 'self'`: "Try it out" works only if the document's server is
  // the page's own origin, whatever PUBLIC_URL names (127.0.0.1 against localhost, a port-forward).
  for (const [pageHost, publicHost] of [LOOPBACK_NAMES, [...LOOPBACK_NAMES].reverse()] as const) {
    it(`"Try it out" answers on a page opened at ${pageHost} while PUBLIC_URL names ${publicHost}`, { timeout: 60_000 }, async () => {
      const started = await serve(publicHost);
      const origin = `http://${pageHost}:${started.config.port}`;
      const watched = await newPage();
      const { page } = watched;
      await openReference(page, `${origin}/docs`);
      const operation = page.locator('.opblock.opblock-get').filter({ has: page.locator('[data-path="/v1/china-calendar/dates/{date}"]') });
      await operation.locator('.opblock-summary').click();
      await operation.locator('button.try-out__btn').click();
      // National Day 2024 (State Council notice of 2023-10-25): a holiday.
      await operation.locator('input[placeholder="date"]').fill('2024-10-01');
      await operation.locator('button.execute').click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor({ timeout: 20_000 });
      assert.equal((await status.innerText()).trim(), '200', 'the request reached the service (a blocked fetch shows "Failed to fetch")');
      assert.equal(await operation.locator('.request-url pre').innerText(), `${origin}/v1/china-calendar/dates/2024-10-01`);
      const body = JSON.parse(await operation.locator('.live-responses-table tbody .response-col_description pre').first().innerText()) as { date: string; dayStatus: string };
      assert.deepEqual([body.date, body.dayStatus], ['2024-10-01', 'HOLIDAY']);
      assertStayedHome(watched, origin);
      await page.close();

      // The problem type URIs stay absolute, under PUBLIC_URL (docs/design.md (Interface decisions)).
      const problem = (await (await fetch(`${origin}/v1/china-calendar/dates/2024-13-01`)).json()) as { type: string };
      assert.equal(problem.type, `http://${publicHost}:${started.config.port}/docs/problems/invalid-date-format`);
    });
  }

  for (const width of WIDTHS) {
    it(`at ${width} px wide: the pages are styled, no wider than the window, and fetch nothing from elsewhere`, { timeout: 60_000 }, async () => {
      const blank = await browser.newPage();
      const defaultFont = await inPage(blank, 'getComputedStyle(document.body).fontFamily');
      await blank.close();

      const watched = await newPage(width);
      const { page } = watched;
      const overflow = async (): Promise<number> => {
        const pixels = await inPage(page, 'document.documentElement.scrollWidth - document.documentElement.clientWidth');
        assert.equal(typeof pixels, 'number');
        return Number(pixels);
      };
      // The header's computed font and border, then the paths of the style sheets that loaded (one the
      // CSP blocked, or that failed, has no rules to read).
      const headerStyle = async (): Promise<{ font: string; border: string; sheets: string[] }> => {
        const [font, border, ...sheets] = await inPageStrings(
          page,
          `[getComputedStyle(document.querySelector('header')).fontFamily, getComputedStyle(document.querySelector('header')).borderBottomStyle,
            ...[...document.styleSheets].filter((sheet) => sheet.cssRules.length > 0).map((sheet) => new URL(sheet.href ?? '', location.href).pathname)]`,
        );
        return { font: font ?? '', border: border ?? '', sheets };
      };

      const problemPage = `${service.url}/docs/problems/date-range-too-large`;
      await page.goto(problemPage);
      const problemStyle = await headerStyle();
      assert.ok(problemStyle.sheets.includes('/docs/assets/pages.css'), `the problem page loads the pages' stylesheet (${problemStyle.sheets.join(', ')})`);
      assert.notEqual(problemStyle.font, defaultFont, "the problem page is not in the browser's default font");
      assert.ok((await overflow()) <= 0, `${problemPage} is no wider than ${width} px`);

      await openReference(page, `${service.url}/docs`);
      const referenceStyle = await headerStyle();
      assert.ok(referenceStyle.sheets.includes('/docs/assets/pages.css'), `/docs loads the pages' stylesheet (${referenceStyle.sheets.join(', ')})`);
      assert.ok(referenceStyle.sheets.includes('/docs/assets/swagger-ui.css'), "/docs loads Swagger UI's stylesheet");
      assert.deepEqual({ font: referenceStyle.font, border: referenceStyle.border }, { font: problemStyle.font, border: problemStyle.border }, "/docs's header looks like the problem pages'");
      // The problem list is laid out in columns where there is room for them.
      const columns = new Set<number>();
      for (const item of await page.locator('#problems li').all()) columns.add(Math.round((await item.boundingBox())?.x ?? Number.NaN));
      assert.ok(width >= 1000 ? columns.size > 1 : columns.size === 1, `${columns.size} column(s) of problem types at ${width} px`);
      assert.ok((await overflow()) <= 0, `/docs is no wider than ${width} px`);
      // Every operation open, with its parameters and response tables: still no wider.
      const summaries = await page.locator('.opblock-summary').all();
      for (const summary of summaries) await summary.click();
      await page.waitForFunction(`document.querySelectorAll('.opblock.is-open .responses-table').length === ${summaries.length}`, undefined, { timeout: 20_000 });
      assert.ok((await overflow()) <= 0, `/docs with every operation open is no wider than ${width} px (${await overflow()} px too wide)`);
      assertStayedHome(watched, service.url);
      await page.close();
    });
  }

  it('a browser app on another origin sends trace context, baggage and Accept-Language and reads the answer (CORS preflight)', async () => {
    const onlyApiHeaders = await serve(undefined, { CORS_ALLOWED_HEADERS: 'none' });
    // The browser app: a page of its own origin, on loopback too (Chromium's Local Network Access
    // keeps pages of other address spaces away from loopback services).
    const appServer = createServer((_request, response) => response.end('<!doctype html><title>app</title>'));
    await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => appServer.close(() => resolve())));
    const address = appServer.address();
    const appOrigin = `http://localhost:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const page = await browser.newPage();
    await page.goto(`${appOrigin}/`);
    // What an OpenTelemetry web SDK adds to every fetch, and an Accept-Language that is not
    // CORS-safelisted (an underscore, as Java's Locale.toString() writes it).
    const headers = {
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      tracestate: 'vendor=opaque',
      baggage: 'tenant=payroll',
      'Accept-Language': 'zh_CN',
      'X-Request-Id': 'app-request-1',
    };
    const call = (base: string): Promise<string[]> =>
      inPageStrings(
        page,
        `fetch(${JSON.stringify(`${base}/v1/china-calendar/dates/2024-10-01`)}, { headers: ${JSON.stringify(headers)} })
          .then(async (response) => [String(response.status), response.headers.get('x-request-id') ?? '', (await response.json()).dayStatus], (error) => ['failed', String(error)])`,
      );
    // National Day 2024: a holiday; the request id the app sent comes back, readable (exposed).
    assert.deepEqual(await call(service.url), ['200', 'app-request-1', 'HOLIDAY']);
    // The same request where the preflight allows only the API's own headers: the browser refuses it.
    assert.equal((await call(onlyApiHeaders.url))[0], 'failed', 'CORS_ALLOWED_HEADERS=none: the browser blocks a request carrying traceparent');
    await page.close();
  });

  it('a page address with a trailing slash leads to the page', async () => {
    const page = await browser.newPage();
    for (const path of ['/docs', '/docs/problems/invalid-date-range']) {
      const answer = await page.goto(`${service.url}${path}/`);
      assert.equal(answer?.status(), 200, `${path}/`);
      assert.equal(page.url(), `${service.url}${path}`);
    }
    await page.close();
  });
});
