/**
 * `npm run bench:instructions`: instructions per request under valgrind's callgrind, for every
 * scenario, of the service and of its same-bytes floor (bare node:http replaying the service's own
 * answer: status, headers in order with a fresh request id, body). Counts repeat within a few per
 * cent where CPU time on a shared machine swings by a third; see BENCHMARKS.md.
 *
 *   npm run bench:instructions [-- --scenarios single-date,problem-400 --requests 20000 --warm-up 40000 --relative]
 *   npm run bench:instructions -- --accept-encoding 'gzip, deflate, br'   (requests as a browser sends them)
 *   npm run bench:instructions -- --mcp [--scenarios single-date]   (each MCP tool call against the REST answer it mirrors)
 *
 * Then every valid JSON request against a single date (the distant-future scenarios included):
 * none may cost more than RELATIVE_TARGET times a single date, the documented bulk answers (the
 * 366-day range and the feed) aside.
 *
 * Runs with the node that runs it: `PATH="$(dirname "$(npx -y node@24 -p process.execPath)"):$PATH"
 * npm run bench:instructions` for Node 24.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { promisify } from 'node:util';
import { fetchBody, startServer } from './processes.js';
import { DISTANT_SCENARIOS, namedScenarios, SCENARIOS, type Scenario } from './scenarios.js';

const { values: flags } = parseArgs({
  options: {
    // The first of the loopback ports the run takes, one per server: another run beside it needs other ports.
    port: { type: 'string', default: '19600' },
    scenarios: { type: 'string' },
    requests: { type: 'string', default: '20000' },
    'warm-up': { type: 'string', default: '40000' },
    /** Sent with every request (the floor replays the service's answer to it): what compression costs and saves. */
    'accept-encoding': { type: 'string' },
    // Only the service's counts against a single date's (no floors): the relative table alone.
    relative: { type: 'boolean', default: false },
    // Each scenario's requests as MCP tool calls (POST /mcp) against the same requests over REST: the service only.
    mcp: { type: 'boolean', default: false },
  },
});

const CLI = fileURLToPath(new URL('../../packages/service/dist/bundle/cli.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./same-headers-server.js', import.meta.url));
const COUNT_SCRIPT = fileURLToPath(new URL('../../bench/callgrind-count.sh', import.meta.url));
const PROBE = '/v1/china-calendar/dates/2024-01-01';

/** floor/service each operation must reach (the performance issue's targets). */
const TARGETS: Readonly<Record<string, number>> = {
  'single-date': 0.93,
  'next-holiday': 0.93,
  'workdays-366': 0.93,
  'workday-offset': 0.93,
  'year-overview': 0.93,
  'range-366': 0.9,
  'calendar-feed': 0.9,
  'problem-400': 0.9,
  // The exchanges' calendar (/markets/{market}/…): the date operations' targets, the range a bulk answer as theirs.
  'trading-date': 0.93,
  'trading-days-366': 0.93,
  'trading-offset': 0.93,
  'trading-range-366': 0.9,
};

const acceptEncoding = flags['accept-encoding'];
/** Service instructions of a valid JSON request / those of a single date: at most this. */
const RELATIVE_TARGET = 10;
/** The documented bulk answers, and the one invalid request: not held to RELATIVE_TARGET. */
const NOT_RELATIVE = new Set(['range-366', 'trading-range-366', 'range-366-csv', 'year-csv', 'dates-100', 'calendar-feed', 'problem-400']);

let nextPort = Number(flags.port);

async function count(paths: string, port: number, command: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { stdout } = await promisify(execFile)('bash', [COUNT_SCRIPT, String(port), paths, '--', ...command], {
    env: { ...process.env, ...env, WARM_UP: flags['warm-up'], REQUESTS: flags.requests, ...(acceptEncoding === undefined ? {} : { ACCEPT_ENCODING: acceptEncoding }) },
    maxBuffer: 1024 * 1024,
  });
  const match = /^(\d+) instructions per request/m.exec(stdout);
  if (match === null) throw new Error(`no count in: ${stdout}`);
  return Number(match[1]);
}

async function countService(pathsFile: string, scenario: Scenario): Promise<number> {
  const port = nextPort++;
  return count(pathsFile, port, [process.execPath, CLI, 'serve'], { PORT: String(port), LOG_LEVEL: 'silent', RELOAD_INTERVAL_SECONDS: '0', ...acceptOf(scenario) });
}

/** The Accept header a scenario's requests carry, for the counting client (callgrind-count.sh reads ACCEPT). */
function acceptOf(scenario: Scenario): NodeJS.ProcessEnv {
  const accept = scenario.headers?.accept;
  return accept === undefined ? {} : { ACCEPT: accept };
}

function writePaths(work: string, scenario: Scenario): string {
  const pathsFile = join(work, `${scenario.name}.paths`);
  writeFileSync(pathsFile, `${scenario.paths.join('\n')}\n`);
  return pathsFile;
}

async function main(): Promise<void> {
  const scenarios = namedScenarios(SCENARIOS, flags.scenarios);
  const serviceCounts = new Map<string, number>();
  const work = mkdtempSync(join(tmpdir(), 'bench-instructions-'));
  console.log(
    `Instructions per request under callgrind, node ${process.version}: ${flags['warm-up']} requests to warm up, ${flags.requests} counted` +
      (acceptEncoding === undefined ? '' : `, Accept-Encoding: ${acceptEncoding}`),
  );
  if (flags.mcp) {
    await mcpAgainstRest(work, scenarios);
    return;
  }
  if (flags.relative) {
    for (const scenario of scenarios) {
      serviceCounts.set(scenario.name, await countService(writePaths(work, scenario), scenario));
      console.log(`  counted ${scenario.name}: ${String(serviceCounts.get(scenario.name))}`);
    }
    await relativeToSingleDate(work, serviceCounts);
    return;
  }
  console.log('  scenario          service   same-bytes floor   floor/service   target');
  for (const scenario of scenarios) {
    // The floor replays the service's own answer to the scenario's first request.
    const port = nextPort++;
    const sample = await startServer(process.execPath, [CLI, 'serve'], { PORT: String(port), LOG_LEVEL: 'silent' }, port, PROBE);
    const answer = await fetchBody(sample.baseUrl, scenario.paths[0] ?? '/', { ...scenario.headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) });
    await sample.stop();
    const dropped = new Set(['date', 'connection', 'keep-alive']);
    const headers = answer.rawHeaders.flatMap((value, at, all) => (at % 2 === 0 && !dropped.has(value.toLowerCase()) ? [value, all[at + 1] ?? ''] : []));
    const answerFile = join(work, `${scenario.name}.answer.json`);
    writeFileSync(answerFile, JSON.stringify({ status: answer.status, headers, body: answer.body.toString('base64') }));
    const pathsFile = writePaths(work, scenario);
    const service = await countService(pathsFile, scenario);
    serviceCounts.set(scenario.name, service);
    const floorPort = nextPort++;
    const floor = await count(pathsFile, floorPort, [process.execPath, FLOOR, String(floorPort), answerFile], acceptOf(scenario));
    const ratio = floor / service;
    const target = TARGETS[scenario.name];
    console.log(
      `  ${scenario.name.padEnd(16)} ${String(service).padStart(8)}   ${String(floor).padStart(16)}   ${ratio.toFixed(2).padStart(13)}   ${
        target === undefined ? '' : `>= ${target}: ${ratio >= target ? 'met' : 'NOT met'}`
      }`,
    );
  }
  await relativeToSingleDate(work, serviceCounts);
}

/** A tool call may cost at most this many times the REST answer it mirrors. */
const MCP_TARGET = 2;

/** The tool each REST scenario's request is, with its arguments read from the request's path. */
const MCP_TOOLS: Readonly<Record<string, (url: URL) => readonly [string, Readonly<Record<string, unknown>>]>> = {
  'single-date': (url) => ['get_date_status', { date: url.pathname.split('/').at(-1) }],
  'range-366': (url) => ['list_date_range', Object.fromEntries(url.searchParams)],
  'workdays-366': (url) => ['count_workdays', Object.fromEntries(url.searchParams)],
  'next-holiday': (url) => ['get_next_holiday', Object.fromEntries(url.searchParams)],
  'workday-offset': (url) => ['add_workdays', { fromDate: url.searchParams.get('fromDate'), days: Number(url.searchParams.get('days')) }],
  'year-overview': (url) => ['get_year_overview', { year: Number(url.pathname.split('/').at(-1)) }],
};

/** Each scenario that has a tool: the service answering it over REST, then the same requests as tools/call. */
async function mcpAgainstRest(work: string, scenarios: readonly Scenario[]): Promise<void> {
  console.log('  scenario          REST   tools/call   tools/call / REST   target');
  for (const scenario of scenarios) {
    const toolOf = MCP_TOOLS[scenario.name];
    if (toolOf === undefined) continue;
    const rest = await countService(writePaths(work, scenario), scenario);
    const bodies = scenario.paths.map((path, at) => {
      const [name, args] = toolOf(new URL(path, 'http://localhost'));
      return JSON.stringify({ jsonrpc: '2.0', id: at, method: 'tools/call', params: { name, arguments: args } });
    });
    const bodiesFile = join(work, `${scenario.name}.mcp`);
    writeFileSync(bodiesFile, `${bodies.join('\n')}\n`);
    const port = nextPort++;
    const mcp = await count(bodiesFile, port, [process.execPath, CLI, 'serve'], { PORT: String(port), LOG_LEVEL: 'silent', RELOAD_INTERVAL_SECONDS: '0', POST_PATH: '/mcp' });
    const ratio = mcp / rest;
    console.log(
      `  ${scenario.name.padEnd(16)} ${String(rest).padStart(7)}   ${String(mcp).padStart(10)}   ${ratio.toFixed(2).padStart(17)}   <= ${MCP_TARGET}: ${ratio <= MCP_TARGET ? 'met' : 'NOT met'}`,
    );
  }
}

/** Every valid JSON request's instructions against a single date's, the distant ones counted here. */
async function relativeToSingleDate(work: string, counted: Map<string, number>): Promise<void> {
  const single = counted.get('single-date');
  if (single === undefined) return;
  const distant = namedScenarios(DISTANT_SCENARIOS, flags.scenarios);
  console.log(`\nEvery valid JSON request against a single date (service only; bulk answers aside):`);
  console.log('  scenario             service   x single date   target');
  for (const scenario of distant) {
    counted.set(scenario.name, await countService(writePaths(work, scenario), scenario));
    console.log(`  counted ${scenario.name}: ${String(counted.get(scenario.name))}`);
  }
  for (const [name, service] of counted) {
    if (NOT_RELATIVE.has(name)) continue;
    const ratio = service / single;
    console.log(
      `  ${name.padEnd(19)} ${String(service).padStart(8)}   ${ratio.toFixed(2).padStart(13)}   <= ${RELATIVE_TARGET}: ${ratio <= RELATIVE_TARGET ? 'met' : 'NOT met'}`,
    );
  }
}

await main();
