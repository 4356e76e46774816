import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { hostname } from 'node:os';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SYNC_EXIT } from 'china-holiday-calendar-service/internal/commands/sync.js';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { startService } from 'china-holiday-calendar-service/internal/process/server.js';
import { dataCopies, eventually, snapshotOf } from '../helpers/data-dir.js';
import { pino } from 'pino';
import { AMENDMENT_2027, ANNUAL_2026, ANNUAL_2027, FAR_2027, fakeGovCnOfFile, noticePageHtml, startFakeGovCn, type Interceptor } from '../helpers/fake-gov-cn.js';
import { Collected, runSyncCollected, show, type CommandRun } from '../helpers/command-run.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET } from '../helpers/webhook-receiver.js';

/*
 * gov.cn played by an attacker, over real sockets: what a search answer or a page can do to the
 * service that syncs from it. Each test arranges one hostile answer and checks what the service
 * or the `sync` command makes of it.
 */

/**
 * A search answer listing `hits` (title and page address), as gov.cn's search sends it, and the
 * 2026 notice the data holds, which every run looks for.
 */
function searchAnswer(hits: readonly { readonly title: string; readonly url: string; readonly pubtime?: unknown; readonly pubtimeStr?: string | undefined }[]): string {
  const held = { title: '国务院办公厅关于2026年部分节假日安排的通知', url: fake.pageUrl(ANNUAL_2026) };
  return JSON.stringify({ code: 200, searchVO: { totalpage: 1, listVO: [...hits, held].map((hit) => ({ pubtimeStr: '2026.11.20', ...hit })) } });
}

/** Every search answers `hits`; everything else is the fake's. */
function searchAlwaysFinds(hits: readonly { readonly title: string; readonly url: string; readonly pubtime?: unknown; readonly pubtimeStr?: string | undefined }[]): void {
  fake.intercept((_request, response, url) => url.pathname === '/search-gov/data' && json(response, searchAnswer(hits)));
}
const LIMITS = { timeoutMs: 2000, maxBytes: 2 * 1024 * 1024, retries: 1, backoffMs: 10, maxRequests: 60 };

/** One `sync` run against the fake, as the command runs it. */
function sync(
  dataDir: string,
  options: { readonly values?: Record<string, string>; readonly importerBudgetMs?: number; readonly currentYear?: number; readonly limits?: typeof LIMITS } = {},
): Promise<CommandRun> {
  return runSyncCollected({
    dataDir,
    values: { SYNC_SOURCE: 'gov.cn', SYNC_SEARCH_URL: fake.searchUrl, ...options.values },
    accept: [],
    currentYear: options.currentYear ?? 2026,
    limits: options.limits ?? LIMITS,
    delivery: { attempts: 2, backoffMs: 10 },
    ...(options.importerBudgetMs === undefined ? {} : { importerBudgetMs: options.importerBudgetMs }),
  });
}

/** A run that publishes 2027, with `interceptor` answering in the fake's place. */
async function publishes2027(interceptor: Interceptor): Promise<void> {
  fake.list([ANNUAL_2026, ANNUAL_2027]);
  fake.intercept(interceptor);
  try {
    const run = await sync(dataCopy());
    assert.equal(run.code, SYNC_EXIT.ok, show(run));
    assert.match(run.stdout, /^2027: published: /m);
  } finally {
    fake.intercept(undefined);
  }
}

const dataCopy = dataCopies();
const fake = await fakeGovCnOfFile();

function json(response: import('node:http').ServerResponse, value: unknown): true {
  response.writeHead(200, { 'content-type': 'application/json' }).end(typeof value === 'string' ? value : JSON.stringify(value));
  return true;
}

describe('the service keeps answering whatever gov.cn sends', () => {
  test('a search title of 现将 repeated 170,000 times, and a page of them, hold no answer up', async () => {
    fake.list([ANNUAL_2026]);
    // A reprint's preamble (根据<文号>…如下) whose lead-in the importer looks for the holidays in.
    const preamble = (times: number): string => `根据国办发明电〔2023〕7号${'现将'.repeat(times)}如下`;
    const leadIn = preamble(30_000);
    fake.intercept((_request, response, url) => {
      if (url.pathname === '/search-gov/data') {
        return json(response, {
          code: 200,
          searchVO: {
            totalpage: 1,
            listVO: [
              { title: preamble(170_000), url: `${fake.base}/zhengce/content/202611/content_1.htm`, pubtimeStr: '2026.11.20' },
              { title: '国务院办公厅关于2027年部分节假日安排的通知', url: `${fake.base}/zhengce/content/202611/content_2.htm`, pubtimeStr: '2026.11.20' },
            ],
          },
        });
      }
      if (url.pathname.startsWith('/zhengce/content/202611/')) {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<html><body><table><tr><td>标题：</td><td>国务院办公厅关于2027年部分节假日安排的通知</td></tr><tr><td>发布日期：</td><td>2026年11月20日</td></tr></table><div id="UCAP-CONTENT"><p>${leadIn}</p><p>一、元旦：1月1日放假。</p></div></body></html>`);
        return true;
      }
      return false;
    });
    const service = await startService(readConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataCopy(), SYNC_SOURCE: 'gov.cn', SYNC_INTERVAL_SECONDS: '1', SYNC_SEARCH_URL: fake.searchUrl }));
    try {
      const slowest = { ms: 0 };
      const runsDone = async (): Promise<boolean> => {
        const started = performance.now();
        const health = await fetch(`${service.url}/healthz`);
        await health.arrayBuffer();
        slowest.ms = Math.max(slowest.ms, performance.now() - started);
        const readiness = (await (await fetch(`${service.url}/readyz`)).json()) as { sync: { years: { year: number; outcome: string; detail: string }[] } };
        return readiness.sync.years.some((entry) => entry.year === 2027 && entry.outcome === 'failed' && entry.detail.includes('content_2.htm'));
      };
      await eventually(runsDone, 60_000, 'a sync run to read the hostile answers');
      // Two more runs, answered all along.
      const seen = fake.requests.length;
      await eventually(async () => (await runsDone()) && fake.requests.length >= seen + 6, 60_000, 'two more runs');
      assert.ok(slowest.ms < 2000, `/healthz took ${Math.round(slowest.ms)} ms while sync read the hostile answers`);
    } finally {
      await service.close();
      fake.intercept(undefined);
    }
  });
});

test('the importer runs within a time budget: past it, the year fails and nothing is written', async () => {
  fake.list([ANNUAL_2026, ANNUAL_2027]);
  const dir = dataCopy();
  const before = snapshotOf(dir);
  const run = await sync(dir, { importerBudgetMs: 1 });
  assert.equal(run.code, SYNC_EXIT.failed, show(run));
  assert.match(run.stderr, /^2027: failed: .*the importer did not finish within 1 ms; it was stopped$/m);
  assert.deepEqual(snapshotOf(dir), before);
  const generous = await sync(dir);
  assert.equal(generous.code, SYNC_EXIT.ok, show(generous));
  assert.match(generous.stdout, /^2027: published: /m);
});

describe('a hit is read only as the notice it claims to be', () => {
  test("a hit titled as next year's notice whose page is a published year's annual notice is refused, and the published year keeps its amendment", async () => {
    fake.list([ANNUAL_2026, ANNUAL_2027, AMENDMENT_2027]);
    const dir = dataCopy();
    const first = await sync(dir);
    assert.equal(first.code, SYNC_EXIT.ok, show(first));
    const amended = await sync(dir);
    assert.match(amended.stdout, /^2027: nothing-new: /m, show(amended));
    const before = snapshotOf(dir);
    assert.match(before.get('2027.json') ?? '', /"amending"/);
    // A year later, the search for 2028 lists 2027's annual notice under 2028's title.
    searchAlwaysFinds([{ title: '国务院办公厅关于2028年部分节假日安排的通知', url: fake.pageUrl(ANNUAL_2027) }]);
    try {
      const run = await sync(dir, { currentYear: 2027 });
      assert.equal(run.code, SYNC_EXIT.failed, show(run));
      assert.match(run.stderr, /^2028: failed: .*content_7100001\.htm: the page is titled "国务院办公厅关于2027年部分节假日安排的通知", but the search answer listed it as "国务院办公厅关于2028年部分节假日安排的通知"; not read$/m);
      assert.doesNotMatch(run.stdout, /^\d{4}: (?:published|amended)|datasetVersion/m);
      assert.deepEqual(snapshotOf(dir), before);
    } finally {
      fake.intercept(undefined);
    }
  });

  test("the title a held notice is shown with is the page's, on one line, not the search answer's", async () => {
    fake.list([ANNUAL_2026, FAR_2027]);
    searchAlwaysFinds([{ title: '国务院办公厅关于2027年\n部分节假日安排的通知', url: fake.pageUrl(FAR_2027) }]);
    const service = await startService(readConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataCopy(), SYNC_SOURCE: 'gov.cn', SYNC_INTERVAL_SECONDS: '60', SYNC_SEARCH_URL: fake.searchUrl }));
    try {
      type Held = { readonly notices: readonly { readonly title: string }[] };
      let held: readonly Held[] = [];
      await eventually(async () => {
        held = ((await (await fetch(`${service.url}/readyz`)).json()) as { sync: { held: Held[] } }).sync.held;
        return held.length > 0;
      }, 30_000, 'the notice to be held');
      assert.deepEqual(held.flatMap((notice) => notice.notices.map((read) => read.title)), ['国务院办公厅关于2027年部分节假日安排的通知']);
      const overview = (await (await fetch(`${service.url}/v1/china-calendar/years/2027`)).json()) as { noticesAwaitingReview: { title: string }[] };
      assert.deepEqual(overview.noticesAwaitingReview.map((notice) => notice.title), ['国务院办公厅关于2027年部分节假日安排的通知']);
    } finally {
      await service.close();
      fake.intercept(undefined);
    }
  });
});

/** Answers every search with its headers, then a byte every 100 ms, never ending. */
function dripSearch(): void {
  fake.intercept((_request, response, url) => {
    if (url.pathname !== '/search-gov/data') return false;
    response.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => response.write(' '), 100);
    response.on('close', () => clearInterval(timer));
    return true;
  });
}

describe('a source or a receiver that drips its answer ends nothing but its own request', () => {
  test('a search answer dripped a byte at a time fails at the request deadline', { timeout: 30_000 }, async () => {
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    dripSearch();
    try {
      const started = performance.now();
      const run = await sync(dataCopy(), { limits: { ...LIMITS, timeoutMs: 1000, retries: 0 } });
      assert.equal(run.code, SYNC_EXIT.failed, show(run));
      assert.match(run.stderr, /^2027: failed: search failed: .*: no complete answer within 1 s \(after 1 attempt\)$/m);
      assert.ok(performance.now() - started < 10_000);
    } finally {
      fake.intercept(undefined);
    }
  });

  test('past SYNC_RUN_TIMEOUT_SECONDS the run ends, its years failed', { timeout: 30_000 }, async () => {
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    dripSearch();
    try {
      const started = performance.now();
      const run = await sync(dataCopy(), { values: { SYNC_RUN_TIMEOUT_SECONDS: '1' }, limits: { ...LIMITS, timeoutMs: 60_000 } });
      assert.equal(run.code, SYNC_EXIT.failed, show(run));
      assert.match(run.stderr, /^2026: failed: the run passed SYNC_RUN_TIMEOUT_SECONDS \(1 s\) and was ended: /m);
      assert.match(run.stderr, /^2027: failed: the run passed SYNC_RUN_TIMEOUT_SECONDS \(1 s\) and was ended before this year was checked$/m);
      assert.ok(performance.now() - started < 5000, `the run took ${Math.round(performance.now() - started)} ms`);
    } finally {
      fake.intercept(undefined);
    }
  });

  test('webhook receivers that drip or hold their answers neither keep sync from exiting nor get more than a few connections', { timeout: 60_000 }, async () => {
    let open = 0;
    let most = 0;
    const sockets = new Set<Socket>();
    // Every other request is held without an answer; the others get a 200 whose body drips.
    let requests = 0;
    const receiver = createNetServer((socket) => {
      sockets.add(socket);
      most = Math.max(most, (open += 1));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open -= 1;
        sockets.delete(socket);
      });
      socket.once('data', () => {
        requests += 1;
        if (requests % 2 === 0) return;
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 100000\r\n\r\n');
        const timer = setInterval(() => socket.write('.'), 100);
        socket.on('close', () => clearInterval(timer));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    try {
      const urls = Array.from({ length: 8 }, (_, index) => `${base}/hooks/${index}`).join(',');
      const started = performance.now();
      const run = await sync(dataCopy(), { values: { WEBHOOK_URLS: urls, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }, limits: { ...LIMITS, timeoutMs: 1000 } });
      assert.equal(run.code, SYNC_EXIT.ok, show(run));
      assert.match(run.stdout, /^2027: published: /m);
      assert.ok(performance.now() - started < 30_000);
      // Four at once from the sender; the receiver may see one more for a moment, a connection the
      // sender has ended before its close reaches the receiver (without a bound: all eight at once).
      assert.ok(most <= 5, `${most} connections open at once`);
      assert.ok(requests >= 8);
    } finally {
      for (const socket of sockets) socket.destroy();
      receiver.close();
    }
  });
});

test('a search answer nested 900,000 deep is refused before it is parsed', async () => {
  fake.list([ANNUAL_2026, ANNUAL_2027]);
  const nested = `{"code":200,"searchVO":{"listVO":${'['.repeat(900_000)}${']'.repeat(900_000)}}}`;
  fake.intercept((_request, response, url) => url.pathname === '/search-gov/data' && json(response, nested));
  try {
    const before = process.memoryUsage().rss;
    const run = await sync(dataCopy());
    assert.equal(run.code, SYNC_EXIT.failed, show(run));
    assert.match(run.stderr, /^2027: failed: search failed: .*: the search answer nests deeper than 32 levels; not parsed$/m);
    const grown = (process.memoryUsage().rss - before) / 2 ** 20;
    assert.ok(grown < 100, `memory grew by ${Math.round(grown)} MiB`);
  } finally {
    fake.intercept(undefined);
  }
});

test('credentials in configured URLs are shown and logged redacted, webhook paths too', async () => {
  fake.list([ANNUAL_2026, ANNUAL_2027]);
  // The search refuses 2026's queries, so that a detail names the search URL; 2027 is published.
  fake.intercept((_request, response, url) => url.pathname === '/search-gov/data' && (url.searchParams.get('q') ?? '').startsWith('2026') && Boolean(response.writeHead(404).end()));
  const receiver = await startWebhookReceiver();
  const logged = new Collected();
  const searchUrl = fake.searchUrl.replace('http://', 'http://searcher:pa55word@') + '?apikey=KEY123';
  const hook = receiver.url.replace('/hooks', '/hooks/PATHTOKEN') + '?token=QTOKEN';
  const service = await startService(
    readConfig({ PORT: '0', DATA_DIR: dataCopy(), SYNC_SOURCE: 'gov.cn', SYNC_INTERVAL_SECONDS: '60', SYNC_SEARCH_URL: searchUrl, WEBHOOK_URLS: hook, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }),
    pino({ level: 'info' }, logged),
  );
  try {
    let readiness = '';
    await eventually(async () => {
      readiness = await (await fetch(`${service.url}/readyz`)).text();
      return readiness.includes('"outcome":"failed"') && logged.text.includes('webhook delivered');
    }, 30_000, 'a failed year and a delivered webhook');
    for (const secret of ['pa55word', 'KEY123', 'PATHTOKEN', 'QTOKEN']) {
      assert.ok(!readiness.includes(secret), `/readyz shows ${secret}: ${readiness}`);
      assert.ok(!logged.text.includes(secret), `the log shows ${secret}`);
    }
    assert.match(readiness, /http:\/\/\*\*\*:\*\*\*@127\.0\.0\.1:\d+\/search-gov\/data\?apikey=\*\*\*&t=\*\*\*/);
    assert.match(logged.text, /"url":"http:\/\/127\.0\.0\.1:\d+\/\*\*\*\?token=\*\*\*"/);
  } finally {
    await service.close();
    await receiver.close();
    fake.intercept(undefined);
  }
});

describe('where sync fetches from', () => {
  let inside: Server;
  let insideBase = '';
  before(async () => {
    // A server inside the network on the fake's host, another port: what a poisoned answer points at.
    inside = createHttpServer((request, response) => {
      if (request.url?.startsWith('/redirect') === true) {
        response.writeHead(302, { location: `http://localhost:${(inside.address() as AddressInfo).port}/2027.json` }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><div id="UCAP-CONTENT"><p>INSIDE-ONLY 机密</p></div></body></html>');
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    insideBase = `http://127.0.0.1:${(inside.address() as AddressInfo).port}`;
  });
  after(() => {
    inside.closeAllConnections();
    inside.close();
  });

  test("a page on another port of the search's host is not fetched, and a refused page is quoted only in a short excerpt", async () => {
    fake.list([ANNUAL_2026]);
    searchAlwaysFinds([{ title: '国务院办公厅关于2027年部分节假日安排的通知', url: `${insideBase}/internal.htm` }]);
    try {
      const run = await sync(dataCopy());
      assert.equal(run.code, SYNC_EXIT.failed, show(run));
      assert.match(run.stderr, /^2027: failed: http:\/\/127\.0\.0\.1:\d+\/internal\.htm: port \d+ of 127\.0\.0\.1 is not the configured one; not fetched$/m);
      assert.doesNotMatch(run.stderr, /INSIDE-ONLY/);
      // A page the search's host serves, whose body the importer refuses: a short excerpt of it at most.
      const body = `一、元旦：${'机密'.repeat(400)}`;
      fake.intercept((_request, response, url) => {
        if (url.pathname === '/search-gov/data') return json(response, searchAnswer([{ title: '国务院办公厅关于2027年部分节假日安排的通知', url: `${fake.base}/zhengce/content/202611/content_3.htm` }]));
        if (url.pathname !== '/zhengce/content/202611/content_3.htm') return false;
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><head><meta name="ArticleTitle" content="国务院办公厅关于2027年部分节假日安排的通知"><meta name="firstpublishedtime" content="2026-11-20 16:00:00"></head><body><div id="UCAP-CONTENT"><p>${body}</p></div></body></html>`);
        return true;
      });
      const refused = await sync(dataCopy());
      assert.match(refused.stderr, /^2027: failed: .*content_3\.htm: the importer refused the notice: /m);
      const line = /^2027: .*$/m.exec(refused.stderr)?.[0] ?? '';
      assert.ok(line.length < 400, line);
    } finally {
      fake.intercept(undefined);
    }
  });

  test('the cross-check source is fetched under the same policy: a redirect to another host is refused', async () => {
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const dir = dataCopy();
    const before = snapshotOf(dir);
    const run = await sync(dir, { values: { SYNC_CROSS_CHECK_URL: `${insideBase}/redirect/{year}.json` } });
    assert.equal(run.code, SYNC_EXIT.failed, show(run));
    assert.match(run.stderr, /^2027: failed: cross-check failed: http:\/\/localhost:\d+\/2027\.json: localhost is not gov\.cn \(on a web port\) or a configured host; not fetched$/m);
    assert.deepEqual(snapshotOf(dir), before);
  });

  test("a mirror named by a host name that resolves to this machine is the configured mirror: it is fetched from", async (context) => {
    const name = hostname().toLowerCase();
    const resolved = await lookup(name).catch(() => undefined);
    if (resolved?.address.startsWith('127.') !== true) {
      context.skip(`${name} does not resolve to a loopback address here`);
      return;
    }
    const mirror = await startFakeGovCn({ host: name });
    try {
      mirror.list([ANNUAL_2026, ANNUAL_2027]);
      const run = await sync(dataCopy(), { values: { SYNC_SEARCH_URL: mirror.searchUrl } });
      assert.equal(run.code, SYNC_EXIT.ok, show(run));
      assert.match(run.stdout, new RegExp(`^2027: published: .*http://${name}:\\d+/zhengce/`, 'm'));
    } finally {
      await mirror.close();
    }
  });
});

describe('what a page or an answer carries besides the notice', () => {
  test('control characters and terminal escapes from the network reach the terminal escaped', async () => {
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    // The importer reads the first line as the title: the rest rides along wherever the title is shown.
    const forged = '国务院办公厅关于2027年部分节假日安排的通知\n\u001b[31m2027: published\u001b[0m\u202e\u009b2J';
    searchAlwaysFinds([{ title: forged, url: fake.pageUrl(ANNUAL_2027) }]);
    try {
      const run = await sync(dataCopy());
      // eslint-disable-next-line no-control-regex -- control characters are what the output must not hold
      const controls = /[\0-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]/;
      assert.doesNotMatch(run.stdout, controls, show(run));
      assert.doesNotMatch(run.stderr, controls, show(run));
    } finally {
      fake.intercept(undefined);
    }
  });

  test('a search hit whose pubtime no date can hold is read without it', async () => {
    const hit = { title: '国务院办公厅关于2027年部分节假日安排的通知', url: fake.pageUrl(ANNUAL_2027), pubtime: 1e20, pubtimeStr: undefined };
    await publishes2027((_request, response, url) => url.pathname === '/search-gov/data' && json(response, searchAnswer([hit])));
  });

  test('script and style inside the notice body are not read as notice text', async () => {
    const page = noticePageHtml(ANNUAL_2027).replace(
      '<div id="UCAP-CONTENT" class="pages_content">',
      '<div id="UCAP-CONTENT" class="pages_content"><script>var note = "八、植树节：3月12日放假。";</script><style>p::before { content: "九、无名节：1月9日放假。" }</style>',
    );
    assert.ok(page.includes('<script>'));
    await publishes2027((_request, response, url) => {
      if (url.pathname !== new URL(fake.pageUrl(ANNUAL_2027)).pathname) return false;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return true;
    });
  });
});
