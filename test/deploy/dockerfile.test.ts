/**
 * The Dockerfile and .dockerignore, checked against the server's real configuration and package
 * without a Docker engine: the image's ENV is a configuration readConfig accepts, its CMD is the
 * package's entry point, its HEALTHCHECK command really succeeds against the running service
 * started as the image starts it, and SIGTERM really stops it cleanly.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import semver from 'semver';
import { BUNDLED_DATA_DIR, readConfig } from 'china-holiday-calendar-service/internal/config.js';
import {
  BASE_DIR,
  containers,
  copiesOf,
  dockerIgnores,
  envOf,
  execForm,
  exists,
  fields,
  instructionsOf,
  kubeObjectsIn,
  normalisedPath,
  only,
  parseDockerfile,
  readRepoFile,
  REPO_ROOT,
  repoPath,
  text,
  yamlFilesUnder,
  type DockerStage,
} from './deploy-files.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const BASE_IMAGE = 'node:24-bookworm-slim';

interface PackageJson {
  readonly bin: Readonly<Record<string, string>>;
  readonly scripts: Readonly<Record<string, string>>;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly engines: { readonly node: string };
}
const packageJson = JSON.parse(readRepoFile('package.json')) as PackageJson;

const dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
const dockerignore = readRepoFile('.dockerignore');
const buildStage = dockerfile.stages[0] ?? assert.fail('Dockerfile: no stage');
const runtime = dockerfile.stages.at(-1) ?? assert.fail('Dockerfile: no stage');

function single(stage: DockerStage, keyword: string): string[] {
  const found = instructionsOf(stage, keyword);
  assert.ok(found.length >= 1, `Dockerfile: the runtime stage has no ${keyword}`);
  // As Docker does: the last one counts.
  const last = found.at(-1) ?? assert.fail(keyword);
  return keyword === 'CMD' || keyword === 'ENTRYPOINT' ? execForm(last) : [last.args];
}

function workdir(stage: DockerStage): string {
  const found = instructionsOf(stage, 'WORKDIR').at(-1);
  assert.ok(found !== undefined && found.args.startsWith('/'), 'Dockerfile: an absolute WORKDIR in each stage');
  return found.args;
}

const runtimeEnv = envOf(runtime);
const healthcheck = instructionsOf(runtime, 'HEALTHCHECK').at(-1) ?? assert.fail('Dockerfile: no HEALTHCHECK');
/** The HEALTHCHECK's command as an argument list: `HEALTHCHECK [--options] CMD ["node", "-e", "..."]`. */
const healthcheckCommand = execForm({ ...healthcheck, args: healthcheck.args.replace(/^CMD\s+/, '') });

const execFileAsync = promisify(execFile);

/** Runs the image's HEALTHCHECK command (with this Node for `node`); its exit code. */
async function runHealthcheck(port: number): Promise<number> {
  const [program, ...args] = healthcheckCommand;
  assert.equal(program, 'node', 'the health check needs nothing but node (no curl in the slim image)');
  try {
    await execFileAsync(process.execPath, args, { env: { PATH: process.env.PATH ?? '', PORT: String(port) }, timeout: 15_000 });
    return 0;
  } catch (error) {
    return error instanceof Error && 'code' in error && typeof error.code === 'number' ? error.code : -1;
  }
}

describe('Dockerfile', () => {
  it(`builds and runs on ${BASE_IMAGE}, whose Node line package.json engines supports`, () => {
    assert.ok(dockerfile.stages.length >= 2, 'multi-stage: build, then runtime');
    for (const stage of dockerfile.stages) assert.equal(stage.image, BASE_IMAGE);
    assert.equal(buildStage.name, 'build');
    // The node:24 tags follow the latest 24.x: every version of the line must be supported.
    const imageLine = `${/^node:(\d+)/.exec(BASE_IMAGE)?.[1] ?? assert.fail(BASE_IMAGE)}.x`;
    assert.ok(semver.subset(imageLine, packageJson.engines.node), `engines ${packageJson.engines.node} supports every Node ${imageLine}`);
  });

  it('build stage: every npm install runs no install scripts (the build needs none; one reports to a third party)', () => {
    const npmInstalls = instructionsOf(buildStage, 'RUN')
      .flatMap((instruction) => instruction.args.split(/&&|;|\|\|/))
      .map((command) => command.trim())
      .filter((command) => /^npm (ci|install|i|prune)\b/.test(command));
    assert.ok(npmInstalls.some((command) => command.startsWith('npm ci')), `the build stage runs npm ci: ${npmInstalls.join(' | ')}`);
    for (const command of npmInstalls) assert.match(command, /\s--ignore-scripts\b/, command);
  });

  it('build stage: npm ci, npm run build, then drops the devDependencies', () => {
    const runs = instructionsOf(buildStage, 'RUN').map((instruction) => instruction.args).join(' && ');
    const steps = [/\bnpm ci\b/, /\bnpm run build\b/, /\bnpm (prune|ci)\b[^&]*--omit=dev/];
    const positions = steps.map((step) => runs.search(step));
    assert.ok(positions.every((position) => position >= 0), `each of ${steps.join(', ')} in the build stage: ${runs}`);
    assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'in that order');
    assert.ok(packageJson.scripts.build !== undefined, 'package.json has the build script');
    // The bundled data is validated by the compiled service itself, after it is copied in.
    const bin = packageJson.bin['china-calendar'] ?? assert.fail('package.json bin');
    const validate = instructionsOf(buildStage, 'RUN').find((instruction) => instruction.args.includes(`node ${bin} validate data`));
    const copyData = copiesOf(buildStage).find((copy) => copy.sources.includes('data'));
    assert.ok(validate !== undefined && copyData !== undefined && validate.line > copyData.line, 'the build validates data/ after copying it');
    assert.equal(runtimeEnv.NODE_ENV, 'production');
    assert.equal(envOf(buildStage).NODE_ENV, undefined, 'NODE_ENV=production in the build stage would make npm ci skip the compiler');
  });

  it('build stage copies what the build reads, and .dockerignore lets it into the context', () => {
    const buildCopies = copiesOf(buildStage).filter((copy) => copy.from === undefined);
    const copied = new Set(buildCopies.flatMap((copy) => copy.sources.map((source) => normalisedPath(source))));
    const tsconfigBuild = JSON.parse(readRepoFile('tsconfig.build.json')) as { extends?: string; include: string[] };
    const needed = ['package.json', 'package-lock.json', 'tsconfig.build.json', ...(tsconfigBuild.extends === undefined ? [] : [normalisedPath(tsconfigBuild.extends)])];
    // The folder of the entry point's source (dist/src/cli.js <- src/cli.ts), which the build compiles.
    // Other folders tsconfig.build.json may include (bench/) stay out of the image on purpose.
    const sourceFolder = (packageJson.bin['china-calendar'] ?? '').split('/')[1] ?? '';
    assert.ok(tsconfigBuild.include.some((pattern) => pattern.startsWith(`${sourceFolder}/`)), `tsconfig.build.json compiles ${sourceFolder}/`);
    needed.push(sourceFolder);
    for (const path of [...needed, 'data', 'docs']) {
      assert.ok(copied.has(path), `the build stage copies ${path}`);
      assert.ok(exists(repoPath(path)), `${path} exists`);
      assert.ok(!dockerIgnores(dockerignore, path), `.dockerignore keeps ${path} out of the build context`);
    }
    assert.ok(!dockerIgnores(dockerignore, 'src/cli.ts') && !dockerIgnores(dockerignore, 'data/manifest.json'));
  });

  it('runtime stage holds dist, data, docs, package.json and node_modules from the build, nothing else', () => {
    const dir = workdir(runtime);
    const copies = copiesOf(runtime);
    for (const copy of copies) assert.equal(copy.from, buildStage.name, `Dockerfile line ${copy.line}: the runtime takes files from the build stage`);
    const destinations = copies.map((copy) => normalisedPath(copy.destination, dir));
    const expected = ['package.json', 'node_modules', 'dist', 'data', 'docs'].map((path) => normalisedPath(path, dir));
    assert.deepEqual([...destinations].sort(), [...expected].sort());
    // The service finds its data and package.json relative to its package root, which is WORKDIR.
    assert.equal(normalisedPath(relative(REPO_ROOT, BUNDLED_DATA_DIR), dir), normalisedPath('data', dir));
    // Each lands where it was in the build stage: /app/dist -> ./dist.
    const under = (path: string, base: string): string => normalisedPath(path, base).slice(normalisedPath(base).length + 1);
    for (const copy of copies) {
      for (const source of copy.sources) assert.equal(under(source, workdir(buildStage)), under(copy.destination, dir), `Dockerfile line ${copy.line}`);
    }
  });

  it('ENV is a configuration the service accepts: 0.0.0.0 at the EXPOSEd port, the bundled data', () => {
    assert.equal(runtimeEnv.HOST, '0.0.0.0');
    const config = readConfig(runtimeEnv);
    assert.equal(config.host, '0.0.0.0', 'the default 127.0.0.1 is unreachable from outside the container');
    assert.deepEqual(single(runtime, 'EXPOSE'), [String(config.port)]);
    assert.equal(config.port, 8080);
    assert.equal(config.dataDir, BUNDLED_DATA_DIR);
  });

  it('runs as the non-root node user (uid 1000), the uid the Deployment runs as', () => {
    const [user = ''] = single(runtime, 'USER');
    const uid = user.split(':')[0] === 'node' ? 1000 : Number(user.split(':')[0]);
    assert.ok(Number.isInteger(uid) && uid !== 0, `USER ${user} is not root`);
    const deployment = only(kubeObjectsIn(yamlFilesUnder(BASE_DIR)), 'Deployment');
    for (const container of containers(deployment)) {
      assert.equal(fields(container.value.securityContext, 'securityContext').runAsUser, uid);
    }
    const userLine = instructionsOf(runtime, 'USER').at(-1)?.line ?? 0;
    const laterRuns = instructionsOf(runtime, 'RUN').filter((instruction) => instruction.line > userLine);
    assert.deepEqual(laterRuns, [], 'nothing runs after USER that would need root');
  });

  it('CMD is the exec form of the package\'s entry point: node dist/src/cli.js serve', () => {
    const cmd = single(runtime, 'CMD');
    const bin = packageJson.bin['china-calendar'] ?? assert.fail('package.json bin');
    assert.deepEqual(cmd, ['node', bin, 'serve']);
    assert.match(packageJson.scripts.start ?? '', new RegExp(`node ${bin.replaceAll('.', '\\.')} serve$`), 'npm start runs the same');
    // tsc compiles src/cli.ts to dist/src/cli.js (outDir dist, rootDir .).
    const tsconfig = JSON.parse(readRepoFile('tsconfig.json')) as { compilerOptions: { outDir: string; rootDir: string } };
    assert.equal(tsconfig.compilerOptions.rootDir, '.');
    assert.equal(bin, `${tsconfig.compilerOptions.outDir}/src/cli.js`);
    assert.ok(exists(repoPath('src', 'cli.ts')));
    for (const entrypoint of instructionsOf(runtime, 'ENTRYPOINT')) execForm(entrypoint);
  });

  it('STOPSIGNAL is SIGTERM; the HEALTHCHECK calls /healthz on PORT with node alone', () => {
    assert.deepEqual(single(runtime, 'STOPSIGNAL'), ['SIGTERM']);
    assert.equal(healthcheckCommand[0], 'node');
    assert.equal(healthcheckCommand[1], '-e');
    const script = text(healthcheckCommand[2], 'HEALTHCHECK script');
    assert.match(script, /\/healthz/);
    assert.match(script, /process\.env\.PORT/);
    for (const option of ['interval', 'timeout', 'start-period']) assert.match(healthcheck.flags.get(option) ?? '', /^\d+s$/, `HEALTHCHECK --${option}`);
  });

  it(
    'started as the image starts it, the service answers the HEALTHCHECK, then stops cleanly on SIGTERM',
    { timeout: 90_000 },
    async () => {
      // The image runs `node dist/src/cli.js serve`; here the same entry point from source (dist/ may be stale).
      const child = spawn(process.execPath, [...SOURCE_CLI, 'serve'], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', ...runtimeEnv, PORT: '0', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = once(child, 'exit');
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const logLines: string[] = [];
      const lines = createInterface({ input: child.stdout });
      const listening = new Promise<number>((resolve, reject) => {
        lines.on('line', (line) => {
          logLines.push(line);
          const match = /"msg":"china calendar service listening"/.test(line) ? /"url":"http:\/\/[^"]*:(\d+)"/.exec(line) : null;
          if (match) resolve(Number(match[1]));
        });
        void exited.then(() => {
          reject(new Error(`the service exited before listening: ${stderr}`));
        });
      });
      try {
        const port = await listening;
        assert.ok(logLines.some((line) => line.includes('"url":"http://0.0.0.0:')), 'it listens on 0.0.0.0');
        assert.equal(await runHealthcheck(port), 0, 'HEALTHCHECK succeeds');
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        assert.equal(ready.status, 200, 'ready on the bundled data');

        const start = Date.now();
        child.kill('SIGTERM');
        const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
        assert.equal(signal, null, 'it exits by itself, not killed by the signal');
        assert.equal(code, 0, stderr);
        assert.ok(Date.now() - start < 20_000, 'well within the grace period');
        assert.ok(logLines.some((line) => line.includes('shutting down')), 'the SIGTERM handler ran');
        assert.notEqual(await runHealthcheck(port), 0, 'HEALTHCHECK fails once nothing answers');
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        lines.close();
      }
    },
  );
});

describe('.dockerignore', () => {
  it('keeps node_modules, build output, .git and scratch files out of the build context', () => {
    for (const path of ['node_modules', 'node_modules/fastify/package.json', 'dist', 'dist/src/cli.js', '.git', '.git/HEAD', 'coverage', '.scratch', 'test', 'bench']) {
      assert.ok(dockerIgnores(dockerignore, path), `${path} is ignored`);
    }
  });
});

describe('production dependencies', () => {
  it('each supports every Node version package.json engines claims (no EBADENGINE on a supported line)', () => {
    const lockfile = JSON.parse(readRepoFile('package-lock.json')) as {
      packages: Readonly<Record<string, { dev?: boolean; engines?: { node?: string } } | undefined>>;
    };
    const narrower: string[] = [];
    for (const [path, entry] of Object.entries(lockfile.packages)) {
      const required = entry?.engines?.node;
      if (path === '' || entry?.dev === true || required === undefined) continue;
      if (!semver.subset(packageJson.engines.node, required)) narrower.push(`${path} requires node ${required}`);
    }
    assert.deepEqual(narrower, [], `engines ${packageJson.engines.node}`);
  });

  it('every package the compiled code imports is in "dependencies" (the image installs no devDependency)', () => {
    const lockfile = JSON.parse(readRepoFile('package-lock.json')) as { packages: Readonly<Record<string, { dev?: boolean } | undefined>> };
    const sources = readdirSync(repoPath('src'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    const missing = new Set<string>();
    for (const name of sources) {
      const source = readFileSync(join(repoPath('src'), name), 'utf8');
      const specifiers = [
        ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
        ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
        // require('x'), require.resolve('x'), createRequire(import.meta.url).resolve('x/package.json')
        ...source.matchAll(/\b(?:require|resolve)\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((match) => match[1] ?? '');
      for (const specifier of specifiers) {
        if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) continue;
        const parts = specifier.split('/');
        const packageName = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
        if (packageName in packageJson.dependencies) continue;
        // Present after `npm prune --omit=dev` only if another production dependency happens to pull it in.
        const installed = lockfile.packages[`node_modules/${packageName}`];
        const how = installed === undefined || installed.dev === true ? 'missing from the image' : 'in the image only through another dependency';
        missing.add(`${packageName} (imported by src/${name}; ${how}): move it to "dependencies"`);
      }
    }
    assert.deepEqual([...missing], []);
  });
});
