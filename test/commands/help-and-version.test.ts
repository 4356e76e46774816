/**
 * What a newcomer types first, through the real command line (in process): `--version` prints the
 * service's version, and `serve --help` lists every setting the service reads, each with its default.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runCli, show } from '../helpers/command-run.js';
import { settingsTheServiceReads } from '../helpers/service-settings.js';

const SERVICE_PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../packages/service/package.json', import.meta.url), 'utf8')) as { version: string }).version;

describe('china-calendar --version', () => {
  it("prints the service package's version and exits 0", async () => {
    const result = await runCli(['--version']);
    assert.equal(result.code, 0, show(result));
    assert.equal(result.stdout, `${SERVICE_PACKAGE_VERSION}\n`);
    assert.equal(result.stderr, '');
  });

  it('is named in the usage', async () => {
    assert.match((await runCli(['--help'])).stdout, /--version/);
  });
});

describe('china-calendar serve --help', () => {
  it('lists every setting the service reads, each with its default', async () => {
    const result = await runCli(['serve', '--help']);
    assert.equal(result.code, 0, show(result));
    const defaults = new Map([...result.stdout.matchAll(/^ {2}([A-Z][A-Z0-9_]*) .*\n {3,}default: (.*)$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));
    const read = await settingsTheServiceReads();
    for (const name of read) assert.ok(defaults.has(name), `${name} is listed with its default`);
    for (const name of defaults.keys()) assert.ok(read.has(name), `${name} is a setting the service reads`);
  });

  it('shows the defaults the service applies', async () => {
    const { stdout } = await runCli(['serve', '--help']);
    const shown = (name: string): string | undefined => new RegExp(`^ {2}${name} .*\\n {3,}default: (.*)$`, 'm').exec(stdout)?.[1];
    // As docs/interface.md and the deployment files take them: the port and address a bare start
    // listens on, the log level, sync's six hours, a reader's 30-second poll.
    assert.equal(shown('PORT'), '8080');
    assert.equal(shown('HOST'), '127.0.0.1');
    assert.equal(shown('LOG_LEVEL'), 'info');
    assert.equal(shown('SYNC_INTERVAL_SECONDS'), String(6 * 3600));
    assert.equal(shown('DATA_POLL_SECONDS'), '30');
    assert.equal(shown('SYNC_SOURCE'), 'unset');
    assert.match(shown('SYNC_USER_AGENT') ?? '', new RegExp(`^china-holiday-calendar-sync/${SERVICE_PACKAGE_VERSION.replaceAll('.', '\\.')} `));
  });
});
