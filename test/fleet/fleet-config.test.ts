/**
 * The fleet's settings as readConfig reads them, and as an operator meets them: a reader
 * (DATA_URL) that is also told to sync, send webhooks or sign is refused at start with exit code 2
 * and a message naming both settings; a malformed URL, interval or key file is named too.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { keyIdOf } from 'china-holiday-calendar-service/internal/data-folder/dataset-keys.js';
import { runCli } from '../helpers/command-run.js';

const dir = mkdtempSync(join(tmpdir(), 'calendar-keys-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function pem(name: string, text: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const ed25519 = generateKeyPairSync('ed25519');
const PRIVATE_KEY = pem('writer.pem', ed25519.privateKey.export({ type: 'pkcs8', format: 'pem' }));
const PUBLIC_KEY = pem('writer.pub.pem', ed25519.publicKey.export({ type: 'spki', format: 'pem' }));
const RSA_PUBLIC_KEY = pem('rsa.pub.pem', generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }));
const ORIGIN = 'http://calendar-writer.calendar.svc/dataset/';

function refused(env: NodeJS.ProcessEnv, message: RegExp): void {
  assert.throws(() => readConfig(env), (error: unknown) => error instanceof ConfigError && message.test(error.message));
}

describe('a reader\'s settings', () => {
  it('DATA_URL makes a reader: DATA_POLL_SECONDS (default 30), DATA_DIR its cache (none when unset), DATASET_PUBLIC_KEY_FILE its key, DATASET_MIN_SEQUENCE (default 0)', () => {
    const reader = readConfig({ DATA_URL: ORIGIN });
    assert.deepEqual(reader.origin, { url: ORIGIN, pollSeconds: 30, cacheDir: undefined, publicKeys: undefined, minSequence: 0 });
    const configured =
      readConfig({ DATA_URL: ORIGIN, DATA_POLL_SECONDS: '2', DATA_DIR: '/var/cache/calendar', DATASET_PUBLIC_KEY_FILE: PUBLIC_KEY, DATASET_MIN_SEQUENCE: '41' }).origin ?? assert.fail('a reader');
    assert.equal(configured.pollSeconds, 2);
    assert.equal(configured.minSequence, 41);
    refused({ DATASET_MIN_SEQUENCE: '3' }, /DATASET_MIN_SEQUENCE is for a reader/);
    refused({ DATA_URL: ORIGIN, DATASET_MIN_SEQUENCE: '-1' }, /DATASET_MIN_SEQUENCE must be an integer/);
    assert.equal(readConfig({}).expiresSeconds, 604_800, 'DATASET_EXPIRES_SECONDS: a week by default');
    assert.equal(readConfig({ DATASET_EXPIRES_SECONDS: '60' }).expiresSeconds, 60);
    refused({ DATASET_EXPIRES_SECONDS: '0' }, /DATASET_EXPIRES_SECONDS must be an integer from 1/);
    assert.equal(configured.cacheDir, '/var/cache/calendar');
    assert.deepEqual(configured.publicKeys?.map(({ id }) => id), [keyIdOf(ed25519.publicKey)]);
    assert.equal(readConfig({}).origin, undefined, 'the default: no origin, the service answers from its own folder');
  });

  it('together with SYNC_SOURCE, WEBHOOK_URLS or DATASET_SIGNING_KEY_FILE is refused, naming both settings', () => {
    refused({ DATA_URL: ORIGIN, SYNC_SOURCE: 'gov.cn' }, /^DATA_URL and SYNC_SOURCE cannot both be set: .*only the writer syncs/);
    refused({ DATA_URL: ORIGIN, WEBHOOK_URLS: 'https://hooks.example/calendar', WEBHOOK_SECRET: `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}` }, /^DATA_URL and WEBHOOK_URLS cannot both be set/);
    refused({ DATA_URL: ORIGIN, DATASET_SIGNING_KEY_FILE: PRIVATE_KEY }, /^DATA_URL and DATASET_SIGNING_KEY_FILE cannot both be set/);
  });

  it('refuses a URL that is not a folder\'s (no trailing slash, a query, another scheme), and an interval out of range', () => {
    for (const url of ['http://writer/dataset', 'http://writer/dataset/?sig=x', 'http://writer/dataset/#x', 'ftp://writer/dataset/', 'writer/dataset/']) {
      refused({ DATA_URL: url }, /^DATA_URL must be the http\(s\) URL of a published dataset folder, ending in \//);
    }
    refused({ DATA_URL: ORIGIN, DATA_POLL_SECONDS: '0' }, /^DATA_POLL_SECONDS must be an integer from 1 to 86400, not "0"/);
    refused({ DATA_URL: ORIGIN, DATA_POLL_SECONDS: '1.5' }, /DATA_POLL_SECONDS must be an integer/);
    refused({ DATA_POLL_SECONDS: '5' }, /^DATA_POLL_SECONDS is for a reader: set DATA_URL/);
    refused({ DATASET_PUBLIC_KEY_FILE: PUBLIC_KEY }, /^DATASET_PUBLIC_KEY_FILE is for a reader: set DATA_URL/);
  });

  it('refuses a key file that cannot be read, is not PEM, is not Ed25519, or is the wrong half', () => {
    refused({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: join(dir, 'none.pem') }, /^DATASET_PUBLIC_KEY_FILE: .*none\.pem cannot be read/);
    refused({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: pem('junk.pem', 'not a key') }, /is not an Ed25519 public key in PEM/);
    refused({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: RSA_PUBLIC_KEY }, /is a rsa key, not an Ed25519 public key/);
    refused({ DATASET_SIGNING_KEY_FILE: PUBLIC_KEY }, /^DATASET_SIGNING_KEY_FILE: .*writer\.pub\.pem is not an Ed25519 private key in PEM/);
    assert.equal(readConfig({ DATASET_SIGNING_KEY_FILE: PRIVATE_KEY }).signingKey?.asymmetricKeyType, 'ed25519');
  });

  it('refuses a private key as DATASET_PUBLIC_KEY_FILE, alone or among public keys, rather than take its public half', () => {
    const secret = /^DATASET_PUBLIC_KEY_FILE: .* holds a private key: a reader is given only the writer's public key/;
    refused({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: PRIVATE_KEY }, secret);
    const mixed = pem('mixed.pem', `${readFileSync(PUBLIC_KEY, 'utf8')}${readFileSync(PRIVATE_KEY, 'utf8')}`);
    refused({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: mixed }, secret);
    const rsaPrivate = pem('rsa.pem', generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' }));
    refused({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: rsaPrivate }, secret);
  });

  it('DATASET_PUBLIC_KEY_FILE may hold several public keys, each trusted under its id (the SHA-256 of its SPKI DER); one that is not Ed25519 spoils the file', () => {
    const next = generateKeyPairSync('ed25519');
    const both = pem('both.pub.pem', `${readFileSync(PUBLIC_KEY, 'utf8')}\n${next.publicKey.export({ type: 'spki', format: 'pem' }).toString()}`);
    const ids = readConfig({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: both }).origin?.publicKeys?.map(({ id }) => id);
    assert.deepEqual(ids, [keyIdOf(ed25519.publicKey), keyIdOf(next.publicKey)]);
    assert.equal(keyIdOf(ed25519.privateKey), keyIdOf(ed25519.publicKey), 'a private key\'s id is its public half\'s');
    assert.match(keyIdOf(next.publicKey), /^[0-9a-f]{64}$/);
    const withRsa = pem('with-rsa.pub.pem', `${readFileSync(PUBLIC_KEY, 'utf8')}${readFileSync(RSA_PUBLIC_KEY, 'utf8')}`);
    refused({ DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: withRsa }, /is a rsa key, not an Ed25519 public key/);
  });
});

describe('serve with a reader\'s settings that contradict each other', () => {
  it('exits 2 at start, with one line naming both settings and no stack trace', async () => {
    const run = await runCli(['serve'], { DATA_URL: ORIGIN, SYNC_SOURCE: 'gov.cn', PORT: '0' });
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, 'DATA_URL and SYNC_SOURCE cannot both be set: a reader (DATA_URL) follows the writer\'s dataset; only the writer syncs, signs and sends webhooks\n');
  });

  it('exits 2 at start when DATASET_PUBLIC_KEY_FILE is a private key (a wrong Secret mounted into a reader), saying so in one line', async () => {
    const run = await runCli(['serve'], { DATA_URL: ORIGIN, DATASET_PUBLIC_KEY_FILE: PRIVATE_KEY, PORT: '0' });
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^DATASET_PUBLIC_KEY_FILE: .*writer\.pem holds a private key: .*the signing key stays with the writer, and one mounted in a reader should be replaced\n$/);
  });
});
