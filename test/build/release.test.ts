/**
 * What every release carries: one version number in every package, the lockfile, the image tag
 * the Kubernetes manifests deploy and the documents that name it; the MIT licence at the root and
 * in the library's tarball; a changelog in the Keep a Changelog format whose newest section is
 * that version.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import semver from 'semver';
import { REPOSITORY } from '../helpers/source-cli.js';
import { KUBERNETES_DIR, isKustomization, readKustomization, readRepoFile, shown, yamlFilesUnder } from '../deploy/deploy-files.js';

interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly license?: string;
  readonly private?: boolean;
  readonly workspaces?: readonly string[];
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

const readJson = (...path: string[]): unknown => JSON.parse(readRepoFile(...path));

const root = readJson('package.json') as PackageManifest;
const VERSION = root.version;
const workspaces = (root.workspaces ?? []).map((dir) => ({ dir, manifest: readJson(dir, 'package.json') as PackageManifest }));
const workspaceNames = new Set(workspaces.map(({ manifest }) => manifest.name));

describe('one version: packages, lockfile, image tag and documents', () => {
  it('every package.json has the root\'s version, and a workspace depends on another at exactly that version', () => {
    assert.ok(semver.valid(VERSION), `package.json version ${VERSION}`);
    assert.ok(workspaces.length >= 2, 'the workspaces');
    for (const { dir, manifest } of workspaces) {
      assert.equal(manifest.version, VERSION, `${dir}/package.json version`);
      for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
        if (workspaceNames.has(name)) assert.equal(range, VERSION, `${dir}/package.json depends on ${name}`);
      }
    }
  });

  it('package-lock.json records the same versions (npm install after a version change)', () => {
    const lock = readJson('package-lock.json') as { version: string; packages: Readonly<Record<string, PackageManifest | undefined>> };
    assert.equal(lock.version, VERSION, 'package-lock.json version');
    assert.equal(lock.packages['']?.version, VERSION, 'package-lock.json packages[""]');
    for (const { dir } of workspaces) {
      const entry = lock.packages[dir] ?? assert.fail(`package-lock.json has no ${dir}`);
      assert.equal(entry.version, VERSION, `package-lock.json packages["${dir}"]`);
      for (const [name, range] of Object.entries({ ...entry.dependencies, ...entry.devDependencies })) {
        if (workspaceNames.has(name)) assert.equal(range, VERSION, `package-lock.json packages["${dir}"] depends on ${name}`);
      }
    }
  });

  it('every image the Kubernetes manifests deploy is tagged with it', () => {
    const tags = yamlFilesUnder(KUBERNETES_DIR)
      .filter(isKustomization)
      .flatMap((file) => (readKustomization(file).images ?? []).map((image) => ({ file: shown(file), name: image.name, tag: image.newTag })));
    assert.ok(tags.length > 0, 'a kustomization sets the image');
    for (const { file, name, tag } of tags) assert.equal(tag, VERSION, `${file}: image ${name}`);
  });

  it('the OpenAPI document and the versions the guides show are it', () => {
    assert.equal((readJson('docs', 'openapi.json') as { info: { version: string } }).info.version, VERSION, 'docs/openapi.json info.version (npm run docs:generate)');
    const shownVersions = [
      { file: join('docs', 'library.md'), pattern: /china-holiday-calendar-(\d+\.\d+\.\d+)\.tgz/g },
      { file: join('deploy', 'README.md'), pattern: /china-calendar:(\d+\.\d+\.\d+)/g },
    ].flatMap(({ file, pattern }) => [...readRepoFile(file).matchAll(pattern)].map((match) => ({ file, version: match[1] })));
    assert.ok(shownVersions.length >= 2, 'the library guide names the tarball, deploy/README.md the image');
    assert.deepEqual(shownVersions.filter(({ version }) => version !== VERSION), []);
  });
});

describe('the licence', () => {
  const licence = readRepoFile('LICENSE');

  it('LICENSE is the MIT licence of the authors, as every package.json says', () => {
    assert.match(licence, /^MIT License\n\nCopyright \(c\) \d{4}(-\d{4})? The china-holiday-calendar authors\n/);
    assert.match(licence, /Permission is hereby granted, free of charge/);
    for (const { dir, manifest } of [{ dir: '.', manifest: root }, ...workspaces]) assert.equal(manifest.license, 'MIT', `${dir}/package.json license`);
  });

  it('the library package holds the same LICENSE, and npm pack puts it in the tarball with its README (its page on npm)', async () => {
    const library = workspaces.find(({ manifest }) => manifest.private !== true) ?? assert.fail('no published workspace');
    assert.equal(readRepoFile(library.dir, 'LICENSE'), licence, `${library.dir}/LICENSE is the root's LICENSE`);
    // --ignore-scripts: the list, without the build that prepack runs.
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error', '-w', library.dir], { cwd: REPOSITORY });
    const [packed] = JSON.parse(stdout) as { name: string; version: string; files: { path: string }[] }[];
    assert.equal(packed?.name, library.manifest.name);
    assert.equal(packed.version, VERSION);
    assert.ok(packed.files.some((file) => file.path === 'LICENSE'), 'LICENSE is in the tarball');
    assert.ok(packed.files.some((file) => file.path === 'README.md'), 'README.md is in the tarball');
  });
});

describe('CHANGELOG.md', () => {
  const changelog = readRepoFile('CHANGELOG.md');
  const releases = [...changelog.matchAll(/^## \[(.+?)\] - (.+)$/gm)].map((match) => ({ version: match[1] ?? '', date: match[2] ?? '' }));
  const KINDS = ['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'];

  it('follows Keep a Changelog: a section per version, newest first, each dated but the unreleased one', () => {
    assert.match(changelog, /^# Changelog\n/);
    assert.match(changelog, /keepachangelog\.com/);
    assert.deepEqual(
      [...changelog.matchAll(/^## (.*)$/gm)].map((match) => match[1]),
      releases.map(({ version, date }) => `[${version}] - ${date}`),
      'every second-level heading is a release: "## [x.y.z] - YYYY-MM-DD" or "- Unreleased"',
    );
    assert.ok(releases.length >= 3, 'the releases');
    for (const [at, { version, date }] of releases.entries()) {
      assert.ok(semver.valid(version), `[${version}]`);
      assert.match(date, at === 0 ? /^(\d{4}-\d{2}-\d{2}|Unreleased)$/ : /^\d{4}-\d{2}-\d{2}$/, `[${version}] - ${date}`);
      const older = releases[at + 1];
      if (older !== undefined) assert.ok(semver.gt(version, older.version), `${version} comes before ${older.version}`);
    }
  });

  it('its newest section is the packages\' version', () => {
    assert.equal(releases[0]?.version, VERSION);
  });

  it('a released version lists its changes under Keep a Changelog\'s kinds', () => {
    const sections = changelog.split(/^## /m).slice(1);
    for (const section of sections.filter((text) => !/^\[.+?\] - Unreleased$/m.test(text.split('\n')[0] ?? ''))) {
      const kinds = [...section.matchAll(/^### (.+)$/gm)].map((match) => match[1] ?? '');
      assert.ok(kinds.length > 0, `## ${section.split('\n')[0] ?? ''}: no change listed`);
      assert.deepEqual(kinds.filter((kind) => !KINDS.includes(kind)), [], `## ${section.split('\n')[0] ?? ''}: ${KINDS.join(', ')}`);
    }
  });
});
