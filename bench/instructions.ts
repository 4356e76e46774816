/**
 * `npm run bench:instructions`: instructions executed per request (valgrind's callgrind), for the
 * service and the two floors of `npm run bench`, scenario by scenario, and for a third floor: the
 * minimal Fastify route sending the service's own response headers, which prices those headers. Unlike CPU time on a
 * shared machine, the count repeats within a few per cent from run to run, so it shows where a
 * ratio stands and what a change is worth; `npm run bench` remains the measure of time. Kernel
 * work (system calls, the TCP stack) is not counted: it is about the same for all three servers,
 * so instruction ratios are lower (stricter) than CPU-time ratios.
 *
 * Each server runs under callgrind with instrumentation off while it is warmed up with WARM_UP
 * requests (so that its code is optimised by the JIT, which takes many more requests under
 * valgrind than its start-up figures suggest: counts after 3 000 requests were up to 15% higher).
 * Then instrumentation is switched on for REQUESTS requests over eight keep-alive connections,
 * and dumped: the dump holds exactly their instructions, in every thread of the process (garbage
 * collection and compiler threads included). Two servers are measured at a time.
 *
 *   npm run bench:instructions [-- --requests 20000 --warm-up 40000 --scenario single-date --keep]
 *
 * Needs valgrind (`apt-get install valgrind`). `--keep` keeps the callgrind files, to be read
 * with `callgrind_annotate` (start the servers with `node --perf-basic-prof` to name JIT frames).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { fetchBody, startServer, type Started } from './processes.js';
import { SCENARIOS, type Scenario } from './scenarios.js';

const { values: flags } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    'warm-up': { type: 'string', default: '40000' },
    scenario: { type: 'string', multiple: true },
    keep: { type: 'boolean', default: false },
  },
});
const REQUESTS = Number(flags.requests);
const WARM_UP = Number(flags['warm-up']);
const CLI = fileURLToPath(new URL('../src/cli.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-server.js', import.meta.url));
const MINIMAL = fileURLToPath(new URL('./fastify-server.js', import.meta.url));
const PROBE = '/v1/china-calendar/dates/2024-01-01';
/** Under valgrind a server starts some fifty times slower than on its own. */
const START_TIMEOUT_MS = 300_000;
const run = promisify(execFile);

type ServerName = 'service' | 'bare' | 'minimal' | 'withHeaders';

/** Headers Node writes itself, or that Fastify sets from the body. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
let nextPort = 19_300;

async function main(): Promise<void> {
  if (!(await hasCallgrind())) {
    console.error('bench:instructions needs valgrind (apt-get install valgrind); nothing was measured.');
    process.exitCode = 2;
    return;
  }
  const wanted = flags.scenario;
  const scenarios = wanted === undefined ? SCENARIOS : SCENARIOS.filter((scenario) => wanted.includes(scenario.name));
  const outDir = mkdtempSync(join(tmpdir(), 'bench-callgrind-'));
  console.log(`Instructions per request (callgrind), ${REQUESTS} requests after ${WARM_UP} to warm up, node ${process.version}`);
  console.log('scenario        service     bare  minimal  minimal+headers   service/bare  service/minimal  service/(minimal+headers)');
  try {
    for (const scenario of scenarios) {
      const counts = await measureScenario(scenario, outDir);
      console.log(
        `${scenario.name.padEnd(14)} ${thousands(counts.service)} ${thousands(counts.bare)} ${thousands(counts.minimal)} ${thousands(counts.withHeaders).padStart(16)}` +
          `   ${ratio(counts.bare, counts.service).padStart(12)}  ${ratio(counts.minimal, counts.service).padStart(15)}  ${ratio(counts.withHeaders, counts.service).padStart(25)}`,
      );
    }
  } finally {
    if (flags.keep) console.log(`callgrind files: ${outDir}`);
    else rmSync(outDir, { recursive: true, force: true });
  }
}

async function measureScenario(scenario: Scenario, outDir: string): Promise<Record<ServerName, number>> {
  // The bytes the floors send: the service's own answer to the scenario's first path.
  const plain = await startServer(process.execPath, [CLI, 'serve'], { PORT: String(nextPort) }, nextPort++, PROBE);
  const sample = await fetchBody(plain.baseUrl, scenario.paths[0] ?? '/');
  await plain.stop();
  const bodyFile = join(outDir, `${scenario.name}.body`);
  writeFileSync(bodyFile, sample.body);
  const headersFile = join(outDir, `${scenario.name}.headers.json`);
  writeFileSync(headersFile, JSON.stringify(serviceHeaders(sample.rawHeaders)));

  const launch = (name: ServerName, args: readonly string[], env: NodeJS.ProcessEnv, port: number): Promise<Started> =>
    startServer(
      'valgrind',
      ['--tool=callgrind', '--quiet', '--smc-check=all-non-file', '--instr-atstart=no', `--callgrind-out-file=${join(outDir, `${scenario.name}.${name}.%p`)}`, process.execPath, ...args],
      env,
      port,
      PROBE,
      START_TIMEOUT_MS,
    );
  const ports = { service: nextPort++, bare: nextPort++, minimal: nextPort++, withHeaders: nextPort++ };
  // Started together (start-up is the slow part under valgrind), measured one at a time.
  const servers = await Promise.all([
    launch('service', [CLI, 'serve'], { PORT: String(ports.service) }, ports.service),
    launch('bare', [BARE, String(ports.bare), bodyFile, sample.contentType], {}, ports.bare),
    launch('minimal', [MINIMAL, String(ports.minimal), bodyFile], {}, ports.minimal),
    launch('withHeaders', [MINIMAL, String(ports.withHeaders), bodyFile, headersFile], {}, ports.withHeaders),
  ]);
  const measured: number[] = [];
  try {
    // Two at a time: one per core.
    for (let at = 0; at < servers.length; at += 2) {
      const pair = servers.slice(at, at + 2).map((server, offset) =>
        countPerRequest(server, scenario, outDir, at + offset === 0 ? scenario.expectedStatus : 200),
      );
      measured.push(...(await Promise.all(pair)));
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  const [service = NaN, bare = NaN, minimal = NaN, withHeaders = NaN] = measured;
  return { service, bare, minimal, withHeaders };
}

async function countPerRequest(server: Started, scenario: Scenario, outDir: string, expectedStatus: number): Promise<number> {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('no pid');
  await sendRequests(server.baseUrl, scenario, WARM_UP, expectedStatus);
  await run('callgrind_control', ['--instr=on', String(pid)]);
  await sendRequests(server.baseUrl, scenario, REQUESTS, expectedStatus);
  return (await dumpedInstructions(pid, outDir)) / REQUESTS;
}

/** Asks callgrind for the (first) dump of a process, waits until it is written, and returns its total. */
async function dumpedInstructions(pid: number, outDir: string): Promise<number> {
  await run('callgrind_control', ['--dump', String(pid)]);
  const suffix = `.${pid}.1`;
  for (let waited = 0; waited < 60_000; waited += 100) {
    const file = readdirSync(outDir).find((name) => name.endsWith(suffix));
    // The summary line comes first, the totals line last: a file with both is complete.
    const text = file === undefined ? '' : readFileSync(join(outDir, file), 'utf8');
    const summary = /^summary: (\d+)$/m.exec(text);
    if (summary !== null && /^totals: /m.test(text)) return Number(summary[1]);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`callgrind wrote no complete dump ${suffix}`);
}

/** `count` GETs over eight keep-alive connections, cycling through the scenario's paths; fails on another status. */
async function sendRequests(baseUrl: string, scenario: Scenario, count: number, expectedStatus: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let sent = 0;
  const worker = async (): Promise<void> => {
    while (sent < count) {
      const path = scenario.paths[sent++ % scenario.paths.length] ?? '/';
      const status = await get(`${baseUrl}${path}`, agent);
      if (status !== expectedStatus) throw new Error(`${scenario.name}: ${path} answered ${status}, expected ${expectedStatus}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: 8 }, worker));
  } finally {
    agent.destroy();
  }
}

function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve(response.statusCode ?? 0);
      });
    });
    call.on('error', reject);
    call.end();
  });
}

async function hasCallgrind(): Promise<boolean> {
  try {
    await run('valgrind', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** The service's response headers as a Fastify route would set them, without those Node or Fastify write. */
function serviceHeaders(rawHeaders: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let at = 0; at + 1 < rawHeaders.length; at += 2) {
    const name = (rawHeaders[at] ?? '').toLowerCase();
    if (!OWN_HEADERS.has(name)) headers[name] = rawHeaders[at + 1] ?? '';
  }
  return headers;
}

/** The floor's count over the service's: 1.00 is as cheap as the floor. */
function ratio(floor: number, service: number): string {
  return (floor / service).toFixed(2);
}

function thousands(count: number): string {
  return `${(count / 1000).toFixed(1)}k`.padStart(8);
}

await main();
