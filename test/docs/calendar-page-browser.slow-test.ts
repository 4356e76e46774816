import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { assertStayedHome, launchChromium, NO_BROWSER, watchedPage } from '../helpers/browser.js';
import { freePort } from '../helpers/free-port.js';

/*
 * The calendar page in a real headless Chromium: at a desktop width and a phone's, and printed.
 * The screenshots and the PDF go to the output folder (TEST_OUTPUT_DIR, by default
 * test-output/calendar-page/), to be looked at; the marks are checked in the rendered DOM.
 */

const OUTPUT = join(process.env.TEST_OUTPUT_DIR ?? new URL('../../test-output', import.meta.url).pathname, 'calendar-page');

/** A desktop window and a phone's (an iPhone 12 to 15 is 390 CSS px wide). */
const WIDTHS = [1280, 390] as const;
/** A4 landscape at 96 CSS px per inch. */
const A4_LANDSCAPE = { width: 1123, height: 794 } as const;

/** Evaluates a script expression in the page (a string: the tests are type-checked without the DOM's types). */
async function inPage<T>(page: Page, expression: string): Promise<T> {
  const value: unknown = await page.evaluate(expression);
  return value as T;
}

interface RenderedDay {
  readonly status: string | null;
  /** The visible text of the day's mark, '' when it has none (or the mark is not shown). */
  readonly mark: string;
  readonly framed: boolean;
  readonly label: string;
  /** The rendered lunar line. */
  readonly lunar: string;
}

/** What the browser renders for a day: its data-day-status, its visible mark, whether it is framed, and its words. */
function renderedDay(page: Page, date: string): Promise<RenderedDay> {
  return inPage<RenderedDay>(
    page,
    `(() => {
      const cell = document.querySelector('[data-date="${date}"]');
      const mark = cell.querySelector('.mark');
      return {
        status: cell.getAttribute('data-day-status'),
        mark: mark && mark.getBoundingClientRect().width > 0 ? mark.innerText : '',
        framed: getComputedStyle(cell).boxShadow !== 'none',
        label: cell.getAttribute('title'),
        lunar: cell.querySelector('.lunar').innerText,
      };
    })()`,
  );
}

/**
 * WCAG contrast ratios of the page's texts against the background they are drawn on (the nearest
 * opaque one): each element that holds text directly, as `text: ratio`.
 */
function contrastRatios(page: Page): Promise<{ readonly text: string; readonly ratio: number }[]> {
  return inPage(
    page,
    `(() => {
      const rgb = (color) => (color.match(/[\\d.]+/g) || []).map(Number);
      const luminance = ([r, g, b]) => {
        const channel = (value) => { const c = value / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const background = (element) => {
        for (let at = element; at; at = at.parentElement) {
          const color = rgb(getComputedStyle(at).backgroundColor);
          if (color.length === 3 || color[3] > 0) return color.slice(0, 3);
        }
        return [255, 255, 255];
      };
      const results = [];
      for (const element of document.querySelectorAll('body *')) {
        const own = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
        const box = element.getBoundingClientRect();
        if (!own || box.width === 0 || element.closest('.sr')) continue;
        const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background(element))];
        results.push({ text: element.textContent.trim().slice(0, 20), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) });
      }
      return results;
    })()`,
  );
}

describe('the calendar page in a real headless browser', { skip: NO_BROWSER }, () => {
  let browser: Browser;
  let service: RunningService;

  before(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    const port = await freePort();
    service = await startService(readConfig({ PORT: String(port), RELOAD_INTERVAL_SECONDS: '0' }), pino({ level: 'silent' }));
    browser = await launchChromium();
  });
  after(async () => {
    await browser.close();
    await service.close();
  });

  /** A page that fails the test on any request off the service's origin and on any console error (a CSP violation is one). */
  async function open(path: string, viewport: { width: number; height: number }): Promise<{ page: Page; done: () => Promise<void> }> {
    const watched = await watchedPage(browser, viewport);
    const { page } = watched;
    const answer = await page.goto(`${service.url}${path}`);
    assert.equal(answer?.status(), 200, path);
    return {
      page,
      done: async () => {
        assertStayedHome(watched, service.url);
        await page.close();
      },
    };
  }

  for (const width of WIDTHS) {
    it(`at ${width} px: the marks of 2024 and 2026 as the API has them, no wider than the window, readable contrast`, async () => {
      for (const [path, name] of [
        ['/calendar/2024', `2024-zh-${width}`],
        ['/calendar/2026?lang=en', `2026-en-${width}`],
      ] as const) {
        const { page, done } = await open(path, { width, height: 900 });
        await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
        const overflow = await inPage<number>(page, 'document.documentElement.scrollWidth - document.documentElement.clientWidth');
        assert.ok(overflow <= 0, `${path} is ${overflow} px wider than ${width} px`);
        const low = (await contrastRatios(page)).filter(({ ratio }) => ratio < 4.5);
        assert.deepEqual(low, [], 'every text has a contrast of at least 4.5:1 (WCAG AA)');
        await done();
      }

      const { page, done } = await open('/calendar/2024', { width, height: 900 });
      const makeUp = await renderedDay(page, '2024-02-04');
      assert.deepEqual([makeUp.status, makeUp.mark, makeUp.lunar], ['ADJUSTED_WORKDAY', '班', '立春']);
      assert.equal((await renderedDay(page, '2024-02-10')).lunar, '正月', '春节: 初一 shows the month');
      for (let day = 10; day <= 17; day++) {
        const rest = await renderedDay(page, `2024-02-${day}`);
        assert.deepEqual([rest.status, rest.mark], ['HOLIDAY', '休'], `2024-02-${day}`);
      }
      // 2024-02-10..12 are the statutory days of that year's regulation (初一 to 初三).
      assert.deepEqual(
        await Promise.all(['2024-02-09', '2024-02-10', '2024-02-12', '2024-02-13'].map(async (date) => (await renderedDay(page, date)).framed)),
        [false, true, true, false],
      );
      const weekend = await renderedDay(page, '2024-02-25');
      assert.deepEqual([weekend.status, weekend.mark], ['WEEKEND', '']);
      await done();

      const national = await open('/calendar/2026', { width, height: 900 });
      const statutory = await renderedDay(national.page, '2026-10-01');
      assert.deepEqual([statutory.status, statutory.mark, statutory.framed], ['HOLIDAY', '休', true]);
      assert.match(statutory.label, /法定节假日/);
      const notStatutory = await renderedDay(national.page, '2026-10-05');
      assert.deepEqual([notStatutory.status, notStatutory.mark, notStatutory.framed], ['HOLIDAY', '休', false]);
      await national.done();
    });

    it(`at ${width} px: an unpublished year (2027) says 未公布, marks nothing, frames its statutory days`, async () => {
      const { page, done } = await open('/calendar/2027', { width, height: 900 });
      await page.screenshot({ path: join(OUTPUT, `2027-zh-${width}.png`), fullPage: true });
      assert.match(await page.locator('.pending').innerText(), /2027年的放假安排未公布/);
      assert.deepEqual(await inPage<string[]>(page, `[...new Set([...document.querySelectorAll('[data-date]')].map((cell) => cell.dataset.dayStatus))]`), ['UNKNOWN']);
      assert.equal(await page.locator('[data-date] .mark').count(), 0, 'no 休 or 班 guessed');
      const nationalDay = await renderedDay(page, '2027-10-01');
      assert.deepEqual([nationalDay.status, nationalDay.mark, nationalDay.framed], ['UNKNOWN', '', true]);
      assert.equal((await renderedDay(page, '2027-10-04')).framed, false);
      await done();
    });
  }

  for (const width of WIDTHS) {
    it(`at ${width} px: every name fits its cell (English short forms), each year is named once, the language switch sits with the title`, async () => {
      for (const [path, name] of [
        ['/calendar/2015?lang=en', `2015-en-${width}`],
        ['/calendar/2023?lang=en', `2023-en-${width}`],
        ['/calendar/2015', `2015-zh-${width}`],
        ['/calendar/9999?lang=en', `9999-en-${width}`],
      ] as const) {
        const { page, done } = await open(path, { width, height: 900 });
        await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
        const cut = await inPage<string[]>(page, `[...document.querySelectorAll('td .line')].filter((line) => line.scrollWidth > line.clientWidth || line.getBoundingClientRect().right > line.closest('td').getBoundingClientRect().right + 0.5).map((line) => line.closest('td').dataset.date + ' ' + line.textContent)`);
        assert.deepEqual(cut, [], `${path}: a name cut or spilling out of its cell`);
        const named = await inPage<string[]>(page, `document.querySelector('nav').innerText.match(/\\d{4}/g)`);
        assert.equal(new Set(named).size, named.length, `${path}: each year once in the bar (${named.join(' ')})`);
        const [title, language, subtitle] = await inPage<{ top: number; bottom: number; right: number }[]>(
          page,
          `['h1', '.lang', '.sub'].map((selector) => { const box = document.querySelector(selector).getBoundingClientRect(); return { top: box.top, bottom: box.bottom, right: box.right }; })`,
        );
        assert.ok(title && language && subtitle);
        assert.ok(language.bottom <= subtitle.top + 0.5, `${path}: the language switch is with the title, above the subtitle`);
        assert.ok(language.right <= width, `${path}: the language switch is inside the window`);
        await done();
      }
      const { page, done } = await open('/calendar/2024', { width, height: 900 });
      assert.equal((await renderedDay(page, '2024-02-09')).lunar, '除夕');
      assert.equal((await renderedDay(page, '2024-02-24')).lunar, '元宵节');
      await done();
    });
  }

  it('prints every year from 2008 to the first unpublished one on one A4 landscape page', { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ viewport: A4_LANDSCAPE });
    await page.emulateMedia({ media: 'print' });
    const last = Number(await inPage<string>(await page.goto(`${service.url}/calendar/2008`).then(() => page), "document.querySelector('nav li:last-child a').textContent"));
    assert.ok(last >= 2027, `navigation reaches ${last}`);
    for (let year = 2008; year <= last; year++) {
      await page.goto(`${service.url}/calendar/${year}`);
      const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
      assert.match(pdf, /\/Type\s*\/Pages\b[^]*?\/Count 1\b/, `${year} prints on one page`);
    }
    await page.close();
  });

  it('prints the year on one A4 landscape page, without the navigation', async () => {
    for (const [path, name] of [
      ['/calendar/2024', '2024-zh-print'],
      ['/calendar/2027?lang=en', '2027-en-print'],
    ] as const) {
      const { page, done } = await open(path, A4_LANDSCAPE);
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
      assert.equal(await page.locator('nav').isVisible(), false, 'the navigation is not printed');
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      writeFileSync(join(OUTPUT, `${name}.pdf`), pdf);
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
      assert.equal(pages.length, 1, `${path} prints on ${pages.length} pages`);
      const size = pdf.toString('latin1').match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/);
      // A4 landscape in points: 842 x 595.
      assert.deepEqual([Math.round(Number(size?.[1])), Math.round(Number(size?.[2]))], [842, 595]);
      await done();
    }
  });
});
