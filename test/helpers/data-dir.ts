import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_DATA_DIR } from './bundled-dataset.js';

/** A private copy of the bundled data directory, removed by the returned function. */
export function copyOfBundledData(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'china-calendar-data-'));
  cpSync(BUNDLED_DATA_DIR, dir, { recursive: true });
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns true (or throws after `timeoutMs`): for effects of file watching. */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
