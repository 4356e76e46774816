import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';
import { runCliProcess, runSourceProcess } from '../helpers/cli-process.js';
import { runCli, show } from '../helpers/command-run.js';
import { dataCopies } from '../helpers/data-dir.js';
import { PATH_PREFIX } from '../helpers/design-rules.js';
import { parseExposition } from '../helpers/prometheus-text.js';
import { startServiceProcess, type ServiceProcess } from '../helpers/service-process.js';

/*
 * `china-calendar serve` on a data directory an operator (or an attacker with write access to it)
 * has put odd things in, with real signals (docs/operators.md, "The data, and publishing a new year" and
 * "Signals, timeouts and limits"): a FIFO in a year file's place, a deleted year file or
 * manifest, a huge sparse file, a link to a device or to a file that is not JSON. The service
 * starts, logs the year's problem, keeps the last good data, answers SIGHUP and ends on SIGTERM
 * within SHUTDOWN_TIMEOUT_SECONDS. `validate` and openCalendar() end too.
 */

const SYNTHETIC_2027 = fileURLToPath(new URL('../fixtures/synthetic/2027-annual.txt', import.meta.url));
const SHUTDOWN_TIMEOUT_SECONDS = 5;
const dataCopy = dataCopies();

function serveOn(dir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startServiceProcess({ DATA_DIR: dir, SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS), ...env });
}

async function getJson(service: ServiceProcess, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${service.port}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function metricValue(service: ServiceProcess, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await (await fetch(`http://127.0.0.1:${service.port}/metrics`)).text();
  return parseExposition(text).samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}

/** The problems logged as `calendar data problem`, in order. */
function loggedProblems(service: ServiceProcess): string[] {
  return service
    .output()
    .split('\n')
    .filter((line) => line.includes('calendar data problem'))
    .map((line) => (JSON.parse(line) as { problem: string }).problem);
}

/** SIGTERM, then the exit: 0 means every connection drained before SHUTDOWN_TIMEOUT_SECONDS (at it, the exit is 1). */
async function stop(service: ServiceProcess): Promise<void> {
  service.signal('SIGTERM');
  assert.deepEqual(await service.exitWithin((SHUTDOWN_TIMEOUT_SECONDS + 10) * 1000), { code: 0, signal: null }, service.output().slice(-2000));
}

const mkfifo = (path: string): void => {
  rmSync(path, { force: true });
  execFileSync('mkfifo', [path]);
};

const day = (date: string): string => `${PATH_PREFIX.getDateStatus}${date}`;

describe('serve: a FIFO in a year file’s place', { timeout: 120_000 }, () => {
  it('at start: listens, logs the year’s problem, answers 503 for that year only; mended on SIGHUP; a FIFO again keeps the last good copy; SIGTERM ends it', async () => {
    const dir = dataCopy();
    mkfifo(join(dir, '2024.json'));
    const service = await serveOn(dir);
    assert.deepEqual(loggedProblems(service), ['2024.json: (file): cannot be read (a FIFO, not a regular file)']);
    assert.equal((await getJson(service, day('2024-10-01'))).status, 503);
    assert.equal((await getJson(service, day('2025-10-01'))).status, 200);
    assert.deepEqual((await getJson(service, '/readyz')).body.unavailableYears, [2024]);

    rmSync(join(dir, '2024.json'));
    copyFileSync(join(BUNDLED_DATA_DIR, '2024.json'), join(dir, '2024.json'));
    service.signal('SIGHUP');
    await service.logged(/calendar dataset loaded/, 2);
    assert.equal((await getJson(service, day('2024-10-01'))).body.dayStatus, 'HOLIDAY');

    mkfifo(join(dir, '2024.json'));
    service.signal('SIGHUP');
    await service.logged(/calendar data problem/, 2);
    assert.deepEqual((await getJson(service, day('2024-10-01'))).body.dayStatus, 'HOLIDAY', 'the last good copy answers');
    assert.deepEqual((await getJson(service, '/readyz')).body.unavailableYears, []);
    // A later SIGHUP is still obeyed: the FIFO held nothing up.
    rmSync(join(dir, '2024.json'));
    copyFileSync(join(BUNDLED_DATA_DIR, '2024.json'), join(dir, '2024.json'));
    service.signal('SIGHUP');
    await service.logged(/data problems resolved/, 2);
    mkfifo(join(dir, '2024.json'));
    service.signal('SIGHUP');
    await service.logged(/calendar data problem/, 3);
    await stop(service);
  });
});

describe('serve: a published year’s file or the manifest deleted while it runs', { timeout: 120_000 }, () => {
  it('is noticed at the next reload: a warning naming the file, /readyz missingFiles, /metrics; the data keeps answering; back when restored', async () => {
    const dir = dataCopy();
    const service = await serveOn(dir);
    const before = await getJson(service, day('2025-10-01'));
    assert.deepEqual((await getJson(service, '/readyz')).body.missingFiles, []);

    rmSync(join(dir, '2025.json'));
    service.signal('SIGHUP');
    const [warning] = await service.logged(/calendar data file missing/);
    assert.deepEqual(
      { level: (JSON.parse(warning ?? '{}') as { level: number }).level, file: (JSON.parse(warning ?? '{}') as { file: string }).file },
      { level: 40, file: '2025.json' },
    );
    assert.deepEqual(await getJson(service, day('2025-10-01')), before, 'the last loaded 2025 still answers');
    const ready = await getJson(service, '/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual([ready.body.missingFiles, ready.body.unavailableYears], [['2025.json'], []]);
    assert.equal(await metricValue(service, 'calendar_dataset_missing_file', { file: '2025.json' }), 1);
    assert.ok(((await metricValue(service, 'calendar_dataset_reloads_total', { result: 'invalid' })) ?? 0) >= 1, 'the reload counts as invalid');

    rmSync(join(dir, 'manifest.json'));
    service.signal('SIGHUP');
    await service.logged(/calendar data file missing.*manifest\.json|manifest\.json.*calendar data file missing/);
    assert.deepEqual((await getJson(service, '/readyz')).body.missingFiles, ['2025.json', 'manifest.json']);
    assert.equal(await metricValue(service, 'calendar_dataset_missing_file', { file: 'manifest.json' }), 1);

    // Warned once per file, not at every reload. (The file watch reloads too: count them all.)
    const reloads = async (): Promise<number> => (await metricValue(service, 'calendar_dataset_reloads_total', { result: 'invalid' })) ?? 0;
    const reloadsBefore = await reloads();
    service.signal('SIGHUP');
    while ((await reloads()) === reloadsBefore) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(service.output().split('\n').filter((line) => line.includes('calendar data file missing')).length, 2);

    copyFileSync(join(BUNDLED_DATA_DIR, '2025.json'), join(dir, '2025.json'));
    copyFileSync(join(BUNDLED_DATA_DIR, 'manifest.json'), join(dir, 'manifest.json'));
    service.signal('SIGHUP');
    await service.logged(/calendar data file back/, 2);
    assert.deepEqual((await getJson(service, '/readyz')).body.missingFiles, []);
    assert.equal(await metricValue(service, 'calendar_dataset_missing_file', { file: '2025.json' }), undefined);
    await stop(service);
  });
});

describe('serve: huge files, devices and files that are not JSON', { timeout: 120_000 }, () => {
  it('a sparse 1 GiB year file and a link to /dev/zero, under a 96 MB heap: refused unread, logged, the other years answer', async () => {
    const dir = dataCopy();
    rmSync(join(dir, '2024.json'));
    writeFileSync(join(dir, '2024.json'), '');
    execFileSync('truncate', ['-s', '1G', join(dir, '2024.json')]);
    rmSync(join(dir, '2023.json'));
    symlinkSync('/dev/zero', join(dir, '2023.json'));
    const service = await serveOn(dir, { NODE_OPTIONS: '--max-old-space-size=96' });
    assert.deepEqual(loggedProblems(service), [
      '2023.json: (file): cannot be read (a character device, not a regular file)',
      '2024.json: (file): cannot be read (1073741824 bytes, over the 1 MiB limit of a data file)',
    ]);
    assert.deepEqual((await getJson(service, '/readyz')).body.unavailableYears, [2023, 2024]);
    assert.equal((await getJson(service, day('2025-10-01'))).body.dayStatus, 'HOLIDAY');
    await stop(service);
  });

  it('a link to a file that is not JSON: the log quotes a short excerpt of it, escaped, and nothing more', async () => {
    const dir = dataCopy();
    const secret = join(dataCopy(), 'passwd');
    writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\nsecret-second-line\x1b]0;PWNED\x07\n');
    rmSync(join(dir, '2024.json'));
    symlinkSync(secret, join(dir, '2024.json'));
    const service = await serveOn(dir);
    assert.deepEqual(loggedProblems(service), ['2024.json: (file): is not valid JSON (unexpected token; the file begins "root:x:0:0:root:/root:/b"…)']);
    assert.doesNotMatch(service.output(), /secret-second-line|PWNED|\/bin\/bash/);
    await stop(service);
  });
});

describe('validate and openCalendar() on a directory with a FIFO', { timeout: 120_000 }, () => {
  // In a child process: reading a FIFO would block this one for good, and the test could not fail.
  it('validate ends with exit 1, naming the file', async () => {
    const dir = dataCopy();
    mkfifo(join(dir, '2024.json'));
    const result = await runCliProcess(['validate', dir], { timeoutMs: 30_000 });
    assert.deepEqual([result.code, result.stderr.toString()], [1, '2024.json: (file): cannot be read (a FIFO, not a regular file)\n']);
  });

  it('openCalendar({ dataDir }) throws CalendarDataError naming the file, at once', async () => {
    const dir = dataCopy();
    mkfifo(join(dir, '2024.json'));
    const script = `
      import { openCalendar } from './packages/calendar/src/library/index.ts';
      try { openCalendar({ dataDir: ${JSON.stringify(dir)} }); console.log('opened'); }
      catch (error) { console.log(error.name, JSON.stringify(error.problems)); }`;
    const result = await runSourceProcess(['--input-type=module', '-e', script], { timeoutMs: 30_000 });
    assert.equal(result.code, 0, result.stderr.toString());
    assert.equal(result.stdout.toString().trim(), 'CalendarDataError ["2024.json: (file): cannot be read (a FIFO, not a regular file)"]');
  });
});

/**
 * Mounts the files of `source` in `mount` as the kubelet mounts a ConfigMap, or updates such a
 * mount: the files in a new timestamped directory, `..data` switched to it by one rename, each
 * key a link through `..data`, the previous directory removed.
 */
function mountAsConfigMap(source: string, mount: string, stamp: string): void {
  const previous = readdirSync(mount).find((name) => name.startsWith('..') && name !== '..data');
  const version = join(mount, `..${stamp}`);
  mkdirSync(version);
  for (const name of readdirSync(source)) copyFileSync(join(source, name), join(version, name));
  symlinkSync(`..${stamp}`, join(mount, '..data_tmp'));
  renameSync(join(mount, '..data_tmp'), join(mount, '..data'));
  for (const name of readdirSync(source)) {
    rmSync(join(mount, name), { force: true });
    symlinkSync(join('..data', name), join(mount, name));
  }
  if (previous !== undefined) rmSync(join(mount, previous), { recursive: true });
}

describe('serve: a data directory mounted from a Kubernetes ConfigMap (every file a link)', { timeout: 120_000 }, () => {
  it('answers from it, and picks up an update of the ConfigMap on the next reload', async () => {
    const mount = dataCopy();
    for (const name of readdirSync(mount)) rmSync(join(mount, name));
    mountAsConfigMap(BUNDLED_DATA_DIR, mount, '2026_11_20_08_00_00.000000001');
    const service = await serveOn(mount);
    assert.deepEqual(loggedProblems(service), []);
    assert.equal((await getJson(service, day('2026-10-01'))).body.dayStatus, 'HOLIDAY');
    assert.equal((await getJson(service, day('2027-01-01'))).body.dayStatus, 'UNKNOWN');

    const next = dataCopy();
    const imported = await runCli(['import', SYNTHETIC_2027, '--data-dir', next]);
    assert.equal(imported.code, 0, show(imported));
    mountAsConfigMap(next, mount, '2026_11_25_08_00_00.000000002');
    service.signal('SIGHUP');
    await service.logged(/calendar dataset loaded/, 2);
    assert.equal((await getJson(service, day('2027-01-01'))).body.dayStatus, 'HOLIDAY');
    assert.deepEqual((await getJson(service, '/readyz')).body.missingFiles, []);
    assert.deepEqual(loggedProblems(service), []);
    await stop(service);
  });
});
