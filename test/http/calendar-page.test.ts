import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync } from 'node:zlib';
import { DomUtils, parseDocument } from 'htmlparser2';
import { KeptPages, PAGE_CACHE_BYTES } from 'china-holiday-calendar-service/internal/http/docs/calendar-page-routes.js';
import { copyOfBundledData } from '../helpers/data-dir.js';
import { get, inject, type HttpAnswer } from '../helpers/http-answer.js';
import { assertProblem } from '../helpers/spec-shapes.js';
import { buildTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * The calendar page through the real application (inject), read with a real HTML parser: every
 * day of every published year carries the dayStatus the API answers for it, the marks follow the
 * statuses, an unpublished year guesses nothing, and the page is cached and checked like the
 * other answers.
 */

type Element = ReturnType<typeof DomUtils.findAll>[number];

interface DayRecord {
  readonly date: string;
  readonly dayStatus: string;
  readonly holidays: readonly { readonly code: string; readonly statutoryDate: boolean }[];
}

let app: FastifyInstance;
let publishedYears: number[];
let version: string;

before(async () => {
  ({ app } = await buildTestApp());
  const ready = JSON.parse((await get(app, '/readyz')).body) as { datasetVersion: string };
  version = ready.datasetVersion;
  // The published years as the API tells them: a year overview says PUBLISHED.
  publishedYears = [];
  for (let year = 2008; ; year++) {
    const overview = JSON.parse((await get(app, `/v1/china-calendar/years/${year}`)).body) as { status: string };
    if (overview.status !== 'PUBLISHED') break;
    publishedYears.push(year);
  }
});

after(async () => {
  await app.close();
});

function page(answer: HttpAnswer): ReturnType<typeof parseDocument> {
  assert.equal(answer.status, 200, answer.body.slice(0, 300));
  assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
  return parseDocument(answer.body);
}

function dayCells(document: ReturnType<typeof parseDocument>): Element[] {
  return DomUtils.findAll((element) => element.attribs['data-date'] !== undefined, document.children);
}

const classesOf = (element: Element): string[] => (element.attribs.class ?? '').split(' ');
const marksOf = (cell: Element): string[] =>
  DomUtils.findAll((element) => classesOf(element).includes('mark'), cell.children).map((mark) => DomUtils.textContent(mark));

async function apiDays(year: number): Promise<DayRecord[]> {
  const answer = await get(app, `/v1/china-calendar/date-ranges?startDate=${year}-01-01&endDate=${year}-12-31`);
  assert.equal(answer.status, 200);
  return JSON.parse(answer.body) as DayRecord[];
}

describe('GET /calendar/{year}', () => {
  it('gives every day of every published year the dayStatus the API answers, with its mark', async () => {
    assert.ok(publishedYears.length >= 19, `published years: ${publishedYears.join(', ')}`);
    for (const year of publishedYears) {
      const cells = dayCells(page(await get(app, `/calendar/${year}`)));
      const expected = await apiDays(year);
      assert.deepEqual(
        cells.map((cell) => `${cell.attribs['data-date']} ${cell.attribs['data-day-status']}`),
        expected.map((day) => `${day.date} ${day.dayStatus}`),
        `${year}: one element per day, in order, each with the API's dayStatus`,
      );
      expected.forEach((day, at) => {
        const cell = cells[at] as Element;
        const mark = day.dayStatus === 'HOLIDAY' ? ['休'] : day.dayStatus === 'ADJUSTED_WORKDAY' ? ['班'] : [];
        assert.deepEqual(marksOf(cell), mark, `${day.date} ${day.dayStatus}`);
        const statutory = day.holidays.some((holiday) => holiday.statutoryDate);
        assert.equal(classesOf(cell).includes('statutory'), statutory, `${day.date}: statutory ${statutory}`);
        assert.equal((cell.attribs.title ?? '').includes('法定节假日'), statutory, `${day.date}: said in words, not only drawn`);
      });
    }
  });

  it('says 未公布 for a year without a notice, marks no 休 or 班, and frames only the statutory days the regulation fixes', async () => {
    const year = (publishedYears.at(-1) ?? 2026) + 1;
    const document = page(await get(app, `/calendar/${year}`));
    const cells = dayCells(document);
    assert.equal(cells.length, 365);
    assert.ok(cells.every((cell) => cell.attribs['data-day-status'] === 'UNKNOWN'));
    assert.deepEqual(cells.flatMap(marksOf), [], 'no mark guessed');
    assert.match(DomUtils.textContent(document), /未公布/);
    const overview = JSON.parse((await get(app, `/v1/china-calendar/years/${year}`)).body) as { holidays: { statutoryDates: string[] }[] };
    const statutory = overview.holidays.flatMap((holiday) => holiday.statutoryDates).sort();
    assert.ok(statutory.includes(`${year}-10-01`));
    assert.deepEqual(cells.filter((cell) => classesOf(cell).includes('statutory')).map((cell) => cell.attribs['data-date']), statutory);
  });

  it('names each holiday on its first day off, and links the notices with the dataset version', async () => {
    const answer = await get(app, '/calendar/2024');
    const document = page(answer);
    const lineOf = (date: string): string => {
      const cell = dayCells(document).find((candidate) => candidate.attribs['data-date'] === date);
      assert.ok(cell, date);
      return DomUtils.findAll((element) => classesOf(element).includes('holiday'), cell.children).map((line) => DomUtils.textContent(line)).join();
    };
    assert.equal(lineOf('2024-02-10'), '春节');
    assert.equal(lineOf('2024-02-11'), '', 'only on the first day');
    assert.equal(lineOf('2024-09-15'), '中秋节');
    assert.equal(lineOf('2024-10-01'), '国庆节');
    const overview = JSON.parse((await get(app, '/v1/china-calendar/years/2024')).body) as { notices: { url: string }[] };
    const links = DomUtils.findAll((element) => element.name === 'a', document.children).map((link) => link.attribs.href);
    for (const notice of overview.notices) assert.ok(links.includes(notice.url), notice.url);
    assert.ok(answer.body.includes(version), 'the dataset version is shown');
  });

  it('shows the lunar day under each date: 初一 as the month, a solar term or a festival (除夕, 元宵节, 国庆节…) on its day', async () => {
    const lunarLines = new Map<string, string>();
    for (const year of [2023, 2024]) {
      for (const cell of dayCells(page(await get(app, `/calendar/${year}`)))) {
        const line = DomUtils.findOne((element) => classesOf(element).includes('lunar'), cell.children);
        lunarLines.set(cell.attribs['data-date'] ?? '', line === null ? '' : DomUtils.textContent(line));
      }
    }
    assert.equal(lunarLines.size, 731);
    const february2026 = dayCells(page(await get(app, '/calendar/2026'))).find((cell) => cell.attribs['data-date'] === '2026-02-16');
    assert.ok(february2026);
    assert.match(february2026.attribs.title ?? '', /农历腊月廿九 · 除夕$/, '除夕 2026 is the 29th');
    const facts: Record<string, string> = {
      '2024-02-09': '除夕', // the 30th of 腊月
      '2024-02-10': '正月', // 春节, named by the holiday line on its first day off: the lunar line names the month
      '2024-02-24': '元宵节', // 正月十五
      '2024-04-04': '清明',
      '2024-06-10': '初五', // 端午, named by the holiday line that day
      '2024-09-17': '中秋节', // 八月十五 (the holiday line is on 09-15, the first day off)
      '2024-10-01': '廿九', // 国庆节, named by the holiday line that day
      '2023-03-22': '闰二月', // the leap month of 2023
      '2023-04-05': '清明', // 闰二月十五: no festival in a leap month
      '2024-12-21': '冬至',
      '2023-01-21': '除夕', // the 30th of 腊月 again; 2026-02-16 is its 29th
      '2023-03-08': '妇女节',
      '2023-06-01': '儿童节',
      '2023-08-01': '建军节',
      '2023-08-22': '七夕节',
      '2023-10-23': '重阳节',
      '2024-01-18': '腊八节',
    };
    for (const [date, line] of Object.entries(facts)) assert.equal(lunarLines.get(date), line, date);
    assert.ok([...lunarLines.values()].every((line) => line !== ''), 'every day has its lunar line');
  });

  it('is zh-CN by default and English with lang=en; a table per month with a caption and weekday headers from Monday', async () => {
    const zh = page(await get(app, '/calendar/2024'));
    const en = page(await get(app, '/calendar/2024?lang=en'));
    const htmlLang = (document: ReturnType<typeof parseDocument>): string | undefined => DomUtils.findOne((element) => element.name === 'html', document.children)?.attribs.lang;
    assert.equal(htmlLang(zh), 'zh-CN');
    assert.equal(htmlLang(en), 'en');
    const tables = DomUtils.findAll((element) => element.name === 'table', zh.children);
    assert.equal(tables.length, 12);
    for (const table of tables) {
      assert.ok(DomUtils.findOne((element) => element.name === 'caption', table.children));
      const headers = DomUtils.findAll((element) => element.name === 'th', table.children);
      assert.deepEqual(headers.map((header) => header.attribs.scope), Array(7).fill('col'));
      assert.deepEqual(headers.map((header) => header.attribs.abbr), ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']);
    }
    const enCell = dayCells(en).find((cell) => cell.attribs['data-date'] === '2024-02-04');
    assert.deepEqual(enCell === undefined ? [] : marksOf(enCell), ['班'], 'the same marks, explained by the legend');
    assert.match(enCell?.attribs.title ?? '', /make-up working day/);
  });

  it('writes English holiday names short, each in full in its tooltip', async () => {
    const lineOf = async (url: string, date: string): Promise<{ text: string; title: string | undefined }> => {
      const cell = dayCells(page(await get(app, url))).find((candidate) => candidate.attribs['data-date'] === date);
      assert.ok(cell, date);
      const line = DomUtils.findOne((element) => classesOf(element).includes('holiday'), cell.children);
      assert.ok(line, `${date} has a holiday line`);
      return { text: DomUtils.textContent(line), title: line.attribs.title };
    };
    assert.deepEqual(await lineOf('/calendar/2024?lang=en', '2024-02-10'), { text: 'Spring Fest.', title: 'Spring Festival' });
    assert.deepEqual(await lineOf('/calendar/2023?lang=en', '2023-09-29'), { text: 'Mid-Autumn & Na\u00ADtional Day', title: 'Mid-Autumn Festival and National Day' });
    assert.deepEqual(await lineOf('/calendar/2024?lang=en', '2024-01-01'), { text: 'New Year', title: "New Year's Day" });
    assert.deepEqual(await lineOf('/calendar/2015', '2015-09-03'), { text: '抗战胜利纪念日', title: '中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日' });
    assert.deepEqual(await lineOf('/calendar/2024', '2024-02-10'), { text: '春节', title: '春节' });
  });

  it('names each year once in the year bar, short on any page, with arrows to the years either side', async () => {
    const nav = async (year: number): Promise<{ years: string[]; links: Element[] }> => {
      const found = DomUtils.findOne((element) => element.name === 'nav', page(await get(app, `/calendar/${year}`)).children);
      assert.ok(found);
      const links = DomUtils.findAll((element) => element.name === 'a', found.children);
      const years = DomUtils.textContent(found).match(/\d{4}/g) ?? [];
      return { years, links };
    };
    const last = Math.max(...publishedYears) + 1;
    for (const year of [2008, 2024, 2026, 2035, 9000, 9999]) {
      const { years, links } = await nav(year);
      assert.equal(new Set(years).size, years.length, `${year}: each year once (${years.join(' ')})`);
      assert.ok(years.length <= last - 2008 + 1 + 5, `${year}: a short bar (${years.length} years)`);
      for (let each = 2008; each <= last; each++) assert.ok(years.includes(String(each)), `${year}: names ${each}`);
      for (let each = Math.max(2008, year - 2); each <= Math.min(9999, year + 2); each++) assert.ok(years.includes(String(each)), `${year}: names ${each}`);
      const previous = links.find((link) => link.attribs.rel === 'prev');
      const next = links.find((link) => link.attribs.rel === 'next');
      assert.equal(previous?.attribs.href, year === 2008 ? undefined : `/calendar/${year - 1}`);
      assert.equal(next?.attribs.href, year === 9999 ? undefined : `/calendar/${year + 1}`);
      for (const arrow of [previous, next]) if (arrow !== undefined) assert.doesNotMatch(DomUtils.textContent(arrow), /\d/, 'an arrow names no year: the bar does');
    }
    assert.ok((await get(app, '/calendar/9000')).body.length < 200_000, 'a far year’s page is no larger than a near one’s');
  });

  it('puts the language switch beside the title', async () => {
    for (const [url, label, href] of [
      ['/calendar/2024', 'English', '/calendar/2024?lang=en'],
      ['/calendar/2024?lang=en', '中文', '/calendar/2024'],
    ] as const) {
      const top = DomUtils.findOne((element) => classesOf(element).includes('top'), page(await get(app, url)).children);
      assert.ok(top, url);
      assert.ok(DomUtils.findOne((element) => element.name === 'h1', top.children), `${url}: the title is there`);
      const link = DomUtils.findOne((element) => element.name === 'a', top.children);
      assert.deepEqual([link === null ? '' : DomUtils.textContent(link), link?.attribs.href], [label, href]);
    }
  });

  it('loads nothing but itself and the service icon, and no script', async () => {
    const document = page(await get(app, '/calendar/2024'));
    const loaded = DomUtils.findAll((element) => ['script', 'img', 'iframe', 'link'].includes(element.name), document.children);
    assert.equal(loaded.filter((element) => element.name === 'script').length, 0);
    for (const element of loaded) {
      const address = element.attribs.src ?? element.attribs.href ?? '';
      assert.ok(address.startsWith('/') && !address.startsWith('//'), `${element.name} ${address}`);
    }
  });
});

describe('caching, headers and bad requests', () => {
  it('has the ETag of the dataset version, answers 304 to it, and sends the documentation pages’ CSP', async () => {
    const first = await get(app, '/calendar/2024');
    const etag = first.headers.etag ?? '';
    assert.ok(etag.includes(version), etag);
    assert.equal(first.headers['cache-control'], 'public, max-age=86400');
    assert.equal(first.headers['content-security-policy'], (await get(app, '/docs')).headers['content-security-policy']);
    assert.equal((await get(app, '/calendar/2024')).body, first.body);
    const notModified = await get(app, '/calendar/2024', { 'if-none-match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, '');
    assert.notEqual((await get(app, '/calendar/2024?lang=en')).headers.etag, etag);
    assert.notEqual((await get(app, '/calendar/2023')).headers.etag, etag);
    assert.equal((await get(app, '/calendar/2027')).headers['cache-control'], 'public, max-age=300');
  });

  it('is sent compressed where the request accepts it, each coding with its own ETag', async () => {
    const plain = await inject(app, { url: '/calendar/2024' });
    const zipped = await app.inject({ url: '/calendar/2024', headers: { 'accept-encoding': 'br' } });
    assert.equal(zipped.headers['content-encoding'], 'br');
    assert.equal(zipped.headers.vary, 'Accept-Encoding');
    assert.ok(zipped.rawPayload.length < plain.body.length / 5, `${zipped.rawPayload.length} bytes of ${plain.body.length}`);
    assert.equal(brotliDecompressSync(zipped.rawPayload).toString(), plain.body);
    assert.equal(zipped.headers.etag, `${String(plain.headers.etag).slice(0, -1)}+br"`);
    assert.equal(zipped.headers['content-security-policy'], plain.headers['content-security-policy']);
    assert.equal((await get(app, '/calendar/2024', { 'accept-encoding': 'br', 'if-none-match': zipped.headers.etag })).status, 304);
  });

  it('keeps rendered pages up to a number of bytes, the least recently asked out first', () => {
    const kept = new KeptPages(300);
    for (const key of ['a', 'b', 'c']) kept.set(key, Buffer.alloc(100));
    assert.equal(kept.size, 300);
    assert.ok(kept.get('a'), 'asked again: now the most recent');
    kept.set('d', Buffer.alloc(100));
    assert.deepEqual([kept.get('b'), kept.size], [undefined, 300]);
    assert.ok(kept.get('a') && kept.get('c') && kept.get('d'));
    kept.set('huge', Buffer.alloc(1000));
    assert.deepEqual([kept.get('a'), kept.size], [undefined, 1000], 'one page larger than the bound is still kept alone');
    assert.ok(PAGE_CACHE_BYTES <= 32 * 1024 * 1024);
  });

  it('/calendar is the current year in China, kept for minutes only', async () => {
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());
    const answer = await get(app, '/calendar');
    const current = DomUtils.findOne((element) => element.attribs['aria-current'] === 'page', page(answer).children);
    assert.equal(current === null ? undefined : DomUtils.textContent(current), year);
    assert.equal(answer.headers['cache-control'], 'public, max-age=300');
    assert.equal(answer.body, (await get(app, `/calendar/${year}`)).body);
  });

  it('refuses a malformed year, a year before 2008 and an unknown language as the API does; HEAD and 405 as on every path', async () => {
    assertProblem(await get(app, '/calendar/26'), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL, instance: '/calendar/26' });
    assertProblem(await get(app, '/calendar/2007'), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
    assertProblem(await get(app, '/calendar?lang=fr'), { status: 400, code: 'INVALID_PARAMETER', docsUrl: TEST_DOCS_URL, instance: '/calendar' });
    const head = await inject(app, { method: 'HEAD', url: '/calendar/2024' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    for (const url of ['/calendar', '/calendar/2024']) {
      const refused = await inject(app, { method: 'POST', url });
      assertProblem(refused, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
      assert.equal(refused.headers.allow, 'GET, HEAD, OPTIONS');
    }
    assertProblem(await get(app, '/calendar/2024/01'), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL });
    const slash = await get(app, '/calendar/?lang=en');
    assert.deepEqual([slash.status, slash.headers.location], [301, '/calendar?lang=en']);
  });

  it('answers 503 with Retry-After for a published year whose data cannot be read, and keeps serving the others', async () => {
    const { dir, remove } = copyOfBundledData();
    writeFileSync(join(dir, '2020.json'), '{ this is not JSON');
    const { app: broken } = await buildTestApp({ dataDir: dir });
    try {
      const answer = await get(broken, '/calendar/2020');
      assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL, instance: '/calendar/2020' });
      assert.equal(answer.headers['retry-after'], '30');
      assert.equal((await get(broken, '/calendar/2024')).status, 200);
    } finally {
      await broken.close();
      remove();
    }
  });

  it('is linked from /docs', async () => {
    const links = DomUtils.findAll((element) => element.name === 'a', parseDocument((await get(app, '/docs')).body).children).map((link) => link.attribs.href);
    assert.ok(links.includes('/calendar'), links.join(', '));
  });
});
