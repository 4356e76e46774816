import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export interface Started {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** Milliseconds from spawning the process to the first answered request. */
  readonly startMs: number;
  stop(): Promise<void>;
}

/** Spawns a server process and waits until `probePath` answers (any status), polling every 2 ms. */
export async function startServer(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  port: number,
  probePath = '/',
  timeoutMs = 30_000,
): Promise<Started> {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const deadline = spawnedAt + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    if (await answers(port, probePath)) break;
    if (performance.now() > deadline) throw new Error(`${command} ${args.join(' ')} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const startMs = performance.now() - spawnedAt;
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    startMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function answers(port: number, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => {
        resolve(true);
      });
    });
    probe.on('error', () => {
      resolve(false);
    });
    probe.end();
  });
}

export interface FetchedAnswer {
  readonly status: number;
  readonly body: Buffer;
  readonly contentType: string;
  /** Name and value of every header as received, in order. */
  readonly rawHeaders: readonly string[];
}

/** GETs one path and returns status, headers and body. */
export function fetchBody(baseUrl: string, path: string, headers: Readonly<Record<string, string>> = {}): Promise<FetchedAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const call = request(url, { agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          contentType: String(response.headers['content-type']),
          rawHeaders: response.rawHeaders,
        });
      });
    });
    call.on('error', reject);
    call.end();
  });
}

/** Headers Node writes itself, or that Fastify sets from the body. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The service's response headers as a Fastify route would set them, without those Node or Fastify write. */
export function serviceHeaders(rawHeaders: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let at = 0; at + 1 < rawHeaders.length; at += 2) {
    const name = (rawHeaders[at] ?? '').toLowerCase();
    if (!OWN_HEADERS.has(name)) headers[name] = rawHeaders[at + 1] ?? '';
  }
  return headers;
}

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) used so far by a process and, for a cluster primary, by its
 * children, read from /proc: measured outside the server, so measuring costs it nothing.
 */
export function cpuSeconds(pid: number, withChildren: boolean): number {
  const pids = withChildren ? [pid, ...childrenOf(pid)] : [pid];
  return pids.reduce((total, each) => total + ticksOf(each), 0) / CLOCK_TICKS_PER_SECOND;
}

function ticksOf(pid: number): number {
  try {
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return children;
}

/** Resident memory of a process (and its children, for a cluster), megabytes. */
export function residentMegabytes(pid: number, withChildren: boolean): number {
  const pids = withChildren ? [pid, ...childrenOf(pid)] : [pid];
  return pids.reduce((total, each) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, 'utf8'));
      return total + Number(match?.[1] ?? 0) / 1024;
    } catch {
      return total;
    }
  }, 0);
}

/** Sends `count` GET requests cycling through `paths` over eight keep-alive connections, bodies read and dropped. */
export async function sendRequests(baseUrl: string, paths: readonly string[], count: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let sent = 0;
  const get = (path: string): Promise<void> =>
    new Promise((resolve, reject) => {
      request(`${baseUrl}${path}`, { agent }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
  try {
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (sent < count) await get(paths[sent++ % paths.length] ?? '/');
    }));
  } finally {
    agent.destroy();
  }
}
