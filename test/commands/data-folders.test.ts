/**
 * What the data commands make of a data folder: `import` and `sync` publish only into a folder with
 * a manifest (exit 2 otherwise, nothing requested or written), `--seed` fills an empty one with the
 * bundled data first; every manifest they write lists each year file's SHA-256 (signed with
 * DATASET_SIGNING_KEY_FILE's key); `sign` seals a folder edited by hand; `validate` names a file
 * that is not the one its manifest lists.
 */
import assert from 'node:assert/strict';
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sha256Hex } from '@china-holiday-calendar/core/dataset/file-digest.js';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import { runImport } from 'china-holiday-calendar-service/internal/commands/import.js';
import { runSign } from 'china-holiday-calendar-service/internal/commands/sign.js';
import { runSyncCommand, SYNC_EXIT } from 'china-holiday-calendar-service/internal/commands/sync.js';
import { runValidate } from 'china-holiday-calendar-service/internal/commands/validate.js';
import { signingKeyOf } from 'china-holiday-calendar-service/internal/settings/config.js';
import { collectRun, runCli } from '../helpers/command-run.js';
import { dataCopies, eventually, snapshotOf } from '../helpers/data-dir.js';
import { inProcessServices } from '../helpers/in-process-service.js';
import { collectingLogger } from '../helpers/log-lines.js';
import { parseExposition, valueOf } from '../helpers/prometheus-text.js';
import { ANNUAL_2026, ANNUAL_2027, fakeGovCnOfFile } from '../helpers/fake-gov-cn.js';
import { SYNTHETIC_2027 } from '../helpers/notice-files.js';

const dataCopy = dataCopies();
const serve = inProcessServices();
const scratch = mkdtempSync(join(tmpdir(), 'calendar-folders-'));
const fake = await fakeGovCnOfFile();
fake.list([ANNUAL_2026, ANNUAL_2027]);
after(() => {
  rmSync(scratch, { recursive: true, force: true });
});

let folders = 0;
function folder(files: Record<string, string> = {}): string {
  const dir = join(scratch, `folder-${(folders += 1)}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const keys = generateKeyPairSync('ed25519');
const KEY_FILE = join(scratch, 'writer.pem');
writeFileSync(KEY_FILE, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
// The key id, computed here as docs/operators.md defines it: the hex SHA-256 of the public key's SPKI DER.
const KEY_ID = createHash('sha256').update(keys.publicKey.export({ type: 'spki', format: 'der' })).digest('hex');

/** The folder's manifest.json.sig: the key id it names (this test's key), and the signature's bytes. */
function signatureIn(dir: string): Buffer {
  const [keyId, encoded = ''] = readFileSync(join(dir, 'manifest.json.sig'), 'utf8').trim().split(' ');
  assert.equal(keyId, KEY_ID, 'the signature names its key');
  return Buffer.from(encoded, 'base64');
}

const importInto = (dataDir: string, options: { seed?: boolean } = {}) =>
  collectRun((out, err) => runImport([SYNTHETIC_2027], { dataDir, dryRun: false, force: false, currentYear: 2026, ...options }, out, err));

const syncInto = (dataDir: string, options: { seed?: boolean } = {}) =>
  collectRun((out, err) =>
    runSyncCommand({ dataDir, values: { SYNC_SOURCE: 'gov.cn', SYNC_SEARCH_URL: fake.searchUrl }, accept: [], currentYear: 2026, ...options }, out, err),
  );

/** The manifest's digests against the folder's files: every published year listed, each the SHA-256 of its bytes. */
function assertSealed(dir: string): void {
  const reading = readManifest({ fileName: 'manifest.json', text: readFileSync(join(dir, 'manifest.json'), 'utf8') });
  assert.ok(reading.ok, JSON.stringify(reading));
  const { publishedYears, files = {} } = reading.manifest;
  assert.deepEqual(Object.keys(files), publishedYears.map((year) => `${year}.json`));
  for (const [name, digest] of Object.entries(files)) assert.equal(digest, sha256Hex(readFileSync(join(dir, name))), name);
}

describe('import and sync publish only into a data folder', () => {
  for (const [command, publish, nothing] of [
    ['import', importInto, 'nothing was imported'],
    ['sync', syncInto, 'nothing was requested'],
  ] as const) {
    it(`${command}: a folder that does not exist, or has no manifest.json, is refused with exit 2 and nothing is written or requested`, async () => {
      const requests = fake.requests.length;
      const missing = join(scratch, `${command}-missing`);
      const absent = await publish(missing);
      assert.equal(absent.code, 2, absent.stderr);
      assert.equal(absent.stderr, `${missing}: the data directory does not exist (--seed copies the bundled data into an empty folder first); ${nothing}\n`);
      assert.equal(existsSync(missing), false);

      const bare = folder({ '2026.json': readFileSync(join(BUNDLED_DATA_DIR, '2026.json'), 'utf8') });
      const before = snapshotOf(bare);
      const noManifest = await publish(bare);
      assert.equal(noManifest.code, 2);
      assert.equal(noManifest.stderr, `${bare}: the data directory has no manifest.json, so it is not a data folder (--seed copies the bundled data into an empty folder first); ${nothing}\n`);
      assert.deepEqual(snapshotOf(bare), before, 'nothing written');
      assert.equal(noManifest.stdout, '');
      assert.equal(fake.requests.length, requests, 'nothing requested');
    });

    it(`${command} --seed: an empty or absent folder gets the bundled data first, then the new year; a folder holding something else is refused`, async () => {
      for (const dir of [folder(), join(scratch, `${command}-seeded`)]) {
        const seeded = await publish(dir, { seed: true });
        assert.equal(seeded.code, 0, seeded.stderr);
        assert.ok(seeded.stdout.startsWith(`${dir}: seeded with the bundled data\n`), seeded.stdout);
        const names = readdirSync(dir).filter((name) => !name.startsWith('.')).sort();
        assert.deepEqual(names, [...readdirSync(BUNDLED_DATA_DIR).filter((name) => name.endsWith('.json')), '2027.json'].sort());
        for (const year of [2008, 2019, 2026]) assert.equal(readFileSync(join(dir, `${year}.json`), 'utf8'), readFileSync(join(BUNDLED_DATA_DIR, `${year}.json`), 'utf8'));
        assertSealed(dir);
        const validated = await collectRun((out, err) => runValidate(dir, out, err));
        assert.match(validated.stdout, /ok: 20 published years \(2008\.\.2027\)/);
      }
      const other = folder({ 'notes.txt': 'mine' });
      const refused = await publish(other, { seed: true });
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /is not empty and has no manifest\.json: --seed fills only an empty folder/);
      assert.deepEqual([...snapshotOf(other).keys()], ['notes.txt']);
    });
  }

  it('a manifest that is not one: import and sign refuse the folder, naming the manifest and each field at fault, and write nothing', async () => {
    const dir = dataCopy();
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ publishedYears: [2019, 2007], files: { '2019.json': 'not-a-digest' } }));
    const before = snapshotOf(dir);
    const fault = 'manifest.json: publishedYears[1]: must be >= 2008; manifest.json: files.2019.json: must match pattern "^([0-9a-f]{64}|sha256-[A-Za-z0-9+/]{43}=)$"';
    const imported = await importInto(dir);
    assert.equal(imported.code, 1);
    assert.equal(imported.stderr, `${join(dir, '2027.json')}: cannot be written (${fault})\n`);
    const signed = await collectRun((out, err) => runSign(dir, {}, out, err));
    assert.equal(signed.code, 1);
    assert.equal(signed.stderr, `${dir}: ${fault}; nothing was signed\n`);
    assert.deepEqual(snapshotOf(dir), before, 'nothing written');
  });

  it('--seed leaves a data folder as it is, and publishing a year vouches for no other file edited by hand since', async () => {
    const dir = dataCopy();
    const edited = readFileSync(join(dir, '2019.json'), 'utf8').replace(/"sourceUrl": "([^"]+)"/, '"sourceUrl": "$1#edited"');
    writeFileSync(join(dir, '2019.json'), edited);
    assert.equal((await importInto(dir, { seed: true })).code, 0);
    assert.equal(readFileSync(join(dir, '2019.json'), 'utf8'), edited, 'not seeded over');
    const validated = await collectRun((out, err) => runValidate(dir, out, err));
    assert.match(validated.stderr, /^2019\.json: \(digest\): /, 'the manifest still lists the digest 2019.json was published with');
  });
});

describe('the service\'s sync publishes only into a data folder too', () => {
  it('with SYNC_SOURCE and a folder without a manifest, a run fails saying why and asks gov.cn nothing', async () => {
    const requests = fake.requests.length;
    const { logger, lines } = collectingLogger();
    const empty = folder();
    const service = await serve({ DATA_DIR: empty, SYNC_SOURCE: 'gov.cn', SYNC_INTERVAL_SECONDS: '3600', SYNC_SEARCH_URL: fake.searchUrl }, logger);
    await eventually(() => Promise.resolve(lines.some((line) => line.includes('sync run failed'))), 10_000, 'the run');
    const failed = lines.find((line) => line.includes('sync run failed')) ?? '';
    assert.match(failed, /has no manifest\.json, so it is not a data folder/);
    assert.equal(fake.requests.length, requests, 'nothing requested');
    const ready = (await (await fetch(`${service.url}/readyz`)).json()) as { status: string; sync: { lastAttempt: string | null; lastSuccess: string | null } };
    assert.equal(ready.status, 'NOT_READY');
    assert.notEqual(ready.sync.lastAttempt, null);
    assert.equal(ready.sync.lastSuccess, null);
    const exposition = parseExposition(await (await fetch(`${service.url}/metrics`)).text());
    assert.ok(valueOf(exposition, 'calendar_sync_last_attempt_timestamp_seconds') > Date.now() / 1000 - 60);
    assert.equal(valueOf(exposition, 'calendar_sync_last_success_timestamp_seconds'), 0, 'no run has succeeded: 0, which the alert rules read as never');
    assert.deepEqual(readdirSync(empty).filter((name) => !name.startsWith('.')), [], 'nothing published');
  });
});

describe('the manifest\'s digests and signature', () => {
  it('every manifest import and sync write lists each published year file\'s SHA-256; with DATASET_SIGNING_KEY_FILE it is signed', async () => {
    const imported = dataCopy();
    assert.equal((await importInto(imported)).code, 0);
    assertSealed(imported);
    const synced = dataCopy();
    assert.equal((await syncInto(synced)).code, SYNC_EXIT.ok);
    assertSealed(synced);

    const signed = dataCopy();
    const cli = await runCli(['import', SYNTHETIC_2027, '--data-dir', signed], { DATASET_SIGNING_KEY_FILE: KEY_FILE });
    assert.equal(cli.code, 0, cli.stderr);
    const signature = signatureIn(signed);
    assert.ok(verify(null, readFileSync(join(signed, 'manifest.json')), createPublicKey(keys.privateKey), signature), 'the signature of the manifest\'s exact bytes');
  });

  it('sign: writes the digests of a folder edited by hand, signs it with a key, and refuses a folder with a problem', async () => {
    const dir = dataCopy();
    const edited = readFileSync(join(dir, '2024.json'), 'utf8').replace(/"sourceUrl": "([^"]+)"/, '"sourceUrl": "$1#checked"');
    writeFileSync(join(dir, '2024.json'), edited);
    const stale = await collectRun((out, err) => runValidate(dir, out, err));
    assert.equal(stale.code, 1);
    assert.match(stale.stderr, /^2024\.json: \(digest\): its SHA-256 digest is [0-9a-f]{16}…, not the [0-9a-f]{23}… manifest\.json lists: it is not the file the manifest publishes\n$/);

    const sealed = await collectRun((out, err) => runSign(dir, {}, out, err));
    assert.equal(sealed.code, 0, sealed.stderr);
    assert.match(sealed.stdout, /manifest\.json lists the SHA-256 of 19 year files \(2008\.\.2026\), datasetVersion 2025\.11\.04-[0-9a-f]{8}\nsequence 2, expires [0-9T:-]+Z\nnot signed/);
    assertSealed(dir);
    assert.equal((await collectRun((out, err) => runValidate(dir, out, err))).code, 0);
    assert.equal(existsSync(join(dir, 'manifest.json.sig')), false);

    const withKey = await collectRun((out, err) => runSign(dir, { signingKey: signingKeyOf(KEY_FILE) }, out, err));
    assert.match(withKey.stdout, new RegExp(`signed by key ${KEY_ID}: manifest\\.json\\.sig written`));
    const signature = signatureIn(dir);
    assert.ok(verify(null, readFileSync(join(dir, 'manifest.json')), createPublicKey(keys.privateKey), signature));
    assert.equal((await collectRun((out, err) => runSign(dir, {}, out, err))).code, 0);
    assert.equal(existsSync(join(dir, 'manifest.json.sig')), false, 'a signature of another manifest is not left behind');

    writeFileSync(join(dir, '2019.json'), '{ "year": 2019');
    const before = snapshotOf(dir);
    const broken = await collectRun((out, err) => runSign(dir, { signingKey: signingKeyOf(KEY_FILE) }, out, err));
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /^2019\.json: \(file\): is not valid JSON/m);
    assert.match(broken.stderr, /not signed: a dataset with a problem is refused by every reader; mend it first/);
    assert.deepEqual(snapshotOf(dir), before, 'nothing written');
  });

  it('every manifest written is sealed: the previous sequence plus one, and an expiry DATASET_EXPIRES_SECONDS (or --expires-seconds) from now', async () => {
    const sealOf = (dir: string): { sequence: number | undefined; expires: string | undefined } => {
      const reading = readManifest({ fileName: 'manifest.json', text: readFileSync(join(dir, 'manifest.json'), 'utf8') });
      assert.ok(reading.ok, JSON.stringify(reading));
      return { sequence: reading.manifest.sequence, expires: reading.manifest.expires };
    };
    const secondsAhead = (expires: string | undefined): number => (Date.parse(expires ?? '') - Date.now()) / 1000;
    const bundled = sealOf(BUNDLED_DATA_DIR);
    assert.equal(bundled.sequence, 1, 'the bundled data ships sealed');
    assert.ok(secondsAhead(bundled.expires) > 0, 'and not expired');

    const dir = dataCopy();
    const cli = await runCli(['import', SYNTHETIC_2027, '--data-dir', dir], { DATASET_EXPIRES_SECONDS: '3600' });
    assert.equal(cli.code, 0, cli.stderr);
    const imported = sealOf(dir);
    assert.equal(imported.sequence, 2, 'import: the next sequence');
    assert.ok(Math.abs(secondsAhead(imported.expires) - 3600) < 60, `expires an hour from now: ${imported.expires ?? ''}`);
    const synced = await syncInto(dir);
    assert.equal(synced.code, SYNC_EXIT.ok, synced.stderr);
    const afterSync = sealOf(dir).sequence ?? 0;
    assert.ok(afterSync >= 2, 'sync: a sequence never lower');
    assert.equal((await syncInto(dir)).code, SYNC_EXIT.ok);
    assert.equal(sealOf(dir).sequence, afterSync, 'a sync that finds nothing new writes no manifest');

    const signed = await runCli(['sign', '--data-dir', dir, '--expires-seconds', '60']);
    assert.equal(signed.code, 0, signed.stderr);
    assert.equal(sealOf(dir).sequence, afterSync + 1, 'sign: the next sequence, even with no data changed');
    assert.ok(Math.abs(secondsAhead(sealOf(dir).expires) - 60) < 30);
    assert.equal((await runCli(['sign', '--data-dir', dir, '--sequence-at-least', '50'])).code, 0);
    assert.equal(sealOf(dir).sequence, 50, '--sequence-at-least: the way back above what readers hold');
    assert.ok(Math.abs(secondsAhead(sealOf(dir).expires) - 604_800) < 60, 'a week by default');
    assert.equal((await runCli(['sign', '--data-dir', dir, '--sequence-at-least', '7'])).code, 0);
    assert.equal(sealOf(dir).sequence, 51, 'never lower than the next');
    const bad = await runCli(['sign', '--data-dir', dir, '--expires-seconds', 'soon']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^--expires-seconds must be an integer from 1 to 31536000, not "soon"/);
  });

  it('sign on the command line: a key file that is not a private key is refused with exit 2, naming the flag', async () => {
    const publicKey = join(scratch, 'public.pem');
    writeFileSync(publicKey, keys.publicKey.export({ type: 'spki', format: 'pem' }));
    const cli = await runCli(['sign', '--data-dir', dataCopy(), '--key-file', publicKey]);
    assert.equal(cli.code, 2);
    assert.match(cli.stderr, /^--key-file: .*public\.pem is not an Ed25519 private key in PEM/);
  });
});
