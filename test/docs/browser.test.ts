import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { chromium, type Browser } from 'playwright-core';
import { readConfig } from '../../src/config.js';
import { PROBLEM_CODES } from '../../src/http/problems.js';
import { startService, type RunningService } from '../../src/server.js';
import { freePort } from '../helpers/free-port.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const skip = existsSync(CHROMIUM)
  ? false
  : `no Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH to run the browser checks`;

describe('documentation pages in a real headless browser', { skip }, () => {
  let service: RunningService;
  let browser: Browser;

  before(async () => {
    const port = await freePort();
    // DOCS_URL left at its default: <PUBLIC_URL>/docs, the service's own address.
    service = await startService(readConfig({ PORT: String(port), RELOAD_INTERVAL_SECONDS: '0' }), pino({ level: 'silent' }));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  after(async () => {
    await browser.close();
    await service.close();
  });

  it('renders the API reference from /openapi.json with only local assets and no console errors', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${service.url}/docs`);
    // Swagger UI has run (scripts allowed by the page's CSP) and rendered every operation.
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
    const paths: string[] = [];
    for (const element of await page.locator('.opblock-summary-path').all()) paths.push((await element.getAttribute('data-path')) ?? '');
    for (const path of ['/v1/china-calendar/dates/{date}', '/v1/china-calendar/date-ranges', '/v1/china-calendar/workdays', '/v1/china-calendar/next-holiday']) {
      assert.ok(paths.includes(path), `${path} is rendered (got ${paths.join(', ')})`);
    }
    assert.deepEqual(requested.filter((url) => !url.startsWith(service.url) && !url.startsWith('data:')), [], 'no request leaves the service');
    assert.deepEqual(errors, []);
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
});
