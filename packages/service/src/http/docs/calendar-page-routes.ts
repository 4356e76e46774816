import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailable, type Unavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import type { CalendarCore } from '@china-holiday-calendar/core/answers/calendar-core.js';
import { yearOfDayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { FIRST_SUPPORTED_YEAR } from '@china-holiday-calendar/core/calendar/supported-range.js';
import { answerObjects } from '@china-holiday-calendar/core/answers/answer-objects.js';
import { chinaDayOf } from '@china-holiday-calendar/core/calendar/china-day.js';
import { readLanguageParameter, type FeedLanguage } from '@china-holiday-calendar/core/questions/calendar-feed-question.js';
import { InputProblem } from '@china-holiday-calendar/core/questions/input-problem.js';
import { readYear } from '@china-holiday-calendar/core/questions/year-question.js';
import { layout, redirectWithoutTrailingSlash } from './docs-routes.js';
import { escapeHtml, HTML_CONTENT_TYPE, PAGE_CSP, PAGE_SECURITY_HEADERS, prefersHtml } from './html.js';
import { RETRY_AFTER_SECONDS, unavailableProblem, type CalendarSource } from '../operations/operation-route.js';
import { instanceOf, problemRecord, sendProblem, type ProblemRecord, type ProblemSpec } from '../kernel/problems.js';
import { queryValues, type UnparsedQuery } from '../kernel/query-string.js';
import { CACHE_NEVER, CACHE_SETTLED, CACHE_UNSETTLED, type HeaderList, type Responder } from '../kernel/response-policy.js';
import { writeAnswer } from '../kernel/answer-writer.js';
import type { ServiceRoute } from '../kernel/service-route.js';

export const CALENDAR_PAGE_PATH = '/calendar';
const YEAR_PAGE_PATH = `${CALENDAR_PAGE_PATH}/{year}`;

/**
 * The bytes of rendered pages kept per dataset (a page is about 140 KB): the published years in
 * both languages and as many more, least recently asked first out, so that far-off years asked
 * one after another cannot pile up (their compressed copies are bounded apart, in EncodedBodies).
 */
export const PAGE_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The calendar page for people: `/calendar/{year}` (`year` read as the year overview reads it)
 * and `/calendar`, the current year in China. `?lang=en` as the feed takes it. Pages are HTML
 * under the documentation's CSP, rendered once per dataset, year and language (kept up to
 * PAGE_CACHE_BYTES), sent compressed where the request accepts it, with an ETag of the dataset
 * version and Cache-Control as the year overview's (`/calendar` short: it turns to the next year
 * on January 1).
 */
export function calendarPageRoutes(calendar: CalendarSource, responder: Responder): ServiceRoute[] {
  const rendered = new WeakMap<CalendarCore, KeptPages>();

  /**
   * A problem as the API writes it, or, to a browser (its Accept ranks HTML first), as a page that
   * explains it under the same status: the page is for people, and a person who typed a year
   * before 2008 should read why, not a JSON record.
   */
  const refuse = (request: FastifyRequest, reply: FastifyReply, label: string, problem: ProblemSpec, headers: HeaderList = []): void => {
    const varying = ['vary', 'Accept', ...headers];
    if (!prefersHtml(request.headers.accept)) return sendProblem(responder, request, reply, problem, { operation: label, headers: varying });
    const record = problemRecord(responder.policy.docsUrl, problem, instanceOf(request.raw.url), request.id);
    responder.write(request, reply, {
      operation: label,
      status: record.status,
      headers: ['content-type', HTML_CONTENT_TYPE, 'cache-control', CACHE_NEVER, ...PAGE_SECURITY_HEADERS, ...varying],
      body: Buffer.from(problemPage(record)),
      csp: PAGE_CSP,
    });
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply, label: string, yearValue: unknown): Promise<void> => {
    const lang = readLanguageParameter(queryValues((request.query as UnparsedQuery).text, ['lang'])[0]);
    if (lang instanceof InputProblem) {
      refuse(request, reply, label, lang);
      return;
    }
    const year = yearValue === undefined ? currentYear() : readYear('year', yearValue);
    if (year instanceof InputProblem) {
      refuse(request, reply, label, year);
      return;
    }
    const index = calendar.current()?.core;
    if (index === undefined || index.publishedYears.length === 0) {
      refuse(request, reply, label, unavailableProblem(undefined), ['retry-after', RETRY_AFTER_SECONDS]);
      return;
    }
    const page = await pageOf(index, year, lang);
    if (isUnavailable(page)) {
      refuse(request, reply, label, unavailableProblem(page.year), ['retry-after', RETRY_AFTER_SECONDS]);
      return;
    }
    const etag = `"${index.version}/page${year}${lang}"`;
    const cacheControl = yearValue !== undefined && index.yearOverviewIsSettled(year) ? CACHE_SETTLED : CACHE_UNSETTLED;
    return writeAnswer(responder, request, reply, {
      operation: label,
      contentType: HTML_CONTENT_TYPE,
      body: page,
      etag,
      headers: ['cache-control', cacheControl, ...PAGE_SECURITY_HEADERS],
      csp: PAGE_CSP,
    });
  };

  const pageOf = async (index: CalendarCore, year: number, lang: FeedLanguage): Promise<Buffer | Unavailable> => {
    let pages = rendered.get(index);
    if (pages === undefined) rendered.set(index, (pages = new KeptPages(PAGE_CACHE_BYTES)));
    const key = `${year}:${lang}`;
    const kept = pages.get(key);
    if (kept !== undefined) return kept;
    const { yearGrid, calendarPage } = await (renderers ??= loadRenderers());
    const grid = yearGrid(answerObjects(index), year);
    if (isUnavailable(grid)) return grid;
    const page = Buffer.from(calendarPage(grid, { lang, datasetVersion: index.version, publishedYears: index.publishedYears, firstYear: FIRST_SUPPORTED_YEAR }));
    pages.set(key, page);
    return page;
  };

  return [
    { path: CALENDAR_PAGE_PATH, handle: (request, reply) => answer(request, reply, CALENDAR_PAGE_PATH, undefined) },
    // An address typed with a trailing slash leads to the page, as the documentation's do.
    { path: `${CALENDAR_PAGE_PATH}/`, handle: redirectWithoutTrailingSlash(responder, `${CALENDAR_PAGE_PATH}/`) },
    {
      path: YEAR_PAGE_PATH,
      handle: (request, reply) => answer(request, reply, YEAR_PAGE_PATH, (request.params as Readonly<Record<string, string>>).year),
    },
    { path: `${YEAR_PAGE_PATH}/`, handle: redirectWithoutTrailingSlash(responder, `${YEAR_PAGE_PATH}/`) },
  ];
}

/**
 * The grid and the page's HTML, with the lunar table and the festivals they read: loaded with the
 * first page asked for, since a service that only answers the API never renders one (start-up and
 * memory; BENCHMARKS.md).
 */
async function loadRenderers(): Promise<{ readonly yearGrid: typeof import('./year-grid.js').yearGrid; readonly calendarPage: typeof import('./calendar-page.js').calendarPage }> {
  const [{ yearGrid }, { calendarPage }] = await Promise.all([import('./year-grid.js'), import('./calendar-page.js')]);
  return { yearGrid, calendarPage };
}

let renderers: ReturnType<typeof loadRenderers> | undefined;

/** The page a browser gets for a problem: what went wrong, where the calendar pages start, and the problem type's own page. */
function problemPage(record: ProblemRecord): string {
  return layout(
    `${record.title} (${record.code})`,
    `<nav><a href="/">Start</a> · <a href="${CALENDAR_PAGE_PATH}">This year's calendar</a> · <a href="/docs">API reference</a></nav>
<h1>${escapeHtml(record.title)}</h1>
<p>${escapeHtml(record.detail)}</p>
<p>The calendar has a page for every year from ${FIRST_SUPPORTED_YEAR} on, as <code>${CALENDAR_PAGE_PATH}/&lt;year&gt;</code>: <a href="${CALENDAR_PAGE_PATH}">this year's</a>, for one.</p>
<p>HTTP status ${record.status}, problem <a href="${escapeHtml(record.type)}"><code>${record.code}</code></a> (what it means and how to fix it), request id <code>${escapeHtml(record.requestId)}</code>.</p>`,
    'problem',
  );
}

/** The year it is now in China (Asia/Shanghai), whatever the host's time zone. */
function currentYear(): number {
  return yearOfDayNumber(chinaDayOf(Date.now()) ?? 0);
}

/** Rendered pages by key, most recently asked last, bounded in bytes. */
export class KeptPages {
  private readonly pages = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const page = this.pages.get(key);
    if (page !== undefined) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: Buffer): void {
    this.pages.set(key, page);
    this.bytes += page.length;
    for (const [oldest, kept] of this.pages) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.pages.delete(oldest);
      this.bytes -= kept.length;
    }
  }

  /** Bytes held. */
  get size(): number {
    return this.bytes;
  }
}
