import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { AMENDMENT_2027, ANNUAL_2026, ANNUAL_2027, startFakeGovCn, fakeGovCnOfFile, type FakeGovCn } from '../helpers/fake-gov-cn.js';
import { parseExposition, valueOf } from '../helpers/prometheus-text.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const dataCopy = dataCopies();
const fake = await fakeGovCnOfFile();
let receiver: WebhookReceiver;
let service: RunningService;

before(async () => {
  fake.list([ANNUAL_2026]);
  receiver = await startWebhookReceiver();
  const config = readConfig({
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataCopy(),
    SYNC_SOURCE: 'gov.cn',
    SYNC_INTERVAL_SECONDS: '1',
    SYNC_SEARCH_URL: fake.searchUrl,
    WEBHOOK_URLS: receiver.url,
    WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  });
  service = await startService(config);
});

after(async () => {
  await service.close();
  await receiver.close();
});

interface DayAnswer {
  readonly dayStatus: string;
  readonly datasetVersion: string | null;
}

async function day(date: string): Promise<DayAnswer> {
  const response = await fetch(`${service.url}/v1/china-calendar/dates/${date}`);
  assert.equal(response.status, 200);
  return (await response.json()) as DayAnswer;
}

/**
 * Waits for `runs` complete sync runs against `gov` after its first `seen` requests (each run
 * searches every year it checks, ending with the last, whose first page is 0).
 */
async function runsPass(runs: number, gov: FakeGovCn = fake, seen = gov.requests.length): Promise<void> {
  await eventually(async () => Promise.resolve(gov.requests.slice(seen).filter((path) => (path.includes('2027+%E6%94%BE%E5%81%87') || path.includes('2027%20%E6%94%BE%E5%81%87')) && /[?&]p=0(?:&|$)/.test(path)).length >= runs), 20_000, `${runs} sync runs`);
}

test('a running service picks up a new year and an amendment from gov.cn, without a restart, and tells the webhook receiver once per change', async () => {
  assert.equal((await day('2027-01-01')).dayStatus, 'UNKNOWN');
  await runsPass(1);
  assert.equal((await day('2027-01-01')).dayStatus, 'UNKNOWN');
  assert.equal(receiver.events.length, 0);

  fake.list([ANNUAL_2026, ANNUAL_2027]);
  await eventually(async () => (await day('2027-01-01')).dayStatus === 'HOLIDAY', 20_000, '2027 to be published');
  const published = await day('2027-05-08');
  assert.equal(published.dayStatus, 'ADJUSTED_WORKDAY');
  await eventually(() => Promise.resolve(receiver.events.length >= 1), 10_000, 'the published event');

  fake.list([ANNUAL_2026, ANNUAL_2027, AMENDMENT_2027]);
  await eventually(async () => (await day('2027-05-06')).dayStatus === 'HOLIDAY', 20_000, 'the amendment');
  const amended = await day('2027-04-25');
  assert.equal(amended.dayStatus, 'ADJUSTED_WORKDAY');
  await eventually(() => Promise.resolve(receiver.events.length >= 2), 10_000, 'the amended event');
  await runsPass(2);

  assert.equal(receiver.rejected, 0);
  assert.deepEqual(
    receiver.events.map((event) => [event.type, event.data.year]),
    [
      ['calendar.year.published', 2027],
      ['calendar.year.amended', 2027],
    ],
  );
  assert.equal(receiver.events[1]?.data.datasetVersion, amended.datasetVersion);
  assert.deepEqual(receiver.events[1].data.changedDates, ['2027-04-25', '2027-05-06']);

  const readiness = (await (await fetch(`${service.url}/readyz`)).json()) as { status: string; publishedYears: number[]; sync: { lastSuccess: string | null; years: { year: number; outcome: string }[]; held: unknown[] } };
  assert.equal(readiness.status, 'READY');
  assert.equal(readiness.publishedYears.at(-1), 2027);
  assert.notEqual(readiness.sync.lastSuccess, null);
  assert.deepEqual(readiness.sync.years.find((entry) => entry.year === 2027)?.outcome, 'nothing-new');
  assert.deepEqual(readiness.sync.held, []);

  const metrics = parseExposition(await (await fetch(`${service.url}/metrics`)).text());
  assert.equal(valueOf(metrics, 'calendar_sync_year_outcome', { year: '2027', outcome: 'nothing-new' }), 1);
  assert.equal(valueOf(metrics, 'calendar_webhook_deliveries_total', { result: 'delivered' }), 2);
  assert.equal(valueOf(metrics, 'calendar_webhook_deliveries_total', { result: 'failed' }), 0);
  assert.equal(valueOf(metrics, 'calendar_sync_held_notices'), 0);
  assert.ok(valueOf(metrics, 'calendar_sync_last_success_timestamp_seconds') > 0);
});

test('without SYNC_SOURCE, a service whose SYNC_SEARCH_URL names a local server sends it no request, while the same service with SYNC_SOURCE has synced twice', async () => {
  const received: string[] = [];
  const search = createServer((request, response) => {
    received.push(request.url ?? '');
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
  const searchUrl = `http://127.0.0.1:${(search.address() as AddressInfo).port}/search-gov/data`;
  const settings = { PORT: '0', LOG_LEVEL: 'silent', SYNC_INTERVAL_SECONDS: '1', SYNC_SEARCH_URL: searchUrl };
  const config = readConfig({ ...settings, DATA_DIR: dataCopy() });
  assert.equal(config.sync, undefined);
  const unconfigured = await startService(config);
  try {
    assert.equal(unconfigured.sync, undefined);
    const readiness = (await (await fetch(`${unconfigured.url}/readyz`)).json()) as Record<string, unknown>;
    assert.equal('sync' in readiness, false);
    // The measure of "no request": the time the same service with SYNC_SOURCE takes to run twice
    // against a fake gov.cn of its own (its first run starts at once, the next a second later).
    const gov = await startFakeGovCn();
    gov.list([ANNUAL_2026]);
    const configured = await startService(readConfig({ ...settings, SYNC_SOURCE: 'gov.cn', SYNC_SEARCH_URL: gov.searchUrl, DATA_DIR: dataCopy() }));
    try {
      await runsPass(2, gov, 0);
    } finally {
      await configured.close();
      await gov.close();
    }
    assert.deepEqual(received, []);
  } finally {
    await unconfigured.close();
    search.closeAllConnections();
    search.close();
  }
});
