/**
 * Readers following a plain static web server (`python3 -m http.server`, no ETags: only
 * Last-Modified), as they would follow object storage or a CDN, serving a copy of a writer's
 * folder. A new year uploaded (year file, then manifest) reaches every reader within one poll
 * interval; a year file changed behind the manifest's back is refused by its digest and the last
 * good copy keeps answering, on the readers already following and as the unready state of a new one.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { runImport } from 'china-holiday-calendar-service/internal/commands/import.js';
import { Collected } from '../helpers/command-run.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { answersOf, firstAnswerTimes, readinessOf } from '../helpers/fleet-probe.js';
import { freePort } from '../helpers/free-port.js';
import { startServiceProcess, type ServiceProcess } from '../helpers/service-process.js';
import { SYNTHETIC_2027, SYNTHETIC_2027_AMENDMENT } from '../helpers/notice-files.js';

const WITHIN_MS = 6000;
const silent = new Collected();

const hasPython = spawnSync('python3', ['--version']).status === 0;
const dataCopy = dataCopies();
const processes: ServiceProcess[] = [];
const cleanups: (() => unknown)[] = [];
after(async () => {
  for (const service of processes) if (service.child.exitCode === null) service.signal('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** `python3 -m http.server` serving `dir` on a free port; resolves once it answers. */
async function pythonHttpServer(dir: string): Promise<string> {
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' });
  cleanups.push(() => {
    server.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}/`;
  await eventually(async () => (await fetch(`${url}manifest.json`).catch(() => undefined))?.ok === true, 10_000, 'python3 -m http.server to answer');
  return url;
}

/** Uploads a writer's folder as a CI job fills a bucket: the year files first, the manifest last. */
function upload(from: string, to: string, years: readonly number[]): void {
  for (const year of years) copyFileSync(join(from, `${year}.json`), join(to, `${year}.json`));
  copyFileSync(join(from, 'manifest.json'), join(to, 'manifest.json'));
}

describe('readers following a plain static web server', { timeout: 180_000, skip: hasPython ? false : 'python3 is not installed (.ci/run installs it)' }, () => {
  it('follow an upload within one poll interval; refuse a year file changed behind the manifest\'s back and keep their last good copy', async (t) => {
    const writerDir = dataCopy();
    const served = mkdtempSync(join(tmpdir(), 'calendar-static-'));
    cleanups.push(() => rmSync(served, { recursive: true, force: true }));
    cpSync(writerDir, served, { recursive: true });
    const origin = await pythonHttpServer(served);
    const readers = await Promise.all([0, 1, 2].map(() => startServiceProcess({ DATA_URL: origin, DATA_POLL_SECONDS: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'calendar-reader-cache-')) })));
    processes.push(...readers);
    const before = await Promise.all(readers.map((reader) => readinessOf(reader)));
    assert.ok(before.every((ready) => ready.status === 200 && ready.datasetVersion === before[0]?.datasetVersion), JSON.stringify(before));

    // The writer publishes 2027; the job uploads it.
    assert.equal(await runImport([SYNTHETIC_2027], { dataDir: writerDir, dryRun: false, force: false, currentYear: 2026 }, silent, silent), 0);
    const uploaded = performance.now();
    upload(writerDir, served, [2027]);
    const times = await firstAnswerTimes(readers, '2027-01-01', (answer) => answer.dayStatus === 'HOLIDAY', 30_000);
    const lags = times.map((time) => Math.round(time.at - uploaded));
    t.diagnostic(`readers of python3 -m http.server served 2027 ${lags.join(' ms, ')} ms after the upload (DATA_POLL_SECONDS=2)`);
    for (const lag of lags) assert.ok(lag <= WITHIN_MS, `${lag} ms`);
    const version = times[0]?.datasetVersion;
    assert.ok(times.every((time) => time.datasetVersion === version));

    // 2026.json changed on the server, its manifest not: the readers hold a copy whose digest the
    // manifest lists and keep it; a new reader, which must fetch it, refuses it.
    const text2026 = readFileSync(join(served, '2026.json'), 'utf8');
    writeFileSync(join(served, '2026.json'), text2026.replace(/"sourceUrl": "([^"]+)"/, '"sourceUrl": "$1#changed-on-the-server"'));
    const newcomer = await startServiceProcess({ DATA_URL: origin, DATA_POLL_SECONDS: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'calendar-reader-cache-')) });
    processes.push(newcomer);
    const refused = await readinessOf(newcomer);
    assert.equal(refused.status, 503);
    assert.match(refused.source?.lastError?.message ?? '', /2026\.json: \(digest\): its SHA-256 digest is/);
    await delay(4500);
    assert.ok((await answersOf(readers, '2026-10-01')).every((answer) => answer.datasetVersion === version), 'the readers keep their copy');

    // An amendment uploaded with a year file that is not the one its manifest lists: refused, the last good copy stays.
    assert.equal(await runImport([SYNTHETIC_2027_AMENDMENT], { dataDir: writerDir, dryRun: false, force: false, currentYear: 2026 }, silent, silent), 0);
    const amended = readFileSync(join(writerDir, '2027.json'), 'utf8');
    const tampered = amended.replace(/"sourceUrl": "([^"]+)"/, '"sourceUrl": "$1#not-the-published-one"');
    assert.notEqual(tampered, amended);
    writeFileSync(join(served, '2027.json'), tampered);
    copyFileSync(join(writerDir, 'manifest.json'), join(served, 'manifest.json'));
    await eventually(async () => (await Promise.all(readers.map((reader) => readinessOf(reader)))).every((ready) => /2027\.json/.test(ready.source?.lastError?.message ?? '')), 10_000, 'every reader to refuse the copy');
    for (const reader of readers) {
      const ready = await readinessOf(reader);
      assert.equal(ready.status, 200);
      assert.equal(ready.datasetVersion, version, 'the last good copy answers');
      assert.deepEqual(ready.source?.refusedFiles, [{ file: '2027.json', check: 'digest' }]);
    }
    assert.ok((await answersOf(readers, '2027-05-06')).every((answer) => answer.dayStatus === 'WORKDAY'), 'the amendment is not taken');

    // Uploaded right, it is taken.
    writeFileSync(join(served, '2026.json'), text2026);
    upload(writerDir, served, [2027]);
    await eventually(async () => (await answersOf(readers, '2027-05-06')).every((answer) => answer.dayStatus === 'HOLIDAY'), 10_000, 'the mended upload');
  });
});
