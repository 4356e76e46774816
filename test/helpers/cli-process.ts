import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SOURCE_CLI } from './source-cli.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

export interface CliBytes {
  readonly code: number | null;
  /** What the terminal would receive, byte for byte. */
  readonly stdout: Buffer;
  readonly stderr: Buffer;
}

/** `china-calendar <args>` in a child process as a user runs it, its output kept as bytes. */
export function runCliBytes(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliBytes> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SOURCE_CLI, ...args], {
      cwd: REPOSITORY,
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, DATA_DIR: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    // A command that does not finish must not hang the suite.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr) });
    });
  });
}
