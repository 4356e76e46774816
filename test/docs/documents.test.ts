/**
 * The READMEs and the guides under docs/ name only what exists, each checked against the thing
 * itself rather than a copy of it: every `npm run` script against package.json; every
 * `china-calendar` command (also reached as `npm run import` and the like, or `node …/cli.js mcp`)
 * against the CLI, which answers `<command> --help` for its commands only, and every flag shown
 * against that help; the configuration tables of the operator's guides (docs/operators.md,
 * docs/operators.zh-CN.md) against the settings the service reads, both ways, so that a setting
 * renamed, removed or added without the tables fails here; every variable a document sets against
 * those settings; and every path of the service shown against the route list. The READMEs show the
 * two commands at their top, and each document with a translation links to it from its top.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { createResponder } from 'china-holiday-calendar-service/internal/http/kernel/response-policy.js';
import { serviceRoutes } from 'china-holiday-calendar-service/internal/http/routes.js';
import { routeMatcher } from 'china-holiday-calendar-service/internal/http/ops/app.js';
import { createServiceMetrics } from 'china-holiday-calendar-service/internal/http/ops/metrics.js';
import { responsePolicyOf } from 'china-holiday-calendar-service/internal/process/service-app.js';
import { runCli } from '../helpers/command-run.js';
import { settingsTheServiceReads } from '../helpers/service-settings.js';
import { REPOSITORY } from '../helpers/source-cli.js';
import { fileSystemFolder } from 'china-holiday-calendar-service/internal/data-folder/file-system-folder.js';

/** The READMEs and the guides, each with the translation it links to from its first lines. */
const DOCUMENTS: readonly { readonly file: string; readonly translation?: string }[] = [
  { file: 'README.md', translation: 'README.zh-CN.md' },
  { file: 'README.zh-CN.md', translation: 'README.md' },
  { file: 'docs/api.md', translation: 'api.zh-CN.md' },
  { file: 'docs/api.zh-CN.md', translation: 'api.md' },
  { file: 'docs/library.md', translation: 'library.zh-CN.md' },
  { file: 'docs/library.zh-CN.md', translation: 'library.md' },
  { file: 'docs/agents.md' },
  { file: 'docs/operators.md', translation: 'operators.zh-CN.md' },
  { file: 'docs/operators.zh-CN.md', translation: 'operators.md' },
  { file: 'docs/contributing.md' },
];

/**
 * Variables a document sets that are not the service's settings, each for what it is: the shell's
 * `PATH` (running the tests on another Node line) and the image's build argument `NODE_IMAGE`.
 */
const NOT_SETTINGS: ReadonlySet<string> = new Set(['PATH', 'NODE_IMAGE']);

/** The configuration tables: the section, and the header row whose first column names the variables. */
const CONFIGURATION_TABLES = [
  { file: 'docs/operators.md', heading: 'Configuration', header: '| Variable | Default | Meaning |' },
  { file: 'docs/operators.zh-CN.md', heading: '配置', header: '| 环境变量 | 默认值 | 说明 |' },
] as const;

const scripts = (JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

function read(file: string): string {
  return readFileSync(join(REPOSITORY, file), 'utf8');
}

/** A document's commands: each line of a code block, or each piece of inline code, cut into commands at `|`, `;` and `&&`. */
function commandLinesOf(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => (line.includes('`') ? [...line.matchAll(/`([^`]+)`/g)].map((code) => code[1] ?? '') : [line.replace(/^\$ /, '')]))
    .flatMap((line) => line.split(/\||;|&&/));
}

interface CliUse {
  readonly command: string;
  readonly flags: readonly string[];
  readonly line: string;
}

/** The flags after the command on its line: `--name`, not npm's own before the script, nor `--` alone. */
function flagsAfter(line: string, index: number): string[] {
  return [...line.slice(index).matchAll(/(?<=\s)--[a-z][a-z-]*/g)].map((flag) => flag[0]);
}

/** The CLI command an npm script runs (`… cli.ts import`), or, for `npm run cli -- <command>`, the command after `--`. */
function cliCommandOfScript(script: string, rest: string): string | undefined {
  const body = scripts[script];
  if (body === undefined || !/cli\.(?:ts|js)\b/.test(body)) return undefined;
  return /cli\.(?:ts|js) (\w+)$/.exec(body)?.[1] ?? /^\s*--\s+(\w+)/.exec(rest)?.[1];
}

function npmScriptsOf(lines: readonly string[]): { script: string; line: string }[] {
  return lines.flatMap((line) => [...line.matchAll(/\bnpm (?:run(?: --silent)? ([\w:-]+)|(start|test)\b)/g)].map((match) => ({ script: match[1] ?? match[2] ?? '', line })));
}

function cliUsesOf(lines: readonly string[]): CliUse[] {
  return lines.flatMap((line) => {
    const uses: CliUse[] = [];
    for (const match of line.matchAll(/(?<![\w/-])(?:china-calendar|cli\.js) ([a-z][\w-]*)/g)) {
      uses.push({ command: match[1] ?? '', flags: flagsAfter(line, match.index + match[0].length), line });
    }
    for (const match of line.matchAll(/\bnpm run(?: --silent)? ([\w:-]+)/g)) {
      const rest = line.slice(match.index + match[0].length);
      const command = cliCommandOfScript(match[1] ?? '', rest);
      if (command !== undefined) uses.push({ command, flags: flagsAfter(line, match.index + match[0].length), line });
    }
    return uses;
  });
}

/** The section under `## heading`, to the next heading of its level or the end of the file. */
function sectionOf(file: string, heading: string): string {
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^## ${escaped}\\n([\\s\\S]*?)(?=^## |(?![\\s\\S]))`, 'm').exec(read(file))?.[1] ?? assert.fail(`${file} has no "## ${heading}" section`);
}

/** The names in the first cell of each row of the section's first table, which has that header. */
function configurationTable(file: string, heading: string, header: string): string[] {
  const table = /^(\|.*\n)+/m.exec(sectionOf(file, heading))?.[0] ?? assert.fail(`${file}, ${heading}: no table`);
  const rows = table.split('\n').filter((line) => line.startsWith('| '));
  assert.equal(rows[0], header, `${file}: the table's header`);
  return rows.slice(2).flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1] ?? ''));
}

/** Every route there is: with metrics, and serving its folder at /dataset/ as a writer does. */
function isServedPath(): (path: string) => boolean {
  const config = readConfig({});
  const routes = serviceRoutes({
    calendar: { current: () => undefined },
    live: { dataset: () => undefined },
    responder: createResponder(responsePolicyOf(config)),
    metrics: createServiceMetrics(() => undefined),
    datasetFolder: fileSystemFolder(config.dataDir),
  });
  const routeOf = routeMatcher(routes);
  // A path ending in / is a folder (DATA_URL names one): some route lies under it.
  return (path) => (path.endsWith('/') && path !== '/' ? routes.some((route) => route.path.startsWith(path)) : routeOf(path) !== undefined);
}

/** The service's paths a document shows: under /v1/china-calendar, or after the local service's origin. */
function pathsShown(text: string): string[] {
  return [
    ...[...text.matchAll(/(?<![\w.:/])\/v1\/china-calendar\/[^\s'"`)?\]]+/g)].map((match) => match[0]),
    ...[...text.matchAll(/http:\/\/127\.0\.0\.1:8080(\/[^\s'"`)?\]]*)/g)].map((match) => match[1] ?? ''),
  ].filter((path) => path !== '');
}

/** Paths a document shows answered 404: the `instance` of a RESOURCE_NOT_FOUND problem it prints (a mistake shown on purpose). */
function pathsShownNotFound(text: string): Set<string> {
  return new Set([...text.matchAll(/"instance":"([^"]+)","code":"RESOURCE_NOT_FOUND"/g)].map((match) => match[1] ?? ''));
}

describe('the READMEs and the guides', () => {
  const served = isServedPath();

  for (const { file, translation } of DOCUMENTS) {
    describe(file, () => {
      const text = read(file);
      const lines = commandLinesOf(text);

      if (translation !== undefined) {
        it(`links to ${translation} in its first lines`, () => {
          const target = translation.replace(/[.]/g, '\\.');
          assert.match(text.split('\n').slice(0, 8).join('\n'), new RegExp(`\\]\\(${target}(?:#[^)]*)?\\)`), `${file} links to ${translation} near its top`);
        });
      }

      it('runs only npm scripts of package.json', () => {
        assert.deepEqual(
          npmScriptsOf(lines)
            .filter(({ script }) => !Object.hasOwn(scripts, script))
            .map(({ script, line }) => `npm run ${script}: ${line}`),
          [],
          'scripts package.json does not have',
        );
      });

      it('names only commands the CLI has, with flags their usage lists', async () => {
        const uses = cliUsesOf(lines);
        const commands = [...new Set(uses.map((use) => use.command))].sort();
        const usages = new Map(
          await Promise.all(
            commands.map(async (command) => {
              const { code, stdout } = await runCli([command, '--help']);
              return [command, code === 0 && stdout.startsWith(`Usage: china-calendar ${command} `) ? stdout : undefined] as const;
            }),
          ),
        );
        assert.deepEqual(
          commands.filter((command) => usages.get(command) === undefined),
          [],
          'commands the CLI does not answer `<command> --help` for',
        );
        const unknownFlags = uses.flatMap(({ command, flags, line }) =>
          flags.filter((flag) => !new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(usages.get(command) ?? '')).map((flag) => `${command} ${flag}: ${line}`),
        );
        assert.deepEqual(unknownFlags, [], 'flags the command does not list');
      });

      it('sets only settings the service reads', async () => {
        const settings = await settingsTheServiceReads();
        const shellVariables = new Set([...text.matchAll(/\$([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1]));
        const assigned = [...text.matchAll(/(?<=^|[\s`])([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '').filter((name) => !shellVariables.has(name) && !NOT_SETTINGS.has(name));
        assert.deepEqual([...new Set(assigned.filter((name) => !settings.has(name)))], [], 'variables set that the service does not read');
      });

      it("shows only paths in the service's route list (or shows them answered 404)", () => {
        const notFound = pathsShownNotFound(text);
        assert.deepEqual([...new Set(pathsShown(text).filter((path) => !served(path) && !notFound.has(path)))], [], 'paths no route answers');
      });
    });
  }

  it('the READMEs begin with the two commands, each working alone on a fresh clone', () => {
    for (const file of ['README.md', 'README.zh-CN.md']) {
      const firstBlock = /```sh\n([\s\S]*?)```/.exec(read(file).split('\n').slice(0, 12).join('\n'))?.[1] ?? assert.fail(`${file} opens with no sh block`);
      assert.match(firstBlock, /^npm ci && npm start\b/m, `${file}: npm ci && npm start`);
      assert.match(firstBlock, /^npm ci && npm test\b/m, `${file}: npm ci && npm test`);
    }
  });

  it('the guides show the operations, the CLI and the settings', () => {
    const all = DOCUMENTS.map(({ file }) => read(file)).join('\n');
    assert.ok(pathsShown(all).filter((path) => path.startsWith('/v1/')).length >= 10, 'they show the operations');
    assert.ok(new Set(cliUsesOf(commandLinesOf(all)).map((use) => use.command)).size >= 5, "they show the CLI's commands");
    assert.match(read('docs/operators.md'), /\bSYNC_SOURCE=gov\.cn\b/, 'the operator\'s guide shows how sync is turned on');
    assert.match(read('docs/operators.zh-CN.md'), /\bSYNC_SOURCE=gov\.cn\b/, 'and so does its translation');
  });

  for (const { file, heading, header } of CONFIGURATION_TABLES) {
    it(`${file} lists in its configuration table exactly the settings the service reads`, async () => {
      const listed = configurationTable(file, heading, header);
      const settings = await settingsTheServiceReads();
      assert.deepEqual(listed.filter((name) => !settings.has(name)), [], 'settings the service does not read (renamed or removed?)');
      assert.deepEqual([...settings].filter((name) => !listed.includes(name)).sort(), [], 'settings the service reads that the table does not list');
      assert.equal(new Set(listed).size, listed.length, 'each setting listed once');
    });
  }
});
