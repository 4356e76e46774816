import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runSourceProcess } from '../helpers/cli-process.js';

const CHECKS = fileURLToPath(new URL('./china-dates.checks.ts', import.meta.url));

/** The library's date checks, each in a process of its own time zone: the farthest ahead, behind, and none. */
describe('the library reads dates alike in every time zone', () => {
  for (const zone of ['UTC', 'Asia/Shanghai', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago']) {
    it(`TZ=${zone}`, async () => {
      // The checks run in the child itself (no --test: that would start a runner and then one more
      // process for the file). Without the parent runner's context (childEnvironment passes none
      // on), it reports in TAP on its own stdout, and exits 1 when a check fails.
      const run = await runSourceProcess(['--test-reporter=tap', CHECKS], { env: { TZ: zone } });
      const stdout = run.stdout.toString();
      assert.equal(run.code, 0, `the date checks failed under TZ=${zone}:\n${stdout}${run.stderr.toString()}`);
      assert.match(stdout, /^# fail 0$/m);
      assert.match(stdout, /^# pass [1-9]/m);
    });
  }
});
