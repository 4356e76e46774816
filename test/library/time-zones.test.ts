import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SOURCE_CONDITION } from '../helpers/source-cli.js';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const CHECKS = fileURLToPath(new URL('./china-dates.checks.ts', import.meta.url));

/** The library's date checks, each in a process of its own time zone: the farthest ahead, behind, and none. */
describe('the library reads dates alike in every time zone', () => {
  for (const zone of ['UTC', 'Asia/Shanghai', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago']) {
    it(`TZ=${zone}`, async () => {
      const { stdout } = await promisify(execFile)(process.execPath, [SOURCE_CONDITION, '--import', 'tsx', '--test', '--test-reporter=tap', CHECKS], {
        cwd: REPOSITORY,
        // Without the parent runner's context, the child reports in TAP on its own stdout.
        env: { ...withoutTestContext(process.env), TZ: zone },
      }).catch((error: unknown) => {
        const failed = error as { stdout?: string };
        assert.fail(`the date checks failed under TZ=${zone}:\n${failed.stdout ?? String(error)}`);
      });
      assert.match(stdout, /^# fail 0$/m);
      assert.match(stdout, /^# pass [1-9]/m);
    });
  }
});

function withoutTestContext(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'NODE_TEST_CONTEXT'));
}
