/**
 * README.zh-CN.md, the manual for the people who run the service in China, names only what
 * exists, each checked against the thing itself rather than a copy of it: every `npm run` script
 * against package.json; every `china-calendar` command (also reached as `npm run import` and the
 * like, or `node …/cli.js mcp`) against the CLI, which answers `<command> --help` for its commands
 * only, and every flag it shows against that help; its configuration table against the
 * settings the service reads (README.md, Configuration), both ways, so that a setting renamed,
 * removed or added without the table fails here; and every path of the service it shows against
 * the route list. The two READMEs link to each other from their tops.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readConfig } from 'china-holiday-calendar-service/internal/config.js';
import { createResponder } from 'china-holiday-calendar-service/internal/http/api/response-policy.js';
import { serviceRoutes } from 'china-holiday-calendar-service/internal/http/api/routes.js';
import { routeMatcher } from 'china-holiday-calendar-service/internal/http/ops/app.js';
import { createServiceMetrics } from 'china-holiday-calendar-service/internal/http/ops/metrics.js';
import { responsePolicyOf } from 'china-holiday-calendar-service/internal/service-app.js';
import { runCli } from '../helpers/command-run.js';
import { settingsTheServiceReads } from '../helpers/service-settings.js';
import { REPOSITORY } from '../helpers/source-cli.js';

const README_ZH = 'README.zh-CN.md';
const readme = readFileSync(join(REPOSITORY, README_ZH), 'utf8');
const scripts = (JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The README's commands: each line of a code block, or each piece of inline code, cut into commands at `|`, `;` and `&&`. */
const commandLines = readme
  .split('\n')
  .flatMap((line) => (line.includes('`') ? [...line.matchAll(/`([^`]+)`/g)].map((code) => code[1] ?? '') : [line.replace(/^\$ /, '')]))
  .flatMap((line) => line.split(/\||;|&&/));

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

const npmScripts = commandLines.flatMap((line) => [...line.matchAll(/\bnpm (?:run(?: --silent)? ([\w:-]+)|(start|test)\b)/g)].map((match) => ({ script: match[1] ?? match[2] ?? '', line })));

const cliUses: CliUse[] = commandLines.flatMap((line) => {
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

/** The table under "## 配置" whose first column is 环境变量: the names in each row's first cell. */
function configurationTable(): string[] {
  const section = /^## 配置\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? assert.fail(`${README_ZH} has no "## 配置" section`);
  const rows = section.split('\n').filter((line) => line.startsWith('| '));
  assert.match(rows[0] ?? '', /^\| 环境变量 \| 默认值 \| 说明 \|$/, 'the table: 环境变量, 默认值, 说明');
  return rows.slice(2).flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((name) => name[1] ?? ''));
}

describe('README.zh-CN.md', () => {
  it('and README.md link to each other from their tops', () => {
    const english = readFileSync(join(REPOSITORY, 'README.md'), 'utf8');
    assert.match(english.split('\n').slice(0, 4).join('\n'), /\]\(README\.zh-CN\.md\)/, 'README.md links to README.zh-CN.md in its first lines');
    assert.match(readme.split('\n').slice(0, 4).join('\n'), /\]\(README\.md\)/, 'README.zh-CN.md links back to README.md in its first lines');
  });

  it('runs only npm scripts of package.json', () => {
    assert.ok(npmScripts.some(({ script }) => script === 'start') && npmScripts.some(({ script }) => script === 'test'), 'it shows npm start and npm test');
    assert.deepEqual(
      npmScripts.filter(({ script }) => !Object.hasOwn(scripts, script)).map(({ script, line }) => `npm run ${script}: ${line}`),
      [],
      'scripts package.json does not have',
    );
  });

  it('names only commands the CLI has, with flags their usage lists', async () => {
    const commands = [...new Set(cliUses.map((use) => use.command))].sort();
    assert.ok(commands.length >= 4, `it shows the CLI's commands (found: ${commands.join(', ')})`);
    const usages = new Map(
      await Promise.all(
        commands.map(async (command) => {
          const { code, stdout } = await runCli([command, '--help']);
          const usage = stdout;
          return [command, code === 0 && usage.startsWith(`Usage: china-calendar ${command} `) ? usage : undefined] as const;
        }),
      ),
    );
    assert.deepEqual(
      commands.filter((command) => usages.get(command) === undefined),
      [],
      'commands the CLI does not answer `<command> --help` for',
    );
    const unknownFlags = cliUses.flatMap(({ command, flags, line }) =>
      flags.filter((flag) => !new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(usages.get(command) ?? '')).map((flag) => `${command} ${flag}: ${line}`),
    );
    assert.deepEqual(unknownFlags, [], 'flags the command does not list');
  });

  it('lists in its configuration table exactly the settings the service reads', async () => {
    const listed = configurationTable();
    const read = await settingsTheServiceReads();
    assert.deepEqual(listed.filter((name) => !read.has(name)), [], 'settings the service does not read (renamed or removed?)');
    assert.deepEqual([...read].filter((name) => !listed.includes(name)).sort(), [], 'settings the service reads that the table does not list');
    assert.equal(new Set(listed).size, listed.length, 'each setting listed once');
  });

  it('sets only settings the service reads', async () => {
    const read = await settingsTheServiceReads();
    const shellVariables = new Set([...readme.matchAll(/\$([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1]));
    const assigned = [...readme.matchAll(/(?<=^|[\s`])([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '').filter((name) => !shellVariables.has(name));
    assert.ok(assigned.includes('SYNC_SOURCE'), 'it shows how sync is turned on');
    assert.deepEqual([...new Set(assigned.filter((name) => !read.has(name)))], [], 'variables set that the service does not read');
  });

  it("shows only paths in the service's route list", () => {
    const config = readConfig({});
    // Every route there is: with metrics, and serving its folder at /dataset/ as a writer does.
    const routes = serviceRoutes({
      calendar: { current: () => undefined },
      live: { dataset: () => undefined },
      responder: createResponder(responsePolicyOf(config)),
      metrics: createServiceMetrics(() => undefined),
      datasetDir: config.dataDir,
    });
    const routeOf = routeMatcher(routes);
    // A path ending in / is a folder (DATA_URL names one): some route lies under it.
    const isServed = (path: string): boolean => (path.endsWith('/') && path !== '/' ? routes.some((route) => route.path.startsWith(path)) : routeOf(path) !== undefined);
    const shown = [
      ...[...readme.matchAll(/(?<![\w.:/])\/v1\/china-calendar\/[^\s'"`)?\]]+/g)].map((match) => match[0]),
      ...[...readme.matchAll(/http:\/\/127\.0\.0\.1:8080(\/[^\s'"`)?\]]*)/g)].map((match) => match[1] ?? ''),
    ].filter((path) => path !== '');
    assert.ok(shown.filter((path) => path.startsWith('/v1/')).length >= 10, 'it shows the operations');
    assert.deepEqual([...new Set(shown.filter((path) => !isServed(path)))], [], 'paths no route answers');
  });
});
