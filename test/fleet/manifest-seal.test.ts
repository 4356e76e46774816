/**
 * The manifest's seal, its `sequence` and `expires`, through real services over real sockets: a
 * reader refuses an older manifest (a rollback), another manifest of the same sequence, one below
 * DATASET_MIN_SEQUENCE, and an expired one, naming the check in /readyz and /metrics, and keeps
 * answering from the copy it has; its cache keeps the highest sequence taken, and starts it even
 * when expired. A writer re-seals its folder before the expiry, which changes no answer and sends
 * no webhook.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import type { OriginState } from 'china-holiday-calendar-service/internal/reader/follow-origin.js';
import { fileSystemFolder } from 'china-holiday-calendar-service/internal/data-folder/file-system-folder.js';
import type { RunningService } from 'china-holiday-calendar-service/internal/process/server.js';
import { cleanUpsOfFile } from '../helpers/clean-ups.js';
import { importNotices } from '../helpers/command-run.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { freePort } from '../helpers/free-port.js';
import { inProcessServices } from '../helpers/in-process-service.js';
import { SYNTHETIC_2027 } from '../helpers/notice-files.js';
import { parseExposition, valueOf } from '../helpers/prometheus-text.js';
import { startStaticOrigin } from '../helpers/static-origin.js';
import { startWebhookReceiver, TEST_WEBHOOK_SECRET } from '../helpers/webhook-receiver.js';

const dataCopy = dataCopies();
const cleanups = cleanUpsOfFile();
const serve = inProcessServices();

const reader = (origin: string, env: Record<string, string> = {}): Promise<RunningService> => serve({ DATA_URL: origin, DATA_POLL_SECONDS: '1', ...env });

interface Readiness {
  readonly status: string;
  readonly datasetVersion: string | null;
  readonly sequence: number | null;
  readonly expires: string | null;
  readonly source?: OriginState;
}

async function readiness(service: RunningService): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${service.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Readiness };
}

async function dayStatus(service: RunningService, date: string): Promise<string | undefined> {
  return ((await (await fetch(`${service.url}/v1/china-calendar/dates/${date}`)).json()) as { dayStatus?: string }).dayStatus;
}

async function metrics(service: RunningService): Promise<ReturnType<typeof parseExposition>> {
  return parseExposition(await (await fetch(`${service.url}/metrics`)).text());
}

function emptyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'calendar-cache-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function staticOrigin(dir: string): Promise<string> {
  const origin = await startStaticOrigin(dir, 'etag');
  cleanups.push(() => origin.close());
  return origin.url;
}

const manifestPath = (dir: string): string => join(dir, 'manifest.json');
const sequenceOf = (dir: string): number | undefined => {
  if (!existsSync(manifestPath(dir))) return undefined;
  const reading = readManifest({ fileName: 'manifest.json', text: readFileSync(manifestPath(dir), 'utf8') });
  return reading.ok ? reading.manifest.sequence : undefined;
};
/** The manifest with one field's value replaced, as a text edit (no re-seal). */
const withField = (text: string, field: 'sequence' | 'expires', value: string): string => text.replace(new RegExp(`"${field}": [^,]+,`), `"${field}": ${value},`);

const refusedChecks = (state: OriginState | undefined): string[] => (state?.refusedFiles ?? []).map((entry) => `${entry.file} ${entry.check}`);

describe('a reader refuses a manifest older than the copy it uses, or expired', () => {
  it('a rollback to an older manifest, and another manifest of the same sequence: refused by `rollback`; the copy in use keeps answering', async () => {
    const dir = dataCopy();
    const origin = await staticOrigin(dir);
    const cache = emptyDir();
    const follower = await reader(origin, { DATA_DIR: cache });
    const before = readFileSync(manifestPath(dir), 'utf8');
    assert.equal((await readiness(follower)).body.sequence, 1);

    await importNotices(dir, [SYNTHETIC_2027]);
    await eventually(async () => (await dayStatus(follower, '2027-01-01')) === 'HOLIDAY', 5000, 'the reader to take 2027');
    const ready = await readiness(follower);
    assert.equal(ready.body.sequence, 2);
    const exposition = await metrics(follower);
    assert.equal(valueOf(exposition, 'calendar_dataset_sequence'), 2);
    assert.equal(valueOf(exposition, 'calendar_dataset_expires_timestamp_seconds'), Date.parse(ready.body.expires ?? '') / 1000);

    // The origin serves the writer's own older manifest again (the files are all still there).
    const current = readFileSync(manifestPath(dir), 'utf8');
    writeFileSync(manifestPath(dir), before);
    await eventually(async () => (await readiness(follower)).body.source?.lastError !== null, 5000, 'the refusal');
    const rolledBack = await readiness(follower);
    assert.equal(rolledBack.status, 200, 'still ready: the copy in use answers');
    assert.equal(rolledBack.body.sequence, 2);
    assert.match(rolledBack.body.source?.lastError?.message ?? '', /refused; the last good copy stays: .*manifest\.json: \(sequence\): sequence 1 is below the 2 of the copy in use: an older manifest \(a rollback\)/);
    assert.ok(refusedChecks(rolledBack.body.source).includes('manifest.json rollback'));
    assert.equal(valueOf(await metrics(follower), 'calendar_dataset_source_refused_file', { file: 'manifest.json', check: 'rollback' }), 1);
    assert.equal(await dayStatus(follower, '2027-01-01'), 'HOLIDAY');

    // The same sequence with other bytes: an equivocation, neither trusted over the other.
    writeFileSync(manifestPath(dir), withField(current, 'expires', '"2099-01-01T00:00:00Z"'));
    await eventually(async () => /two manifests of one number/.test((await readiness(follower)).body.source?.lastError?.message ?? ''), 5000, 'the equivocation refused');
    assert.equal((await readiness(follower)).body.expires, (JSON.parse(current) as { expires: string }).expires);

    // A restart from the cache on an origin still serving the old manifest: the cache's copy answers, the old one is refused.
    await eventually(async () => Promise.resolve(sequenceOf(join(cache, 'current')) === 2), 5000, 'the cache to hold sequence 2');
    writeFileSync(manifestPath(dir), before);
    const restarted = await reader(origin, { DATA_DIR: cache });
    const again = await readiness(restarted);
    assert.equal(again.status, 200);
    assert.equal(again.body.sequence, 2);
    assert.ok(refusedChecks(again.body.source).includes('manifest.json rollback'));
    assert.equal(await dayStatus(restarted, '2027-01-01'), 'HOLIDAY');
  });

  it('a reader without a copy refuses a sequence below DATASET_MIN_SEQUENCE, and any expired manifest; an expired cache still starts it', async () => {
    const dir = dataCopy();
    const origin = await staticOrigin(dir);
    const strict = await reader(origin, { DATASET_MIN_SEQUENCE: '5' });
    const below = await readiness(strict);
    assert.equal(below.status, 503);
    assert.match(below.body.source?.lastError?.message ?? '', /refused; no copy is held yet: manifest\.json: \(sequence\): sequence 1 is below DATASET_MIN_SEQUENCE 5/);

    const cache = emptyDir();
    const first = await reader(origin, { DATA_DIR: cache });
    assert.equal((await readiness(first)).status, 200);
    await eventually(async () => Promise.resolve(sequenceOf(join(cache, 'current')) === 1), 5000, 'the cache');
    await first.close();

    const expired = withField(readFileSync(manifestPath(dir), 'utf8'), 'expires', '"2020-01-01T00:00:00Z"');
    writeFileSync(manifestPath(dir), expired);
    const fresh = await reader(origin);
    const refused = await readiness(fresh);
    assert.equal(refused.status, 503);
    assert.match(refused.body.source?.lastError?.message ?? '', /manifest\.json: \(expires\): expired at 2020-01-01T00:00:00Z/);
    assert.deepEqual(refusedChecks(refused.body.source), ['manifest.json expired']);
    assert.equal(valueOf(await metrics(fresh), 'calendar_dataset_source_refused_file', { file: 'manifest.json', check: 'expired' }), 1);

    // The cache's copy expired too: it was the copy in use, and its answers are still the best known.
    writeFileSync(manifestPath(join(cache, 'current')), withField(readFileSync(manifestPath(join(cache, 'current')), 'utf8'), 'expires', '"2020-01-01T00:00:00Z"'));
    const fromCache = await reader(origin, { DATA_DIR: cache });
    const ready = await readiness(fromCache);
    assert.equal(ready.status, 200);
    assert.equal(ready.body.expires, '2020-01-01T00:00:00Z');
    assert.equal(valueOf(await metrics(fromCache), 'calendar_dataset_expires_timestamp_seconds'), Date.parse('2020-01-01T00:00:00Z') / 1000);
  });
});

describe('a writer keeps its manifest sealed', () => {
  it('re-seals before the expiry (DATASET_EXPIRES_SECONDS): a new sequence and expiry, the same answers and version, no webhook; its reader follows', async () => {
    const hooks = await startWebhookReceiver();
    cleanups.push(() => hooks.close());
    const dir = dataCopy();
    await fileSystemFolder(dir).seal({ expiresSeconds: 4 });
    const writer = await serve({ DATA_DIR: dir, DATASET_EXPIRES_SECONDS: '4', WEBHOOK_URLS: hooks.url, WEBHOOK_SECRET: TEST_WEBHOOK_SECRET });
    const follower = await reader(`${writer.url}/dataset/`);
    const first = await readiness(writer);
    const answer = await fetch(`${writer.url}/v1/china-calendar/dates/2024-02-04`);
    const etag = answer.headers.get('etag');
    const body = await answer.text();

    await eventually(async () => ((await readiness(writer)).body.sequence ?? 0) >= (first.body.sequence ?? 0) + 2, 10_000, 'two re-seals');
    const later = await readiness(writer);
    assert.equal(later.body.datasetVersion, first.body.datasetVersion, 'a re-seal changes no dataset version');
    assert.ok(Date.parse(later.body.expires ?? '') > Date.parse(first.body.expires ?? ''));
    const again = await fetch(`${writer.url}/v1/china-calendar/dates/2024-02-04`);
    assert.equal(again.headers.get('etag'), etag, 'nor an ETag');
    assert.equal(await again.text(), body, 'nor an answer');
    assert.equal(valueOf(await metrics(writer), 'calendar_dataset_sequence'), later.body.sequence ?? 0);

    await eventually(async () => ((await readiness(follower)).body.sequence ?? 0) >= (first.body.sequence ?? 0) + 2, 10_000, 'the reader to take the re-seals');
    const followed = await readiness(follower);
    assert.equal(followed.body.datasetVersion, first.body.datasetVersion);
    assert.equal(followed.body.source?.polls.refused, 0, `no poll refused while the writer re-seals: ${followed.body.source?.lastError?.message ?? ''}`);
    assert.equal(hooks.attempts, 0, 'a re-seal sends no webhook');
  });

  it('a writer started on an expiring folder serves /dataset/ its manifest re-sealed from its very first answer', async () => {
    const dir = dataCopy();
    await fileSystemFolder(dir).seal({ expiresSeconds: 4 });
    const sealed = sequenceOf(dir) ?? 0;
    const port = await freePort();
    const starting = serve({ DATA_DIR: dir, PORT: String(port), DATASET_EXPIRES_SECONDS: '3600' });
    try {
      // Asked from the moment the port opens: the first manifest it answers is the re-sealed one.
      let first: Response | undefined;
      while (first === undefined) {
        first = await fetch(`http://127.0.0.1:${port}/dataset/manifest.json`).catch(() => undefined);
        if (first === undefined) await delay(1);
      }
      assert.equal(first.status, 200);
      const reading = readManifest({ fileName: 'manifest.json', text: await first.text() });
      assert.ok(reading.ok);
      assert.equal(reading.manifest.sequence, sealed + 1, 'the re-sealed manifest, the next sequence');
      assert.ok(Date.parse(reading.manifest.expires ?? '') > Date.now() + 3000 * 1000, 'a new expiry, an hour away');
    } finally {
      // Started whatever the outcome, so that it is closed with the others.
      await starting;
    }
  });

  it('a writer on the bundled data, which it cannot re-seal, says so at start', async () => {
    const { collectingLogger } = await import('../helpers/log-lines.js');
    const { logger, lines } = collectingLogger();
    await serve({}, logger);
    assert.ok(lines.some((line) => line.includes('the data folder cannot be re-sealed (it is the bundled data, read-only)')), lines.join('\n'));
  });
});
