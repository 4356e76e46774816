import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readConfig } from 'china-holiday-calendar-service/internal/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/server.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { startFakeGovCn, type FakeGovCn, type FakeNotice } from '../helpers/fake-gov-cn.js';
import { parseExposition, valueOf } from '../helpers/prometheus-text.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET, type WebhookReceiver } from '../helpers/webhook-receiver.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const ANNUAL_2026: FakeNotice = { fixture: join(FIXTURES, 'notices', '2026-annual.txt'), template: 'zhengceku', number: 7047091 };
const ANNUAL_2027: FakeNotice = { fixture: join(FIXTURES, 'synthetic', '2027-annual.txt'), template: 'content', number: 7100001 };
const AMENDMENT_2027: FakeNotice = { fixture: join(FIXTURES, 'synthetic', '2027-labor-day-amendment.txt'), template: 'zhengceku', number: 7200001 };

const dataCopy = dataCopies();
let fake: FakeGovCn;
let receiver: WebhookReceiver;
let service: RunningService;

before(async () => {
  fake = await startFakeGovCn();
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
  await fake.close();
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

/** Waits for `runs` more complete sync runs (each searches every year it checks, ending with the last, whose first page is 0). */
async function runsPass(runs: number): Promise<void> {
  const seen = fake.requests.length;
  await eventually(async () => Promise.resolve(fake.requests.slice(seen).filter((path) => (path.includes('2027+%E6%94%BE%E5%81%87') || path.includes('2027%20%E6%94%BE%E5%81%87')) && /[?&]p=0(?:&|$)/.test(path)).length >= runs), 20_000, `${runs} sync runs`);
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

test('the default configuration schedules no sync (and so makes no request)', async () => {
  const config = readConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataCopy() });
  assert.equal(config.sync, undefined);
  const plain = await startService(config);
  try {
    assert.equal(plain.sync, undefined);
    const readiness = (await (await fetch(`${plain.url}/readyz`)).json()) as Record<string, unknown>;
    assert.equal('sync' in readiness, false);
  } finally {
    await plain.close();
  }
});
