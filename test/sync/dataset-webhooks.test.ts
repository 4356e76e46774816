/**
 * Webhooks follow the dataset, not the run: the service announces every year its dataset gains or
 * changes, whoever wrote the file (`import`, `sync --accept` run by hand beside it), once, with an
 * id naming the transition (the version before, the version now, a counter), distinct over
 * A→B→A→B; after an acceptance the held notice is gone from /readyz, /metrics and the year
 * overview at the reload, before any run. What the writer must
 * remember (what it announced, held events sent, deliveries not made) survives a restart. The
 * service, the fake gov.cn and the receiver are real, over real sockets.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { runImport } from 'china-holiday-calendar-service/internal/commands/import.js';
import { runSyncCommand, SYNC_EXIT } from 'china-holiday-calendar-service/internal/commands/sync.js';
import type { RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { eventId } from 'china-holiday-calendar-service/internal/writer/webhooks.js';
import { WRITER_STATE_FILE_NAME } from 'china-holiday-calendar-service/internal/data-folder/file-system-folder.js';
import { Collected } from '../helpers/command-run.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { inProcessServices } from '../helpers/in-process-service.js';
import { ANNUAL_2026, FAR_2027, startFakeGovCn } from '../helpers/fake-gov-cn.js';
import { parseExposition, valueOf } from '../helpers/prometheus-text.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { SYNTHETIC_2027, SYNTHETIC_2027_AMENDMENT } from '../helpers/notice-files.js';


const dataCopy = dataCopies();
const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function receiver(options: { failFirst?: number } = {}): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(options);
  cleanups.push(() => started.close());
  return started;
}

const started = inProcessServices();
const serve = (env: Record<string, string>): Promise<RunningService> => started({ WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, ...env });

async function json<T>(service: RunningService, path: string): Promise<T> {
  return (await (await fetch(`${service.url}${path}`)).json()) as T;
}

const quiet = (): [Collected, Collected] => [new Collected(), new Collected()];

describe('webhooks follow the dataset', () => {
  it('a year that `import` publishes into the folder of a service without sync is announced once, with the service\'s version; an amendment too; a restart announces nothing again', async () => {
    const hooks = await receiver();
    const dir = dataCopy();
    const env = { DATA_DIR: dir, WEBHOOK_URLS: hooks.url };
    const service = await serve(env);
    await delay(300);
    assert.equal(hooks.attempts, 0, 'the dataset a writer starts with is where it starts: nothing is announced for it');
    const { datasetVersion: startVersion } = await json<{ datasetVersion: string }>(service, '/readyz');

    assert.equal(await runImport([SYNTHETIC_2027], { dataDir: dir, dryRun: false, force: false, currentYear: 2026 }, ...quiet()), 0);
    await eventually(() => Promise.resolve(hooks.events.length >= 1), 10_000, 'the published event');
    const { datasetVersion } = await json<{ datasetVersion: string }>(service, '/readyz');
    const [published] = hooks.events;
    assert.equal(published?.type, 'calendar.year.published');
    assert.equal(published.data.year, 2027);
    assert.equal(published.data.datasetVersion, datasetVersion);
    assert.equal(published.id, eventId(['calendar.year.published', 2027, startVersion, datasetVersion, 1]), 'the id names the transition: the version before, the version now, the first announced');
    assert.deepEqual(published.data.notices.map((notice) => notice.title), ['国务院办公厅关于2027年部分节假日安排的通知']);
    assert.ok(published.data.changedDates.includes('2027-01-01') && published.data.changedDates.includes('2027-02-13'));

    assert.equal(await runImport([SYNTHETIC_2027_AMENDMENT], { dataDir: dir, dryRun: false, force: false, currentYear: 2026 }, ...quiet()), 0);
    await eventually(() => Promise.resolve(hooks.events.length >= 2), 10_000, 'the amended event');
    const amended = hooks.events[1];
    assert.equal(amended?.type, 'calendar.year.amended');
    assert.deepEqual(amended.data.changedDates, ['2027-04-25', '2027-05-06']);
    assert.deepEqual(amended.data.notices.map((notice) => notice.title), ['国务院办公厅关于调整2027年劳动节假期安排的通知']);
    assert.equal(amended.data.datasetVersion, (await json<{ datasetVersion: string }>(service, '/readyz')).datasetVersion);

    assert.ok(existsSync(join(dir, WRITER_STATE_FILE_NAME)), 'what was announced is kept beside the data');
    assert.equal((await fetch(`${service.url}/dataset/${WRITER_STATE_FILE_NAME}`)).status, 404, 'never served as data');
    const metrics = parseExposition(await (await fetch(`${service.url}/metrics`)).text());
    assert.equal(valueOf(metrics, 'calendar_webhook_deliveries_total', { result: 'delivered' }), 2, 'counted without sync');

    await service.close();
    await serve(env);
    await delay(500);
    assert.equal(hooks.events.length, 2, 'a restart on the same data announces nothing again');
    assert.equal(hooks.rejected, 0);
  });

  it('data that goes A→B→A→B is announced at each change, each event under an id of its own: a receiver that drops repeated ids follows it to B', async () => {
    const hooks = await receiver();
    const dir = dataCopy();
    const service = await serve({ DATA_DIR: dir, WEBHOOK_URLS: hooks.url });
    assert.equal(await runImport([SYNTHETIC_2027], { dataDir: dir, dryRun: false, force: false, currentYear: 2026 }, ...quiet()), 0);
    await eventually(() => Promise.resolve(hooks.events.length >= 1), 10_000, 'the published event');
    const filesOf = (): Map<string, string> => new Map(['2027.json', 'manifest.json'].map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
    const a = filesOf();
    assert.equal(await runImport([SYNTHETIC_2027_AMENDMENT], { dataDir: dir, dryRun: false, force: false, currentYear: 2026 }, ...quiet()), 0);
    await eventually(() => Promise.resolve(hooks.events.length >= 2), 10_000, 'A→B');
    const b = filesOf();
    // Back and forth by hand, each file replaced in one rename, the manifest last.
    const restore = (files: Map<string, string>): void => {
      for (const [name, text] of files) {
        writeFileSync(join(dir, `.${name}.tmp`), text);
        renameSync(join(dir, `.${name}.tmp`), join(dir, name));
      }
    };
    restore(a);
    await eventually(() => Promise.resolve(hooks.events.length >= 3), 10_000, 'B→A');
    restore(b);
    await eventually(() => Promise.resolve(hooks.events.length >= 4), 10_000, 'A→B again');
    const [, toB, toA, toBAgain] = hooks.events;
    assert.deepEqual([toB, toA, toBAgain].map((event) => event?.type), ['calendar.year.amended', 'calendar.year.amended', 'calendar.year.amended']);
    assert.equal(toBAgain?.data.datasetVersion, toB?.data.datasetVersion, 'the same dataset B, twice');
    assert.deepEqual(toBAgain?.data.changedDates, toB?.data.changedDates);
    assert.equal(new Set(hooks.events.map((event) => event.id)).size, 4, 'four events, four ids');
    assert.equal((await json<{ datasetVersion: string }>(service, '/readyz')).datasetVersion, toBAgain?.data.datasetVersion);
    // The state is written behind the change: the file catches up.
    const state = (): { transitions?: number; announcedVersion?: string } => JSON.parse(readFileSync(join(dir, WRITER_STATE_FILE_NAME), 'utf8')) as { transitions?: number; announcedVersion?: string };
    await eventually(() => Promise.resolve(state().transitions === 4), 10_000, 'the counter kept with the writer state');
    assert.equal(state().announcedVersion, toBAgain?.data.datasetVersion);
    assert.equal(hooks.rejected, 0);
  });

  for (const [how, webhookValues] of [
    ['as docs/operators.md shows it (the command alone)', {}],
    ['with the writer\'s webhook settings (kubectl exec on the writer)', 'receiver'],
  ] as const) {
    it(`the accept path ${how}: a held notice accepted by \`sync --accept\` beside the running service ends with one published event, and the hold is gone at the reload, not at the next run`, async () => {
      const fake = await startFakeGovCn();
      cleanups.push(() => fake.close());
      fake.list([ANNUAL_2026, FAR_2027]);
      const hooks = await receiver();
      const dir = dataCopy();
      const service = await serve({ DATA_DIR: dir, SYNC_SOURCE: 'gov.cn', SYNC_INTERVAL_SECONDS: '3600', SYNC_SEARCH_URL: fake.searchUrl, WEBHOOK_URLS: hooks.url });

      type Ready = { sync: { lastAttempt: string | null; held: { year: number; findings: { id: string }[] }[] } };
      await eventually(async () => (await json<Ready>(service, '/readyz')).sync.held.length === 1, 20_000, 'the notice to be held');
      await eventually(() => Promise.resolve(hooks.events.length === 1), 10_000, 'the held event');
      assert.equal(hooks.events[0]?.type, 'calendar.notice.held');
      const held = await json<Ready>(service, '/readyz');
      const lastAttempt = held.sync.lastAttempt;
      const findings = held.sync.held[0]?.findings.map((finding) => finding.id) ?? [];
      assert.equal(findings.length, 2);
      assert.ok('noticesAwaitingReview' in (await json<object>(service, '/v1/china-calendar/years/2027')));

      const webhooks = webhookValues === 'receiver' ? { WEBHOOK_URLS: hooks.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } : webhookValues;
      const accepted = await runSyncCommand({ dataDir: dir, values: { SYNC_SOURCE: 'gov.cn', SYNC_SEARCH_URL: fake.searchUrl, ...webhooks }, accept: findings, currentYear: 2026 }, ...quiet());
      assert.equal(accepted, SYNC_EXIT.ok);

      await eventually(() => Promise.resolve(hooks.events.length === 2), 10_000, 'the published event');
      const published = hooks.events[1];
      assert.equal(published?.type, 'calendar.year.published');
      assert.equal(published.data.year, 2027);
      const ready = await json<Ready & { datasetVersion: string }>(service, '/readyz');
      assert.equal(published.data.datasetVersion, ready.datasetVersion);
      assert.deepEqual(ready.sync.held, [], 'no longer held');
      assert.equal(ready.sync.lastAttempt, lastAttempt, 'without another run');
      const metrics = parseExposition(await (await fetch(`${service.url}/metrics`)).text());
      assert.equal(valueOf(metrics, 'calendar_sync_held_notices'), 0);
      const overview = await json<{ status: string; noticesAwaitingReview?: unknown }>(service, '/v1/china-calendar/years/2027');
      assert.equal(overview.status, 'PUBLISHED');
      assert.equal('noticesAwaitingReview' in overview, false);
      await delay(300);
      assert.equal(hooks.events.length, 2, 'one event per change');
      assert.equal(hooks.rejected, 0);
    });
  }

  it('a held notice is announced once across restarts, and a delivery not made before a restart is made after it, with the same id', async () => {
    const fake = await startFakeGovCn();
    cleanups.push(() => fake.close());
    fake.list([ANNUAL_2026, FAR_2027]);
    // The first attempt fails: the event is on disk, undelivered, when the service stops.
    const hooks = await receiver({ failFirst: 1 });
    const dir = dataCopy();
    const env = { DATA_DIR: dir, SYNC_SOURCE: 'gov.cn', SYNC_INTERVAL_SECONDS: '3600', SYNC_SEARCH_URL: fake.searchUrl, WEBHOOK_URLS: hooks.url };
    const first = await serve(env);
    type WriterState = { pending: { event: { id: string; type: string }; attempts: number }[]; sync: { outcomes: { outcome: string }[] } };
    const writerState = (): WriterState => JSON.parse(readFileSync(join(dir, WRITER_STATE_FILE_NAME), 'utf8')) as WriterState;
    await eventually(() => Promise.resolve(hooks.attempts === 1), 20_000, 'the first attempt');
    // The receiver sees the attempt before the service has its answer: wait for the failure to be kept.
    await eventually(() => Promise.resolve(existsSync(join(dir, WRITER_STATE_FILE_NAME)) && writerState().pending[0]?.attempts === 1), 10_000, 'the failed attempt on disk');
    await first.close();
    const kept = writerState();
    const [pending, ...more] = kept.pending;
    assert.ok(pending !== undefined && more.length === 0, 'one delivery not made');
    assert.equal(pending.event.type, 'calendar.notice.held');
    assert.equal(pending.attempts, 1);
    assert.ok(kept.sync.outcomes.some((outcome) => outcome.outcome === 'held'), 'the held notice is on disk');
    assert.equal(hooks.events.length, 0);

    const asked = fake.requests.length;
    const second = await serve(env);
    await eventually(() => Promise.resolve(hooks.events.length === 1), 10_000, 'the delivery after the restart');
    assert.equal(hooks.events[0]?.id, pending.event.id);
    // The new process's run reads the notice and holds it again: its event was sent already.
    await eventually(() => Promise.resolve(fake.requests.slice(asked).some((path) => path.includes('content_7100002'))), 10_000, 'a run that reads the notice');
    await eventually(async () => (await json<{ sync: { held: unknown[] } }>(second, '/readyz')).sync.held.length === 1, 10_000, 'the run to hold it');
    await delay(500);
    assert.equal(hooks.events.length, 1, 'the held event once');
  });
});
