import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser suites are skipped on this machine, or false when Chromium is there. */
export const NO_BROWSER: string | false = existsSync(CHROMIUM)
  ? false
  : `no Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH to run the browser checks`;

/** Headless Chromium, with nothing of its own reaching for the network (this machine has none). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page that records every request it makes and every error it reports. */
export interface WatchedPage {
  readonly page: Page;
  readonly requested: string[];
  readonly errors: string[];
}

/** A new page of `viewport` that records every request it makes and every console or page error. */
export async function watchedPage(browser: Browser, viewport: { width: number; height: number }): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport });
  const requested: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, requested, errors };
}

/** Nothing was fetched from anywhere but `origin` (inline data: URLs aside), and nothing failed. */
export function assertStayedHome({ requested, errors }: WatchedPage, origin: string): void {
  assert.ok(requested.length > 0, 'the page made requests');
  assert.deepEqual(requested.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin), [], `no request leaves ${origin}`);
  assert.deepEqual(errors, [], 'no console or page errors (a CSP violation is one)');
}
