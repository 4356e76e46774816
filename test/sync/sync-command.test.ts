import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SYNC_EXIT } from 'china-holiday-calendar-service/internal/commands/sync.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { checkArrangementShape } from '@china-holiday-calendar/core/dataset/schema-validators.js';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import type { FetchLimits } from 'china-holiday-calendar-service/internal/outbound/http-fetch.js';
import { dataCopies, snapshotOf } from '../helpers/data-dir.js';
import { AMENDMENT_2027, ANNUAL_2026, ANNUAL_2027, FAR_2027, fakeGovCnOfFile } from '../helpers/fake-gov-cn.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET } from '../helpers/webhook-receiver.js';
import { runCli, runSyncCollected, show, type CommandRun } from '../helpers/command-run.js';

const CURRENT_YEAR = 2026;
const LIMITS: FetchLimits = { timeoutMs: 400, maxBytes: 2 * 1024 * 1024, retries: 2, backoffMs: 10, maxRequests: 60 };

const dataCopy = dataCopies();
const fake = await fakeGovCnOfFile();

function sync(dataDir: string, values: Record<string, string> = {}, accept: readonly string[] = [], delivery = { attempts: 4, backoffMs: 10 }): Promise<CommandRun> {
  return runSyncCollected({ dataDir, values: { SYNC_SOURCE: 'gov.cn', SYNC_SEARCH_URL: fake.searchUrl, ...values }, accept, currentYear: CURRENT_YEAR, limits: LIMITS, delivery });
}

function yearFile(dir: string, year: number): ArrangementFile {
  const file: unknown = JSON.parse(readFileSync(join(dir, `${year}.json`), 'utf8'));
  assert.ok(checkArrangementShape(file), `${year}.json`);
  return file;
}

function publishedYears(dir: string): number[] {
  const reading = readManifest({ fileName: 'manifest.json', text: readFileSync(join(dir, 'manifest.json'), 'utf8') });
  assert.ok(reading.ok, JSON.stringify(reading));
  return reading.manifest.publishedYears;
}

describe('sync publishes what the importer accepts', () => {
  for (const template of ['content', 'zhengceku'] as const) {
    test(`a new year's notice on a ${template} page is found, read, imported and published`, async () => {
      fake.behave('normal');
      fake.list([ANNUAL_2026, { ...ANNUAL_2027, template }]);
      const dir = dataCopy();
      const run = await sync(dir);
      assert.equal(run.code, SYNC_EXIT.ok, show(run));
      assert.match(run.stdout, /^2026: nothing-new: /m);
      assert.match(run.stdout, /^2027: published: published from 国务院办公厅关于2027年部分节假日安排的通知 \(国办发明电〔2026〕99号, http:\/\/127\.0\.0\.1:\d+\/zhengce\//m);
      assert.deepEqual(publishedYears(dir).slice(-2), [2026, 2027]);
      const file = yearFile(dir, 2027);
      // The same importer: the file's arrangement is what importing the notice text gives.
      const imported = importNotice(readFileSync(ANNUAL_2027.fixture, 'utf8'), undefined, { currentYear: CURRENT_YEAR });
      assert.deepEqual(file.entries, imported.entries);
      assert.deepEqual(file.statutoryDays, imported.statutoryDays);
      assert.equal(file.notices[0]?.sourceUrl, fake.pageUrl({ ...ANNUAL_2027, template }));
      assert.equal(file.notices[0].publishedDate, '2026-11-20');
      assert.ok(validateArrangementFile(file, '2027.json').ok);
    });
  }

  test('a second run is a no-op, and two directories syncing the same notice get byte-identical files', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const first = dataCopy();
    const second = dataCopy();
    assert.equal((await sync(first)).code, SYNC_EXIT.ok);
    const written = snapshotOf(first);
    const again = await sync(first);
    assert.equal(again.code, SYNC_EXIT.ok, show(again));
    assert.match(again.stdout, /^2027: nothing-new: /m);
    assert.doesNotMatch(again.stdout, /datasetVersion/);
    assert.deepEqual(snapshotOf(first), written);
    assert.equal((await sync(second)).code, SYNC_EXIT.ok);
    // Each manifest expires a week after it was written: the rest is the same bytes, the sequence too.
    const withoutExpiry = (files: Map<string, string>): Map<string, string> =>
      new Map([...files].map(([name, text]) => [name, name === 'manifest.json' ? text.replace(/"expires": "[^"]+"/, '"expires": "(when written)"') : text]));
    assert.deepEqual(withoutExpiry(snapshotOf(second)), withoutExpiry(written));
  });

  test('an amending notice for a published year amends it', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const dir = dataCopy();
    assert.equal((await sync(dir)).code, SYNC_EXIT.ok);
    fake.list([ANNUAL_2026, ANNUAL_2027, AMENDMENT_2027]);
    const run = await sync(dir);
    assert.equal(run.code, SYNC_EXIT.ok, show(run));
    assert.match(run.stdout, /^2027: amended: amended by 国务院办公厅关于调整2027年劳动节假期安排的通知 \(国办发明电〔2027〕98号, [^)]+\): 2 dates changed$/m);
    const file = yearFile(dir, 2027);
    assert.deepEqual(
      file.notices.map((notice) => notice.kind),
      ['annual', 'amending'],
    );
  });
});

describe('sync writes nothing on any failure', () => {
  const failures: readonly { readonly name: string; readonly arrange: () => void; readonly message: RegExp }[] = [
    { name: 'a page template it does not understand', arrange: () => fake.list([{ ...ANNUAL_2027, template: 'unknown' }]), message: /content_7100001\.htm: not a notice page sync understands: it has no element with id UCAP-CONTENT/ },
    { name: 'a malformed search answer', arrange: () => fake.behave('malformed'), message: /search failed: .*the search answer is not JSON/ },
    { name: 'a slow search answer', arrange: () => fake.behave('slow'), message: /search failed: .*no complete answer within 0.4 s \(after 3 attempts\)/ },
    { name: 'search answering 500', arrange: () => fake.behave('error-500'), message: /search failed: .*answered 500 \(after 3 attempts\)/ },
    { name: 'a huge search answer', arrange: () => fake.behave('huge'), message: /search failed: .*over the limit of 2097152 bytes; not read/ },
    { name: 'a search answer pointing at another host', arrange: () => fake.behave('foreign-host'), message: /169\.254\.169\.254 is not gov\.cn \(on a web port\) or a configured host; not fetched/ },
  ];
  for (const failure of failures) {
    test(failure.name, async () => {
      fake.behave('normal');
      fake.list([ANNUAL_2026, ANNUAL_2027]);
      failure.arrange();
      const dir = dataCopy();
      const before = snapshotOf(dir);
      const run = await sync(dir);
      assert.equal(run.code, SYNC_EXIT.failed, show(run));
      assert.match(run.stderr, /^2027: failed: /m);
      assert.match(run.stderr, failure.message);
      assert.deepEqual(snapshotOf(dir), before);
    });
  }

  test('an empty search answer is nothing new, but a search that no longer finds the notice the data holds fails its year', async () => {
    fake.behave('empty');
    const dir = dataCopy();
    const before = snapshotOf(dir);
    const run = await sync(dir);
    assert.equal(run.code, SYNC_EXIT.failed, show(run));
    assert.match(run.stdout, /^2027: nothing-new: no annual notice yet$/m);
    assert.match(run.stderr, /^2026: failed: gov\.cn's search no longer finds 国务院办公厅关于2026年部分节假日安排的通知, a notice the data holds: the source has changed/m);
    assert.deepEqual(snapshotOf(dir), before);
  });

  test('a search that answers 500 twice, then well, is retried and publishes', async () => {
    fake.behave('flaky');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const dir = dataCopy();
    const run = await sync(dir);
    assert.equal(run.code, SYNC_EXIT.ok, show(run));
    assert.match(run.stdout, /^2027: published: /m);
  });

  test('without SYNC_SOURCE nothing is requested', async () => {
    fake.behave('normal');
    const requestsBefore = fake.requests.length;
    const run = await runSyncCollected({ dataDir: dataCopy(), values: { SYNC_SEARCH_URL: fake.searchUrl }, accept: [], currentYear: CURRENT_YEAR });
    assert.equal(run.code, SYNC_EXIT.usage, show(run));
    assert.match(run.stderr, /sync is not configured: set SYNC_SOURCE=gov\.cn/);
    assert.equal(fake.requests.length, requestsBefore);
  });
});

describe('a notice the whole-year rules question is held, then accepted precisely', () => {
  test('held by rule 12 (exit 3, nothing written), then published with --accept of exactly its findings', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, FAR_2027]);
    const dir = dataCopy();
    const before = snapshotOf(dir);
    const base = ['sync', '--data-dir', dir, '--source', 'gov.cn', '--search-url', fake.searchUrl];
    const held = await runCli(base);
    assert.equal(held.code, SYNC_EXIT.held, show(held));
    assert.match(held.stderr, /^2027: held: held for review: 国务院办公厅关于2027年部分节假日安排的通知 .*the make-up working day 2027-05-15 is not on the weekend next to its holiday/m);
    assert.deepEqual(snapshotOf(dir), before);
    const ids = [...held.stderr.matchAll(/^ {2}(make-up-days-[0-9a-f]{8}): after reading the notice/gm)].map((match) => match[1] ?? '');
    assert.equal(ids.length, 2, show(held));

    const partly = await runCli([...base, '--accept', ids[0] ?? '']);
    assert.equal(partly.code, SYNC_EXIT.held, show(partly));
    assert.deepEqual(snapshotOf(dir), before);

    const accepted = await runCli([...base, ...ids.flatMap((id) => ['--accept', id])]);
    assert.equal(accepted.code, SYNC_EXIT.ok, show(accepted));
    assert.match(accepted.stdout, /^2027: published: /m);
    const file = yearFile(dir, 2027);
    assert.deepEqual(
      file.acceptedFindings?.map((finding) => finding.id),
      ids,
    );
    assert.ok(validateArrangementFile(file, '2027.json').ok);
  });
});

describe('cross-check against a second source', () => {
  let source: Server;
  let days: { date: string; isOffDay: boolean }[] = [];
  let sourceUrl = '';
  before(async () => {
    source = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ year: 2027, papers: [], days }));
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/{year}.json`;
  });
  after(() => {
    source.closeAllConnections();
    source.close();
  });

  function daysOf(file: ArrangementFile): { date: string; isOffDay: boolean }[] {
    const imported = validateArrangementFile(file, `${file.year}.json`);
    assert.ok(imported.ok);
    const result: { date: string; isOffDay: boolean }[] = [];
    for (const entry of file.entries) {
      for (const item of entry.rest) {
        const [from = '', to = from] = item.split('..');
        for (let day = new Date(`${from}T00:00:00Z`); day <= new Date(`${to}T00:00:00Z`); day = new Date(day.getTime() + 86_400_000)) {
          result.push({ date: day.toISOString().slice(0, 10), isOffDay: true });
        }
      }
      for (const date of entry.compensatory) result.push({ date, isOffDay: true });
      for (const date of entry.work) result.push({ date, isOffDay: false });
    }
    return result;
  }

  test('two sources that agree: published; that disagree: held, saying where', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const reference = daysOf(importNotice(readFileSync(ANNUAL_2027.fixture, 'utf8'), undefined, { currentYear: CURRENT_YEAR }));
    days = reference.filter((day) => day.date !== '2027-05-08');
    const dir = dataCopy();
    const before = snapshotOf(dir);
    const held = await sync(dir, { SYNC_CROSS_CHECK_URL: sourceUrl });
    assert.equal(held.code, SYNC_EXIT.held, show(held));
    assert.match(held.stderr, /^2027: held: held for review: the notice and the cross-check source differ on 2027-05-08: the notice a make-up working day, http:\/\/127\.0\.0\.1:\d+\/2027\.json nothing$/m);
    assert.deepEqual(snapshotOf(dir), before);
    days = reference;
    const agreed = await sync(dir, { SYNC_CROSS_CHECK_URL: sourceUrl });
    assert.equal(agreed.code, SYNC_EXIT.ok, show(agreed));
    assert.match(agreed.stdout, /^2027: published: /m);
  });
});

describe('proxy settings', () => {
  let proxy: Server;
  const tunnels: string[] = [];
  let proxyUrl = '';
  const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
  before(async () => {
    // A forward proxy that tunnels CONNECT requests, as a corporate proxy does.
    proxy = createServer();
    proxy.on('connect', (request: { url?: string }, client: Socket, head: Buffer) => {
      tunnels.push(request.url ?? '');
      const [host = '', port = '80'] = (request.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  after(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
    proxy.closeAllConnections();
    proxy.close();
  });

  test('HTTP_PROXY carries every request; NO_PROXY exempts the host', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    process.env.HTTP_PROXY = proxyUrl;
    Reflect.deleteProperty(process.env, 'NO_PROXY');
    const fakeHost = new URL(fake.base).host;
    const proxied = await sync(dataCopy());
    assert.equal(proxied.code, SYNC_EXIT.ok, show(proxied));
    assert.ok(tunnels.length > 0 && tunnels.every((target) => target === fakeHost), tunnels.join(', '));
    tunnels.length = 0;
    process.env.NO_PROXY = '127.0.0.1';
    const direct = await sync(dataCopy());
    assert.equal(direct.code, SYNC_EXIT.ok, show(direct));
    assert.deepEqual(tunnels, []);
  });
});

describe('webhooks', () => {
  test('a receiver that fails twice then succeeds gets the event once, signed and verified', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const receiver = await startWebhookReceiver({ failFirst: 2 });
    try {
      const run = await sync(dataCopy(), { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET });
      assert.equal(run.code, SYNC_EXIT.ok, show(run));
      assert.equal(receiver.attempts, 3);
      assert.equal(receiver.rejected, 0);
      assert.equal(receiver.events.length, 1);
      const [event] = receiver.events;
      const version = /^datasetVersion (\S+)$/m.exec(run.stdout)?.[1];
      assert.equal(event?.type, 'calendar.year.published');
      assert.equal(event.data.year, 2027);
      assert.equal(event.data.datasetVersion, version);
      assert.equal(event.data.notices[0]?.documentNumber, '国办发明电〔2026〕99号');
      assert.ok(event.data.changedDates.includes('2027-01-01') && event.data.changedDates.includes('2027-05-08'));
      assert.match(event.id, /^msg_[0-9a-f]{32}$/);
    } finally {
      await receiver.close();
    }
  });

  test('a receiver with another secret refuses the signature', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const receiver = await startWebhookReceiver({ secret: `whsec_${Buffer.from('another secret of 24 b!!').toString('base64')}` });
    try {
      const run = await sync(dataCopy(), { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET }, [], { attempts: 2, backoffMs: 10 });
      assert.equal(run.code, SYNC_EXIT.ok, show(run));
      assert.equal(receiver.events.length, 0);
      assert.equal(receiver.rejected, 2);
      assert.match(run.stderr, /webhook delivery failed; gave up/);
    } finally {
      await receiver.close();
    }
  });
});
