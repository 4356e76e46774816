import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eventually } from '../helpers/data-dir.js';
import { freePort } from '../helpers/free-port.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The production artifact itself: `npm run build` compiles the service into dist/, which the
 * other suites (running the sources through tsx) never execute. This suite builds it and checks
 * that every kind of route works from the build, including the parts loaded on demand (OpenAPI,
 * Prometheus), the JSON Schemas the loader reads, and the assets read from node_modules.
 */
describe('the production build', () => {
  let base = '';
  let stop: () => Promise<number | null> = () => Promise.resolve(null);

  before(async () => {
    await promisify(execFile)(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: REPOSITORY });
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/src/cli.js', 'serve'], {
      cwd: REPOSITORY,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', RELOAD_INTERVAL_SECONDS: '0' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    stop = () => {
      child.kill('SIGTERM');
      return exited;
    };
    base = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200, 20_000, 'the build to start');
  });
  after(async () => {
    assert.equal(await stop(), 0, 'exits cleanly on SIGTERM');
  });

  it('answers the four operations', async () => {
    const day = (await (await fetch(`${base}/v1/china-calendar/dates/2024-02-04`)).json()) as { dayStatus: string };
    assert.equal(day.dayStatus, 'ADJUSTED_WORKDAY');
    const range = (await (await fetch(`${base}/v1/china-calendar/date-ranges?startDate=2024-01-01&endDate=2024-12-31`)).json()) as unknown[];
    assert.equal(range.length, 366);
    const counts = (await (await fetch(`${base}/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2024-12-31`)).json()) as { workdayCount: number };
    assert.equal(counts.workdayCount, 251);
    const next = (await (await fetch(`${base}/v1/china-calendar/next-holiday?fromDate=2024-02-09`)).json()) as { date: string };
    assert.equal(next.date, '2024-02-10');
  });

  it('answers problems, and serves what loads on demand', async () => {
    const problem = await fetch(`${base}/v1/china-calendar/dates/2024-02-30`);
    assert.equal(problem.status, 400);
    assert.equal(problem.headers.get('content-type'), 'application/problem+json');
    const openapi = (await (await fetch(`${base}/openapi.json`)).json()) as { openapi: string };
    assert.equal(openapi.openapi, '3.1.0');
    assert.match(await (await fetch(`${base}/metrics`)).text(), /^calendar_dataset_info\{version="[^"]+"\} 1$/m);
    const asset = await fetch(`${base}/docs/assets/swagger-ui-bundle.js`);
    assert.equal(asset.status, 200);
    assert.ok((await asset.arrayBuffer()).byteLength > 100_000);
    assert.equal((await fetch(`${base}/docs/problems/invalid-date-format`)).status, 200);
  });
});
