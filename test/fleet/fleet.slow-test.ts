/**
 * The fleet, measured: real processes over real sockets. The fake gov.cn, one writer syncing from
 * it and sending webhooks, three readers following the writer's /dataset/ with
 * DATA_POLL_SECONDS=2, a webhook receiver. When the notice appears, every reader serves the new
 * year within 6 s of the writer, with the writer's datasetVersion, and one webhook event reaches the
 * receiver. The writer is then killed (SIGKILL): the readers keep answering and stay ready; a
 * reader restarted meanwhile answers from its cache; a new reader with an empty cache stays unready.
 * How long the fleet disagreed is printed (node --test shows it as a diagnostic).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { dataCopies } from '../helpers/data-dir.js';
import { startFakeGovCn, type FakeNotice } from '../helpers/fake-gov-cn.js';
import { answersOf, firstAnswerTimes, readinessOf } from '../helpers/fleet-probe.js';
import { startServiceProcess, type ServiceProcess } from '../helpers/service-process.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET } from '../helpers/webhook-receiver.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const ANNUAL_2026: FakeNotice = { fixture: join(FIXTURES, 'notices', '2026-annual.txt'), template: 'zhengceku', number: 7047091 };
const ANNUAL_2027: FakeNotice = { fixture: join(FIXTURES, 'synthetic', '2027-annual.txt'), template: 'content', number: 7100001 };

/** The bound the fleet is held to: one poll interval (2 s) plus a fetch, with room for a shared 2-core machine. */
const WITHIN_MS = 6000;

const dataCopy = dataCopies();
const processes: ServiceProcess[] = [];
const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const service of processes) if (service.child.exitCode === null && service.child.signalCode === null) service.signal('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-reader-cache-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(env: Record<string, string>): Promise<ServiceProcess> {
  const service = await startServiceProcess(env);
  processes.push(service);
  return service;
}

describe('one writer, three readers', { timeout: 180_000 }, () => {
  it('the readers follow the writer within one poll interval, one webhook event is sent, and the readers outlive the writer', async (t) => {
    const fake = await startFakeGovCn();
    fake.list([ANNUAL_2026]);
    const hooks = await startWebhookReceiver();
    cleanups.push(() => fake.close(), () => hooks.close());
    const writer = await start({
      DATA_DIR: dataCopy(),
      SYNC_SOURCE: 'gov.cn',
      SYNC_INTERVAL_SECONDS: '1',
      SYNC_SEARCH_URL: fake.searchUrl,
      WEBHOOK_URLS: hooks.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    });
    const origin = `http://127.0.0.1:${writer.port}/dataset/`;
    const caches = [cacheDir(), cacheDir(), cacheDir()];
    const readers = await Promise.all(caches.map((cache) => start({ DATA_URL: origin, DATA_POLL_SECONDS: '2', DATA_DIR: cache })));

    const before = await Promise.all([writer, ...readers].map((service) => readinessOf(service)));
    assert.ok(before.every((ready) => ready.status === 200 && ready.datasetVersion === before[0]?.datasetVersion), JSON.stringify(before));
    assert.equal((await answersOf([writer, ...readers], '2027-01-01')).every((answer) => answer.dayStatus === 'UNKNOWN'), true);

    // The notice appears on gov.cn: the writer publishes it, then each reader follows.
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const times = await firstAnswerTimes([writer, ...readers], '2027-01-01', (answer) => answer.dayStatus === 'HOLIDAY', 30_000);
    const [atWriter = 0, ...atReaders] = times.map((time) => time.at);
    const lags = atReaders.map((at) => Math.round(at - atWriter));
    t.diagnostic(`readers served 2027 ${lags.join(' ms, ')} ms after the writer; the fleet disagreed for ${Math.max(...lags)} ms (DATA_POLL_SECONDS=2)`);
    for (const lag of lags) assert.ok(lag <= WITHIN_MS, `a reader followed ${lag} ms after the writer`);
    const version = times[0]?.datasetVersion;
    assert.ok(version !== undefined && version !== before[0]?.datasetVersion);
    for (const time of times) assert.equal(time.datasetVersion, version, 'every reader with the writer\'s version');

    await delay(3000);
    assert.deepEqual(hooks.events.map((event) => [event.type, event.data.year, event.data.datasetVersion]), [['calendar.year.published', 2027, version]], 'exactly one event');
    assert.equal(hooks.rejected, 0);

    // The writer dies.
    writer.signal('SIGKILL');
    await writer.exited;
    await delay(5000);
    for (const reader of readers) {
      const ready = await readinessOf(reader);
      assert.equal(ready.status, 200, 'still ready without its origin');
      assert.equal(ready.datasetVersion, version);
      assert.match(ready.source?.lastError?.message ?? '', /the origin could not be read/);
    }
    assert.ok((await answersOf(readers, '2027-01-01')).every((answer) => answer.dayStatus === 'HOLIDAY' && answer.datasetVersion === version));

    // A reader restarted meanwhile starts from its cache.
    const [restarting, ...others] = readers;
    restarting?.signal('SIGTERM');
    assert.deepEqual(await restarting?.exitWithin(20_000), { code: 0, signal: null });
    const restarted = await start({ DATA_URL: origin, DATA_POLL_SECONDS: '2', DATA_DIR: caches[0] ?? '' });
    const fromCache = await readinessOf(restarted);
    assert.equal(fromCache.status, 200);
    assert.equal(fromCache.datasetVersion, version);
    assert.equal((await answersOf([restarted], '2027-01-01'))[0]?.dayStatus, 'HOLIDAY');

    // A new reader with an empty cache has nothing the fleet agrees on: unready.
    const newcomer = await start({ DATA_URL: origin, DATA_POLL_SECONDS: '2', DATA_DIR: cacheDir() });
    const unready = await readinessOf(newcomer);
    assert.equal(unready.status, 503);
    assert.equal(unready.datasetVersion, null);
    assert.match(unready.source?.lastError?.message ?? '', /could not be read/);
    assert.equal(others.length, 2);
  });
});
