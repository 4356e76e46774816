import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly requestsPerSecond: number;
  /** Latency percentiles, milliseconds. */
  readonly p50: number;
  readonly p99: number;
  /** Connection errors and timeouts. */
  readonly errors: number;
  /** Answers whose status was not 2xx/3xx. */
  readonly non2xx: number;
}

export interface LoadOptions {
  readonly durationSeconds: number;
  readonly connections: number;
  /** Requests per second for the whole run; unset: as fast as possible. */
  readonly rate?: number;
}

const run = promisify(execFile);

/** Whether wrk (a C load generator, lighter than any Node one) is installed. */
export async function hasWrk(): Promise<boolean> {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return typeof error === 'object' && error !== null && 'stdout' in error && String(error.stdout).startsWith('wrk');
  }
}

/** What a load asks: request paths to cycle through, each sent with these headers (an Accept for CSV). */
export interface Requests {
  readonly paths: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Drives `baseUrl` with GET requests cycling through `requests.paths`: with wrk when it is installed and
 * no fixed rate is asked, otherwise with autocannon (which also does fixed rates).
 */
export async function drive(baseUrl: string, requests: Requests, options: LoadOptions, useWrk: boolean): Promise<LoadResult> {
  return useWrk && options.rate === undefined ? driveWithWrk(baseUrl, requests, options) : driveWithAutocannon(baseUrl, requests, options);
}

async function driveWithWrk(baseUrl: string, { paths, headers = {} }: Requests, options: LoadOptions): Promise<LoadResult> {
  const script = join(mkdtempSync(join(tmpdir(), 'bench-wrk-')), 'paths.lua');
  writeFileSync(
    script,
    `local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }
local headers = { ${Object.entries(headers).map(([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`).join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"us":%d,"errors":%d,"non2xx":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`,
  );
  const { stdout } = await run('wrk', ['-t1', `-c${options.connections}`, `-d${options.durationSeconds}s`, '-s', script, baseUrl], {
    maxBuffer: 1 << 24,
  });
  const line = stdout.split('\n').find((text) => text.startsWith('RESULT '));
  if (line === undefined) throw new Error(`wrk printed no result:\n${stdout}`);
  const result = JSON.parse(line.slice(7)) as { requests: number; us: number; errors: number; non2xx: number; p50: number; p99: number };
  const seconds = result.us / 1e6;
  return {
    requests: result.requests,
    seconds,
    requestsPerSecond: result.requests / seconds,
    p50: result.p50 / 1000,
    p99: result.p99 / 1000,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function driveWithAutocannon(baseUrl: string, { paths, headers = {} }: Requests, options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.rate === undefined ? {} : { overallRate: options.rate }),
    requests: [
      {
        setupRequest: (request) => {
          next = (next + 1) % paths.length;
          return { ...request, path: paths[next] ?? '/', headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
  const seconds = options.durationSeconds;
  return {
    requests: result.requests.total,
    seconds,
    requestsPerSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
