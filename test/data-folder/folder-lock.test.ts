/**
 * The data folder's publication lock over real processes: a `sign` while another process (a
 * writer re-sealing) holds the lock waits, then signs once it is released; a lock left by a
 * process that died is taken over; the lock is never data (manifest, /dataset/).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PUBLICATION_LOCK_FILE_NAME } from 'china-holiday-calendar-service/internal/data-folder/folder-lock.js';
import { cliArguments } from '../helpers/cli-bundle.js';
import { childEnvironment, runCliProcess, runSourceProcess } from '../helpers/cli-process.js';
import { dataCopies } from '../helpers/data-dir.js';
import { REPOSITORY, SOURCE_CONDITION } from '../helpers/source-cli.js';

const dataCopy = dataCopies();

/** A process holding the folder's lock through the folder's own lock code (as a writer's re-seal does) until its stdin ends. */
function lockHolder(dir: string): ChildProcessWithoutNullStreams {
  const code = `
    import { withFolderLock } from 'china-holiday-calendar-service/internal/data-folder/folder-lock.js';
    await withFolderLock(${JSON.stringify(dir)}, async () => {
      process.stdout.write('held\\n');
      for await (const _ of process.stdin);
    });
    process.stdout.write('released\\n');`;
  return spawn(process.execPath, [SOURCE_CONDITION, '--import', 'tsx', '--input-type=module', '--eval', code], { cwd: REPOSITORY, env: childEnvironment() });
}

/** Resolves once `stream` has written text matching `pattern`. */
function written(stream: NodeJS.ReadableStream, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (pattern.test(text)) resolve(text);
    });
    stream.on('end', () => {
      if (!pattern.test(text)) reject(new Error(`ended without ${String(pattern)}: ${text}`));
    });
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on('close', (code) => resolve(code)));
}

describe('the data folder\'s publication lock', () => {
  it('makes a sign wait while a writer holds it, and sign once it is released', async () => {
    const dir = dataCopy();
    const holder = lockHolder(dir);
    const holderExit = exitOf(holder);
    await written(holder.stdout, /held/);
    const lock = JSON.parse(readFileSync(join(dir, PUBLICATION_LOCK_FILE_NAME), 'utf8')) as { pid: number; host: string; since: string };
    assert.equal(lock.pid, holder.pid);
    assert.equal(lock.host, hostname());

    const sign = spawn(process.execPath, [...(await cliArguments()), 'sign', '--data-dir', dir], { cwd: REPOSITORY, env: childEnvironment() });
    const signExit = exitOf(sign);
    const stdout = written(sign.stdout, /sequence/);
    const waiting = await written(sign.stderr, /waiting for process/);
    assert.match(waiting, new RegExp(`waiting for process ${String(holder.pid)} on ${hostname()}`), 'the holder is named');
    const manifestWhileHeld = readFileSync(join(dir, 'manifest.json'), 'utf8');

    holder.stdin.end();
    assert.equal(await holderExit, 0);
    assert.equal(await signExit, 0);
    assert.match(await stdout, /sequence \d+/);
    assert.notEqual(readFileSync(join(dir, 'manifest.json'), 'utf8'), manifestWhileHeld, 'signed after the release');
    assert.equal(existsSync(join(dir, PUBLICATION_LOCK_FILE_NAME)), false, 'sign released its lock');
  });

  it('takes over a lock left by a process of this host that is gone', async () => {
    const dir = dataCopy();
    const gone = spawn(process.execPath, ['--eval', '']);
    const pid = gone.pid ?? 0;
    await exitOf(gone);
    writeFileSync(join(dir, PUBLICATION_LOCK_FILE_NAME), `${JSON.stringify({ pid, host: hostname(), since: new Date().toISOString() })}\n`);

    const run = await runCliProcess(['sign', '--data-dir', dir]);
    assert.equal(run.code, 0, run.stderr.toString('utf8'));
    assert.doesNotMatch(run.stderr.toString('utf8'), /waiting/);
    assert.equal(existsSync(join(dir, PUBLICATION_LOCK_FILE_NAME)), false);
    assert.doesNotMatch(readFileSync(join(dir, 'manifest.json'), 'utf8'), /lock/, 'the manifest lists no lock');
  });

  it('gives up after its wait on a live holder, naming it, and writes nothing', async () => {
    const dir = dataCopy();
    // This test's own process is alive: its lock is no stale one.
    writeFileSync(join(dir, PUBLICATION_LOCK_FILE_NAME), `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`);
    const manifest = readFileSync(join(dir, 'manifest.json'), 'utf8');
    const code = `
      import { withFolderLock } from 'china-holiday-calendar-service/internal/data-folder/folder-lock.js';
      try {
        await withFolderLock(${JSON.stringify(dir)}, async () => process.stdout.write('ran'), { waitMs: 0, staleMs: 600000, pollMs: 10 });
      } catch (error) {
        process.stderr.write(error.message);
        process.exitCode = 3;
      }`;
    const run = await runSourceProcess(['--input-type=module', '--eval', code]);
    assert.equal(run.code, 3);
    assert.equal(run.stdout.toString('utf8'), '');
    assert.match(run.stderr.toString('utf8'), new RegExp(`locked by process ${String(process.pid)} on ${hostname()}`));
    assert.equal(readFileSync(join(dir, 'manifest.json'), 'utf8'), manifest);
    assert.ok(existsSync(join(dir, PUBLICATION_LOCK_FILE_NAME)), 'the holder\'s lock is left to it');
  });
});
