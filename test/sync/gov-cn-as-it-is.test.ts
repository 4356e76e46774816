import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SYNC_EXIT } from 'china-holiday-calendar-service/internal/commands/sync.js';
import { syncScheduleOn } from '../helpers/sync-schedule.js';
import { readSyncSettings } from 'china-holiday-calendar-service/internal/settings/sync-settings.js';
import { dataCopies, eventually, snapshotOf } from '../helpers/data-dir.js';
import { ANNUAL_2026, ANNUAL_2027, fakeGovCnOfFile, type FakeGovCn } from '../helpers/fake-gov-cn.js';
import { runSyncCollected, show, type CommandRun } from '../helpers/command-run.js';

const SERVICE_PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../packages/service/package.json', import.meta.url), 'utf8')) as { version: string }).version;

/*
 * gov.cn as it is rather than as tidy as our fake first was, over real sockets: search servers
 * that count pages from 0 or from 1, the aggregate library's catMap shape, a firewall that refuses
 * a User-Agent, a search that is down while the papers list names the notice, and a search (or a
 * papers list) that no longer finds the notice the data holds.
 */

const LIMITS = { timeoutMs: 2000, maxBytes: 2 * 1024 * 1024, retries: 0, backoffMs: 10, maxRequests: 80 };
/** Where the bundled data says gov.cn published the 2026 notice. */
const HELD_2026_URL = 'https://www.gov.cn/zhengce/zhengceku/202511/content_7047091.htm';

const dataCopy = dataCopies();
const fake = await fakeGovCnOfFile();
/** The papers list: `papers[year]` is what /{year}.json lists. */
let papersServer: Server;
let papers: Record<string, readonly string[]> = {};
let papersUrl = '';
const papersRequests: string[] = [];

before(async () => {
  papersServer = createServer((request, response) => {
    papersRequests.push(request.url ?? '');
    const year = /^\/(\d{4})\.json$/.exec(request.url ?? '')?.[1];
    if (year === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ year: Number(year), papers: papers[year] ?? [], days: [] }));
  });
  await new Promise<void>((resolve) => papersServer.listen(0, '127.0.0.1', resolve));
  papersUrl = `http://127.0.0.1:${(papersServer.address() as AddressInfo).port}/{year}.json`;
});
after(() => {
  papersServer.closeAllConnections();
  papersServer.close();
});

function sync(dataDir: string, values: Record<string, string> = {}): Promise<CommandRun> {
  return runSyncCollected({ dataDir, values: { SYNC_SOURCE: 'gov.cn', SYNC_SEARCH_URL: fake.searchUrl, ...values }, accept: [], currentYear: 2026, limits: LIMITS, delivery: { attempts: 1, backoffMs: 10 } });
}

function arrange(shape: Parameters<FakeGovCn['shape']>[0]): void {
  fake.behave('normal');
  fake.shape(shape);
  fake.list([ANNUAL_2026, ANNUAL_2027]);
}

describe("searches that hold on gov.cn's shapes", () => {
  const publishedUnder = async (shape: Parameters<FakeGovCn['shape']>[0]): Promise<void> => {
    arrange(shape);
    const run = await sync(dataCopy());
    assert.equal(run.code, SYNC_EXIT.ok, show(run));
    assert.match(run.stdout, /^2026: nothing-new: /m);
    assert.match(run.stdout, /^2027: published: /m);
  };

  test('a server counting pages from 0: the notice on its first page is found', async () => {
    await publishedUnder({ firstPage: 0, pageSize: 2 });
  });

  test('a server counting pages from 1 that lists the notice on its third page, after four documents that are no notice', async () => {
    await publishedUnder({ firstPage: 1, pageSize: 2, noise: 4 });
  });

  test('a server counting from 0 with the same listing gives the same notices, and no page is asked for twice past the end', async () => {
    const seen = fake.requests.length;
    await publishedUnder({ firstPage: 0, pageSize: 2, noise: 4 });
    const pages = fake.requests.slice(seen).filter((path) => path.includes('2027+%E8%8A%82%E5%81%87%E6%97%A5') || path.includes('2027%20%E8%8A%82%E5%81%87%E6%97%A5'));
    assert.ok(pages.length <= 6, pages.join('\n'));
  });

  test("the aggregate library's shape: documents under searchVO.catMap.<category>.listVO", async () => {
    await publishedUnder({ shape: 'catMap', noise: 3 });
  });

  test('a firewall that refuses our User-Agent: the year fails saying so, and SYNC_USER_AGENT gets through', async () => {
    arrange({ refusedAgents: /china-holiday-calendar-sync/ });
    const refused = await sync(dataCopy());
    assert.equal(refused.code, SYNC_EXIT.failed, show(refused));
    assert.match(refused.stderr, /^2027: failed: search failed: .*: answered 403 \(refused; if it refuses this User-Agent, set SYNC_USER_AGENT\)$/m);
    // The version is the service's, from its package.json: the one place it is kept.
    assert.ok((fake.userAgents.at(-1) ?? '').startsWith(`china-holiday-calendar-sync/${SERVICE_PACKAGE_VERSION} (+https://`), fake.userAgents.at(-1));
    const agent = 'Mozilla/5.0 (compatible; PayrollCo-calendar/1.0; +https://payroll.example/calendar)';
    const allowed = await sync(dataCopy(), { SYNC_USER_AGENT: agent });
    assert.equal(allowed.code, SYNC_EXIT.ok, show(allowed));
    assert.match(allowed.stdout, /^2027: published: /m);
    assert.equal(fake.userAgents.at(-1), agent);
  });
});

describe('the papers list, a second way to find a notice', () => {
  test('the search answers 500 while the papers list names the notice page: the year is published', async () => {
    arrange({});
    fake.behave('error-500');
    papers = { 2026: [HELD_2026_URL], 2027: [fake.pageUrl(ANNUAL_2027)] };
    const dir = dataCopy();
    const run = await sync(dir, { SYNC_PAPERS_URL: papersUrl });
    assert.match(run.stdout, /^2027: published: published from 国务院办公厅关于2027年部分节假日安排的通知 \(国办发明电〔2026〕99号, http:\/\/127\.0\.0\.1:\d+\/zhengce\/content\/202611\/content_7100001\.htm\)$/m, show(run));
    // 2026 has nothing new, and its search failed: the run says so.
    assert.match(run.stderr, /^2026: failed: search failed: .*answered 500/m);
    assert.equal(run.code, SYNC_EXIT.failed);
    assert.match(snapshotOf(dir).get('2027.json') ?? '', /国办发明电〔2026〕99号/);
  });

  test('an address the papers list names elsewhere than gov.cn or the search mirror is never fetched', async () => {
    arrange({});
    fake.behave('empty');
    papersRequests.length = 0;
    const elsewhere = papersUrl.replace('{year}.json', 'zhengce/content/202611/content_7100001.htm');
    papers = { 2026: [HELD_2026_URL], 2027: [elsewhere, 'http://169.254.169.254/latest/meta-data/'] };
    const run = await sync(dataCopy(), { SYNC_PAPERS_URL: papersUrl });
    assert.match(run.stdout, /^2027: nothing-new: no annual notice yet$/m, show(run));
    assert.deepEqual(
      papersRequests.filter((path) => !path.endsWith('.json')),
      [],
    );
  });
});

describe('the canary: the newest notice the data holds must still be found', () => {
  test('a search that stops finding the held 2026 notice fails 2026, saying so', async () => {
    arrange({});
    fake.list([ANNUAL_2027]);
    const run = await sync(dataCopy());
    assert.equal(run.code, SYNC_EXIT.failed, show(run));
    assert.match(run.stderr, /^2026: failed: gov\.cn's search no longer finds 国务院办公厅关于2026年部分节假日安排的通知, a notice the data holds: the source has changed/m);
    assert.match(run.stdout, /^2027: published: /m);
  });

  test('a papers list that stops listing the held 2026 notice fails 2026 too', async () => {
    arrange({});
    papers = { 2027: [fake.pageUrl(ANNUAL_2027)] };
    const run = await sync(dataCopy(), { SYNC_PAPERS_URL: papersUrl });
    assert.equal(run.code, SYNC_EXIT.failed, show(run));
    assert.match(run.stderr, /^2026: failed: the papers list \(SYNC_PAPERS_URL\) no longer finds 国务院办公厅关于2026年部分节假日安排的通知, a notice the data holds/m);
  });

  test("the canary shows in the service's sync state: the year failed, saying why", async () => {
    arrange({});
    fake.list([ANNUAL_2027]);
    const schedule = await syncScheduleOn(settings({}), dataCopy(), { limits: LIMITS });
    try {
      const report = await schedule.runOnce();
      assert.equal(report?.outcomes.find((outcome) => outcome.year === 2026)?.outcome, 'failed');
      assert.match(schedule.state().years.find((entry) => entry.year === 2026)?.detail ?? '', /no longer finds/);
    } finally {
      schedule.stop();
      // Its last run may still be keeping its state in the folder the file's end removes.
      await schedule.finished();
    }
  });
});

function settings(values: Record<string, string>): NonNullable<ReturnType<typeof readSyncSettings>> {
  const read = readSyncSettings({ SYNC_SOURCE: 'gov.cn', SYNC_SEARCH_URL: fake.searchUrl, SYNC_INTERVAL_SECONDS: '3600', ...values });
  assert.ok(read);
  return read;
}

test('a run in which a year failed is retried soon, not after the whole interval', async () => {
  arrange({});
  fake.behave('error-500');
  const dir = dataCopy();
  const schedule = await syncScheduleOn(settings({}), dir, { limits: LIMITS, retryDelaysMs: [300, 600] });
  try {
    schedule.start();
    await eventually(() => Promise.resolve(schedule.state().years.some((entry) => entry.outcome === 'failed')), 10_000, 'the first run to fail');
    fake.behave('normal');
    await eventually(() => Promise.resolve(schedule.state().years.some((entry) => entry.year === 2027 && entry.outcome === 'published')), 10_000, 'the retry to publish 2027');
    assert.ok(schedule.state().lastSuccess !== null);
  } finally {
    schedule.stop();
    // Its last run may still be keeping its state in the folder the file's end removes.
    await schedule.finished();
  }
});
