/**
 * A reader (DATA_URL) that has taken no copy yet, as an operator runs it (`serve` in a child
 * process, real sockets): its answers are 503 CALENDAR_DATA_UNAVAILABLE whose detail points to
 * /readyz, and /readyz says why (the origin's last error, which never speaks of a last good copy
 * it does not have). Once the origin answers, the same reader
 * answers at its next poll, as the Retry-After promises.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cleanUpsOfFile } from '../helpers/clean-ups.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { freePort } from '../helpers/free-port.js';
import { startServiceProcess, type ServiceProcess } from '../helpers/service-process.js';
import { startStaticOrigin } from '../helpers/static-origin.js';

const cleanups = cleanUpsOfFile();
const dataCopy = dataCopies();

const DATE = '/v1/china-calendar/dates/2024-02-04';

/** What these tests read of /readyz's `source` (a reader's origin). */
interface OriginState {
  readonly lastError: { readonly message: string } | null;
}

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: Readonly<Record<string, unknown>>;
}

async function getJson(service: ServiceProcess, path: string): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${service.port}${path}`);
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
}

async function stop(service: ServiceProcess): Promise<void> {
  service.signal('SIGTERM');
  assert.notEqual(await service.exitWithin(10_000), 'still running');
}

/** The 503 of an answer without data: its detail sends the reader of the problem to /readyz, which says why. */
async function assertPointsToReadiness(service: ServiceProcess, why: RegExp): Promise<void> {
  const answer = await getJson(service, DATE);
  assert.equal(answer.status, 503);
  assert.equal(answer.body.code, 'CALENDAR_DATA_UNAVAILABLE');
  assert.ok(answer.retryAfter !== null, 'Retry-After');
  assert.match(String(answer.body.detail), /GET \/readyz shows why/);
  const ready = await getJson(service, '/readyz');
  assert.equal(ready.status, 503);
  assert.equal(ready.body.status, 'NOT_READY');
  const source = ready.body.source as OriginState | undefined;
  assert.match(source?.lastError?.message ?? '', why, 'the cause is in /readyz');
}

describe('a reader without data answers 503 and points to /readyz', () => {
  it('an origin nobody listens on: the 503 names /readyz, where the failed read of the manifest is shown', async () => {
    const port = await freePort();
    const reader = await startServiceProcess({ DATA_URL: `http://127.0.0.1:${port}/dataset/`, DATA_POLL_SECONDS: '1' });
    try {
      await assertPointsToReadiness(reader, /^the origin could not be read: .*manifest\.json/);
    } finally {
      await stop(reader);
    }
  });

  it('an origin whose copy is refused (a manifest that is not JSON): /readyz says no copy is held yet, never that a last good copy stays', async () => {
    const dir = dataCopy();
    writeFileSync(join(dir, 'manifest.json'), '{ "publishedYe');
    const origin = await startStaticOrigin(dir, 'etag');
    cleanups.push(() => origin.close());
    const reader = await startServiceProcess({ DATA_URL: origin.url, DATA_POLL_SECONDS: '1' });
    try {
      await assertPointsToReadiness(reader, /^the origin's copy was refused; no copy is held yet: manifest\.json/);
      const source = (await getJson(reader, '/readyz')).body.source as OriginState;
      assert.doesNotMatch(source.lastError?.message ?? '', /last good copy/);
    } finally {
      await stop(reader);
    }
  });

  it('an origin answering 500, then mended: the same reader answers once its next poll takes the copy', async () => {
    const origin = await startStaticOrigin(dataCopy(), 'error-500');
    cleanups.push(() => origin.close());
    const reader = await startServiceProcess({ DATA_URL: origin.url, DATA_POLL_SECONDS: '1' });
    try {
      await assertPointsToReadiness(reader, /^the origin could not be read: /);
      origin.behave('etag');
      await eventually(async () => (await getJson(reader, '/readyz')).status === 200, 10_000, 'the copy taken');
      const answer = await getJson(reader, DATE);
      assert.equal(answer.status, 200);
      assert.equal(answer.body.dayStatus, 'ADJUSTED_WORKDAY');
    } finally {
      await stop(reader);
    }
  });
});
