import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { SOURCE_CLI } from './source-cli.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** `china-calendar serve` in a child process, as an operator runs it. */
export interface ServiceProcess {
  readonly port: number;
  readonly child: ChildProcess;
  /** Its standard output so far (JSON log lines). */
  output(): string;
  readonly exited: Promise<ProcessExit>;
  /** How it exited, or `still running` after `timeoutMs`. */
  exitWithin(timeoutMs: number): Promise<ProcessExit | 'still running'>;
  /** Signals the process, or with `group` every process of its group (as systemd stops a service). */
  signal(signal: NodeJS.Signals, options?: { group?: boolean }): void;
  /** Resolves once `pattern` has matched `count` log lines; fails after `timeoutMs`. */
  logged(pattern: RegExp, count?: number, timeoutMs?: number): Promise<string[]>;
}

/**
 * Starts the service on a free port with `env` (the data directory's reload off, info logs) and
 * resolves once it listens. Unless `waitListening` is false, WORKERS=N waits for N workers.
 */
export async function startServiceProcess(env: Record<string, string> = {}, options: { waitListening?: boolean } = {}): Promise<ServiceProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [...SOURCE_CLI, 'serve'], {
    cwd: REPOSITORY,
    env: { ...process.env, RELOAD_INTERVAL_SECONDS: '0', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a test can signal the primary and its workers at once.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ProcessExit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const service: ServiceProcess = {
    port,
    child,
    output: () => output,
    exited,
    exitWithin: (timeoutMs) => Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), timeoutMs).unref())]),
    signal(signal, { group = false } = {}) {
      const pid = child.pid ?? 0;
      process.kill(group ? -pid : pid, signal);
    },
    async logged(pattern, count = 1, timeoutMs = 30_000) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const lines = output.split('\n').filter((line) => pattern.test(line));
        if (lines.length >= count) return lines;
        if (performance.now() > deadline || child.exitCode !== null) {
          throw new Error(`no ${count} log lines matching ${String(pattern)} (exit ${String(child.exitCode)}):\n${output.slice(-3000)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  if (options.waitListening !== false) {
    await service.logged(/service listening/, Number(env.WORKERS ?? 1));
    await answers(port, '/healthz');
  }
  return service;
}

/** The status of one GET on a connection of its own, closed after the answer. */
export function answers(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end();
  });
}

/** The pids of the processes that logged `service listening` (the workers, with WORKERS > 1). */
export function listeningPids(service: ServiceProcess): number[] {
  return service
    .output()
    .split('\n')
    .filter((line) => line.includes('service listening'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}
