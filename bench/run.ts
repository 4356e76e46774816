/**
 * `npm run bench`: the service against two floors measured in the same run: bare node:http and
 * a minimal Fastify route, both sending the same precomputed bytes (and, to price the service's
 * response headers, the minimal route sending those headers too). Servers alternate within
 * every round; figures are medians over the rounds with their spread. CPU time per request
 * (read from /proc, outside the servers) is the steadiest figure on a shared machine; ratios
 * are paired per round. `--smoke` runs everything briefly and fails only on errors.
 *
 *   npm run bench [-- --rounds 5 --duration 5 --connections 32 --smoke --only start-up,reload --scenarios single-date,year-overview]
 *
 * Sections: start-up, scenarios, workers, reload, flood, hostile-origin, poll-cost, library, package, choices.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { summary, verdict } from './figures.js';
import { benchmarkHotPathChoices } from './hot-path-choices.js';
import { benchmarkLibrary } from './library.js';
import { benchmarkPackage } from './package.js';
import { median } from './per-call.js';
import { benchmarkHostileOrigin, benchmarkPollCost, type ReaderBenchOptions } from './reader-origin.js';
import { drive, hasWrk, type LoadResult } from './load.js';
import { cpuSeconds, fetchBody, residentMegabytes, sendRequests, serviceHeaders, startServer, type Started } from './processes.js';
import { DISTANT_SCENARIOS, namedScenarios, SCENARIOS, type Scenario } from './scenarios.js';

const { values: flags } = parseArgs({
  options: {
    // The first of the loopback ports the run takes, one per server: another run beside it needs other ports.
    port: { type: 'string', default: '19100' },
    rounds: { type: 'string', default: '5' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    smoke: { type: 'boolean', default: false },
    // Some sections only, e.g. --only start-up,reload (start-up, scenarios, workers, reload, flood, hostile-origin, poll-cost, library, package, choices).
    only: { type: 'string' },
    // The scenarios of the scenarios section, e.g. --scenarios single-date,year-overview (default: all).
    scenarios: { type: 'string' },
    // The floods of the flood section, e.g. --floods far-year-overview (default: every JSON scenario but the bulk ones).
    floods: { type: 'string' },
    // The poll-cost section: the polling reader's DATA_POLL_SECONDS, and how many of its polls the window spans.
    'poll-seconds': { type: 'string', default: '30' },
    polls: { type: 'string', default: '4' },
  },
});
const smoke = flags.smoke;
const ROUNDS = smoke ? 1 : Number(flags.rounds);
const DURATION = smoke ? 1 : Number(flags.duration);
const CONNECTIONS = smoke ? 8 : Number(flags.connections);
const WARM_UP = smoke ? 1 : 2;
const CLI = fileURLToPath(new URL('../../packages/service/dist/bundle/cli.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.js', import.meta.url));
const MINIMAL = fileURLToPath(new URL('./fastify-server.js', import.meta.url));
const PROBE = '/v1/china-calendar/dates/2024-01-01';

const TARGETS = {
  'single-date': { minimal: 0.9, bare: 0.75 },
  'workdays-366': { minimal: 0.9, bare: 0.75 },
  'next-holiday': { minimal: 0.9, bare: 0.75 },
  'range-366': { minimal: undefined, bare: 0.7 },
  'workday-offset': { minimal: 0.9, bare: 0.75 },
  'year-overview': { minimal: 0.9, bare: 0.75 },
  'calendar-feed': { minimal: undefined, bare: 0.7 },
  'problem-400': { minimal: undefined, bare: 0.6 },
} as const satisfies Record<string, { minimal: number | undefined; bare: number }>;

/** `withHeaders` is the minimal Fastify route sending the service's response headers too: it prices the headers. */
type ServerName = 'service' | 'bare' | 'minimal' | 'withHeaders';

const LABELS: Record<ServerName, string> = { service: 'service', bare: 'bare', minimal: 'minimal', withHeaders: 'min+hdrs' };

interface Sample {
  readonly load: LoadResult;
  readonly cpuMicrosPerRequest: number;
}

const failures: string[] = [];
let nextPort = Number(flags.port);

async function main(): Promise<void> {
  const useWrk = await hasWrk();
  const started = new Date().toISOString();
  console.log(`China holiday calendar benchmark, ${started}`);
  console.log(
    `node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load by ${useWrk ? 'wrk' : 'autocannon'}, ` +
      `${ROUNDS} round(s) x ${DURATION} s per server and scenario, ${CONNECTIONS} connections${smoke ? ' (smoke run)' : ''}`,
  );

  const sections = flags.only?.split(',');
  const wanted = (section: string): boolean => sections === undefined || sections.includes(section);
  if (wanted('start-up')) await measureStartUp();
  if (wanted('scenarios')) for (const scenario of namedScenarios(SCENARIOS, flags.scenarios)) await measureScenario(scenario, useWrk);
  if (wanted('workers')) await measureWorkers(useWrk);
  if (wanted('reload')) await measureReloadUnderLoad(useWrk);
  if (wanted('flood')) await measureFloods(useWrk);
  const reader: ReaderBenchOptions = {
    cli: CLI,
    dataDir: fileURLToPath(new URL('../../packages/core/data/', import.meta.url)),
    nextPort: () => nextPort++,
    rounds: ROUNDS,
    durationSeconds: DURATION,
    warmUpSeconds: WARM_UP,
    failures,
  };
  if (wanted('hostile-origin')) await benchmarkHostileOrigin(reader);
  // A smoke run polls every second, twice: it shows the section works, not what a poll costs at 30 s.
  if (wanted('poll-cost')) await benchmarkPollCost({ ...reader, pollSeconds: smoke ? 1 : Number(flags['poll-seconds']), polls: smoke ? 2 : Number(flags.polls) });
  if (wanted('library')) for (const missed of benchmarkLibrary({ rounds: ROUNDS < 3 ? 3 : ROUNDS, smoke })) console.log(`  library target not met: ${missed}`);
  // Packing and installing is disk and npm, not CPU: left out of the smoke run.
  if (wanted('package') && !smoke) benchmarkPackage({ smoke });
  if (wanted('choices')) for (const loss of benchmarkHotPathChoices({ rounds: ROUNDS < 3 ? 3 : ROUNDS, smoke })) console.log(`  hot-path choice slower than what it replaced: ${loss}`);

  if (failures.length > 0) {
    console.error(`\nERRORS:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
    process.exitCode = 1;
  }
}

/** How many requests the memory after load is read after (the issue's figure: RSS after 2 000 requests). */
const LOAD_REQUESTS = 2000;

/** Start-up and memory targets against the minimal Fastify app with a JSON logger, same Node, same run. */
const START_UP_RATIO_TARGET = 1.5;
const MEMORY_MARGIN_TARGET_MB = 15;

interface ProcessFigures {
  /** Spawn to first answered request. */
  readonly startMs: number;
  /** CPU used until then. */
  readonly startCpuMs: number;
  /** Resident memory after the first answer and a second at rest. */
  readonly restMb: number;
  /** Resident memory after LOAD_REQUESTS single-date requests. */
  readonly loadedMb: number;
}

/**
 * Start-up and memory of the service beside its floor: a minimal Fastify app with a JSON logger
 * (pino, as Fastify's `logger: true` gives) answering the single date's body, started the same way
 * on the same Node, alternating, seven times (one in a smoke run). Each: spawn to first answer
 * (and the CPU used by then), resident memory at rest a second later, and after 2 000 single-date
 * requests on eight keep-alive connections.
 */
async function measureStartUp(): Promise<void> {
  const scenario = SCENARIOS.find(({ name }) => name === 'single-date');
  if (scenario === undefined) throw new Error('no single-date scenario');
  const probe = await startService({});
  const sample = await fetchBody(probe.baseUrl, PROBE);
  await probe.stop();
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'bench-body-')), 'body');
  writeFileSync(bodyFile, sample.body);
  const service: ProcessFigures[] = [];
  const floor: ProcessFigures[] = [];
  for (let attempt = 0; attempt < (smoke ? 1 : 7); attempt++) {
    service.push(await figuresOf(await startService({ LOG_LEVEL: 'info' }), scenario.paths));
    const port = nextPort++;
    floor.push(await figuresOf(await startServer(process.execPath, [MINIMAL, String(port), bodyFile], { JSON_LOGGER: '1' }, port, PROBE), scenario.paths));
  }
  const of = (figures: readonly ProcessFigures[], key: keyof ProcessFigures): number[] => figures.map((each) => each[key]);
  const startRatio = median(of(service, 'startMs')) / median(of(floor, 'startMs'));
  const restMargin = median(of(service, 'restMb')) - median(of(floor, 'restMb'));
  const loadedMargin = median(of(service, 'loadedMb')) - median(of(floor, 'loadedMb'));
  console.log(
    `
Start-up and memory (medians, spread in brackets; the floor: minimal Fastify with a JSON logger sending the single date's ${sample.body.length} bytes)` +
      `
                                   service              minimal Fastify      service - floor` +
      `
  first answer after spawn, ms     ${summary(of(service, 'startMs'), 0).padEnd(20)} ${summary(of(floor, 'startMs'), 0).padEnd(20)} x${startRatio.toFixed(2)}  [target <= x${START_UP_RATIO_TARGET}: ${verdict(startRatio <= START_UP_RATIO_TARGET)}]` +
      `
  CPU until then, ms               ${summary(of(service, 'startCpuMs'), 0).padEnd(20)} ${summary(of(floor, 'startCpuMs'), 0)}` +
      `
  RSS at rest, MB                  ${summary(of(service, 'restMb'), 1).padEnd(20)} ${summary(of(floor, 'restMb'), 1).padEnd(20)} +${restMargin.toFixed(1)}  [target <= +${MEMORY_MARGIN_TARGET_MB}: ${verdict(restMargin <= MEMORY_MARGIN_TARGET_MB)}]` +
      `
  RSS after ${LOAD_REQUESTS} requests, MB     ${summary(of(service, 'loadedMb'), 1).padEnd(20)} ${summary(of(floor, 'loadedMb'), 1).padEnd(20)} +${loadedMargin.toFixed(1)}  [target <= +${MEMORY_MARGIN_TARGET_MB}: ${verdict(loadedMargin <= MEMORY_MARGIN_TARGET_MB)}]`,
  );
}

async function figuresOf(started: Started, paths: readonly string[]): Promise<ProcessFigures> {
  const pid = started.child.pid ?? 0;
  try {
    const startMs = started.startMs;
    // CPU time used until the first answer: steadier than wall time on a shared machine.
    const startCpuMs = cpuSeconds(pid, false) * 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const restMb = residentMegabytes(pid, false);
    await sendRequests(started.baseUrl, paths, LOAD_REQUESTS);
    const loadedMb = residentMegabytes(pid, false);
    return { startMs, startCpuMs, restMb, loadedMb };
  } finally {
    await started.stop();
  }
}

async function measureScenario(scenario: Scenario, useWrk: boolean): Promise<void> {
  const service = await startService({});
  const sample = await fetchBody(service.baseUrl, scenario.paths[0] ?? '/', scenario.headers);
  for (const path of scenario.paths.slice(0, 50)) {
    const answer = await fetchBody(service.baseUrl, path, scenario.headers);
    if (answer.status !== scenario.expectedStatus) failures.push(`${scenario.name}: ${path} answered ${answer.status}, expected ${scenario.expectedStatus}`);
  }
  const bodyFile = join(mkdtempSync(join(tmpdir(), 'bench-body-')), 'body');
  writeFileSync(bodyFile, sample.body);
  const headersFile = `${bodyFile}.headers.json`;
  writeFileSync(headersFile, JSON.stringify(serviceHeaders(sample.rawHeaders)));
  const barePort = nextPort++;
  const minimalPort = nextPort++;
  const withHeadersPort = nextPort++;
  const bare = await startServer(process.execPath, [BARE, String(barePort), bodyFile, sample.contentType], {}, barePort);
  const minimal = await startServer(process.execPath, [MINIMAL, String(minimalPort), bodyFile], {}, minimalPort);
  const withHeaders = await startServer(process.execPath, [MINIMAL, String(withHeadersPort), bodyFile, headersFile], {}, withHeadersPort);
  const servers: Record<ServerName, Started> = { service, bare, minimal, withHeaders };
  const samples: Record<ServerName, Sample[]> = { service: [], bare: [], minimal: [], withHeaders: [] };
  const order: ServerName[] = ['service', 'bare', 'minimal', 'withHeaders'];
  try {
    // Unmeasured warm-up, so that every server is measured with its code optimised by the JIT.
    for (const name of order) await drive(servers[name].baseUrl, scenario, { durationSeconds: WARM_UP, connections: CONNECTIONS }, useWrk);
    for (let round = 0; round < ROUNDS; round++) {
      // Rotate the order so that no server always runs first or last in a round.
      for (const name of order.map((_, at) => order[(at + round) % order.length] as ServerName)) {
        samples[name].push(await measure(servers[name], scenario, useWrk, name === 'service'));
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
  }

  console.log(`\n${scenario.name}: ${scenario.description} (${sample.body.length} bytes per answer)`);
  console.log('  server    req/s (median, spread)       p50 ms   p99 ms   CPU us/request (median, spread)');
  for (const name of order) {
    const rows = samples[name];
    console.log(
      `  ${LABELS[name].padEnd(8)}  ${summary(rows.map((row) => row.load.requestsPerSecond), 0).padEnd(27)}  ${median(rows.map((row) => row.load.p50)).toFixed(2).padStart(6)}   ${median(
        rows.map((row) => row.load.p99),
      )
        .toFixed(2)
        .padStart(6)}   ${summary(rows.map((row) => row.cpuMicrosPerRequest), 1)}`,
    );
  }
  // The bulk answers beyond the interface (many dates, CSV) are measured, with no target.
  const targets: { readonly minimal: number | undefined; readonly bare: number } | undefined = (TARGETS as Readonly<Record<string, { minimal: number | undefined; bare: number }>>)[scenario.name];
  const ratio = (floor: ServerName): number[] =>
    samples.service.map((row, round) => (samples[floor][round]?.cpuMicrosPerRequest ?? 0) / row.cpuMicrosPerRequest);
  const rpsRatio = (floor: ServerName): number[] =>
    samples.service.map((row, round) => row.load.requestsPerSecond / (samples[floor][round]?.load.requestsPerSecond ?? 1));
  for (const floor of ['minimal', 'bare'] as const) {
    const target = targets?.[floor];
    console.log(
      `  service/${floor === 'minimal' ? 'minimal-Fastify' : 'bare'}: CPU per request ${summary(ratio(floor), 2)}, req/s ${summary(rpsRatio(floor), 2)}` +
        (target === undefined ? '' : `  [target >= ${target}: ${verdict(median(ratio(floor)) >= target)}]`),
    );
  }
  console.log(`  service/(minimal Fastify sending the service's headers): CPU per request ${summary(ratio('withHeaders'), 2)} (no target: it prices the headers)`);

  if (scenario.name === 'single-date' || scenario.name === 'range-366') await measureLatencyAtHalfRate(scenario, samples.service, { bodyFile, contentType: sample.contentType }, useWrk);
}

async function measure(server: Started, scenario: Scenario, useWrk: boolean, isService: boolean): Promise<Sample> {
  const pid = server.child.pid ?? 0;
  const cpuBefore = cpuSeconds(pid, true);
  const load = await drive(server.baseUrl, scenario, { durationSeconds: DURATION, connections: CONNECTIONS }, useWrk);
  const cpuAfter = cpuSeconds(pid, true);
  if (load.errors > 0) failures.push(`${scenario.name}: ${load.errors} connection errors or timeouts`);
  if (isService && scenario.expectedStatus < 400 && load.non2xx > 0) failures.push(`${scenario.name}: ${load.non2xx} answers were not 2xx`);
  if (load.requests === 0) failures.push(`${scenario.name}: no request was answered`);
  return { load, cpuMicrosPerRequest: ((cpuAfter - cpuBefore) * 1e6) / Math.max(load.requests, 1) };
}

/**
 * p99 of the service at half its maximum rate, and of bare node:http sending the same bytes at the
 * same rate, alternating round by round: the floor's shows what the machine and the load generator
 * (a Node process reading every answer) add on their own.
 */
async function measureLatencyAtHalfRate(scenario: Scenario, serviceSamples: readonly Sample[], answer: { readonly bodyFile: string; readonly contentType: string }, useWrk: boolean): Promise<void> {
  const rate = Math.max(100, Math.round(median(serviceSamples.map((row) => row.load.requestsPerSecond)) / 2));
  const service = await startService({});
  const barePort = nextPort++;
  const bare = await startServer(process.execPath, [BARE, String(barePort), answer.bodyFile, answer.contentType], {}, barePort);
  try {
    const p99: Record<'service' | 'bare', number[]> = { service: [], bare: [] };
    for (const server of [service, bare]) await drive(server.baseUrl, scenario, { durationSeconds: WARM_UP, connections: CONNECTIONS }, useWrk);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, server] of [['service', service], ['bare', bare]] as const) {
        const load = await drive(server.baseUrl, scenario, { durationSeconds: DURATION, connections: CONNECTIONS, rate }, useWrk);
        if (load.errors > 0) failures.push(`${scenario.name} at a fixed rate (${name}): ${load.errors} errors`);
        p99[name].push(load.p99);
      }
    }
    console.log(
      `  latency at half the maximum rate (${rate} req/s): p99 ${summary(p99.service, 2)} ms, bare node:http at the same rate ${summary(p99.bare, 2)} ms  [target < 5 ms: ${verdict(median(p99.service) < 5)}]`,
    );
  } finally {
    await Promise.all([service.stop(), bare.stop()]);
  }
}

async function measureWorkers(useWrk: boolean): Promise<void> {
  const scenario = SCENARIOS[0];
  if (scenario === undefined) return;
  console.log(`\nWORKERS (${scenario.name}; the load generator shares the same ${availableParallelism()} cores):`);
  for (const workers of ['1', '2']) {
    const service = await startService({ WORKERS: workers });
    try {
      await drive(service.baseUrl, scenario, { durationSeconds: WARM_UP, connections: CONNECTIONS }, useWrk);
      const rows: Sample[] = [];
      for (let round = 0; round < ROUNDS; round++) rows.push(await measure(service, scenario, useWrk, true));
      console.log(
        `  WORKERS=${workers}: ${summary(rows.map((row) => row.load.requestsPerSecond), 0)} req/s, CPU ${summary(
          rows.map((row) => row.cpuMicrosPerRequest),
          1,
        )} us/request, p99 ${median(rows.map((row) => row.load.p99)).toFixed(2)} ms, resident memory ${residentMegabytes(service.child.pid ?? 0, true).toFixed(0)} MB`,
      );
    } finally {
      await service.stop();
    }
  }
}

/**
 * p99 at half the maximum rate, with and without the data changing under the load: a year's file
 * rewritten (a reviewer's note added, so the dataset version changes and the calendar core is rebuilt)
 * and SIGHUP sent every RELOAD_EVERY_MS. Target: p99 with reloads within twice p99 without.
 */
async function measureReloadUnderLoad(useWrk: boolean): Promise<void> {
  const scenario = SCENARIOS[0];
  if (scenario === undefined) return;
  const RELOAD_EVERY_MS = 500;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  cpSync(fileURLToPath(new URL('../../packages/core/data/', import.meta.url)), dataDir, { recursive: true });
  const yearFile = join(dataDir, '2015.json');
  const original = JSON.parse(readFileSync(yearFile, 'utf8')) as { entries: { notes?: string[] }[] };
  const service = await startService({ DATA_DIR: dataDir, RELOAD_INTERVAL_SECONDS: '0' });
  try {
    const full = await drive(service.baseUrl, scenario, { durationSeconds: DURATION, connections: CONNECTIONS }, useWrk);
    const rate = Math.max(100, Math.round(full.requestsPerSecond / 2));
    const quiet: number[] = [];
    const reloading: number[] = [];
    let reloads = 0;
    for (let round = 0; round < ROUNDS; round++) {
      quiet.push((await drive(service.baseUrl, scenario, { durationSeconds: DURATION, connections: CONNECTIONS, rate }, useWrk)).p99);
      const changes = { running: true };
      const changing = (async () => {
        while (changes.running) {
          await new Promise((resolve) => setTimeout(resolve, RELOAD_EVERY_MS));
          reloads += 1;
          original.entries[0] = { ...original.entries[0], notes: [`benchmark reload ${reloads}`] };
          writeFileSync(yearFile, JSON.stringify(original));
          service.child.kill('SIGHUP');
        }
      })();
      const load = await drive(service.baseUrl, scenario, { durationSeconds: DURATION, connections: CONNECTIONS, rate }, useWrk);
      changes.running = false;
      await changing;
      if (load.errors > 0 || load.non2xx > 0) failures.push(`reload under load: ${load.errors} errors, ${load.non2xx} answers not 2xx`);
      reloading.push(load.p99);
    }
    const ratio = median(reloading.map((p99, round) => p99 / (quiet[round] ?? p99)));
    console.log(
      `\nReload under load (${scenario.name} at ${rate} req/s, half the maximum; the data changed and reloaded every ${RELOAD_EVERY_MS} ms, ${reloads} reloads):` +
        `\n  p99 without reloads ${summary(quiet, 2)} ms, with reloads ${summary(reloading, 2)} ms; ratio ${ratio.toFixed(2)}  [target <= 2: ${verdict(ratio <= 2)}]`,
    );
  } finally {
    await service.stop();
  }
}

/** Clients of a flood, and the probe's steady rate beside it. */
const FLOOD_CONNECTIONS = 50;
const PROBE_RATE = 100;
/** A single date's p99 during a flood of any request / during a flood of single dates: at most this. */
const FLOOD_TARGET = 5;

/**
 * No request starves the others: FLOOD_CONNECTIONS keep-alive clients flood one kind of request
 * as fast as they can while a probe asks for single dates at PROBE_RATE req/s on connections of
 * its own. The probe's p99 beside each flood is compared, round by round and on the same service
 * process, with its p99 beside a flood of single dates.
 */
async function measureFloods(useWrk: boolean): Promise<void> {
  const single = SCENARIOS[0];
  if (single === undefined) return;
  const wantedFloods = flags.floods?.split(',');
  const floods = [...SCENARIOS, ...DISTANT_SCENARIOS].filter((scenario) =>
    wantedFloods === undefined ? scenario.expectedStatus === 200 && !['range-366', 'trading-range-366', 'range-366-csv', 'year-csv', 'dates-100', 'calendar-feed', 'single-date'].includes(scenario.name) : wantedFloods.includes(scenario.name),
  );
  const service = await startService({});
  const probeBeside = async (flood: Scenario): Promise<number> => {
    const [load, probe] = await Promise.all([
      drive(service.baseUrl, flood, { durationSeconds: DURATION, connections: FLOOD_CONNECTIONS }, useWrk),
      drive(service.baseUrl, single, { durationSeconds: DURATION, connections: 2, rate: PROBE_RATE }, false),
    ]);
    if (load.errors > 0 || probe.errors > 0 || load.non2xx > 0 || probe.non2xx > 0) {
      failures.push(`flood of ${flood.name}: ${load.errors + probe.errors} errors, ${load.non2xx + probe.non2xx} answers not 2xx`);
    }
    return probe.p99;
  };
  console.log(
    `\nFLOODS (${FLOOD_CONNECTIONS} clients flooding one request as fast as they can; a probe asks for single dates at ${PROBE_RATE} req/s beside them; p99 of the probe):`,
  );
  try {
    for (const flood of [single, ...floods]) await drive(service.baseUrl, flood, { durationSeconds: WARM_UP, connections: FLOOD_CONNECTIONS }, useWrk);
    const baseline: number[] = [];
    const beside = new Map<string, number[]>(floods.map((flood) => [flood.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      baseline.push(await probeBeside(single));
      for (const flood of floods) beside.get(flood.name)?.push(await probeBeside(flood));
    }
    console.log(`  flood of single-date         probe p99 ${summary(baseline, 2)} ms`);
    for (const flood of floods) {
      const p99 = beside.get(flood.name) ?? [];
      const ratio = median(p99.map((value, round) => value / (baseline[round] ?? value)));
      console.log(
        `  flood of ${flood.name.padEnd(19)} probe p99 ${summary(p99, 2)} ms, ${ratio.toFixed(2)} x beside single dates  [target <= ${FLOOD_TARGET}: ${verdict(ratio <= FLOOD_TARGET)}]`,
      );
    }
  } finally {
    await service.stop();
  }
}

/** The production build with its default configuration (only the port chosen). */
function startService(env: NodeJS.ProcessEnv): Promise<Started> {
  const port = nextPort++;
  return startServer(process.execPath, [CLI, 'serve'], { PORT: String(port), ...env }, port, PROBE);
}

await main();
