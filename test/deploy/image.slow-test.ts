/**
 * The container image, built and started on this machine by following the Dockerfile step by
 * step, since no Docker engine runs here: the build context is a copy of the repository's tracked
 * files that .dockerignore lets in; the build stage's COPY and RUN instructions run in a folder
 * standing for its file system (npm offline, from the cache the repository's own install filled:
 * nothing downloads); the runtime stage's COPY --from=build fill an empty folder; and its CMD runs
 * there with its ENV, as its USER where this process may switch users. What the base image adds
 * (node, npm, the `node` user) comes from this machine instead. Slow (an install and a build):
 * `npm run test:slow`.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, posix, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { buildTestApp } from '../helpers/test-app.js';
import { REPOSITORY } from '../helpers/source-cli.js';
import { cmdOf, copiesOf, dockerIgnores, envOf, healthcheckOf, lastOf, lineOf, parseDockerfile, readRepoFile, type DockerStage } from './deploy-files.js';

const { stages } = parseDockerfile(readRepoFile('Dockerfile'));
const buildStage = stages[0] ?? assert.fail('Dockerfile: no stage');
const runtime = stages.at(-1) ?? assert.fail('Dockerfile: no stage');
const runtimeEnv = envOf(runtime);
const healthcheck = healthcheckOf(runtime);

/** The instructions this reproduction carries out; anything else fails it rather than being skipped. */
const CARRIED_OUT = new Set(['WORKDIR', 'ENV', 'COPY', 'RUN']);
/** Instructions that describe the image rather than build it: checked by dockerfile.test.ts. */
const DESCRIPTIVE = new Set(['LABEL', 'EXPOSE', 'USER', 'HEALTHCHECK', 'STOPSIGNAL', 'CMD']);

/** Where the official Node images install node. */
const IMAGE_NODE = '/usr/local/bin/node';

const workspace = mkdtempSync(join(tmpdir(), 'calendar-image-'));
// The unprivileged user must reach the runtime folder, as in the image.
chmodSync(workspace, 0o755);
const context = join(workspace, 'context');
const buildRoot = join(workspace, 'build');
const runtimeRoot = join(workspace, 'runtime');
after(() => rmSync(workspace, { recursive: true, force: true }));

/** The build context `docker build .` sends: the tracked files .dockerignore lets in. */
function writeBuildContext(): void {
  const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: REPOSITORY, encoding: 'utf8' });
  assert.equal(tracked.status, 0, tracked.stderr);
  const ignored = dockerIgnores(readRepoFile('.dockerignore'));
  for (const path of tracked.stdout.split('\0')) {
    if (path === '' || ignored(path) || !existsSync(join(REPOSITORY, path))) continue;
    mkdirSync(dirname(join(context, path)), { recursive: true });
    cpSync(join(REPOSITORY, path), join(context, path), { verbatimSymlinks: true });
  }
}

/** Where a path of the stage's file system lies in the folder standing for it. */
function inRoot(root: string, path: string): string {
  return join(root, ...path.split('/'));
}

/**
 * COPY as Docker does it: a folder's contents go into the destination, a file goes to the
 * destination path, or into it when it ends with `/` or several sources are named. Symbolic links
 * are copied as links (the workspace's node_modules links are relative).
 */
function copy(sourceRoot: string, sources: readonly string[], destination: string, workdir: string, targetRoot: string): void {
  const target = destination.startsWith('/') ? destination : posix.join(workdir, destination);
  const intoFolder = destination.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    assert.doesNotMatch(source, /[*?[]/, 'COPY with wildcards: this reproduction copies named paths');
    const from = inRoot(sourceRoot, source);
    assert.ok(existsSync(from), `COPY ${source}: not found`);
    const to = lstatSync(from).isDirectory() || !intoFolder ? inRoot(targetRoot, target) : join(inRoot(targetRoot, target), basename(source));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
}

/** Runs a stage's instructions in `root`; its final WORKDIR and ENV. */
function carryOut(stage: DockerStage, root: string, copyFrom: (name: string) => string): { workdir: string; env: Record<string, string> } {
  let workdir = '/';
  const env: Record<string, string> = {};
  const copies = new Map(copiesOf(stage).map((each) => [each.line, each]));
  for (const instruction of stage.instructions) {
    const keyword = instruction.getKeyword();
    const where = `Dockerfile line ${lineOf(instruction)}: ${keyword}`;
    if (DESCRIPTIVE.has(keyword)) continue;
    assert.ok(CARRIED_OUT.has(keyword), `${where}: this reproduction does not carry out ${keyword}; teach it (test/deploy/image.slow-test.ts)`);
    if (keyword === 'WORKDIR') {
      workdir = posix.resolve(workdir, instruction.getArgumentsContent() ?? '');
      mkdirSync(inRoot(root, workdir), { recursive: true });
    } else if (keyword === 'ENV') {
      Object.assign(env, envOf({ ...stage, instructions: [instruction] }));
    } else if (keyword === 'COPY') {
      const each = copies.get(lineOf(instruction)) ?? assert.fail(where);
      copy(each.from === undefined ? context : copyFrom(each.from), each.sources, each.destination, workdir, root);
    } else {
      const command = instruction.getArgumentsContent() ?? '';
      const run = spawnSync('sh', ['-c', command], {
        cwd: inRoot(root, workdir),
        encoding: 'utf8',
        timeout: 10 * 60_000,
        maxBuffer: 64 * 2 ** 20,
        env: {
          // This machine's node first, as the image has its own.
          PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(':'),
          HOME: process.env.HOME ?? workspace,
          // Packages from the npm cache the repository's own install filled: a test downloads nothing.
          npm_config_offline: 'true',
          npm_config_update_notifier: 'false',
          ...env,
        },
      });
      const hint = run.stderr.includes('ENOTCACHED') ? '\nThe npm cache lacks a package of package-lock.json: run npm ci first (a test downloads nothing).' : '';
      assert.equal(run.status, 0, `${where} ${command}\n${run.stdout}\n${run.stderr}${hint}`);
    }
  }
  return { workdir, env };
}

/** The top-level packages the lockfile marks as devDependencies only. */
function devOnlyPackages(): string[] {
  const lockfile = JSON.parse(readRepoFile('package-lock.json')) as { packages: Readonly<Record<string, { dev?: boolean } | undefined>> };
  return Object.entries(lockfile.packages)
    .filter(([path, entry]) => entry?.dev === true && /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path))
    .map(([path]) => path.slice('node_modules/'.length));
}

/** Every file and folder under `dir`, relative to it, with `/`. */
function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => path.split(sep).join('/'));
}

const execFileAsync = promisify(execFile);

describe('the image, its steps carried out on this machine', { timeout: 20 * 60_000 }, () => {
  let runtimeWorkdir = '/';
  let child: ReturnType<typeof spawn> | undefined;
  let port = 0;
  let stderr = '';
  const logLines: string[] = [];

  before(() => {
    writeBuildContext();
    carryOut(buildStage, buildRoot, () => assert.fail('the build stage copies from no other stage'));
    runtimeWorkdir = carryOut(runtime, runtimeRoot, (name) => {
      assert.equal(name, buildStage.name);
      return buildRoot;
    }).workdir;
    // The base image's node, where the official images have it, so that the image's USER can run
    // it whatever folder this machine's node lies in.
    mkdirSync(dirname(inRoot(runtimeRoot, IMAGE_NODE)), { recursive: true });
    cpSync(realpathSync(process.execPath), inRoot(runtimeRoot, IMAGE_NODE));
    chmodSync(inRoot(runtimeRoot, IMAGE_NODE), 0o755);
  });

  after(() => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('the runtime folder holds the compiled core and service, the service\'s bundle, the core\'s data and a node_modules without devDependencies', () => {
    const app = inRoot(runtimeRoot, runtimeWorkdir);
    assert.deepEqual(readdirSync(app).sort(), ['node_modules', 'packages']);
    const files = listTree(join(app, 'packages'));
    assert.ok(files.includes('service/dist/cli.js') && files.includes('core/dist/answers/calendar-core.js'));
    assert.ok(files.includes('service/dist/bundle/cli.js') && files.some((path) => path.startsWith('service/dist/bundle/chunk-')), 'the bundle the CMD runs');
    assert.ok(files.includes('core/data/manifest.json') && files.some((path) => /^core\/docs\/.+\.schema\.json$/.test(path)));
    assert.deepEqual(files.filter((path) => path.startsWith('calendar/')), [], 'nothing of the published library: the service answers from the core');
    assert.deepEqual(
      files.filter((path) => /(^|\/)(src|test)(\/|$)|\.ts$/.test(path) && !path.endsWith('.d.ts')),
      [],
      'no TypeScript source',
    );
    const installed = new Set(readdirSync(join(app, 'node_modules')).flatMap((name) => (name.startsWith('@') ? readdirSync(join(app, 'node_modules', name)).map((scoped) => `${name}/${scoped}`) : [name])));
    assert.deepEqual(devOnlyPackages().filter((name) => installed.has(name)), [], 'npm prune --omit=dev removed every devDependency');
    assert.ok(installed.has('fastify'), 'the production dependencies stay');
  });

  it('node_modules/@china-holiday-calendar/core is still the workspace\'s relative link to the core', () => {
    const link = join(inRoot(runtimeRoot, runtimeWorkdir), 'node_modules', '@china-holiday-calendar', 'core');
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readlinkSync(link), '../../packages/core');
    assert.equal(realpathSync(link), realpathSync(join(inRoot(runtimeRoot, runtimeWorkdir), 'packages', 'core')));
  });

  it('CMD, started in the runtime folder with the image\'s ENV as its USER, listens on 0.0.0.0', { timeout: 60_000 }, async () => {
    const [program, ...args] = cmdOf(runtime);
    assert.equal(program, 'node');
    const [uid, gid] = (lastOf(runtime, 'USER').getArgumentsContent() ?? '').split(':').map(Number);
    // Only root may start a process as another user; elsewhere it runs as whoever runs the tests.
    const asUser = process.getuid?.() === 0 && uid !== undefined ? { uid, gid: gid ?? uid } : {};
    const started = spawn(inRoot(runtimeRoot, IMAGE_NODE), args, {
      cwd: inRoot(runtimeRoot, runtimeWorkdir),
      // Any free port rather than the image's 8080, which this machine may be using.
      env: { PATH: process.env.PATH ?? '', ...runtimeEnv, PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...asUser,
    });
    child = started;
    started.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const lines = createInterface({ input: started.stdout });
    port = await new Promise<number>((resolve, reject) => {
      lines.on('line', (line) => {
        logLines.push(line);
        const match = line.includes('"msg":"china calendar service listening"') ? /"url":"http:\/\/[^"]*:(\d+)"/.exec(line) : null;
        if (match) resolve(Number(match[1]));
      });
      started.once('exit', (code) => {
        reject(new Error(`the service exited (${String(code)}) before listening: ${stderr}`));
      });
    });
    assert.ok(logLines.some((line) => line.includes('"url":"http://0.0.0.0:')), 'it listens on 0.0.0.0');
  });

  it('answers as the service built from source does: a date, its readiness, a docs asset from a production dependency', async () => {
    assert.ok(port > 0, 'the service started');
    const { app } = await buildTestApp({ env: runtimeEnv });
    try {
      for (const path of ['/v1/china-calendar/dates/2024-02-04', '/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2024-12-31', '/readyz', '/docs/assets/swagger-ui.css']) {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`);
        const reference = await app.inject({ method: 'GET', url: path });
        assert.equal(answer.status, 200, `GET ${path}`);
        assert.equal(answer.status, reference.statusCode, `GET ${path}`);
        assert.equal(await answer.text(), reference.body, `GET ${path}: the same body`);
      }
    } finally {
      await app.close();
    }
  });

  it('the HEALTHCHECK command succeeds against it, and fails once SIGTERM has stopped it cleanly', { timeout: 60_000 }, async () => {
    const started = child ?? assert.fail('the service started');
    const runHealthcheck = async (): Promise<number> => {
      const [program, ...args] = healthcheck.command;
      assert.equal(program, 'node');
      try {
        await execFileAsync(process.execPath, args, { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, timeout: 15_000 });
        return 0;
      } catch (error) {
        return error instanceof Error && 'code' in error && typeof error.code === 'number' ? error.code : -1;
      }
    };
    assert.equal(await runHealthcheck(), 0, 'HEALTHCHECK succeeds');
    const exited = once(started, 'exit');
    started.kill(lastOf(runtime, 'STOPSIGNAL').getArgumentsContent() as NodeJS.Signals);
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    assert.equal(signal, null, 'it exits by itself, not killed by the signal');
    assert.equal(code, 0, stderr);
    assert.ok(logLines.some((line) => line.includes('shutting down')), 'the SIGTERM handler ran');
    assert.notEqual(await runHealthcheck(), 0, 'HEALTHCHECK fails once nothing answers');
  });
});
