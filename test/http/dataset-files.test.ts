/**
 * GET /dataset/: the folder a service answers from, served read-only for the readers of a fleet,
 * through the real application (inject): the exact bytes with strong ETags, 304, HEAD, and
 * nothing else of the file system, however the path is spelt.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { dataCopies } from '../helpers/data-dir.js';
import { get, inject } from '../helpers/http-answer.js';
import { assertProblem } from '../helpers/spec-shapes.js';
import { buildTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

const dataCopy = dataCopies();
let dir: string;
let app: FastifyInstance;
const outside = mkdtempSync(join(tmpdir(), 'calendar-outside-'));

before(async () => {
  dir = dataCopy();
  writeFileSync(join(outside, 'secret.json'), '{"secret": true}\n');
  // A link out of the folder, under a name the route serves.
  symlinkSync(join(outside, 'secret.json'), join(dir, '2030.json'));
  writeFileSync(join(dir, '.writer-state.json'), '{"version": 1}\n');
  writeFileSync(join(dir, '.publication.lock'), '{"pid": 1, "host": "writer", "since": "2026-01-01T00:00:00.000Z"}\n');
  writeFileSync(join(dir, 'manifest.json.sig'), 'c2lnbmF0dXJl\n');
  ({ app } = await buildTestApp({ dataDir: dir }));
});
after(async () => {
  await app.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('GET /dataset/<file>', () => {
  it('answers each file of the folder byte for byte, with a strong ETag of its bytes and Cache-Control: no-cache', async () => {
    for (const name of ['manifest.json', '2008.json', '2019.json', '2026.json']) {
      const bytes = readFileSync(join(dir, name));
      const answer = await app.inject({ method: 'GET', url: `/dataset/${name}` });
      assert.equal(answer.statusCode, 200, name);
      assert.deepEqual(answer.rawPayload, bytes, `${name}: the exact bytes`);
      assert.equal(answer.headers['content-type'], 'application/json');
      assert.equal(answer.headers['cache-control'], 'no-cache');
      assert.equal(answer.headers.etag, `"${createHash('sha256').update(bytes).digest('base64url')}"`);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff');
      assert.ok(answer.headers['x-request-id'] !== undefined);
    }
  });

  it('serves manifest.json.sig only from a writer that signs (DATASET_SIGNING_KEY_FILE): a stray one is not its to vouch for', async () => {
    assert.equal((await get(app, '/dataset/manifest.json.sig')).status, 404, 'no key: the signature in the folder is not served');
    const keyFile = join(outside, 'writer.pem');
    writeFileSync(keyFile, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const { app: signing } = await buildTestApp({ dataDir: dir, env: { DATASET_SIGNING_KEY_FILE: keyFile } });
    try {
      const signature = await get(signing, '/dataset/manifest.json.sig');
      assert.equal(signature.status, 200);
      assert.equal(signature.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(signature.body, 'c2lnbmF0dXJl\n');
    } finally {
      await signing.close();
    }
  });

  it('answers 304 to If-None-Match with the ETag, HEAD with the headers only, and 200 again once the file changes', async () => {
    const first = await get(app, '/dataset/2024.json');
    const etag = first.headers.etag ?? assert.fail('an ETag');
    const revalidated = await get(app, '/dataset/2024.json', { 'if-none-match': etag });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.body, '');
    assert.equal(revalidated.headers.etag, etag);
    assert.equal((await get(app, '/dataset/2024.json', { 'if-none-match': `W/${etag}` })).status, 304, 'a weak match, as RFC 9110 compares If-None-Match');

    const head = await inject(app, { method: 'HEAD', url: '/dataset/2024.json' });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-length'], String(Buffer.byteLength(first.body)));
    assert.equal(head.headers.etag, etag);

    const copy = dataCopy();
    const { app: other } = await buildTestApp({ dataDir: copy });
    try {
      writeFileSync(join(copy, '2024.json'), `${first.body} `);
      const changed = await get(other, '/dataset/2024.json', { 'if-none-match': etag });
      assert.equal(changed.status, 200, 'served as it is on disk now');
      assert.notEqual(changed.headers.etag, etag);
    } finally {
      await other.close();
    }
  });

  it('answers nothing else: no listing, no hidden file, no other name, no path, however it is spelt', async () => {
    const paths = [
      '/dataset/',
      '/dataset',
      '/dataset/.writer-state.json',
      '/dataset/%2Ewriter-state.json',
      '/dataset/.publication.lock',
      '/dataset/..%2Fpackage.json',
      '/dataset/%2e%2e%2f%2e%2e%2fpackage.json',
      '/dataset/..%5Cpackage.json',
      '/dataset/../package.json',
      '/dataset/2024.json/',
      '/dataset//2024.json',
      '/dataset/2024.json.1234.tmp',
      '/dataset/20240.json',
      '/dataset/2024.JSON',
      '/dataset/schema.json',
      '/dataset/manifest.json%00',
      '/dataset/2099.json',
    ];
    for (const path of paths) {
      const answer = await get(app, path);
      assert.equal(answer.status, 404, `${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
      assert.doesNotMatch(answer.body, /secret|"version": 1|"pid": 1|china-holiday-calendar-repository/, path);
    }
    assertProblem(await get(app, '/dataset/.writer-state.json'), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL, instance: '/dataset/.writer-state.json' });
  });

  it('serves no file that a link leads out of the folder to, and one that a link leads to inside it (a ConfigMap\'s ..data)', async () => {
    assert.equal((await get(app, '/dataset/2030.json')).status, 404, 'the link out of the folder');
    const configMap = dataCopy();
    mkdirSync(join(configMap, '..2026_01_01'));
    renameSync(join(configMap, '2025.json'), join(configMap, '..2026_01_01', '2025.json'));
    symlinkSync('..2026_01_01', join(configMap, '..data'));
    symlinkSync(join('..data', '2025.json'), join(configMap, '2025.json'));
    const { app: mounted } = await buildTestApp({ dataDir: configMap });
    try {
      const answer = await get(mounted, '/dataset/2025.json');
      assert.equal(answer.status, 200);
      assert.equal(answer.body, readFileSync(join(configMap, '..2026_01_01', '2025.json'), 'utf8'));
    } finally {
      await mounted.close();
    }
  });

  it('answers a FIFO in a file\'s place with 404 at once, without waiting for a writer', { skip: process.platform === 'win32' ? 'no FIFOs' : false }, async () => {
    execFileSync('mkfifo', [join(dir, '2031.json')]);
    const started = performance.now();
    assert.equal((await get(app, '/dataset/2031.json')).status, 404);
    assert.ok(performance.now() - started < 2000);
  });

  it('answers 405 to other methods, as every path does', async () => {
    const answer = await inject(app, { method: 'PUT', url: '/dataset/manifest.json', payload: '{}' });
    assertProblem(answer, { status: 405, code: 'METHOD_NOT_ALLOWED', docsUrl: TEST_DOCS_URL });
    assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS');
  });

  it('is not served by a reader (DATA_URL): it follows a dataset, it does not publish one', async () => {
    const { app: reader } = await buildTestApp({ dataDir: dataCopy(), env: { DATA_URL: 'http://127.0.0.1:1/dataset/' } });
    try {
      assert.equal((await get(reader, '/dataset/manifest.json')).status, 404);
    } finally {
      await reader.close();
    }
  });
});
