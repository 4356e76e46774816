/**
 * The Dockerfile and .dockerignore, read by their own tools and checked against the workspace's
 * packages and the server's real configuration, without a Docker engine: what the build stage
 * copies and runs, what the runtime stage holds, its ENV, USER, CMD and HEALTHCHECK.
 * image.slow-test.ts goes further: it runs the stages' steps and starts the result.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, posix, relative, sep } from 'node:path';
import { describe, it } from 'node:test';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { Deployment } from 'kubernetes-models/apps/v1';
import semver from 'semver';
import ts from 'typescript';
import { BUNDLED_DATA_DIR, readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import {
  BASE_DIR,
  cmdOf,
  copiesOf,
  dockerIgnores,
  entrypointsOf,
  envOf,
  execForm,
  healthcheckOf,
  instructionsOf,
  kubeObjectsIn,
  lastOf,
  lineOf,
  normalisedPath,
  only,
  parseDockerfile,
  readRepoFile,
  repoPath,
  runCommandsOf,
  yamlFilesUnder,
  type DockerStage,
} from './deploy-files.js';
import { REPOSITORY } from '../helpers/source-cli.js';

/** The base image docs/operators.md promises (section "Which Node"). */
const BASE_IMAGE = 'node:26-trixie-slim';
const CORE = '@china-holiday-calendar/core';
const SERVICE_BIN = 'china-calendar';

interface PackageJson {
  readonly name: string;
  readonly workspaces?: readonly string[];
  readonly bin?: Readonly<Record<string, string>>;
  readonly files?: readonly string[];
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly engines: { readonly node: string };
}

interface TsconfigBuild {
  readonly extends?: string;
  readonly compilerOptions: { readonly rootDir: string; readonly outDir: string };
  readonly include: readonly string[];
}

interface Workspace {
  /** The package's folder relative to the repository: `packages/core`. */
  readonly dir: string;
  readonly json: PackageJson;
  readonly tsconfig: TsconfigBuild;
}

const rootPackage = JSON.parse(readRepoFile('package.json')) as PackageJson;
const workspaces: readonly Workspace[] = (rootPackage.workspaces ?? []).map((dir) => ({
  dir,
  json: JSON.parse(readRepoFile(dir, 'package.json')) as PackageJson,
  tsconfig: JSON.parse(readRepoFile(dir, 'tsconfig.build.json')) as TsconfigBuild,
}));
const core = workspaces.find((workspace) => workspace.json.name === CORE) ?? assert.fail(`no workspace is ${CORE}`);
const service = workspaces.find((workspace) => workspace.json.bin?.[SERVICE_BIN] !== undefined) ?? assert.fail(`no workspace has the ${SERVICE_BIN} bin`);
/** What the image builds: the service and the workspaces it depends on (the core), in package.json's order. */
const imageWorkspaces = workspaces.filter((workspace) => workspace === service || service.json.dependencies?.[workspace.json.name] !== undefined);
/** `packages/service/dist/bundle/cli.js`, relative to the repository (and to the image's WORKDIR). */
const serviceEntry = posix.join(service.dir, service.json.bin?.[SERVICE_BIN] ?? '');

/** The folders the core holds beside its code: the bundled data, and the JSON Schemas its files name. */
const coreAssets = ['data', 'docs'].map((folder) => posix.join(core.dir, folder));

const dockerfileSource = readRepoFile('Dockerfile');
const ignored = dockerIgnores(readRepoFile('.dockerignore'));
const { stages } = parseDockerfile(dockerfileSource);
const buildStage = stages[0] ?? assert.fail('Dockerfile: no stage');
const runtime = stages.at(-1) ?? assert.fail('Dockerfile: no stage');
const runtimeEnv = envOf(runtime);

function workdirOf(stage: DockerStage): string {
  const workdir = lastOf(stage, 'WORKDIR').getArgumentsContent() ?? '';
  assert.ok(workdir.startsWith('/'), 'Dockerfile: an absolute WORKDIR in each stage');
  return workdir;
}

/** Whether some source of the stage's own COPY instructions brings `path` (itself or a folder above it). */
function copiedByBuild(path: string): boolean {
  return copiesOf(buildStage)
    .filter((copy) => copy.from === undefined)
    .some((copy) => copy.sources.some((source) => path === normalisedPath(source) || path.startsWith(`${normalisedPath(source)}/`)));
}

/** One file inside a folder of the repository (a folder is let into the context only with its files). */
function aFileIn(folder: string): string {
  const file = readdirSync(repoPath(folder), { recursive: true, withFileTypes: true }).find((entry) => entry.isFile()) ?? assert.fail(`${folder} holds no file`);
  return relative(REPOSITORY, join(file.parentPath, file.name)).split(sep).join('/');
}

/**
 * The modules a source file loads at run time, found in its syntax tree (so that text inside strings
 * is never taken for an import): import and export declarations other than `import type`, `import()`,
 * and calls with a literal module name to `require`, to a `resolve` (require.resolve) or to the
 * function createRequire returns.
 */
function moduleSpecifiers(source: string): string[] {
  // `import type { A }` and `import { type A }`: the compiler leaves the import out.
  const onlyTypes = (clause: ts.ImportClause | undefined): boolean =>
    clause !== undefined &&
    (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
      (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) && !onlyTypes(node.importClause)) || (ts.isExportDeclaration(node) && !node.isTypeOnly)) {
      if (node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0] ?? node)) {
      const callee = node.expression;
      const loads =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve') ||
        ts.isCallExpression(callee);
      if (loads) found.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest));
  return found;
}

describe('Dockerfile, as its tools read it', () => {
  it('dockerfile-utils\' linter reports no problem', () => {
    const problems = lintDockerfile(dockerfileSource).map((problem) => `line ${problem.range.start.line + 1}: ${typeof problem.message === 'string' ? problem.message : problem.message.value}`);
    assert.deepEqual(problems, []);
  });

  it(`both stages start from the NODE_IMAGE argument, ${BASE_IMAGE} by default, a Node line every package's engines accept`, () => {
    assert.deepEqual(
      stages.map((stage) => stage.name),
      ['build', 'runtime'],
    );
    for (const stage of stages) assert.equal(stage.image, BASE_IMAGE);
    // The node:26 tags follow the latest 26.x: every version of the line must be supported.
    const imageLine = `${/^node:(\d+)/.exec(BASE_IMAGE)?.[1] ?? assert.fail(BASE_IMAGE)}.x`;
    for (const json of [rootPackage, ...workspaces.map((workspace) => workspace.json)]) {
      assert.ok(semver.subset(imageLine, json.engines.node), `${json.name}: engines ${json.engines.node} supports every Node ${imageLine}`);
    }
  });
});

describe('Dockerfile: the build stage', () => {
  const runs = runCommandsOf(buildStage);
  const commands = runs.flatMap((run) => run.command.split(/&&|;|\|\|/).map((command) => ({ command: command.trim(), line: run.line })));

  it('installs with npm ci, runs the build script of the service and of the core, then drops the devDependencies, in that order', () => {
    const build = `npm run build ${imageWorkspaces.map((workspace) => `-w ${workspace.dir}`).join(' ')}`;
    const steps = [/^npm ci\b/, new RegExp(`^${build}$`), /^npm (prune|ci)\b.*--omit=dev/];
    const positions = steps.map((step) => commands.findIndex((entry) => step.test(entry.command)));
    assert.ok(positions.every((position) => position >= 0), `each of ${steps.join(', ')}: ${commands.map((entry) => entry.command).join(' | ')}`);
    assert.deepEqual([...positions].sort((a, b) => a - b), positions, 'in that order');
    for (const workspace of imageWorkspaces) assert.ok(workspace.json.scripts?.build !== undefined, `${workspace.dir} has a build script`);
    // npm runs the workspaces' scripts in the order package.json lists them: the core before the service that imports it.
    assert.deepEqual(imageWorkspaces, [core, service]);
    assert.equal(envOf(buildStage).NODE_ENV, undefined, 'NODE_ENV=production in the build stage would make npm ci skip the compiler');
  });

  it('runs no dependency\'s install script (the build needs none; one reports the install to a third party)', () => {
    const installs = commands.filter((entry) => /^npm (ci|install|i|prune)\b/.test(entry.command));
    assert.ok(installs.length >= 2);
    for (const entry of installs) assert.match(entry.command, /\s--ignore-scripts\b/, `Dockerfile line ${entry.line}: ${entry.command}`);
  });

  it('validates the core\'s data with the compiled service after copying it', () => {
    const data = coreAssets.find((folder) => folder.endsWith('/data')) ?? assert.fail('the core holds data/');
    const validate = runs.find((run) => run.command === `node ${serviceEntry} validate ${data}`);
    const copy = copiesOf(buildStage).find((each) => each.sources.map((source) => normalisedPath(source)).includes(data));
    assert.ok(validate !== undefined && copy !== undefined && validate.line > copy.line, `the build runs node ${serviceEntry} validate ${data} after copying ${data}`);
  });

  it('copies every file the build reads, and .dockerignore lets each into the context', () => {
    // npm ci reads every workspace's package.json; the build, the image's workspaces' sources.
    const needed = ['package.json', 'package-lock.json', ...workspaces.map((workspace) => posix.join(workspace.dir, 'package.json'))];
    for (const workspace of imageWorkspaces) {
      needed.push(posix.join(workspace.dir, 'tsconfig.build.json'));
      if (workspace.tsconfig.extends !== undefined) needed.push(posix.normalize(posix.join(workspace.dir, workspace.tsconfig.extends)));
      for (const pattern of workspace.tsconfig.include) needed.push(posix.join(workspace.dir, pattern.split('/')[0] ?? ''));
      // And the scripts its build script runs (the service's bundler).
      for (const [script = ''] of (workspace.json.scripts?.build ?? '').matchAll(/\S+\.ts\b/g)) needed.push(posix.normalize(posix.join(workspace.dir, script)));
    }
    needed.push(...coreAssets);
    for (const path of new Set(needed)) {
      assert.ok(existsSync(repoPath(path)), `${path} exists`);
      assert.ok(copiedByBuild(path), `the build stage copies ${path}`);
      const inside = statSync(repoPath(path)).isDirectory() ? aFileIn(path) : path;
      assert.ok(!ignored(inside), `.dockerignore lets ${inside} into the build context`);
    }
  });

  it('the build context (the tracked files .dockerignore lets in) holds only what the build copies', () => {
    const tracked = spawnSync('git', ['ls-files', '-z'], { cwd: REPOSITORY, encoding: 'utf8' });
    assert.equal(tracked.status, 0, tracked.stderr);
    const context = tracked.stdout.split('\0').filter((path) => path !== '' && !ignored(path));
    assert.ok(context.includes('package-lock.json'));
    assert.deepEqual(context.filter((path) => !copiedByBuild(path)), []);
  });
});

describe('Dockerfile: the runtime stage', () => {
  it('copies from the build stage only what runs: node_modules, the core\'s and the service\'s package.json and dist, the core\'s data and docs', () => {
    const dir = workdirOf(runtime);
    const copies = copiesOf(runtime);
    for (const copy of copies) assert.equal(copy.from, buildStage.name, `Dockerfile line ${copy.line}: the runtime takes files from the build stage`);
    const expected = [
      'node_modules',
      ...imageWorkspaces.flatMap((workspace) => [posix.join(workspace.dir, 'package.json'), posix.join(workspace.dir, workspace.tsconfig.compilerOptions.outDir)]),
      ...coreAssets,
    ];
    assert.deepEqual(copies.map((copy) => normalisedPath(copy.destination, dir)).sort(), expected.map((path) => normalisedPath(path, dir)).sort());
    // Each lands where it was in the build stage (/app/x -> /app/x): node_modules' workspace links are relative.
    for (const copy of copies) {
      for (const source of copy.sources) assert.equal(normalisedPath(source, workdirOf(buildStage)), normalisedPath(copy.destination, dir), `Dockerfile line ${copy.line}`);
    }
    assert.equal(workdirOf(runtime), workdirOf(buildStage));
  });

  it('ENV is a configuration the service accepts: 0.0.0.0 at the EXPOSEd port, the data the image holds', () => {
    assert.equal(runtimeEnv.NODE_ENV, 'production');
    const config = readConfig(runtimeEnv);
    assert.equal(config.host, '0.0.0.0', 'the default 127.0.0.1 is unreachable from outside the container');
    assert.equal(config.port, 8080);
    assert.deepEqual(
      instructionsOf(runtime, 'EXPOSE').map((expose) => expose.getArgumentsContent()),
      [String(config.port)],
    );
    assert.equal(config.dataDir, BUNDLED_DATA_DIR);
    const bundled = relative(REPOSITORY, BUNDLED_DATA_DIR).split(sep).join('/');
    assert.ok(coreAssets.includes(bundled), `the image holds ${bundled}, where the service looks for its data`);
  });

  it('runs as a non-root uid, the runAsUser of the Kubernetes Deployment, and runs nothing after USER', () => {
    const user = lastOf(runtime, 'USER');
    const uid = Number((user.getArgumentsContent() ?? '').split(':')[0]);
    assert.ok(Number.isInteger(uid) && uid !== 0, `USER ${String(user.getArgumentsContent())}: a numeric uid, not root (runAsNonRoot can only verify a number)`);
    const deployment = only(kubeObjectsIn(yamlFilesUnder(BASE_DIR)), Deployment);
    for (const container of deployment.value.spec?.template.spec?.containers ?? []) assert.equal(container.securityContext?.runAsUser, uid, container.name);
    assert.deepEqual(instructionsOf(runtime, 'RUN').filter((run) => lineOf(run) > lineOf(user)).map(lineOf), [], 'nothing runs after USER that would need root');
  });

  it('CMD is the exec form of node, the service package\'s bin and serve, as npm start runs it', () => {
    assert.deepEqual(cmdOf(runtime), ['node', serviceEntry, 'serve']);
    assert.match(rootPackage.scripts?.start ?? '', new RegExp(`node ${serviceEntry.replaceAll('.', '\\.')} serve$`), 'npm start runs the same');
    // tsc compiles <package>/src/cli.ts to <package>/dist/cli.js; the package's build script then
    // bundles it (scripts/build-service.ts) to the bin, <package>/dist/bundle/cli.js.
    const { rootDir, outDir } = service.tsconfig.compilerOptions;
    const compiled = posix.join(service.dir, outDir, 'cli.js');
    assert.equal(posix.dirname(posix.dirname(serviceEntry)), posix.dirname(compiled), `${serviceEntry} lies in a folder of ${posix.dirname(compiled)}`);
    assert.ok(existsSync(repoPath(service.dir, rootDir, 'cli.ts')), `${compiled} is compiled from ${posix.join(service.dir, rootDir, 'cli.ts')}`);
    const bundler = readRepoFile('scripts/build-service.ts');
    assert.match(service.json.scripts?.build ?? '', /^tsc -b tsconfig\.build\.json && node --import tsx \.\.\/\.\.\/scripts\/build-service\.ts$/);
    assert.match(bundler, new RegExp(`entryPoints: \\{ ${posix.basename(serviceEntry, '.js')}: join\\(SERVICE_DIST, '${posix.basename(compiled)}'\\) \\}`), 'the bundler starts from the compiled entry');
    assert.match(bundler, new RegExp(`SERVICE_BUNDLE_DIR = join\\(SERVICE_DIST, '${posix.basename(posix.dirname(serviceEntry))}'\\)`), 'and writes the bundle where the bin is');
    for (const entrypoint of entrypointsOf(runtime)) execForm(entrypoint);
  });

  it('STOPSIGNAL is SIGTERM; the HEALTHCHECK calls /healthz on PORT with node alone, within its timeout', () => {
    assert.equal(lastOf(runtime, 'STOPSIGNAL').getArgumentsContent(), 'SIGTERM');
    const { flags, command } = healthcheckOf(runtime);
    assert.deepEqual(command.slice(0, 2), ['node', '-e'], 'no curl in the slim image');
    assert.match(command[2] ?? '', /\/healthz/);
    assert.match(command[2] ?? '', /process\.env\.PORT/);
    for (const option of ['interval', 'timeout', 'start-period']) assert.match(flags.get(option) ?? '', /^\d+s$/, `HEALTHCHECK --${option}`);
    const fetchTimeout = Number(/AbortSignal\.timeout\((\d+)\)/.exec(command[2] ?? '')?.[1]);
    assert.ok(fetchTimeout < Number.parseInt(flags.get('timeout') ?? '', 10) * 1000, 'the request gives up before Docker does');
  });
});

describe('.dockerignore', () => {
  it('keeps node_modules, build output, .git, tests and scratch files out of the build context', () => {
    for (const path of [
      'node_modules/fastify/package.json',
      'packages/calendar/node_modules/x/package.json',
      'packages/calendar/dist/library/index.js',
      'packages/service/dist/cli.js',
      'packages/service/src/.tsbuildinfo',
      'dist/bench/run.js',
      '.git/HEAD',
      'coverage/lcov.info',
      '.scratch/notes.txt',
      'test/deploy/dockerfile.test.ts',
      'bench/run.ts',
      'deploy/kubernetes/base/deployment.yaml',
      'README.md',
    ]) {
      assert.ok(ignored(path), `${path} is ignored`);
    }
  });
});

/**
 * Development dependencies the service loads only when it runs from its TypeScript sources (the
 * tests, `npm run cli`), never from dist: esbuild bundles the importer thread's module from them.
 */
const SOURCE_MODE_ONLY: ReadonlySet<string> = new Set(['esbuild']);

/** Loaded by a dynamic import alone, in the branch taken when the module is not the built .js. */
function isSourceModeImport(text: string, packageName: string): boolean {
  return !text.includes(`from '${packageName}'`) && text.includes(`await import('${packageName}')`) && text.includes("import.meta.url.endsWith('.js')");
}

describe('production dependencies', () => {
  const lockfile = JSON.parse(readRepoFile('package-lock.json')) as {
    packages: Readonly<Record<string, { dev?: boolean; engines?: { node?: string } | readonly string[] } | undefined>>;
  };

  it('each supports every Node version the packages\' engines claim (no EBADENGINE on a supported line)', () => {
    const narrower: string[] = [];
    for (const [path, entry] of Object.entries(lockfile.packages)) {
      const engines = entry?.engines;
      const required = engines === undefined || Array.isArray(engines) ? undefined : (engines as { node?: string }).node;
      if (!path.startsWith('node_modules/') || entry?.dev === true || required === undefined) continue;
      if (!semver.subset(rootPackage.engines.node, required)) narrower.push(`${path} requires node ${required}`);
    }
    assert.deepEqual(narrower, [], `engines ${rootPackage.engines.node}`);
  });

  it('every package the workspaces\' code imports is a production dependency of one of them, so the pruned image holds it', () => {
    // The image holds every workspace: a package the library imports may come from the service's
    // dependencies there. Whether the library alone installs whole is the packaging tests' concern.
    const declared = new Set(workspaces.flatMap((workspace) => [...Object.keys(workspace.json.dependencies ?? {}), workspace.json.name]));
    const missing = new Set<string>();
    for (const workspace of workspaces) {
      const sourceDir = repoPath(workspace.dir, workspace.tsconfig.compilerOptions.rootDir);
      for (const name of readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'))) {
        const specifiers = moduleSpecifiers(readFileSync(join(sourceDir, name), 'utf8'));
        for (const specifier of specifiers) {
          if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) continue;
          const parts = specifier.split('/');
          const packageName = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
          const installed = lockfile.packages[`node_modules/${packageName}`];
          if (declared.has(packageName) && installed !== undefined && installed.dev !== true) continue;
          if (SOURCE_MODE_ONLY.has(packageName) && isSourceModeImport(readFileSync(join(sourceDir, name), 'utf8'), packageName)) continue;
          missing.add(`${packageName} (imported by ${workspace.dir}/src/${name}): ${declared.has(packageName) ? 'not in the production tree' : 'no workspace lists it in "dependencies"'}`);
        }
      }
    }
    assert.deepEqual([...missing], []);
  });
});
