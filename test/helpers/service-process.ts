import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { after } from 'node:test';
import { cliArguments } from './cli-bundle.js';
import { childEnvironment } from './cli-process.js';
import { freePort } from './free-port.js';
import { CLI_SOURCE, REPOSITORY, SOURCE_CONDITION } from './source-cli.js';

export interface ProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** `china-calendar serve` in a child process, as an operator runs it. */
export interface ServiceProcess {
  readonly port: number;
  readonly child: ChildProcess;
  /** Its standard output and error so far (JSON log lines). */
  output(): string;
  readonly exited: Promise<ProcessExit>;
  /** How it exited, or `still running` after `timeoutMs`. */
  exitWithin(timeoutMs: number): Promise<ProcessExit | 'still running'>;
  /** Signals the process, or with `group` every process of its group (as systemd stops a service). */
  signal(signal: NodeJS.Signals, options?: { group?: boolean }): void;
  /** Resolves once `pattern` has matched `count` log lines; fails after `timeoutMs`, or when the process ends first. */
  logged(pattern: RegExp, count?: number, timeoutMs?: number): Promise<string[]>;
}

/** The services a test file started: any process of their groups still running when its tests end is killed. */
const started: ServiceProcess[] = [];
after(() => {
  for (const service of started) {
    try {
      service.signal('SIGKILL', { group: true });
    } catch {
      // ESRCH: that group has ended.
    }
  }
});

/**
 * Starts the service on a free port with `env` (on top of the data directory's reload off and
 * info logs; nothing of the caller's shell) and resolves once it listens and answers. Unless
 * `waitListening` is false, WORKERS=N waits for N workers. With `moduleByModule`, the CLI runs
 * from its TypeScript sources under tsx, each source its own module (as the built package loads
 * them), for a test that looks at which modules are loaded; otherwise from the sources' bundle
 * (test/helpers/cli-bundle.ts), which starts on half the CPU.
 */
export async function startServiceProcess(
  env: Record<string, string> = {},
  options: { waitListening?: boolean; moduleByModule?: boolean } = {},
): Promise<ServiceProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const cli = options.moduleByModule === true ? [SOURCE_CONDITION, '--import', 'tsx', CLI_SOURCE] : await cliArguments();
  const child = spawn(process.execPath, [...cli, 'serve'], {
    cwd: REPOSITORY,
    env: childEnvironment({ RELOAD_INTERVAL_SECONDS: '0', LOG_LEVEL: 'info', ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a test can signal the primary and its workers at once.
    detached: true,
  });
  let output = '';
  /** Checked at each chunk of output and at the exit: the waits of `logged`. */
  const waiters = new Set<() => void>();
  const heard = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout.on('data', heard);
  child.stderr.on('data', heard);
  const exited = new Promise<ProcessExit>((resolve) =>
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
      for (const check of waiters) check();
    }),
  );
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
    logged(pattern, count = 1, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const finish = (outcome: () => void): void => {
          waiters.delete(check);
          clearTimeout(timer);
          outcome();
        };
        const fail = (why: string): void => {
          finish(() => reject(new Error(`no ${count} log lines matching ${String(pattern)} ${why}:\n${output.slice(-3000)}`)));
        };
        const check = (): void => {
          const lines = output.split('\n').filter((line) => pattern.test(line));
          if (lines.length >= count) finish(() => resolve(lines));
          else if (child.exitCode !== null || child.signalCode !== null) fail(`(exited: ${String(child.exitCode ?? child.signalCode)})`);
        };
        const timer = setTimeout(() => fail(`within ${timeoutMs} ms`), timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  started.push(service);
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
