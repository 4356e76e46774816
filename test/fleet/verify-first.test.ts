/**
 * A reader verifies before it parses and never sees half a publication, through real services
 * over real sockets: JSON nested too deep (the manifest, a year file) is refused by a scan, named
 * `depth`; readers polling a signed writer that re-seals many times a second refuse no poll; and
 * the cache, replaced whole in one rename, starts a reader after a crash in the middle of a copy.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { OriginState } from 'china-holiday-calendar-service/internal/reader/follow-origin.js';
import { fileSystemFolder } from 'china-holiday-calendar-service/internal/data-folder/file-system-folder.js';
import type { RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { cleanUpsOfFile } from '../helpers/clean-ups.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { inProcessServices } from '../helpers/in-process-service.js';
import { valueOf, parseExposition } from '../helpers/prometheus-text.js';
import { startStaticOrigin } from '../helpers/static-origin.js';

const dataCopy = dataCopies();
const cleanups = cleanUpsOfFile();
const serve = inProcessServices();

const reader = (origin: string, env: Record<string, string> = {}): Promise<RunningService> => serve({ DATA_URL: origin, DATA_POLL_SECONDS: '1', ...env });

interface Readiness {
  readonly datasetVersion: string | null;
  readonly sequence: number | null;
  readonly source?: OriginState;
}

async function readiness(service: RunningService): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${service.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Readiness };
}

function emptyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-verify-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const deepJson = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('a reader scans before it parses', () => {
  it('a manifest nested too deep, and a year file nested too deep under a good manifest: refused by `depth`, unparsed', async () => {
    const deepManifest = dataCopy();
    writeFileSync(join(deepManifest, 'manifest.json'), deepJson(30_000));
    const origin = await startStaticOrigin(deepManifest, 'etag');
    cleanups.push(() => origin.close());
    const first = await reader(origin.url);
    const refused = await readiness(first);
    assert.equal(refused.status, 503);
    const source = refused.body.source ?? assert.fail('a reader\'s source');
    assert.deepEqual(source.refusedFiles, [{ file: 'manifest.json', check: 'depth' }]);
    assert.match(source.lastError?.message ?? '', /manifest\.json: \(depth\): JSON nested deeper than 16 levels/);

    const deepYear = dataCopy();
    const followed = await startStaticOrigin(deepYear, 'etag');
    cleanups.push(() => followed.close());
    const second = await reader(followed.url);
    const good = (await readiness(second)).body.datasetVersion;
    writeFileSync(join(deepYear, '2019.json'), deepJson(500_000));
    await fileSystemFolder(deepYear).seal();
    await eventually(async () => (await readiness(second)).body.source?.lastError !== null, 10_000, 'the refusal');
    const ready = await readiness(second);
    assert.equal(ready.status, 200);
    assert.equal(ready.body.datasetVersion, good);
    assert.deepEqual(ready.body.source?.refusedFiles, [{ file: '2019.json', check: 'depth' }]);
    assert.equal(valueOf(parseExposition(await (await fetch(`${second.url}/metrics`)).text()), 'calendar_dataset_source_refused_file', { file: '2019.json', check: 'depth' }), 1);
  });
});

describe('a hostile manifest costs a reader little', () => {
  it('a megabyte of manifest is cut off at the manifest bound, unread beyond it', async () => {
    const dir = dataCopy();
    writeFileSync(join(dir, 'manifest.json'), deepJson(500_000));
    const origin = await startStaticOrigin(dir, 'plain');
    cleanups.push(() => origin.close());
    const refused = await reader(origin.url);
    await eventually(async () => (await readiness(refused)).body.source?.lastError !== null, 10_000, 'the refusal');
    const source = (await readiness(refused)).body.source ?? assert.fail('a reader\'s source');
    assert.deepEqual(source.refusedFiles.map((file) => file.file), ['manifest.json']);
    assert.match(source.lastError?.message ?? '', /manifest\.json/);
    assert.doesNotMatch(source.lastError?.message ?? '', /depth/, 'refused for its size, before any scan');
  });

  it('a signature that never verifies is read at most ten times a poll, each read within the manifest bound', async () => {
    const keys = generateKeyPairSync('ed25519');
    const other = generateKeyPairSync('ed25519');
    const keyDir = emptyDir();
    const publicKey = join(keyDir, 'reader.pub.pem');
    writeFileSync(publicKey, keys.publicKey.export({ type: 'spki', format: 'pem' }));
    const dir = dataCopy();
    // Signed, but by a key the reader does not trust: the same bytes at every read.
    await fileSystemFolder(dir).seal({ signingKey: other.privateKey });
    const origin = await startStaticOrigin(dir, 'plain');
    cleanups.push(() => origin.close());
    // Polls on the day's boundary only: the one counted below is the test's own, never overlapped
    // by a scheduled one (a poll's reads with their pauses take over a second).
    const refused = await reader(origin.url, { DATASET_PUBLIC_KEY_FILE: publicKey, DATA_POLL_SECONDS: '86400' });
    // The first poll has ended (counted refused), not only reported its error: its reads are all in.
    await eventually(async () => ((await readiness(refused)).body.source?.polls.refused ?? 0) >= 1, 10_000, 'the refusal');
    const before = origin.requests.filter((request) => request.path.endsWith('/manifest.json')).length;
    const polls = (await readiness(refused)).body.source?.polls ?? assert.fail('polls');
    await refused.live.reload('test');
    const after = origin.requests.filter((request) => request.path.endsWith('/manifest.json')).length;
    // Read again in case a publication was under way (the signature and its manifest are two files),
    // with pauses that grow: a bad signature costs a poll at most ten bounded reads.
    assert.ok(after - before >= 2 && after - before <= 10, `${after - before} reads`);
    assert.ok(polls.refused >= 1);
  });
});

describe('a poll that overlaps a publication is never refused', () => {
  it('two signed readers polling a writer that re-seals about fifty times a second refuse nothing and follow its sequence', async () => {
    const keys = generateKeyPairSync('ed25519');
    const keyDir = emptyDir();
    const privateKey = join(keyDir, 'writer.pem');
    const publicKey = join(keyDir, 'writer.pub.pem');
    writeFileSync(privateKey, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(publicKey, keys.publicKey.export({ type: 'spki', format: 'pem' }));
    const dir = dataCopy();
    await fileSystemFolder(dir).seal({ signingKey: keys.privateKey });
    const writer = await serve({ DATA_DIR: dir, DATASET_SIGNING_KEY_FILE: privateKey });
    const readers = [await reader(`${writer.url}/dataset/`, { DATASET_PUBLIC_KEY_FILE: publicKey }), await reader(`${writer.url}/dataset/`, { DATASET_PUBLIC_KEY_FILE: publicKey })];

    // The re-seals, each a new signature and a new manifest written one after the other; the
    // readers poll once a second and, to overlap as many publications as possible, all the time
    // besides. The run lasts a number of re-seals and polls, not a time, so that a busy machine
    // stretches it rather than shortening it.
    const run = { sealing: true, seals: 0, polls: [0, 0] };
    const resealer = (async () => {
      while (run.sealing) {
        await fileSystemFolder(dir).seal({ signingKey: keys.privateKey });
        run.seals++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const polling = readers.map(async (each, index) => {
      while (run.sealing) {
        await each.live.reload('test');
        run.polls[index] = (run.polls[index] ?? 0) + 1;
      }
    });
    while (run.seals < 40 || run.polls.some((count) => count < 20)) await new Promise((resolve) => setTimeout(resolve, 20));
    run.sealing = false;
    await Promise.all([resealer, ...polling]);
    // The folder's own manifest: the writer serves its files as they are on disk.
    const sealed = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { sequence: number }).sequence;
    assert.ok(sealed > 20, `re-sealed many times: sequence ${sealed}`);
    for (const each of readers) {
      await each.live.reload('test');
      const state = await readiness(each);
      const source = state.body.source ?? assert.fail('a reader\'s source');
      assert.equal(source.polls.refused, 0, source.lastError?.message);
      assert.equal(state.body.sequence, sealed);
      const { polls } = source;
      assert.ok(polls.changed + polls.unchanged > 10);
    }
  });
});

describe('the cache is replaced whole', () => {
  it('a crash in the middle of a copy (a copy folder half written, a link not renamed yet) leaves the last whole copy, which starts the reader', async () => {
    const dir = dataCopy();
    const origin = await startStaticOrigin(dir, 'etag');
    const cache = emptyDir();
    const first = await reader(origin.url, { DATA_DIR: cache });
    const version = (await readiness(first)).body.datasetVersion;
    await eventually(async () => Promise.resolve((await readiness(first)).body.source?.lastSuccess !== null), 5000, 'a poll');
    await first.close();
    await origin.close();

    // What a crash leaves: a newer copy half written, and the new link made but not renamed over `current`.
    const partial = join(cache, `.copy-${Date.now()}-1-1`);
    mkdirSync(partial);
    writeFileSync(join(partial, '2008.json'), readFileSync(join(dir, '2008.json')));
    writeFileSync(join(partial, 'manifest.json'), '{ "publishedYe');
    writeFileSync(join(cache, '.copy-link-1'), 'not a link');

    const restarted = await reader(origin.url, { DATA_DIR: cache });
    const ready = await readiness(restarted);
    assert.equal(ready.status, 200);
    assert.equal(ready.body.datasetVersion, version);
  });
});

describe('what an origin supplies is cut before it is shown', () => {
  it('a manifest with a 60 KB key (within the manifest bound): refused, and /readyz stays a few kilobytes', async () => {
    const dir = dataCopy();
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ sequence: 2, expires: '2099-01-01T00:00:00Z', publishedYears: [2008], files: { [`${'k'.repeat(60_000)}.json`]: '0'.repeat(64) } }));
    const origin = await startStaticOrigin(dir, 'etag');
    cleanups.push(() => origin.close());
    const follower = await reader(origin.url);
    const response = await fetch(`${follower.url}/readyz`);
    const text = await response.text();
    assert.equal(response.status, 503);
    assert.match(text, /more characters/, 'the cut is said');
    assert.ok(text.length < 8_000, `/readyz is ${text.length} characters`);
  });
});
