/**
 * The test runner of `npm test` and `npm run test:unit`.
 *
 * The unit tier is the tests that need no socket, child process or browser (the calendar engine,
 * importer stages, question readers, answer bytes through Fastify's inject, data-file forms): the
 * files listed in test/unit-tests.txt. They run in one process per core
 * (test/helpers/unit-tier-process.ts), each taking the next file when it has run the last, under
 * test/helpers/no-io-guard.ts: a listed file that opens a socket or starts a process fails saying
 * so instead of quietly slowing the tier down. Sharing processes is what makes the tier fast:
 * started one process per file, the files spend most of their CPU starting Node and loading the
 * sources again.
 *
 * `npm test` (no argument) runs the unit tier, then every other file of the fast suite
 * (test/<folder>/<name>.test.ts and .test.mjs) with Node's test runner, a process per file, as
 * servers, signals and child processes need. `npm run test:unit` (`--unit`) runs the tier alone.
 *
 * `--update` writes the list afresh: it runs every file of the fast suite alone in a tier process
 * (as many at once as there are cores) and lists those that pass. Run it after adding test files;
 * a file it leaves out is named with the first line of its failure.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const LIST = join(REPOSITORY, 'test', 'unit-tests.txt');
const SOURCES = ['--conditions=@china-holiday-calendar/source', '--import', 'tsx'];
const TIER_PROCESS = [...SOURCES, '--import', './test/helpers/no-io-guard.ts', '--test-reporter=spec', './test/helpers/unit-tier-process.ts'];
/** Files that wait on sockets, timers and child processes more than they compute: more than the cores. */
const PROCESS_PER_FILE_CONCURRENCY = 3;
/**
 * The files of the process-per-file part that take longest (BENCHMARKS.md, "The test suite"),
 * longest first: Node's runner starts the files in the order given, and a long file started last
 * would run on alone while the other cores have nothing left to do. The order changes the time
 * only; a file missing here runs after them.
 */
const LONGEST_FIRST = [
  'test/commands/serve.test.ts',
  'test/fleet/reader.test.ts',
  'test/sync/hostile-gov-cn.test.ts',
  'test/fleet/manifest-seal.test.ts',
  'test/deploy/manifests.test.ts',
  'test/mcp/mcp-http.test.ts',
  'test/deploy/alerts.test.ts',
  'test/fleet/verify-first.test.ts',
  'test/http/transport-answers.test.ts',
  'test/sync/dataset-webhooks.test.ts',
];

const HEADER = `# The files npm run test:unit runs (scripts/run-tests.ts): those of npm test that pass with no
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

interface TierRun {
  readonly code: number;
  /** What the processes printed, one process after another. */
  readonly text: string;
}

/**
 * Runs the files in `processes` tier processes, handing each the next file when it asks; calls
 * `onFileDone` as each file finishes.
 */
function runTier(files: readonly string[], processes: number, onFileDone: (file: string) => void = () => undefined): Promise<TierRun> {
  const queue = [...files];
  const one = (): Promise<TierRun> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, TIER_PROCESS, {
        cwd: REPOSITORY,
        env: { ...process.env, UNIT_TIER_GUARD: '1' },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      let text = '';
      let running: string | undefined;
      child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('message', () => {
        if (running !== undefined) onFileDone(running);
        running = queue.shift();
        child.send(running ?? ''); // '': no file left
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? 1, text: running === undefined ? text : `${text}\n${running} did not finish\n` }));
    });
  return Promise.all(Array.from({ length: Math.min(processes, files.length) }, one)).then((runs) => ({
    code: Math.max(0, ...runs.map((run) => run.code)),
    text: runs.map((run) => run.text).join('\n'),
  }));
}

async function update(): Promise<void> {
  const files = allTestFiles();
  const passing = new Set<string>();
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      const { code, text } = await runTier([file], 1);
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

/** The tier's counts, summed over its processes' reports. */
function tierSummary(text: string): string {
  const count = (name: string): number => [...text.matchAll(new RegExp(`^ℹ ${name} (\\d+)$`, 'gm'))].reduce((sum, match) => sum + Number(match[1]), 0);
  // Each file ends with one test of the tier's own (test/helpers/unit-tier-process.ts): not counted.
  const files = [...text.matchAll(/^✔ \(.+ done\)/gm)].length;
  return `unit tier: ${count('tests') - files} tests, ${count('pass') - files} pass, ${count('fail')} fail, ${count('skipped')} skipped\n`;
}

/**
 * Runs the unit tier. Alone, it names each file as it ends; `alongside` the other files, whose
 * report is streaming meanwhile, it writes its own report once they have ended.
 */
async function runUnitTier(listed: readonly string[], alongside?: Promise<unknown>): Promise<number> {
  let done = 0;
  const progress = (file: string): void => void process.stderr.write(`${++done}/${listed.length} ${file}\n`);
  const { code, text } = await runTier(listed, availableParallelism(), alongside === undefined ? progress : undefined);
  await alongside;
  process.stdout.write(text);
  process.stdout.write(tierSummary(text));
  return code;
}

function longestFirst(files: readonly string[]): string[] {
  const rank = (file: string): number => {
    const index = LONGEST_FIRST.indexOf(file);
    return index === -1 ? LONGEST_FIRST.length : index;
  };
  return [...files].sort((a, b) => rank(a) - rank(b));
}

function runProcessPerFile(files: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SOURCES, '--test', `--test-concurrency=${PROCESS_PER_FILE_CONCURRENCY}`, ...files], { cwd: REPOSITORY, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runTests(withTheRest: boolean): Promise<void> {
  const all = allTestFiles();
  const known = new Set(all);
  const listed = listedFiles();
  const stale = listed.filter((file) => !known.has(file));
  if (stale.length > 0) {
    process.stderr.write(`test/unit-tests.txt lists files npm test does not run: ${stale.join(', ')} (npm run test:unit -- --update)\n`);
    process.exitCode = 2;
    return;
  }
  if (!withTheRest) {
    process.exitCode = await runUnitTier(listed);
    return;
  }
  // Both at once: the tier computes on every core while the other files mostly wait on their
  // sockets, timers and child processes.
  const inTier = new Set(listed);
  const rest = runProcessPerFile(longestFirst(all.filter((file) => !inTier.has(file))));
  const [unitCode, restCode] = await Promise.all([runUnitTier(listed, rest), rest]);
  process.exitCode = Math.max(unitCode, restCode);
}

await (process.argv.includes('--update') ? update() : runTests(!process.argv.includes('--unit')));
