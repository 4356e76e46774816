import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Logger } from 'pino';
import type { RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';
import { importNotices } from '../helpers/command-run.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { inProcessServices } from '../helpers/in-process-service.js';
import { collectingLogger } from '../helpers/log-lines.js';
import { SYNTHETIC_2027 } from '../helpers/notice-files.js';
import { writeSealed } from '../helpers/sealed-data.js';
import { startServiceProcess } from '../helpers/service-process.js';

interface DayAnswer {
  dayStatus: string;
  datasetVersion: string | null;
}

const serve = inProcessServices();
const dataCopy = dataCopies();

/** The real service on a private copy of the data (optionally damaged first), over a socket. */
async function serviceOn(prepare: (dir: string) => void = () => undefined, logger?: Logger): Promise<{ service: RunningService; dir: string }> {
  const dir = dataCopy();
  prepare(dir);
  return { service: await serve({ DATA_DIR: dir }, logger), dir };
}

async function get(service: RunningService, path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${service.url}${path}`);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const day = async (service: RunningService, date: string) => get(service, `/v1/china-calendar/dates/${date}`);

describe('publishing a new year without a restart', () => {
  it('turns 2027 from UNKNOWN to determined and changes datasetVersion once the import lands', async () => {
    const { service, dir } = await serviceOn();
    const before = await day(service, '2027-01-01');
    assert.equal(before.status, 200);
    assert.deepEqual(before.body, { date: '2027-01-01', dayOfWeek: 'FRIDAY', workStatus: 'UNKNOWN', dayStatus: 'UNKNOWN', holidays: [], datasetVersion: null });
    const oldVersion = ((await day(service, '2026-05-01')).body as DayAnswer).datasetVersion;

    await importNotices(dir, [SYNTHETIC_2027]);
    // Noticed by the file-system watch: the periodic check is off in this service.
    await eventually(async () => ((await day(service, '2027-01-01')).body as DayAnswer).dayStatus === 'HOLIDAY', 10_000, '2027 to load');

    const after2027 = (await day(service, '2027-02-13')).body as DayAnswer;
    assert.equal(after2027.dayStatus, 'ADJUSTED_WORKDAY');
    assert.notEqual(after2027.datasetVersion, oldVersion);
    assert.equal(((await day(service, '2026-05-01')).body as DayAnswer).datasetVersion, after2027.datasetVersion);
    const next = await get(service, '/v1/china-calendar/next-holiday?fromDate=2026-10-08');
    assert.equal((next.body as { date: string }).date, '2027-01-01');
    const ready = (await get(service, '/readyz')).body as { publishedYears: number[]; datasetVersion: string };
    assert.equal(ready.publishedYears.at(-1), 2027);
    assert.equal(ready.datasetVersion, after2027.datasetVersion);
  });
});

describe('a published year that cannot be read', () => {
  it('answers 503 for that year only, from the start, and 200 again once mended', async () => {
    const { service, dir } = await serviceOn((directory) => {
      writeFileSync(join(directory, '2019.json'), '{"year": 2019, "notices": [');
    });
    const unavailable = await day(service, '2019-05-01');
    assert.equal(unavailable.status, 503);
    assert.equal(unavailable.headers.get('content-type'), 'application/problem+json');
    assert.equal(unavailable.headers.get('retry-after'), '30');
    assert.equal((unavailable.body as { code: string }).code, 'CALENDAR_DATA_UNAVAILABLE');
    assert.match((unavailable.body as { detail: string }).detail, /2019/);

    // Other years answer; the days of December 2018 the 2019 notice may name do not.
    assert.equal((await day(service, '2018-06-01')).status, 200);
    assert.equal((await day(service, '2018-12-24')).status, 200);
    assert.equal((await day(service, '2018-12-29')).status, 503);
    assert.equal((await day(service, '2020-01-24')).status, 200);
    assert.equal(((await day(service, '2027-01-01')).body as DayAnswer).dayStatus, 'UNKNOWN');
    assert.equal((await get(service, '/v1/china-calendar/date-ranges?startDate=2018-06-01&endDate=2019-01-05')).status, 503);
    assert.equal((await get(service, '/v1/china-calendar/workdays?startDate=2019-12-01&endDate=2020-02-01')).status, 503);
    assert.equal((await get(service, '/v1/china-calendar/workdays?startDate=2020-01-01&endDate=2020-12-31')).status, 200);
    assert.equal((await get(service, '/v1/china-calendar/next-holiday?fromDate=2018-10-08')).status, 503);
    assert.equal((await get(service, '/v1/china-calendar/next-holiday?fromDate=2020-01-02')).status, 200);
    const ready = await get(service, '/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual((ready.body as { unavailableYears: number[] }).unavailableYears, [2019]);

    copyFileSync(join(BUNDLED_DATA_DIR, '2019.json'), join(dir, '2019.json'));
    await eventually(async () => (await day(service, '2019-05-01')).status === 200, 10_000, '2019 to be mended');
    assert.equal(((await day(service, '2019-05-01')).body as DayAnswer).dayStatus, 'HOLIDAY');
    assert.deepEqual(((await get(service, '/readyz')).body as { unavailableYears: number[] }).unavailableYears, []);
  });

  it('keeps the last good copy when a loaded year is damaged, and logs the cause once per change', async () => {
    const { logger, lines: logs } = collectingLogger();
    const { service, dir } = await serviceOn(undefined, logger);
    const good = (await day(service, '2019-05-02')).body as DayAnswer;
    assert.equal(good.dayStatus, 'HOLIDAY');

    writeFileSync(join(dir, '2019.json'), readFileSync(join(dir, '2019.json'), 'utf8').replace('"2019-05-01..2019-05-04"', '"2019-05-01..2019-05-09"'));
    for (let check = 0; check < 3; check++) await service.live.reload('test');
    const still = await day(service, '2019-05-02');
    assert.equal(still.status, 200);
    assert.deepEqual(still.body, good);
    const logged = logs
      .filter((line) => line.includes('calendar data problem'))
      .map((line) => (JSON.parse(line) as { problem: string }).problem);
    assert.ok(logged.some((problem) => problem.startsWith('2019.json: entries[7].statedTotal:')), logged.join('\n'));
    assert.equal(new Set(logged).size, logged.length, `each problem logged once over three reloads: ${logged.join('\n')}`);
  });
});

describe('a hand-edited file that breaks a rule of the whole year', () => {
  it('is refused on reload: the last good copy keeps answering, and the cause is logged', async () => {
    const { logger, lines: logs } = collectingLogger();
    const { service, dir } = await serviceOn(undefined, logger);
    const good = await day(service, '2024-05-02');
    assert.equal((good.body as DayAnswer).dayStatus, 'HOLIDAY');

    // Labor Day taken out, statutory days and all: every per-entry check still passes.
    const path = join(dir, '2024.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { holidays: string[] }[]; statutoryDays: Record<string, unknown> };
    file.entries = file.entries.filter((entry) => !entry.holidays.includes('LABOR_DAY'));
    Reflect.deleteProperty(file.statutoryDays, 'LABOR_DAY');
    writeFileSync(path, JSON.stringify(file, null, 2));
    await service.live.reload('test');

    const still = await day(service, '2024-05-02');
    assert.deepEqual([still.status, still.body], [200, good.body]);
    const logged = logs.filter((line) => line.includes('calendar data problem')).map((line) => (JSON.parse(line) as { problem: string }).problem);
    assert.ok(logged.includes('2024.json: entries: the annual notice has no entry for 劳动节 (LABOR_DAY), which the regulation grants every year'), logged.join('\n'));
  });
});

describe('answers during reloads', () => {
  it('never mix two datasets in one response', async () => {
    const { service, dir } = await serviceOn();
    const path = join(dir, '2026.json');
    const original = readFileSync(path, 'utf8');
    const variant = original.replace('"title": "国务院办公厅关于2026年部分节假日安排的通知"', '"title": "国务院办公厅关于2026年部分节假日安排的通知",\n      "notes": ["variant"]');
    assert.notEqual(variant, original);

    const versions = new Set<string>();
    let stop = false;
    const flipping = (async () => {
      for (let flip = 0; flip < 12; flip++) {
        writeSealed(dir, '2026.json', flip % 2 === 0 ? variant : original);
        const outcome = await service.live.reload('test flip');
        if (outcome.version) versions.add(outcome.version);
      }
      stop = true;
    })();
    let checked = 0;
    const client = async (): Promise<void> => {
      while (!stop) {
        const response = await fetch(`${service.url}/v1/china-calendar/date-ranges?startDate=2026-01-01&endDate=2026-12-31`);
        const days = (await response.json()) as DayAnswer[];
        const inBody = new Set(days.map((answer) => answer.datasetVersion));
        assert.equal(inBody.size, 1, 'one dataset per response');
        const [version] = inBody;
        assert.equal(response.headers.get('etag')?.slice(1).split('/')[0], version, 'the ETag names the same dataset');
        checked++;
      }
    };
    await Promise.all([flipping, client(), client(), client(), client()]);
    assert.ok(versions.size >= 2, 'the dataset really changed');
    assert.ok(checked > 0);
  });
});

describe('the service process', () => {
  it('reloads on SIGHUP and exits cleanly on SIGTERM', async () => {
    const service = await startServiceProcess({ DATA_DIR: dataCopy() });
    const reloads = async (): Promise<number> => {
      const text = await (await fetch(`http://127.0.0.1:${service.port}/metrics`)).text();
      return [...text.matchAll(/^calendar_dataset_reloads_total\{[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    };
    const before = await reloads();
    service.signal('SIGHUP');
    await eventually(async () => (await reloads()) === before + 1, 10_000, 'a reload after SIGHUP');
    service.signal('SIGTERM');
    assert.deepEqual(await service.exited, { code: 0, signal: null });
    assert.match(service.output(), /shutting down/);
  });
});
