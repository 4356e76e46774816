import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { eventually } from '../helpers/data-dir.js';
import { ANNUAL_2026, ANNUAL_2027, startFakeGovCn } from '../helpers/fake-gov-cn.js';
import { freePort } from '../helpers/free-port.js';
import { REPOSITORY } from '../helpers/source-cli.js';

/**
 * What a user of the repository and a user of the library do, from nothing: a copy of the
 * repository's files (tracked and new, never node_modules or build output), `npm ci`, then
 * `npm run build`, the built service answering over a socket and its sync publishing a new year
 * from a local stand-in for gov.cn; and `npm pack` of the library
 * package installed into an empty project, used from a strict TypeScript file, from ESM and from
 * CommonJS. Nothing is built for the test that the user's own commands do not build.
 */

const run = promisify(execFile);
const TIMEOUT = 10 * 60_000;

let work = '';
let checkout = '';
let consumer = '';
/** The installed package's folder in the consumer project. */
let installed = '';
let packed: { filename: string; unpackedSize: number; files: { path: string }[] };

async function npm(args: readonly string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The files a fresh clone of this working tree holds: tracked ones and new ones that are not ignored. */
async function copyCheckout(target: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPOSITORY, maxBuffer: 16 * 1024 * 1024 });
  for (const path of stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    try {
      cpSync(join(REPOSITORY, path), join(target, path));
    } catch (error) {
      // A tracked file deleted in the working tree is not in a fresh clone of it either.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'china-calendar-checkout-'));
  checkout = join(work, 'repository');
  await copyCheckout(checkout);
  await npm(['ci', '--prefer-offline'], checkout);
  const [tarball] = JSON.parse(await npm(['pack', '--json', '-w', 'packages/calendar', '--pack-destination', work], checkout)) as (typeof packed)[];
  assert.ok(tarball, 'npm pack made a tarball');
  packed = tarball;
  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await npm(['install', '--prefer-offline', join(work, tarball.filename)], consumer);
  installed = join(consumer, 'node_modules/china-holiday-calendar');
}, { timeout: TIMEOUT });

/** The package's modules an entry loads, statically or on demand, following relative imports. */
function modulesReachedFrom(entries: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (reached.has(path)) continue;
    reached.add(path);
    const source = readFileSync(join(installed, path), 'utf8');
    for (const [, specifier = ''] of source.matchAll(/(?:from|import\()\s*"(\.\/[^"]+)"/g)) pending.push(join(dirname(path), specifier));
  }
  return reached;
}

after(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('a fresh checkout', { timeout: TIMEOUT }, () => {
  /** The service's bin: the CLI bundled from tsc's output by npm run build (scripts/build-service.ts). */
  const bin = (): string => join('packages/service', (JSON.parse(readFileSync(join(checkout, 'packages/service/package.json'), 'utf8')) as { bin: Record<string, string> }).bin['china-calendar'] ?? '');

  it('builds with npm run build and serves from the build: operations, problems and what loads on demand', async () => {
    await npm(['run', 'build'], checkout);
    assert.match(bin(), /dist\/bundle\/cli\.js$/);
    const port = await freePort();
    const child = spawn(process.execPath, [bin(), 'serve'], {
      cwd: checkout,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', RELOAD_INTERVAL_SECONDS: '0' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const base = `http://127.0.0.1:${port}`;
      await eventually(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.status === 200, 30_000, 'the build to start');
      const day = (await (await fetch(`${base}/v1/china-calendar/dates/2024-02-04`)).json()) as { dayStatus: string };
      assert.equal(day.dayStatus, 'ADJUSTED_WORKDAY');
      const count = (await (await fetch(`${base}/v1/china-calendar/workdays?startDate=2024-02-01&endDate=2024-02-29`)).json()) as { workdayCount: number };
      assert.equal(typeof count.workdayCount, 'number');
      assert.equal((await fetch(`${base}/v1/china-calendar/dates/2024-13-01`)).status, 400);
      assert.equal((await fetch(`${base}/openapi.json`)).status, 200);
      // The docs page's assets come from swagger-ui-dist, found from the bundle as from tsc's output.
      assert.equal((await fetch(`${base}/docs/assets/swagger-ui.css`)).status, 200);
      assert.match(await (await fetch(`${base}/metrics`)).text(), /http_requests_total/);
      assert.match(await (await fetch(`${base}/v1/china-calendar/calendar.ics?years=2024`)).text(), /^BEGIN:VCALENDAR/);
    } finally {
      child.kill('SIGTERM');
      assert.equal(await exited, 0, 'exits cleanly on SIGTERM');
    }
  });

  it('syncs from the build: a new year found on gov.cn, read in the importer thread, published', async () => {
    const fake = await startFakeGovCn();
    try {
      fake.list([ANNUAL_2026, ANNUAL_2027]);
      const dataDir = join(work, 'synced-data');
      cpSync(join(checkout, 'packages/core/data'), dataDir, { recursive: true });
      const { stdout } = await run(process.execPath, [bin(), 'sync', '--data-dir', dataDir, '--source', 'gov.cn', '--search-url', fake.searchUrl], { cwd: checkout });
      assert.match(stdout, /^2027: published: /m);
      assert.ok(readdirSync(dataDir).includes('2027.json'));
    } finally {
      await fake.close();
    }
  });
});

describe('the library package from npm pack', { timeout: TIMEOUT }, () => {
  it('exports exactly ., ./client and ./package.json: ES modules and their rolled-up types, no source condition', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    assert.deepEqual(Object.keys(manifest.exports), ['.', './client', './package.json']);
    for (const entry of ['.', './client']) assert.deepEqual(Object.keys(manifest.exports[entry] as object), ['types', 'default'], `${entry}: types and the module, nothing else`);
  });

  it('ships one bundled module and one declaration file per entry (and their shared chunks), each reached from an entry; nothing of the service; under 1 MB', () => {
    const files = packed.files.map((file) => file.path).filter((path) => path !== 'package.json' && !/^(README|LICENSE|CHANGELOG)/.test(path));
    assert.deepEqual(files.filter((path) => path.endsWith('.d.ts')).sort(), ['dist/client.d.ts', 'dist/index.d.ts']);
    const reached = modulesReachedFrom(['dist/index.js', 'dist/client.js']);
    assert.deepEqual(files.filter((path) => !path.endsWith('.d.ts')).sort(), [...reached].sort(), 'every module shipped is reached from an entry, and nothing else is shipped');
    assert.deepEqual(files.filter((path) => /\/(http|importer|commands|sync)\/|\.map$|\.ts$/.test(path) && !path.endsWith('.d.ts')), []);
    assert.ok(packed.unpackedSize < 1_000_000, `unpacked ${packed.unpackedSize} bytes`);
  });

  it('declares exactly what the modules export at run time, and no engine internals', async () => {
    const declared = (file: string): string[] =>
      [...readFileSync(join(installed, file), 'utf8').matchAll(/^export declare (?:function|class|const|let) (\w+)/gm)].map((match) => match[1] ?? '').sort();
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', "const [a, b] = await Promise.all([import('china-holiday-calendar'), import('china-holiday-calendar/client')]); console.log(JSON.stringify([Object.keys(a).sort(), Object.keys(b).sort()]));"], { cwd: consumer });
    const [index, client] = JSON.parse(stdout) as [string[], string[]];
    assert.deepEqual(declared('dist/index.d.ts'), index);
    assert.deepEqual(declared('dist/client.d.ts'), client);
    for (const internal of ['LiveDataset', 'CalendarCore', 'Dataset', 'ArrangementFile', 'answerObjects', 'bundledSnapshot', 'calendarOfSnapshot']) {
      assert.doesNotMatch(readFileSync(join(installed, 'dist/index.d.ts'), 'utf8'), new RegExp(`^export .*\\b${internal}\\b`, 'm'), `${internal} is not public`);
    }
  });

  it('declarations that stand alone: no doc comment points into the repository, and the client types only the /v1 operations', () => {
    for (const file of ['dist/index.d.ts', 'dist/client.d.ts']) {
      const text = readFileSync(join(installed, file), 'utf8');
      // A user has the tarball, not the repository: no docs/…, packages/…, README or source file named.
      assert.deepEqual(text.match(/\b(?:docs|packages|test|scripts)\/[\w./-]*|\bREADME\b|\bBENCHMARKS\b|\b[\w-]+\.(?:ts|md)\b/g) ?? [], [], `${file} names repository files`);
    }
    const client = readFileSync(join(installed, 'dist/client.d.ts'), 'utf8');
    for (const operational of ['/readyz', '/healthz', '/metrics', '/dataset', 'Readiness', 'DatasetFile', 'SyncState']) assert.ok(!client.includes(operational), `dist/client.d.ts: nothing of ${operational}`);
    assert.doesNotMatch(client, /^export (?:type|interface|declare) (?:paths|components)\b/m, 'the generated paths and components are not exported');
  });

  it('installs with no dependency at all', () => {
    const packages = readdirSync(join(consumer, 'node_modules')).filter((name) => !name.startsWith('.'));
    assert.deepEqual(packages, ['china-holiday-calendar']);
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules/china-holiday-calendar/package.json'), 'utf8')) as { dependencies?: object };
    assert.deepEqual(Object.keys(manifest.dependencies ?? {}), []);
  });

  it('type-checks from a .ts file under --strict --exactOptionalPropertyTypes --noUncheckedIndexedAccess', async () => {
    writeFileSync(
      join(consumer, 'use.ts'),
      `import { addWorkdays, countWorkdays, isWorkday, openCalendar, CalendarInputError, HolidayCalendar, UnpublishedYearError, type DayStatus, type YearOverview } from 'china-holiday-calendar';
import { createCalendarClient, CalendarProblemError, type CalendarClient } from 'china-holiday-calendar/client';

export const workday: boolean = isWorkday('2024-02-04');
export const later: string = addWorkdays(new Date('2026-09-30T12:00:00+08:00'), 3);
export const counted: number = countWorkdays('2024-01-01', '2024-12-31').workdayCount;
export const open: typeof openCalendar = openCalendar;
export const errors: [typeof UnpublishedYearError, typeof CalendarInputError] = [UnpublishedYearError, CalendarInputError];
export function status(day: DayStatus): string {
  return day.holidays[0]?.name ?? day.dayStatus;
}
export function count(year: YearOverview): number {
  return year.status === 'PUBLISHED' ? year.workdayCount : year.holidays.length;
}
export const client: CalendarClient = createCalendarClient({ baseUrl: 'http://127.0.0.1:8080' });
export const remote: Promise<DayStatus> = client.dateStatus('2024-02-04');
export const problem: typeof CalendarProblemError = CalendarProblemError;
// A calendar comes from openCalendar() or the package's functions: the class has no public constructor.
// @ts-expect-error -- private constructor
export const constructed = new HolidayCalendar();
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
    await run(process.execPath, [join(checkout, 'node_modules/typescript/bin/tsc'), '-p', consumer], { cwd: consumer }).catch((failure: unknown) => {
      assert.fail(`the consumer does not type-check: ${(failure as { stdout?: string }).stdout ?? String(failure)}`);
    });
  });

  it('runs from ESM', async () => {
    writeFileSync(
      join(consumer, 'use.mjs'),
      `import { dateStatus, addWorkdays, isWorkday, UnpublishedYearError } from 'china-holiday-calendar';
let unpublished;
try { isWorkday('2027-10-01'); } catch (error) { unpublished = error instanceof UnpublishedYearError && error.year; }
console.log(JSON.stringify({ day: dateStatus('2024-02-04').dayStatus, offset: addWorkdays('2026-09-30', 3), unpublished }));
`,
    );
    const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: consumer });
    assert.deepEqual(JSON.parse(stdout), { day: 'ADJUSTED_WORKDAY', offset: '2026-10-10', unpublished: 2027 });
  });

  it('is loaded by require() as well', async () => {
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

  it('writes the calendar feed once its optional peer ical-generator is installed, and says so before', async () => {
    const script = `import { calendarFeed } from 'china-holiday-calendar';
try { console.log((await calendarFeed({ years: 2024 })).slice(0, 15)); } catch (error) { console.log(error.code); }
`;
    writeFileSync(join(consumer, 'feed.mjs'), script);
    assert.equal((await run(process.execPath, ['feed.mjs'], { cwd: consumer })).stdout.trim(), 'ICAL_GENERATOR_MISSING');
    await npm(['install', '--prefer-offline', 'ical-generator'], consumer);
    assert.equal((await run(process.execPath, ['feed.mjs'], { cwd: consumer })).stdout.trim(), 'BEGIN:VCALENDAR');
  });
});
