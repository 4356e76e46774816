import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';

const HOOK = 'https://hooks.example/calendar';
const SECRET = `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`;

function refused(env: NodeJS.ProcessEnv, message: RegExp): void {
  assert.throws(() => readConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
}

describe('the webhook settings', () => {
  it('take a Standard Webhooks secret (whsec_ and base64) with WEBHOOK_URLS', () => {
    const config = readConfig({ WEBHOOK_URLS: ` ${HOOK} ,https://second.example/hook`, WEBHOOK_SECRET: SECRET });
    assert.deepEqual(config.webhooks, { urls: [HOOK, 'https://second.example/hook'], secret: SECRET });
  });

  it('refuse WEBHOOK_URLS without a secret, and a secret that is not whsec_ and base64, in one line each', () => {
    refused({ WEBHOOK_URLS: HOOK }, /^WEBHOOK_URLS needs WEBHOOK_SECRET/);
    refused({ WEBHOOK_URLS: HOOK, WEBHOOK_SECRET: 'not-a-secret' }, /^WEBHOOK_SECRET must be a Standard Webhooks secret/);
    // What the Standard Webhooks library itself refuses: characters outside base64, a broken padding.
    refused({ WEBHOOK_URLS: HOOK, WEBHOOK_SECRET: 'whsec_!!!!' }, /^WEBHOOK_SECRET must be a Standard Webhooks secret/);
    refused({ WEBHOOK_URLS: HOOK, WEBHOOK_SECRET: 'whsec_abc' }, /^WEBHOOK_SECRET must be a Standard Webhooks secret/);
  });
});
