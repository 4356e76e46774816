/**
 * A reader (DATA_URL) following a writer's /dataset/ or a static origin, each the real service
 * over real sockets: it takes the writer's dataset and version, writes a verified cache, refuses a
 * copy whose file does not match its digest, that withdraws a year, that has no digests, or whose
 * signature does not verify, keeps its last good copy and says why in /readyz and /metrics; it
 * starts from its cache while the origin is down, and without one stays unready.
 */
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Logger } from 'pino';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import type { OriginState } from 'china-holiday-calendar-service/internal/reader/follow-origin.js';
import type { RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { keyIdOf, readVerifyingKeys } from 'china-holiday-calendar-service/internal/data-folder/dataset-keys.js';
import { verifyManifest } from 'china-holiday-calendar-service/internal/data-folder/manifest.js';
import { cleanUpsOfFile } from '../helpers/clean-ups.js';
import { Collected, importNotices } from '../helpers/command-run.js';
import { dataCopies, eventually, snapshotOf } from '../helpers/data-dir.js';
import { freePort } from '../helpers/free-port.js';
import { inProcessServices } from '../helpers/in-process-service.js';
import { collectingLogger } from '../helpers/log-lines.js';
import { SYNTHETIC_2027 } from '../helpers/notice-files.js';
import { parseExposition, valueOf } from '../helpers/prometheus-text.js';
import { startStaticOrigin, type StaticOrigin } from '../helpers/static-origin.js';

const silent = new Collected();

const dataCopy = dataCopies();
const cleanups = cleanUpsOfFile();

function emptyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-cache-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const serve = inProcessServices();

const reader = (origin: string, env: Record<string, string> = {}, logger?: Logger): Promise<RunningService> =>
  serve({ DATA_URL: origin, DATA_POLL_SECONDS: '1', ...env }, logger);

interface Readiness {
  readonly status: string;
  readonly datasetVersion: string | null;
  readonly publishedYears: readonly number[];
  readonly sequence: number | null;
  readonly source?: OriginState;
}

async function readiness(service: RunningService): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${service.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Readiness };
}

async function dayStatus(service: RunningService, date: string): Promise<{ status: number; dayStatus?: string; datasetVersion?: string | null }> {
  const response = await fetch(`${service.url}/v1/china-calendar/dates/${date}`);
  const body = (await response.json()) as { dayStatus?: string; datasetVersion?: string | null };
  return { status: response.status, ...body };
}

async function metrics(service: RunningService): Promise<ReturnType<typeof parseExposition>> {
  return parseExposition(await (await fetch(`${service.url}/metrics`)).text());
}

/** A static origin serving a copy of the bundled data, changed by `prepare` first. */
async function staticOrigin(prepare: (dir: string) => void = () => undefined): Promise<{ dir: string; origin: StaticOrigin }> {
  const dir = dataCopy();
  prepare(dir);
  const origin = await startStaticOrigin(dir, 'etag');
  cleanups.push(() => origin.close());
  return { dir, origin };
}

/** Ed25519 keys in PEM files, as `openssl genpkey -algorithm ed25519` and `openssl pkey -pubout` write them. */
function keyFiles(): { privateKey: string; publicKey: string } {
  const dir = emptyDir();
  const pair = generateKeyPairSync('ed25519');
  const privateKey = join(dir, 'writer.pem');
  const publicKey = join(dir, 'writer.pub.pem');
  writeFileSync(privateKey, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(publicKey, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  return { privateKey, publicKey };
}

describe('a reader following a writer', () => {
  it('answers with the writer\'s dataset and version, keeps a cache of the same bytes, and shows its origin in /readyz and /metrics', async () => {
    const writerDir = dataCopy();
    const writer = await serve({ DATA_DIR: writerDir });
    const cache = emptyDir();
    const follower = await reader(`${writer.url}/dataset/`, { DATA_DIR: cache });

    const ready = await readiness(follower);
    assert.equal(ready.status, 200);
    const writerReady = await readiness(writer);
    assert.equal(ready.body.datasetVersion, writerReady.body.datasetVersion);
    assert.deepEqual(ready.body.publishedYears, writerReady.body.publishedYears);
    const source = ready.body.source ?? assert.fail('/readyz shows the source');
    assert.equal(source.url, `${writer.url}/dataset/`);
    assert.equal(source.pollSeconds, 1);
    assert.ok(source.lastSuccess !== null && source.lastChange !== null);
    assert.equal(source.lastError, null);
    assert.equal('source' in writerReady.body, false, 'a service on its own folder has no origin');

    await eventually(async () => Promise.resolve(existsSync(join(cache, 'current')) && snapshotOf(join(cache, 'current')).size === 20), 5000, 'the cache to be written');
    assert.deepEqual(snapshotOf(join(cache, 'current')), snapshotOf(writerDir), 'the cache holds the writer\'s files, byte for byte');

    const exposition = await metrics(follower);
    assert.equal(valueOf(exposition, 'calendar_dataset_source_polls_total', { result: 'changed' }), 1);
    assert.ok(valueOf(exposition, 'calendar_dataset_source_last_success_timestamp_seconds') > Date.now() / 1000 - 60);
    assert.equal(valueOf(exposition, 'calendar_dataset_info', { version: ready.body.datasetVersion ?? '' }), 1);
    assert.equal((await fetch(`${follower.url}/dataset/manifest.json`)).status, 404, 'a reader publishes no dataset');

    // A new year on the writer: the reader has it at its next poll, with the writer's version.
    await importNotices(writerDir, [SYNTHETIC_2027]);
    await eventually(async () => (await dayStatus(writer, '2027-01-01')).dayStatus === 'HOLIDAY', 10_000, 'the writer to load 2027');
    const atWriter = await dayStatus(writer, '2027-01-01');
    await eventually(async () => (await dayStatus(follower, '2027-01-01')).dayStatus === 'HOLIDAY', 5000, 'the reader to follow');
    assert.equal((await dayStatus(follower, '2027-01-01')).datasetVersion, atWriter.datasetVersion);
    const after2027 = await metrics(follower);
    assert.equal(valueOf(after2027, 'calendar_dataset_source_polls_total', { result: 'changed' }), 2);
    assert.ok(valueOf(after2027, 'calendar_dataset_source_polls_total', { result: 'unchanged' }) >= 0);
  });

  it('restarted while its origin is down, answers from its cache and is ready; with an empty cache it stays unready and says why', async () => {
    const writer = await serve({ DATA_DIR: dataCopy() });
    const origin = `${writer.url}/dataset/`;
    const cache = emptyDir();
    const first = await reader(origin, { DATA_DIR: cache });
    const version = (await readiness(first)).body.datasetVersion;
    await eventually(async () => Promise.resolve(existsSync(join(cache, 'current')) && snapshotOf(join(cache, 'current')).size === 20), 5000, 'the cache to be written');
    await first.close();
    await writer.close();

    const restarted = await reader(origin, { DATA_DIR: cache });
    const ready = await readiness(restarted);
    assert.equal(ready.status, 200);
    assert.equal(ready.body.datasetVersion, version);
    assert.match(ready.body.source?.lastError?.message ?? '', /the origin could not be read: .*manifest\.json/);
    assert.equal((await dayStatus(restarted, '2024-02-04')).dayStatus, 'ADJUSTED_WORKDAY');
    const exposition = await metrics(restarted);
    assert.ok(valueOf(exposition, 'calendar_dataset_source_polls_total', { result: 'failed' }) >= 1, 'the poll at start failed (and any since, once a second)');
    assert.equal(valueOf(exposition, 'calendar_dataset_source_last_success_timestamp_seconds'), 0, 'no poll of this process has succeeded: 0, which the alert rules read as never');

    const fresh = await reader(origin, { DATA_DIR: emptyDir() });
    const unready = await readiness(fresh);
    assert.equal(unready.status, 503);
    assert.equal(unready.body.status, 'NOT_READY');
    assert.deepEqual(unready.body.publishedYears, []);
    assert.match(unready.body.source?.lastError?.message ?? '', /could not be read/);
    assert.equal((await dayStatus(fresh, '2024-02-04')).status, 503, 'no published year is answered rather than one unlike the fleet\'s');
  });
});

describe("a reader's log", () => {
  it('names its origin and its cache (none without DATA_DIR), never a folder it does not use; an origin it cannot read is "(origin)"', async () => {
    const listening = (lines: readonly string[]): Record<string, unknown> =>
      (lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'china calendar service listening') ?? assert.fail(lines.join('')));
    const writer = await serve({ DATA_DIR: dataCopy() });
    const origin = `${writer.url}/dataset/`;

    const uncached = collectingLogger();
    await (await reader(origin, {}, uncached.logger)).close();
    const started = listening(uncached.lines);
    assert.match(uncached.lines.join(''), /"msg":"the origin is followed over plain HTTP without DATASET_PUBLIC_KEY_FILE: anyone on the path can serve this reader a dataset of their own/);
    assert.equal(started.dataUrl, origin);
    assert.equal(started.cacheDir, null);
    assert.equal('dataDir' in started, false, 'no dataDir: the bundled folder is not used');

    const cache = emptyDir();
    const cached = collectingLogger();
    await (await reader(origin, { DATA_DIR: cache }, cached.logger)).close();
    assert.equal(listening(cached.lines).cacheDir, cache);

    await writer.close();
    const orphan = collectingLogger();
    await (await reader(origin, {}, orphan.logger)).close();
    const problems = orphan.lines.join('');
    assert.match(problems, /\(origin\): cannot be read/);
    assert.doesNotMatch(problems, /\(directory\)/);
  });
});

describe("a writer's log", () => {
  it('warns at start of a manifest.json.sig it does not make: without a key, or of another key', async () => {
    const dir = dataCopy();
    writeFileSync(join(dir, 'manifest.json.sig'), 'c2lnbmF0dXJl\n');
    const unkeyed = collectingLogger();
    await (await serve({ DATA_DIR: dir }, unkeyed.logger)).close();
    assert.match(unkeyed.lines.join(''), /the data folder holds a manifest\.json\.sig this service does not make \(no DATASET_SIGNING_KEY_FILE\): it is not served/);

    const keys = keyFiles();
    const keyId = keyIdOf(createPublicKey(readFileSync(keys.publicKey)));
    const keyed = collectingLogger();
    await (await serve({ DATA_DIR: dir, DATASET_SIGNING_KEY_FILE: keys.privateKey }, keyed.logger)).close();
    assert.match(keyed.lines.join(''), new RegExp(`manifest\\.json\\.sig is not this writer's signature of its manifest \\(it is not a signature .*\\): the writer seals the folder again at start, signed with key ${keyId}`));
    assert.equal(readFileSync(join(dir, 'manifest.json.sig'), 'utf8').split(' ')[0], keyId, 'signed again with its key at start');

    const own = collectingLogger();
    await (await serve({ DATA_DIR: dir, DATASET_SIGNING_KEY_FILE: keys.privateKey }, own.logger)).close();
    assert.doesNotMatch(own.lines.join(''), /manifest\.json\.sig/, 'its own signature: no warning');
  });
});

describe('a reader refuses a copy that fails a check, and keeps its last good copy', () => {
  it('a year file that is not the one the manifest lists: refused by its digest, named in the log, /readyz and /metrics; taken once mended', async () => {
    const { dir, origin } = await staticOrigin();
    const { logger, lines: logs } = collectingLogger();
    const follower = await reader(origin.url, {}, logger);
    const good = (await readiness(follower)).body.datasetVersion;

    // 2027 is published with the importer's file, then that file is replaced behind the manifest's back.
    await importNotices(dir, [SYNTHETIC_2027]);
    const published = readFileSync(join(dir, '2027.json'), 'utf8');
    const tampered = published.replace(/"sourceUrl": "([^"]+)"/, '"sourceUrl": "$1#not-the-published-one"');
    assert.notEqual(tampered, published);
    writeFileSync(join(dir, '2027.json'), tampered);
    await eventually(async () => (await readiness(follower)).body.source?.lastError !== null, 5000, 'the refusal');

    const ready = await readiness(follower);
    assert.equal(ready.status, 200, 'still ready: the last good copy answers');
    assert.equal(ready.body.datasetVersion, good);
    assert.match(ready.body.source?.lastError?.message ?? '', /refused; the last good copy stays: 2027\.json: \(digest\): its SHA-256 digest is/);
    assert.equal((await dayStatus(follower, '2027-01-01')).dayStatus, 'UNKNOWN');
    const exposition = await metrics(follower);
    assert.ok(valueOf(exposition, 'calendar_dataset_source_polls_total', { result: 'refused' }) >= 1);
    assert.equal(valueOf(exposition, 'calendar_dataset_source_refused_file', { file: '2027.json', check: 'digest' }), 1);
    assert.ok(logs.some((line) => line.includes('calendar dataset refused') && line.includes(origin.url)), 'logged, with the origin');
    assert.ok(logs.some((line) => line.includes('calendar data problem') && line.includes('2027.json: (digest)')));

    writeFileSync(join(dir, '2027.json'), published);
    await eventually(async () => (await dayStatus(follower, '2027-01-01')).dayStatus === 'HOLIDAY', 5000, 'the mended copy');
    const mended = await metrics(follower);
    assert.equal(mended.samples.filter((sample) => sample.name === 'calendar_dataset_source_refused_file').length, 0, 'nothing refused any more');
  });

  it('a copy that leaves a published year out: refused, since a reader never withdraws a year', async () => {
    const { dir, origin } = await staticOrigin();
    const follower = await reader(origin.url);
    const good = (await readiness(follower)).body.datasetVersion;
    const reading = readManifest({ fileName: 'manifest.json', text: readFileSync(join(dir, 'manifest.json'), 'utf8') });
    assert.ok(reading.ok, JSON.stringify(reading));
    const { publishedYears, files = {}, sequence = 1, expires } = reading.manifest;
    const withoutFirst = { sequence: sequence + 1, expires, publishedYears: publishedYears.filter((year) => year !== 2008), files: Object.fromEntries(Object.entries(files).filter(([name]) => name !== '2008.json')) };
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(withoutFirst));
    await eventually(async () => (await readiness(follower)).body.source?.lastError !== null, 5000, 'the refusal');
    const ready = await readiness(follower);
    assert.equal(ready.body.datasetVersion, good);
    assert.equal(ready.body.publishedYears[0], 2008);
    assert.match(ready.body.source?.lastError?.message ?? '', /2008\.json: \(file\): was in the copy served until now and is missing from this one: nothing published is withdrawn/);
  });

  it('a manifest without digests: refused (a new reader stays unready), naming the files it does not vouch for', async () => {
    const { origin } = await staticOrigin((dir) => writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ publishedYears: Array.from({ length: 19 }, (_, at) => 2008 + at) })));
    const follower = await reader(origin.url);
    const ready = await readiness(follower);
    assert.equal(ready.status, 503);
    assert.match(ready.body.source?.lastError?.message ?? '', /2008\.json: \(digest\): manifest\.json lists no SHA-256 digest for it/);
    assert.equal(valueOf(await metrics(follower), 'calendar_dataset_source_refused_file', { file: '2026.json', check: 'digest' }), 1);
  });
});

describe('signed datasets', () => {
  it('a reader with the writer\'s public key takes its signed copies; with another key, or unsigned, it refuses them by their signature', async () => {
    const writerKeys = keyFiles();
    const writerDir = dataCopy();
    // A folder signed by hand (`sign`), then kept signed by the writer at every manifest it writes.
    const { runSign } = await import('china-holiday-calendar-service/internal/commands/sign.js');
    const { signingKeyOf } = await import('china-holiday-calendar-service/internal/settings/config.js');
    assert.equal(await runSign(writerDir, { signingKey: signingKeyOf(writerKeys.privateKey) }, silent, silent), 0);
    const writer = await serve({ DATA_DIR: writerDir, DATASET_SIGNING_KEY_FILE: writerKeys.privateKey });
    const origin = `${writer.url}/dataset/`;

    const trusting = await reader(origin, { DATASET_PUBLIC_KEY_FILE: writerKeys.publicKey });
    assert.equal((await readiness(trusting)).status, 200);

    const other = await reader(origin, { DATASET_PUBLIC_KEY_FILE: keyFiles().publicKey });
    const refused = await readiness(other);
    assert.equal(refused.status, 503);
    const writerId = keyIdOf(createPublicKey(readFileSync(writerKeys.publicKey)));
    assert.match(refused.body.source?.lastError?.message ?? '', new RegExp(`manifest\\.json\\.sig: \\(signature\\): the signature of manifest\\.json is made by key ${writerId}, which is not among the trusted keys`));
    assert.equal(valueOf(await metrics(other), 'calendar_dataset_source_refused_file', { file: 'manifest.json.sig', check: 'signature' }), 1);

    const { origin: unsigned } = await staticOrigin();
    const strict = await reader(unsigned.url, { DATASET_PUBLIC_KEY_FILE: writerKeys.publicKey });
    assert.match((await readiness(strict)).body.source?.lastError?.message ?? '', /manifest\.json\.sig: \(signature\): missing: with DATASET_PUBLIC_KEY_FILE set, only a signed manifest\.json is taken/);

    // The writer signs every manifest it writes: an import is taken by the trusting reader.
    await importNotices(writerDir, [SYNTHETIC_2027], { publishing: { signingKey: signingKeyOf(writerKeys.privateKey) } });
    await eventually(async () => (await dayStatus(trusting, '2027-01-01')).dayStatus === 'HOLIDAY', 10_000, 'the signed new year');
  });

  it('a key is rotated one side at a time: readers trust old and new, the writer switches, readers drop the old; no poll is refused on the way', async () => {
    const [oldKeys, newKeys] = [keyFiles(), keyFiles()];
    const [oldId, newId] = [oldKeys, newKeys].map((keys) => keyIdOf(createPublicKey(readFileSync(keys.publicKey))));
    const both = join(emptyDir(), 'trusted.pub.pem');
    writeFileSync(both, `${readFileSync(oldKeys.publicKey, 'utf8')}${readFileSync(newKeys.publicKey, 'utf8')}`);
    const dir = dataCopy();
    const port = String(await freePort());
    const oldWriter = await serve({ DATA_DIR: dir, DATASET_SIGNING_KEY_FILE: oldKeys.privateKey, PORT: port });
    const origin = `${oldWriter.url}/dataset/`;
    assert.equal(readFileSync(join(dir, 'manifest.json.sig'), 'utf8').split(' ')[0], oldId, 'a writer with a key signs an unsigned folder at start');

    // Step 1: the readers trust both keys (and a reader not yet changed trusts the old one only).
    const rolling = await reader(origin, { DATASET_PUBLIC_KEY_FILE: both });
    const unchanged = await reader(origin, { DATASET_PUBLIC_KEY_FILE: oldKeys.publicKey });
    assert.equal((await readiness(rolling)).status, 200);
    assert.equal((await readiness(unchanged)).status, 200);
    const before = (await readiness(rolling)).body.sequence ?? assert.fail('a sealed copy');

    // Step 2: the writer switches to the new key: restarted with it, it signs its manifest again at once.
    await oldWriter.close();
    const newWriter = await serve({ DATA_DIR: dir, DATASET_SIGNING_KEY_FILE: newKeys.privateKey, PORT: port });
    assert.equal(readFileSync(join(dir, 'manifest.json.sig'), 'utf8').split(' ')[0], newId);
    await eventually(async () => ((await readiness(rolling)).body.sequence ?? 0) > before, 10_000, 'the newly signed manifest taken');
    assert.equal(valueOf(await metrics(rolling), 'calendar_dataset_source_polls_total', { result: 'refused' }), 0, 'a reader that trusts both keys refuses nothing');
    await eventually(async () => /is made by key [0-9a-f]{64}, which is not among/.test((await readiness(unchanged)).body.source?.lastError?.message ?? ''), 10_000, 'the old-key reader refuses');
    const refusal = (await readiness(unchanged)).body.source?.lastError?.message ?? '';
    assert.match(refusal, new RegExp(`is made by key ${newId}, which is not among the trusted keys \\(${oldId}\\)`), 'the mismatch names the key ids');
    assert.match(refusal, /the last good copy stays/);
    assert.equal((await dayStatus(unchanged, '2026-10-01')).dayStatus, 'HOLIDAY', 'it keeps answering from its last good copy');

    // Step 3: the readers drop the old key.
    const renewed = await reader(`${newWriter.url}/dataset/`, { DATASET_PUBLIC_KEY_FILE: newKeys.publicKey });
    assert.equal((await readiness(renewed)).status, 200);
  });

  it('a signature written before key ids (the base64 alone) still verifies, with whichever trusted key made it', () => {
    const [oldKeys, other] = [keyFiles(), keyFiles()];
    const trusted = join(emptyDir(), 'trusted.pub.pem');
    writeFileSync(trusted, `${readFileSync(other.publicKey, 'utf8')}${readFileSync(oldKeys.publicKey, 'utf8')}`);
    const keys = readVerifyingKeys(trusted, 'DATASET_PUBLIC_KEY_FILE');
    const manifest = '{"publishedYears": []}\n';
    const bare = `${sign(null, Buffer.from(manifest), createPrivateKey(readFileSync(oldKeys.privateKey))).toString('base64')}\n`;
    assert.deepEqual(verifyManifest(manifest, bare, keys), { verified: true, keyId: keyIdOf(createPublicKey(readFileSync(oldKeys.publicKey))) });
    const verdict = verifyManifest(`${manifest} `, bare, keys);
    assert.ok(!verdict.verified, 'other bytes');
    assert.match(verdict.reason, /names no key, and verifies with none of the trusted keys/);
  });
});
