/**
 * The reader's sections of `npm run bench` (a reader: `serve` with DATA_URL, following an origin),
 * each a real reader process on a real socket following a local static origin process
 * (static-origin-server.ts):
 *
 * - `hostile-origin`: a reader's single-date p99 while it polls, every second, an origin that
 *   serves it work before trust (a 1 MB deeply nested manifest.json to a reader without a key; 19
 *   deeply nested year files under an unsigned manifest to a reader with a key), against the same
 *   reader following a friendly origin, measured in the same run, round by round.
 * - `poll-cost`: the CPU of one poll: two idle readers of the same friendly, signed origin side by
 *   side, one polling every `pollSeconds` and one that does not poll (DATA_POLL_SECONDS=86400), their
 *   process CPU over the same window of `polls` polls.
 */
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summary, verdict } from './figures.js';
import { drive } from './load.js';
import { median } from './per-call.js';
import { startServer, type Started } from './processes.js';
import { SCENARIOS } from './scenarios.js';

export interface ReaderBenchOptions {
  /** The service's command line (packages/service/dist/cli.js). */
  readonly cli: string;
  /** The data a friendly origin serves (the bundled data). */
  readonly dataDir: string;
  /** A free loopback port for each process started. */
  readonly nextPort: () => number;
  readonly rounds: number;
  readonly durationSeconds: number;
  readonly warmUpSeconds: number;
  /** Where a run that went wrong (errors, a hostile origin never refused) is reported. */
  readonly failures: string[];
}

const ORIGIN_SERVER = fileURLToPath(new URL('./static-origin-server.js', import.meta.url));
const PROBE = '/v1/china-calendar/dates/2024-01-01';
/** The probe's steady rate and connections, as beside the floods. */
const PROBE_RATE = 100;
const PROBE_CONNECTIONS = 2;
/** How far a hostile origin may move a reader's single-date p99 (issue 34's goal). */
const HOSTILE_P99_TARGET_MS = 50;
/** The share of one core that polling may cost at DATA_POLL_SECONDS=30. */
const POLL_SHARE_TARGET = 0.01;
/** A reader that does not poll (DATA_POLL_SECONDS has no "off"): the next poll is at the next UTC midnight. */
const NEVER_POLL_SECONDS = '86400';
/** The biggest file an origin may send (1 MiB) and poll (16 MiB): the hostile files are as big as the limits allow. */
const DEEP_MANIFEST_BYTES = 1_000_000;
const DEEP_YEAR_FILE_BYTES = 800_000;

/** JSON nested `bytes / 2` levels deep: the work a naive parser would do before any check. */
const deepJson = (bytes: number): string => `${'['.repeat(bytes / 2)}${']'.repeat(bytes / 2)}`;

interface Origin {
  /** DATA_URL of one of its folders: friendly, deep-manifest, deep-years. */
  url(folder: 'friendly' | 'deep-manifest' | 'deep-years'): string;
  /** The public key of the friendly folder's signature. */
  readonly publicKeyFile: string;
  readonly root: string;
  stop(): Promise<void>;
}

/**
 * The origin process and its folders: `friendly`, the bundled data sealed and signed by `sign`;
 * `deep-manifest`, a 1 MB manifest.json nested 500 000 levels; `deep-years`, an unsigned manifest
 * whose digests vouch for 19 year files each nested 400 000 levels.
 */
async function startOrigin(options: ReaderBenchOptions): Promise<Origin> {
  const root = mkdtempSync(join(tmpdir(), 'bench-origin-'));
  const friendly = join(root, 'friendly');
  cpSync(options.dataDir, friendly, { recursive: true });
  const keys = generateKeyPairSync('ed25519');
  const privateKeyFile = join(root, 'writer.pem');
  const publicKeyFile = join(root, 'writer.pub.pem');
  writeFileSync(privateKeyFile, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(publicKeyFile, keys.publicKey.export({ type: 'spki', format: 'pem' }));
  execFileSync(process.execPath, [options.cli, 'sign', '--data-dir', friendly, '--key-file', privateKeyFile], { stdio: 'ignore' });

  const deepManifest = join(root, 'deep-manifest');
  mkdirSync(deepManifest);
  writeFileSync(join(deepManifest, 'manifest.json'), deepJson(DEEP_MANIFEST_BYTES));

  const deepYears = join(root, 'deep-years');
  mkdirSync(deepYears);
  const sealed = JSON.parse(readFileSync(join(friendly, 'manifest.json'), 'utf8')) as { sequence: number; expires: string; publishedYears: number[] };
  const files: Record<string, string> = {};
  const yearFile = deepJson(DEEP_YEAR_FILE_BYTES);
  for (const year of sealed.publishedYears) {
    writeFileSync(join(deepYears, `${year}.json`), yearFile);
    files[`${year}.json`] = createHash('sha256').update(yearFile).digest('hex');
  }
  writeFileSync(join(deepYears, 'manifest.json'), JSON.stringify({ sequence: sealed.sequence + 1, expires: sealed.expires, publishedYears: sealed.publishedYears, files }));

  const port = options.nextPort();
  const origin = await startServer(
    process.execPath,
    [ORIGIN_SERVER, String(port), `friendly=${friendly}:friendly`, `deep-manifest=${deepManifest}:hostile`, `deep-years=${deepYears}:hostile`],
    {},
    port,
  );
  return { url: (folder) => `${origin.baseUrl}/${folder}/`, publicKeyFile, root, stop: () => origin.stop() };
}

function startReader(options: ReaderBenchOptions, env: NodeJS.ProcessEnv): Promise<Started> {
  const port = options.nextPort();
  return startServer(process.execPath, [options.cli, 'serve'], { PORT: String(port), LOG_LEVEL: 'error', ...env }, port, PROBE);
}

/** A reader's poll counts by result, from its /metrics. */
async function pollCounts(reader: Started): Promise<Record<string, number>> {
  const text = await (await fetch(`${reader.baseUrl}/metrics`)).text();
  return Object.fromEntries([...text.matchAll(/^calendar_dataset_source_polls_total\{result="(\w+)"\} (\d+)/gm)].map(([, result = '', count = '0']) => [result, Number(count)]));
}

const difference = (after: Record<string, number>, before: Record<string, number>): Record<string, number> =>
  Object.fromEntries(Object.entries(after).map(([result, count]) => [result, count - (before[result] ?? 0)]));

/** A cache holding the friendly origin's signed copy: every reader of the hostile section starts from it, ready. */
async function friendlyCache(options: ReaderBenchOptions, origin: Origin): Promise<string> {
  const cache = join(origin.root, 'cache');
  mkdirSync(cache);
  const reader = await startReader(options, { DATA_URL: origin.url('friendly'), DATASET_PUBLIC_KEY_FILE: origin.publicKeyFile, DATA_DIR: cache });
  try {
    for (let waited = 0; !existsSync(join(cache, 'current')); waited += 50) {
      if (waited > 30_000) throw new Error('the reader wrote no cache within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await reader.stop();
  }
  return cache;
}

interface HostileCase {
  readonly name: string;
  readonly folder: 'deep-manifest' | 'deep-years';
  readonly withKey: boolean;
}

const HOSTILE_CASES: readonly HostileCase[] = [
  { name: '1 MB deep manifest.json, a reader without a key', folder: 'deep-manifest', withKey: false },
  { name: '19 deep year files, unsigned manifest, a reader with a key', folder: 'deep-years', withKey: true },
];

export async function benchmarkHostileOrigin(options: ReaderBenchOptions): Promise<void> {
  const single = SCENARIOS[0];
  if (single === undefined) return;
  const origin = await startOrigin(options);
  try {
    const cache = await friendlyCache(options, origin);
    /** The probe's p99 on a reader following `folder`, started from the cache, while it polls every second. */
    const p99Following = async (folder: 'friendly' | HostileCase['folder'], withKey: boolean): Promise<{ readonly p99: number; readonly polls: Record<string, number> }> => {
      const reader = await startReader(options, {
        DATA_URL: origin.url(folder),
        DATA_POLL_SECONDS: '1',
        DATA_DIR: cache,
        ...(withKey ? { DATASET_PUBLIC_KEY_FILE: origin.publicKeyFile } : {}),
      });
      try {
        const probe = { durationSeconds: options.warmUpSeconds, connections: PROBE_CONNECTIONS, rate: PROBE_RATE };
        await drive(reader.baseUrl, single, probe, false);
        const before = await pollCounts(reader);
        const load = await drive(reader.baseUrl, single, { ...probe, durationSeconds: options.durationSeconds }, false);
        const polls = difference(await pollCounts(reader), before);
        if (load.errors > 0 || load.non2xx > 0) options.failures.push(`reader following ${folder}: ${load.errors} errors, ${load.non2xx} answers not 2xx`);
        return { p99: load.p99, polls };
      } finally {
        await reader.stop();
      }
    };
    console.log(
      `\nREADER UNDER A HOSTILE ORIGIN (single dates at ${PROBE_RATE} req/s on ${PROBE_CONNECTIONS} connections while the reader polls every second, ` +
        `started from its cache; p99 ms, median and spread over ${options.rounds} round(s), the same reader following a friendly origin alternating with it):`,
    );
    for (const each of HOSTILE_CASES) {
      const friendly: number[] = [];
      const hostile: number[] = [];
      let refused = 0;
      for (let round = 0; round < options.rounds; round++) {
        // Alternate which goes first, so that neither always meets the machine in the same state.
        const order = round % 2 === 0 ? (['friendly', each.folder] as const) : ([each.folder, 'friendly'] as const);
        for (const folder of order) {
          const { p99, polls } = await p99Following(folder, each.withKey);
          if (folder === 'friendly') {
            friendly.push(p99);
            if ((polls.refused ?? 0) + (polls.failed ?? 0) > 0) options.failures.push(`the friendly origin's polls were refused or failed: ${JSON.stringify(polls)}`);
          } else {
            hostile.push(p99);
            refused += polls.refused ?? 0;
            if ((polls.refused ?? 0) === 0) options.failures.push(`${each.name}: no poll was refused during the run (${JSON.stringify(polls)}), so none was measured`);
          }
        }
      }
      const moved = median(hostile.map((p99, round) => p99 - (friendly[round] ?? p99)));
      console.log(
        `  ${each.name}:\n    friendly ${summary(friendly, 2)}, hostile ${summary(hostile, 2)}: moved ${moved >= 0 ? '+' : ''}${moved.toFixed(2)} ms ` +
          `(${refused} hostile polls refused during the runs)  [target < ${HOSTILE_P99_TARGET_MS} ms: ${verdict(moved < HOSTILE_P99_TARGET_MS)}]`,
      );
    }
  } finally {
    await origin.stop();
  }
}

/** CPU nanoseconds a process (every thread, and any cluster worker) has run so far: /proc's schedstat, finer than stat's 10 ms ticks. */
function cpuNanoseconds(pid: number): number {
  const processes = [pid, ...readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && parentOf(Number(entry)) === pid).map(Number)];
  let total = 0;
  for (const each of processes) {
    try {
      for (const task of readdirSync(`/proc/${each}/task`)) total += Number(readFileSync(`/proc/${each}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread or process that ended meanwhile.
    }
  }
  return total;
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

export async function benchmarkPollCost(options: ReaderBenchOptions & { readonly pollSeconds: number; readonly polls: number }): Promise<void> {
  const origin = await startOrigin(options);
  const follow = (pollSeconds: string): Promise<Started> =>
    startReader(options, {
      DATA_URL: origin.url('friendly'),
      DATA_POLL_SECONDS: pollSeconds,
      DATASET_PUBLIC_KEY_FILE: origin.publicKeyFile,
      DATA_DIR: mkdtempSync(join(origin.root, 'cache-')),
    });
  try {
    const [polling, still] = [await follow(String(options.pollSeconds)), await follow(NEVER_POLL_SECONDS)];
    try {
      // Let the start settle (the first poll, the cache written), then watch both over the same window.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const pids = [polling.child.pid ?? 0, still.child.pid ?? 0] as const;
      const pollsBefore = await pollCounts(polling);
      const before = pids.map(cpuNanoseconds);
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, options.polls * options.pollSeconds * 1000));
      const [pollingNs = 0, stillNs = 0] = pids.map((pid, at) => cpuNanoseconds(pid) - (before[at] ?? 0));
      const windowNs = (performance.now() - started) * 1e6;
      const polls = Object.values(difference(await pollCounts(polling), pollsBefore)).reduce((total, count) => total + count, 0);
      if (polls === 0) {
        options.failures.push('poll cost: the polling reader made no poll in its window');
        return;
      }
      const perPollMs = (pollingNs - stillNs) / polls / 1e6;
      const share = perPollMs / 1000 / options.pollSeconds;
      console.log(
        `\nTHE COST OF A POLL (two idle readers of a signed origin, one polling every ${options.pollSeconds} s, one not; process CPU over the same ${(windowNs / 1e9).toFixed(0)} s):` +
          `\n  polling reader ${(pollingNs / 1e6).toFixed(1)} ms CPU over ${polls} polls, reader without polls ${(stillNs / 1e6).toFixed(1)} ms: ` +
          `${perPollMs.toFixed(2)} ms CPU a poll, ${(share * 100).toFixed(3)} % of a core at DATA_POLL_SECONDS=${options.pollSeconds}  [target < ${POLL_SHARE_TARGET * 100} %: ${verdict(share < POLL_SHARE_TARGET)}]`,
      );
    } finally {
      await Promise.all([polling.stop(), still.stop()]);
    }
  } finally {
    await origin.stop();
  }
}
