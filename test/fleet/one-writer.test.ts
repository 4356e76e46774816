/**
 * WORKERS=2 on a writer's folder, as a real process: exactly one process of the pod syncs and
 * sends webhooks, and every worker shows the same sync state (the held notice, in /readyz and in
 * the year overview), read from the writer state the syncing one keeps beside the data.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { startFakeGovCn, type FakeNotice } from '../helpers/fake-gov-cn.js';
import { startServiceProcess, type ServiceProcess } from '../helpers/service-process.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET } from '../helpers/webhook-receiver.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const ANNUAL_2026: FakeNotice = { fixture: join(FIXTURES, 'notices', '2026-annual.txt'), template: 'zhengceku', number: 7047091 };
const FAR_2027: FakeNotice = { fixture: join(FIXTURES, 'synthetic', '2027-annual-far-make-up-day.txt'), template: 'content', number: 7100002 };

const dataCopy = dataCopies();
const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A GET on a connection of its own: with two workers taking connections, a few of these reach each. */
async function fresh<T>(service: ServiceProcess, path: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${service.port}${path}`, { headers: { connection: 'close' } });
  return (await response.json()) as T;
}

describe('WORKERS=2 with sync and webhooks', { timeout: 60_000 }, () => {
  it('one process syncs and sends; every worker shows the held notice', async () => {
    const fake = await startFakeGovCn();
    fake.list([ANNUAL_2026, FAR_2027]);
    const hooks = await startWebhookReceiver();
    cleanups.push(() => fake.close(), () => hooks.close());
    const service = await startServiceProcess({
      WORKERS: '2',
      DATA_DIR: dataCopy(),
      SYNC_SOURCE: 'gov.cn',
      SYNC_INTERVAL_SECONDS: '3600',
      SYNC_SEARCH_URL: fake.searchUrl,
      WEBHOOK_URLS: hooks.url,
      WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    });
    cleanups.push(async () => {
      service.signal('SIGTERM');
      await service.exitWithin(20_000);
    });

    await eventually(() => Promise.resolve(hooks.events.length >= 1), 30_000, 'the held event');
    const scheduled = await service.logged(/"msg":"sync scheduled"/);
    await delay(1000);
    assert.equal(scheduled.length, 1, 'one process of the pod syncs');
    assert.equal(service.output().split('\n').filter((line) => line.includes('"msg":"sync 2027: held"')).length, 1, 'one run, in one process');
    assert.equal(hooks.events.length, 1, 'one event, from one process');
    assert.equal(fake.requests.filter((path) => path.includes('content_7100002')).length, 1, 'gov.cn asked once');

    // The other worker reads the state the syncing one keeps: every answer the same.
    await eventually(async () => {
      const answers = await Promise.all(Array.from({ length: 12 }, () => fresh<{ sync?: { held: unknown[] } }>(service, '/readyz')));
      return answers.every((answer) => answer.sync?.held.length === 1);
    }, 10_000, 'every worker to show the held notice');
    const overviews = await Promise.all(Array.from({ length: 12 }, () => fresh<{ noticesAwaitingReview?: unknown[] }>(service, '/v1/china-calendar/years/2027')));
    assert.ok(overviews.every((overview) => overview.noticesAwaitingReview?.length === 1), 'the year overview alike from every worker');
    const pids = new Set(service.output().split('\n').filter((line) => line.includes('service listening')).map((line) => (JSON.parse(line) as { pid: number }).pid));
    assert.equal(pids.size, 2);
  });
});
