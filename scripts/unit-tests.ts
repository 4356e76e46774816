/**
 * `npm run test:unit`: the tests that need no socket, child process or browser (the calendar
 * engine, importer stages, question readers, answer bytes through Fastify's inject, data-file
 * forms), a tier a developer runs in well under a minute. Which files belong is the list
 * test/unit-tests.txt; each runs under test/helpers/no-io-guard.ts, so a listed file that opens a
 * socket or starts a process fails saying so instead of quietly slowing the tier down.
 *
 * `npm run test:unit -- --update` writes the list afresh: it runs every file of `npm test` alone
 * under the guard (as many at once as there are cores) and lists those that pass. Run it after
 * adding test files; a file it leaves out is named with the first line of its failure.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const LIST = join(REPOSITORY, 'test', 'unit-tests.txt');
const GUARD = './test/helpers/no-io-guard.ts';
const NODE_OPTIONS = ['--conditions=@china-holiday-calendar/source', '--import', 'tsx', '--import', GUARD, '--test'];

const HEADER = `# The files npm run test:unit runs (scripts/unit-tests.ts): those of npm test that pass with no
# socket, child process or browser. Written by \`npm run test:unit -- --update\`; one path a line.
`;

/** The files `npm test` runs: test/<folder>/<name>.test.ts and .test.mjs. */
function allTestFiles(): string[] {
  const testDir = join(REPOSITORY, 'test');
  return readdirSync(testDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(testDir, folder.name))
        .filter((name) => /\.test\.(ts|mjs)$/.test(name))
        .map((name) => `test/${folder.name}/${name}`),
    )
    .sort();
}

function listedFiles(): string[] {
  return readFileSync(LIST, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function run(files: readonly string[], concurrency: number, output: 'inherit' | 'collect'): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_OPTIONS, `--test-concurrency=${concurrency}`, ...files], {
      cwd: REPOSITORY,
      stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, text }));
  });
}

async function update(): Promise<void> {
  const files = allTestFiles();
  const passing = new Set<string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      const { code, text } = await run([file], 1, 'collect');
      if (code === 0) passing.add(file);
      else {
        const reason = /this one belongs in npm test only|Error: [^\n]*/.exec(text)?.[0] ?? `exit ${code}`;
        process.stdout.write(`left out ${file}: ${reason}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  const listed = files.filter((file) => passing.has(file));
  writeFileSync(LIST, `${HEADER}${listed.join('\n')}\n`);
  process.stdout.write(`${relative(REPOSITORY, LIST)}: ${listed.length} of ${files.length} test files\n`);
}

async function runListed(): Promise<void> {
  const known = new Set(allTestFiles());
  const listed = listedFiles();
  const stale = listed.filter((file) => !known.has(file));
  if (stale.length > 0) {
    process.stderr.write(`test/unit-tests.txt lists files npm test does not run: ${stale.join(', ')} (npm run test:unit -- --update)\n`);
    process.exitCode = 2;
    return;
  }
  process.exitCode = (await run(listed, availableParallelism(), 'inherit')).code;
}

await (process.argv.includes('--update') ? update() : runListed());
