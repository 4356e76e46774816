import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { BUNDLED_DATA_DIR } from './bundled-dataset.js';

/** A private copy of the bundled data directory, removed by the returned function. */
export function copyOfBundledData(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'china-calendar-data-'));
  cpSync(BUNDLED_DATA_DIR, dir, { recursive: true });
  return {
    dir,
    remove: () => {
      // Retried: a writer a test has just stopped (sync's schedule keeping its state) may still be
      // finishing an atomic write into the folder, which made the removal fail with ENOTEMPTY.
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** Private copies of the bundled data for one test file: each call makes one; all are removed when the file's tests end. */
export function dataCopies(): () => string {
  const removals: (() => void)[] = [];
  after(() => {
    // A removal that fails fails the file (its exit code) without throwing: a hook that throws
    // keeps node:test from running the file's later hooks, and a fake server they would have
    // closed then held the file open until CI's own timeout.
    for (const remove of removals.reverse()) {
      try {
        remove();
      } catch (error) {
        console.error('could not remove a copy of the bundled data:', error);
        process.exitCode = 1;
      }
    }
  });
  return () => {
    const { dir, remove } = copyOfBundledData();
    removals.push(remove);
    return dir;
  };
}

/** Every file of a directory and its text, to show that nothing was written. */
export function snapshotOf(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

/** Polls `check` until it returns true (or throws after `timeoutMs`): for effects of file watching. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
