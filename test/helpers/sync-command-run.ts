import { Writable } from 'node:stream';
import { runSyncCommand, type SyncCommandOptions } from 'china-holiday-calendar-service/internal/commands/sync.js';

/** A stream that keeps what is written to it, as text. */
export class Collected extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The `sync` command in this process, its output collected. */
export async function runSyncCollected(options: SyncCommandOptions): Promise<CommandRun> {
  const out = new Collected();
  const err = new Collected();
  const code = await runSyncCommand(options, out, err);
  return { code, stdout: out.text, stderr: err.text };
}

/** A run as an assertion message shows it. */
export function show(run: CommandRun): string {
  return `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}
