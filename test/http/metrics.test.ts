import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import type { AnswerBytes } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { cleanUpsOfFile } from '../helpers/clean-ups.js';
import { importNotices } from '../helpers/command-run.js';
import { copyOfBundledData, eventually } from '../helpers/data-dir.js';
import { PATH_PREFIX } from '../helpers/design-rules.js';
import { SYNTHETIC_2027 } from '../helpers/notice-files.js';
import { get, inject } from '../helpers/http-answer.js';
import { parseExposition, samplesOf, valueOf, type Exposition } from '../helpers/prometheus-text.js';
import { buildTestApp } from '../helpers/test-app.js';

/*
 * /metrics through the real application, read as a Prometheus scraper reads it (text format 0.0.4):
 * request counts and latency by operation (the operationCode of docs/interface.md, `none` for a path the service
 * does not have, so that random paths cannot create series) and status, the loaded dataset's version
 * (the one /readyz reports), its published years (1 readable, 0 unreadable), reloads by result, and
 * Node's process metrics. Counts are checked as exact deltas of the requests this test sent.
 */

const { getDateStatus: DATES, getDateRangeStatus: RANGES, calculateWorkdays: WORKDAYS, getNextHoliday: NEXT } = PATH_PREFIX;

const GET_DATE = 'chinaCalendar.getDateStatus';
const GET_RANGE = 'chinaCalendar.getDateRangeStatus';
const COUNT = 'chinaCalendar.calculateWorkdays';
const NEXT_HOLIDAY = 'chinaCalendar.getNextHoliday';
const OFFSET = 'chinaCalendar.getWorkdayOffset';
const YEAR = 'chinaCalendar.getYearOverview';
const FEED = 'chinaCalendar.getCalendarFeed';

const BUNDLED_YEARS = Array.from({ length: 2026 - 2008 + 1 }, (_, at) => 2008 + at);

const cleanups = cleanUpsOfFile();

async function scrape(app: FastifyInstance): Promise<Exposition> {
  const answer = await get(app, '/metrics');
  assert.equal(answer.status, 200, '/metrics answers 200');
  return parseExposition(answer.body);
}

async function readyVersion(app: FastifyInstance): Promise<string> {
  const body = JSON.parse((await get(app, '/readyz')).body) as { datasetVersion: string };
  return body.datasetVersion;
}

function publishedYears(exposition: Exposition): Map<string, number> {
  return new Map(samplesOf(exposition, 'calendar_dataset_published_year').map((sample) => [sample.labels.year ?? '', sample.value]));
}

describe('/metrics on the bundled data', () => {
  let app: FastifyInstance;

  before(async () => {
    ({ app } = await buildTestApp());
    cleanups.push(() => app.close());
  });

  it('answers the Prometheus text format, never cached', async () => {
    const answer = await get(app, '/metrics');
    assert.equal(answer.status, 200);
    assert.match(answer.headers['content-type'] ?? '', /^text\/plain; version=0\.0\.4(;|$)/, 'Prometheus text format 0.0.4');
    assert.equal(answer.headers['cache-control'], 'no-store');
    const exposition = parseExposition(answer.body);
    const expectedTypes: Record<string, string> = {
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      calendar_dataset_info: 'gauge',
      calendar_dataset_published_year: 'gauge',
      calendar_dataset_reloads_total: 'counter',
    };
    for (const [name, type] of Object.entries(expectedTypes)) {
      assert.equal(exposition.types.get(name), type, `# TYPE ${name} ${type}`);
      assert.ok(exposition.helped.has(name), `# HELP ${name}`);
    }
  });

  it('counts requests by operation and status, as exact deltas of what was sent', async () => {
    const before = await scrape(app);
    const sent: readonly [string, string, string, number][] = [
      // [method, url, operation label, status]
      ['GET', `${DATES}2024-05-01`, GET_DATE, 200],
      ['GET', `${DATES}2024-05-02`, GET_DATE, 200],
      ['GET', `${DATES}2027-01-01`, GET_DATE, 200],
      ['GET', `${DATES}2024-13-01`, GET_DATE, 400],
      ['GET', `${DATES}2007-12-31`, GET_DATE, 400],
      ['GET', `${RANGES}?startDate=2024-01-01`, GET_RANGE, 400],
      ['GET', `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`, COUNT, 200],
      ['GET', `${WORKDAYS}?startDate=2024-12-31&endDate=2024-01-01`, COUNT, 400],
      ['GET', `${NEXT}?fromDate=2024-05-06`, NEXT_HOLIDAY, 200],
      ['GET', '/v1/china-calendar/workday-offset?fromDate=2024-05-06&days=3', OFFSET, 200],
      ['GET', '/v1/china-calendar/workday-offset?fromDate=2024-05-06&days=%2B3', OFFSET, 400],
      ['GET', '/v1/china-calendar/years/2024', YEAR, 200],
      ['GET', '/v1/china-calendar/years/24', YEAR, 400],
      ['GET', '/v1/china-calendar/calendar.ics?years=2024', FEED, 200],
      ['GET', '/v1/china-calendar/calendar.ics?lang=fr', FEED, 400],
      ['GET', '/nope-1', 'none', 404],
      ['GET', '/v1/china-calendar/nope-2', 'none', 404],
      ['DELETE', '/nope-3', 'none', 404],
    ];
    const expected = new Map<string, number>();
    for (const [method, url, operation, status] of sent) {
      const answer = await inject(app, { method: method as 'GET', url });
      assert.equal(answer.status, status, `${method} ${url}`);
      const key = `${operation} ${status}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const ok = await get(app, `${DATES}2024-05-01`);
    const notModified = await get(app, `${DATES}2024-05-01`, { 'if-none-match': ok.headers.etag ?? '' });
    assert.equal(notModified.status, 304);
    expected.set(`${GET_DATE} 200`, (expected.get(`${GET_DATE} 200`) ?? 0) + 1);
    expected.set(`${GET_DATE} 304`, 1);

    const deltas = (now: Exposition): Map<string, [number, number, number]> =>
      new Map(
        [...expected.keys()].map((key) => {
          const [operation = '', status = ''] = key.split(' ');
          const labels = { operation, status };
          return [
            key,
            [
              valueOf(now, 'http_requests_total', labels) - valueOf(before, 'http_requests_total', labels),
              valueOf(now, 'http_request_duration_seconds_count', labels) - valueOf(before, 'http_request_duration_seconds_count', labels),
              valueOf(now, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }) -
                valueOf(before, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
            ],
          ];
        }),
      );
    const wanted = new Map([...expected].map(([key, count]) => [key, [count, count, count] as [number, number, number]]));
    // The count is taken when the response has finished; poll until every request is in.
    let now = await scrape(app);
    await eventually(
      async () => {
        now = await scrape(app);
        return [...wanted].every(([key, counts]) => JSON.stringify(deltas(now).get(key)) === JSON.stringify(counts));
      },
      2_000,
      'the request counts',
    ).catch(() => undefined);
    assert.deepEqual(deltas(now), wanted, 'deltas of [http_requests_total, _count, _bucket{le="+Inf"}] by "operation status"');
  });

  it('counts a 405 once, under status="405" and a bounded operation label', async () => {
    const count405 = (exposition: Exposition): number =>
      samplesOf(exposition, 'http_requests_total', { status: '405' }).reduce((sum, sample) => sum + sample.value, 0);
    const before = await scrape(app);
    for (const method of ['POST', 'DELETE'] as const) assert.equal((await inject(app, { method, url: `${DATES}2024-05-01` })).status, 405);
    const now = await scrape(app);
    assert.equal(count405(now) - count405(before), 2);
    for (const sample of samplesOf(now, 'http_requests_total', { status: '405' })) {
      assert.ok([GET_DATE, 'none'].includes(sample.labels.operation ?? ''), `operation label ${String(sample.labels.operation)}`);
    }
  });

  it('keeps a latency histogram for each operation and status: cumulative buckets, a sum and a count', async () => {
    await get(app, `${DATES}2024-05-01`);
    await get(app, `${DATES}2024-13-01`);
    await get(app, '/nope');
    const exposition = await scrape(app);
    for (const labels of [
      { operation: GET_DATE, status: '200' },
      { operation: GET_DATE, status: '400' },
      { operation: 'none', status: '404' },
    ]) {
      const buckets = samplesOf(exposition, 'http_request_duration_seconds_bucket', labels)
        .map((sample) => ({ le: sample.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(sample.labels.le), value: sample.value }))
        .sort((a, b) => a.le - b.le);
      assert.ok(buckets.length >= 2, `buckets for ${JSON.stringify(labels)}`);
      assert.equal(buckets.at(-1)?.le, Number.POSITIVE_INFINITY, 'a +Inf bucket');
      for (let at = 1; at < buckets.length; at++) {
        assert.ok((buckets[at]?.value ?? 0) >= (buckets[at - 1]?.value ?? 0), `buckets are cumulative for ${JSON.stringify(labels)}`);
      }
      const count = valueOf(exposition, 'http_request_duration_seconds_count', labels);
      assert.ok(count >= 1, `_count for ${JSON.stringify(labels)}`);
      assert.equal(buckets.at(-1)?.value, count, '+Inf bucket equals _count');
      const sum = valueOf(exposition, 'http_request_duration_seconds_sum', labels);
      assert.ok(sum >= 0 && Number.isFinite(sum), `_sum for ${JSON.stringify(labels)}`);
    }
  });

  it('never makes a series per path: unknown paths all count under operation="none"', async () => {
    for (let at = 0; at < 5; at++) await get(app, `/random-path-${at}-${Date.now()}`);
    await get(app, `${DATES}2024-06-01`);
    const exposition = await scrape(app);
    const labelValues = exposition.samples.flatMap((sample) => Object.values(sample.labels));
    assert.ok(!labelValues.some((value) => value.includes('random-path')), 'no label carries a requested path');
    assert.ok(!labelValues.some((value) => value.includes('2024-06-01')), 'no label carries a requested date');
    const operations = new Set(samplesOf(exposition, 'http_requests_total').map((sample) => sample.labels.operation));
    assert.ok(operations.has('none') && operations.has(GET_DATE));
  });

  it('reports the loaded dataset version, the one /readyz reports', async () => {
    const exposition = await scrape(app);
    const version = await readyVersion(app);
    const info = samplesOf(exposition, 'calendar_dataset_info');
    assert.deepEqual(
      info.map((sample) => ({ labels: sample.labels, value: sample.value })),
      [{ labels: { version }, value: 1 }],
    );
  });

  it('reports every published year, 2008 to 2026, as readable', async () => {
    const years = publishedYears(await scrape(app));
    assert.deepEqual(years, new Map(BUNDLED_YEARS.map((year) => [String(year), 1])));
  });

  it('reports the newest published year, the last of /readyz\'s publishedYears', async () => {
    const exposition = await scrape(app);
    const ready = JSON.parse((await get(app, '/readyz')).body) as { publishedYears: readonly number[] };
    assert.equal(exposition.types.get('calendar_dataset_last_published_year'), 'gauge');
    assert.ok(exposition.helped.has('calendar_dataset_last_published_year'));
    assert.equal(ready.publishedYears.at(-1), BUNDLED_YEARS.at(-1));
    assert.equal(valueOf(exposition, 'calendar_dataset_last_published_year'), BUNDLED_YEARS.at(-1));
  });

  it('includes the process metrics', async () => {
    const exposition = await scrape(app);
    for (const name of ['process_resident_memory_bytes', 'process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      const samples = samplesOf(exposition, name);
      assert.ok(samples.length > 0, `${name} is present`);
    }
    assert.ok(valueOf(exposition, 'process_resident_memory_bytes') > 0, 'resident memory is positive');
  });
});

describe('/metrics on a data directory with a broken published year', () => {
  it('reports that year as 0 and the others as 1', async () => {
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    writeFileSync(join(dir, '2019.json'), '{"year": 2019, "notices": [');
    const { app } = await buildTestApp({ dataDir: dir });
    cleanups.push(() => app.close());
    const years = publishedYears(await scrape(app));
    assert.deepEqual(years, new Map(BUNDLED_YEARS.map((year) => [String(year), year === 2019 ? 0 : 1])));
    assert.deepEqual(
      samplesOf(await scrape(app), 'calendar_dataset_info').map((sample) => sample.labels.version),
      [await readyVersion(app)],
    );
  });

  it('still counts an unreadable newest year as the newest published one (its own alert reports it unreadable)', async () => {
    const newest = BUNDLED_YEARS.at(-1) ?? assert.fail('no bundled year');
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    writeFileSync(join(dir, `${newest}.json`), `{"year": ${newest}, "notices": [`);
    const { app } = await buildTestApp({ dataDir: dir });
    cleanups.push(() => app.close());
    const exposition = await scrape(app);
    assert.equal(publishedYears(exposition).get(String(newest)), 0);
    assert.equal(valueOf(exposition, 'calendar_dataset_last_published_year'), newest);
  });
});

describe('/metrics with no dataset loaded', () => {
  it('has no calendar_dataset_last_published_year sample (not 0, which an alert would read as a year)', async () => {
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    rmSync(dir, { recursive: true, force: true });
    const { app } = await buildTestApp({ dataDir: dir });
    cleanups.push(() => app.close());
    assert.equal((await get(app, '/readyz')).status, 503);
    const exposition = await scrape(app);
    assert.deepEqual(samplesOf(exposition, 'calendar_dataset_last_published_year'), []);
    assert.deepEqual(samplesOf(exposition, 'calendar_dataset_info'), []);
  });
});

describe('calendar_dataset_reloads_total', () => {
  let app: FastifyInstance;
  let live: LiveDataset<AnswerBytes>;
  let dir: string;

  before(async () => {
    const copy = copyOfBundledData();
    cleanups.push(copy.remove);
    dir = copy.dir;
    ({ app, live } = await buildTestApp({ dataDir: dir }));
    cleanups.push(() => app.close());
  });

  type ReloadResult = 'changed' | 'unchanged' | 'invalid' | 'failed';

  async function reloadCounts(): Promise<Record<ReloadResult, number>> {
    const exposition = await scrape(app);
    const count = (result: string): number => valueOf(exposition, 'calendar_dataset_reloads_total', { result });
    return { changed: count('changed'), unchanged: count('unchanged'), invalid: count('invalid'), failed: count('failed') };
  }

  async function assertReloadCounted(result: ReloadResult, act: () => Promise<void>): Promise<void> {
    const before = await reloadCounts();
    await act();
    await live.reload('test');
    const now = await reloadCounts();
    const expected = { ...before, [result]: before[result] + 1 };
    assert.deepEqual(now, expected, `one reload counted as ${result}, nothing else`);
  }

  it('counts a reload that finds nothing new as unchanged', async () => {
    const version = await readyVersion(app);
    await assertReloadCounted('unchanged', () => Promise.resolve());
    assert.equal(await readyVersion(app), version);
  });

  it('counts a reload after a file was added as changed, and reports the new dataset', async () => {
    const version = await readyVersion(app);
    await assertReloadCounted('changed', () => importNotices(dir, [SYNTHETIC_2027]));
    const newVersion = await readyVersion(app);
    assert.notEqual(newVersion, version);
    const exposition = await scrape(app);
    assert.deepEqual(
      samplesOf(exposition, 'calendar_dataset_info').map((sample) => sample.labels.version),
      [newVersion],
      'one info series, for the new version',
    );
    assert.equal(publishedYears(exposition).get('2027'), 1);
    assert.equal(valueOf(exposition, 'calendar_dataset_last_published_year'), 2027, 'the newest year follows the reload');
  });

  it('counts a reload that finds a broken file as invalid', async () => {
    await assertReloadCounted('invalid', () => {
      writeFileSync(join(dir, '2019.json'), '{"year": 2019, "notices": [');
      return Promise.resolve();
    });
  });

  it('counts a reload of a directory that cannot be read as failed', async () => {
    await assertReloadCounted('failed', () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    });
  });
});
