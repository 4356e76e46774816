import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { ANNUAL_2026, FAR_2027, fakeGovCnOfFile } from '../helpers/fake-gov-cn.js';

/*
 * A notice sync holds for review, as the year overview shows it: the year stays unpublished and its
 * dates UNKNOWN, and its overview names the notice and the findings that hold it, until a person
 * accepts (tested with the command in sync-command.test.ts).
 */

const dataCopy = dataCopies();
const fake = await fakeGovCnOfFile();
let service: RunningService;

before(async () => {
  fake.list([ANNUAL_2026, FAR_2027]);
  const config = readConfig({ PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataCopy(), SYNC_SOURCE: 'gov.cn', SYNC_INTERVAL_SECONDS: '1', SYNC_SEARCH_URL: fake.searchUrl });
  service = await startService(config);
});

after(async () => {
  await service.close();
});

interface Overview {
  readonly status: string;
  readonly datasetVersion: string | null;
  readonly noticesAwaitingReview?: readonly { readonly title: string; readonly url: string; readonly findings: readonly string[] }[];
}

test('the overview of a year whose notice is held says so, and the year stays unpublished', async () => {
  await eventually(
    async () => ((await (await fetch(`${service.url}/readyz`)).json()) as { sync: { held: unknown[] } }).sync.held.length > 0,
    20_000,
    'the 2027 notice to be held',
  );
  const response = await fetch(`${service.url}/v1/china-calendar/years/2027`);
  assert.equal(response.status, 200);
  const overview = (await response.json()) as Overview;
  assert.equal(overview.status, 'UNPUBLISHED');
  assert.equal(overview.datasetVersion, null);
  const [held] = overview.noticesAwaitingReview ?? [];
  assert.ok(held, 'a notice awaiting review');
  assert.match(held.title, /2027年部分节假日安排/);
  assert.match(held.url, /content_7100002\.htm$/);
  assert.ok(held.findings.length > 0 && held.findings.every((id) => /^make-up-days-[0-9a-f]{8}$/.test(id)), held.findings.join());
  assert.match(response.headers.get('etag') ?? '', /-review-[0-9a-f]{8}"$/);
  assert.equal(response.headers.get('cache-control'), 'public, max-age=300');

  const day = (await (await fetch(`${service.url}/v1/china-calendar/dates/2027-10-01`)).json()) as { dayStatus: string };
  assert.equal(day.dayStatus, 'UNKNOWN');
  const other = (await (await fetch(`${service.url}/v1/china-calendar/years/2028`)).json()) as Overview;
  assert.equal(other.noticesAwaitingReview, undefined, 'a year with nothing held says nothing');
});
