import { spawn } from 'node:child_process';
import { cliArguments } from './cli-bundle.js';
import { REPOSITORY, SOURCE_CONDITION } from './source-cli.js';

/**
 * The environment of a child process a test starts: only what running Node needs from the
 * caller's (its PATH, home, temporary folder, locale and time zone, and a coverage run's folder),
 * so that no setting of the caller's shell (PORT, DATA_DIR, SYNC_SOURCE, HTTP_PROXY, the test
 * runner's own context…) can change a result; then `env`.
 */
export function childEnvironment(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const kept = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_V8_COVERAGE'].filter((name) => process.env[name] !== undefined);
  return { ...Object.fromEntries(kept.map((name) => [name, process.env[name]])), ...env };
}

/** How a child process ended and what it wrote, byte for byte. */
export interface ProcessRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: Buffer;
  readonly stderr: Buffer;
}

/**
 * `node <args>` from the repository's root with its TypeScript sources (the source condition and
 * tsx), in a child process of `childEnvironment(env)`; killed after `timeoutMs`, so that a
 * process that does not end fails its test rather than hanging the suite.
 */
export function runSourceProcess(args: readonly string[], options: ProcessOptions = {}): Promise<ProcessRun> {
  return runNodeProcess([SOURCE_CONDITION, '--import', 'tsx', ...args], options);
}

interface ProcessOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
}

function runNodeProcess(args: readonly string[], options: ProcessOptions): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPOSITORY,
      env: childEnvironment(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr) });
    });
  });
}

/**
 * `china-calendar <args>` in a child process as a user runs it (`npm run cli -- <args>`), from the
 * sources bundled (test/helpers/cli-bundle.ts), its output kept as bytes.
 */
export async function runCliProcess(args: readonly string[], options: ProcessOptions = {}): Promise<ProcessRun> {
  return runNodeProcess([...(await cliArguments()), ...args], options);
}
