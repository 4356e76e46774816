import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { runImport, type ImportCommandOptions } from 'china-holiday-calendar-service/internal/commands/import.js';
import { runCommandLine } from 'china-holiday-calendar-service/internal/commands/command-line.js';
import { runSyncCommand, type SyncCommandOptions } from 'china-holiday-calendar-service/internal/commands/sync.js';

/** A stream that keeps what a command writes to it (its stdout or stderr), byte for byte. */
export class Collected extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk);
    done();
  }
  /** What was written, as the bytes a terminal would receive. */
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
  get text(): string {
    return this.bytes.toString('utf8');
  }
}

/** A command's exit code and what it wrote. */
export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command in this process on two collecting streams, its stdout and its stderr. */
export async function collectRun(command: (stdout: Collected, stderr: Collected) => Promise<number>): Promise<CommandRun> {
  const stdout = new Collected();
  const stderr = new Collected();
  const code = await command(stdout, stderr);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * `china-calendar <argv>` in this process, as the CLI runs it (the same argument reading and exit
 * codes), with exactly the environment variables of `env`, so that the caller's shell cannot
 * change a result. Not for `serve` or `mcp` with a valid configuration: they would keep running.
 */
export function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  return collectRun((stdout, stderr) => runCommandLine(argv, { env, stdout, stderr }));
}

/** The `sync` command in this process, its output collected. */
export function runSyncCollected(options: SyncCommandOptions): Promise<CommandRun> {
  return collectRun((stdout, stderr) => runSyncCommand(options, stdout, stderr));
}

/**
 * Publishes notice files into a data folder as `import` does (by default, this year by the clock),
 * as a writer beside a running service does; fails the test if the import refuses.
 */
export async function importNotices(dataDir: string, notices: readonly string[], options: Partial<ImportCommandOptions> = {}): Promise<void> {
  const run = await collectRun((stdout, stderr) => runImport(notices, { dataDir, dryRun: false, force: false, ...options }, stdout, stderr));
  assert.equal(run.code, 0, show(run));
}

/** A run as an assertion message shows it. */
export function show(run: { readonly code: number | null; readonly stdout: string | Buffer; readonly stderr: string | Buffer }): string {
  const text = (output: string | Buffer): string => output.toString().slice(0, 2000);
  return `exit ${String(run.code)}\n--- stdout\n${text(run.stdout)}\n--- stderr\n${text(run.stderr)}`;
}
