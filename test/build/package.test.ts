import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { readConfig } from 'china-holiday-calendar-service/internal/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/server.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';

/**
 * The package as others install it: built, packed by `npm pack`, installed from the tarball into
 * an empty project, and used there through both entries: from a `.ts` file type-checked with
 * strict options, from plain `.mjs`, by `require`, and through its `china-calendar` bin. It is
 * built into a staging folder of its own, so that it never races the production-build suite.
 */

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

let work = '';
let consumer = '';
let tarballFiles: string[] = [];
let tarballSizes = new Map<string, number>();
let service: RunningService;

async function npm(args: readonly string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'china-calendar-package-'));
  const staging = join(work, 'package');
  mkdirSync(staging);
  for (const entry of ['package.json', 'README.md', 'data', 'docs']) cpSync(join(REPOSITORY, entry), join(staging, entry), { recursive: true });
  await run(process.execPath, [join(REPOSITORY, 'node_modules/typescript/bin/tsc'), '-p', join(REPOSITORY, 'tsconfig.build.json'), '--outDir', join(staging, 'dist')], {
    cwd: REPOSITORY,
  });
  const packed = JSON.parse(await npm(['pack', '--json', '--pack-destination', work], staging)) as { filename: string; files: { path: string; size: number }[] }[];
  const [tarball] = packed;
  assert.ok(tarball, 'npm pack made a tarball');
  tarballFiles = tarball.files.map((file) => file.path);
  tarballSizes = new Map(tarball.files.map((file) => [file.path, file.size]));

  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // From the cache npm ci filled; scripts of dependencies are not needed to use the package.
  await npm(['install', '--prefer-offline', '--ignore-scripts', join(work, tarball.filename)], consumer);

  service = await startService(readConfig({ PORT: '0', DATA_DIR: BUNDLED_DATA_DIR, RELOAD_INTERVAL_SECONDS: '0' }), pino({ level: 'silent' }));
});

after(async () => {
  await service.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the package', () => {
  it('holds what runs: compiled code, types, the data, the documents; no sources, tests or maps', () => {
    assert.ok(tarballFiles.includes('dist/src/library/index.js'));
    assert.ok(tarballFiles.includes('dist/src/library/index.d.ts'));
    assert.ok(tarballFiles.includes('dist/src/client/index.d.ts'));
    assert.ok(tarballFiles.includes('dist/src/cli.js'));
    assert.ok(tarballFiles.includes('dist/src/dataset/schema/shape-validators.js'));
    assert.ok(tarballFiles.includes('data/2026.json') && tarballFiles.includes('data/manifest.json'));
    assert.ok(tarballFiles.includes('docs/openapi.json'));
    assert.deepEqual(
      tarballFiles.filter((path) => /^(src|test|bench|scripts)\//.test(path) || path.endsWith('.map') || path.startsWith('dist/bench')),
      [],
    );
  });

  it('carries the lunar table of 2008-9999 in a few hundred KB at most', () => {
    const table = tarballSizes.get('dist/src/calendar/lunar-date-table.js') ?? Infinity;
    assert.ok(table < 150_000, `${table} bytes`);
  });

  it('is used from a .ts file that type-checks under --strict --exactOptionalPropertyTypes --noUncheckedIndexedAccess', async () => {
    writeFileSync(
      join(consumer, 'use.ts'),
      `import { addWorkdays, isWorkday, lunarDate, openCalendar, solarTerm, UnpublishedYearError, type DayStatus, type LunarDate, type SolarTermName, type YearOverview } from 'china-holiday-calendar';
import { createCalendarClient, CalendarProblemError, type CalendarClient } from 'china-holiday-calendar/client';

export const workday: boolean = isWorkday('2024-02-04');
export const later: string = addWorkdays(new Date('2026-09-30T12:00:00+08:00'), 3);
export const open: typeof openCalendar = openCalendar;
export const eve: LunarDate = lunarDate('2024-02-09');
export const term: SolarTermName | null = solarTerm('2024-04-04');
export const error: typeof UnpublishedYearError = UnpublishedYearError;
export function status(day: DayStatus): string {
  return day.holidays[0]?.name ?? day.dayStatus;
}
export function count(year: YearOverview): number {
  return year.status === 'PUBLISHED' ? year.workdayCount : year.holidays.length;
}
export const client: CalendarClient = createCalendarClient({ baseUrl: 'http://127.0.0.1:8080' });
export const remote: Promise<DayStatus> = client.dateStatus('2024-02-04');
export const problem: typeof CalendarProblemError = CalendarProblemError;
`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          noEmit: true,
          types: [],
        },
        files: ['use.ts'],
      }),
    );
    await run(process.execPath, [join(REPOSITORY, 'node_modules/typescript/bin/tsc'), '-p', consumer], { cwd: consumer }).catch((failure: unknown) => {
      assert.fail(`the consumer does not type-check: ${(failure as { stdout?: string }).stdout ?? String(failure)}`);
    });
  });

  it('runs from plain .mjs: the library in-process and the client against the service', async () => {
    writeFileSync(
      join(consumer, 'use.mjs'),
      `import { dateStatus, isWorkday, addWorkdays, lunarDate, solarTerm, UnpublishedYearError } from 'china-holiday-calendar';
import { createCalendarClient } from 'china-holiday-calendar/client';
const client = createCalendarClient({ baseUrl: process.env.SERVICE_URL });
let unpublished;
try { isWorkday('2027-10-01'); } catch (error) { unpublished = error instanceof UnpublishedYearError && error.year; }
console.log(JSON.stringify({
  local: dateStatus('2024-02-04').dayStatus,
  remote: (await client.dateStatus('2024-02-04')).dayStatus,
  offset: addWorkdays('2026-09-30', 3),
  remoteOffset: await client.addWorkdays('2026-09-30', 3),
  unpublished,
  lunar: lunarDate('2024-02-09').label,
  term: solarTerm('2024-04-04'),
}));
`,
    );
    const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: consumer, env: { ...process.env, SERVICE_URL: service.url } });
    assert.deepEqual(JSON.parse(stdout), { local: 'ADJUSTED_WORKDAY', remote: 'ADJUSTED_WORKDAY', offset: '2026-10-10', remoteOffset: '2026-10-10', unpublished: 2027, lunar: '腊月三十', term: '清明' });
  });

  it('is loaded by require() as well (require of ESM, Node 20.19+, 22.12+ and 24)', async () => {
    writeFileSync(
      join(consumer, 'use.cjs'),
      `const library = require('china-holiday-calendar');
const { createCalendarClient } = require('china-holiday-calendar/client');
console.log(JSON.stringify({ workday: library.isWorkday('2024-02-04'), client: typeof createCalendarClient }));
`,
    );
    const { stdout } = await run(process.execPath, ['use.cjs'], { cwd: consumer });
    assert.deepEqual(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}'), { workday: true, client: 'function' });
  });

  it('keeps the CLI as its bin', async () => {
    const bin = readdirSync(join(consumer, 'node_modules/.bin'));
    assert.ok(bin.includes('china-calendar'));
    const { stdout } = await run(join(consumer, 'node_modules/.bin/china-calendar'), ['query', '2024-02-04'], { cwd: consumer });
    assert.equal((JSON.parse(stdout) as { dayStatus: string }).dayStatus, 'ADJUSTED_WORKDAY');
  });
});
