import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { COMPRESSION_MIN_BYTES, EncodedBodies, preferredCoding } from 'china-holiday-calendar-service/internal/http/kernel/compression.js';
import { cleanUpsOfFile } from '../helpers/clean-ups.js';
import { importNotices } from '../helpers/command-run.js';
import { copyOfBundledData } from '../helpers/data-dir.js';
import { rawRequest } from '../helpers/http-answer.js';
import { SYNTHETIC_2027 } from '../helpers/notice-files.js';
import { buildListeningTestApp, buildTestApp } from '../helpers/test-app.js';

/*
 * Content codings (RFC 9110 sections 8.4 and 12.5.3): large answers go out in brotli or gzip when
 * the request accepts them, decompressing to exactly the bytes sent uncompressed, with Vary:
 * Accept-Encoding and an ETag of their own; small answers never change. Through the real
 * application (inject) and over real sockets (node:http, which does not decompress).
 */

const P = '/v1/china-calendar';
const WHOLE_YEAR = `${P}/date-ranges?startDate=2024-01-01&endDate=2024-12-31`;
const FEED = `${P}/calendar.ics`;
const LARGE = [WHOLE_YEAR, `${P}/years/2024`, FEED, `${P}/calendar.ics?years=2024`, '/openapi.json', '/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js'] as const;
const SMALL = [`${P}/dates/2024-10-01`, `${P}/next-holiday?fromDate=2024-09-01`, `${P}/workdays?startDate=2024-01-01&endDate=2024-12-31`, `${P}/years/2027`, '/docs', '/readyz'] as const;
/** The answers that negotiate their media type (JSON or CSV) vary on Accept as well. */
const NEGOTIATED = new Set<string>([WHOLE_YEAR, `${P}/years/2024`]);
const varyOf = (url: string): string => (NEGOTIATED.has(url) ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
/** Headers that differ between any two answers to the same request. */
const PER_ANSWER = new Set(['date', 'x-request-id']);

const cleanups = cleanUpsOfFile();

function decoded(response: LightMyRequestResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'gzip') return gunzipSync(response.rawPayload);
  if (coding === 'br') return brotliDecompressSync(response.rawPayload);
  assert.equal(coding, undefined, `an unexpected Content-Encoding: ${String(coding)}`);
  return response.rawPayload;
}

function stableHeaders(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_ANSWER.has(name)));
}

describe('which coding a request gets (Accept-Encoding and its q-values)', () => {
  const cases: readonly (readonly [string | undefined, string])[] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.5', 'gzip'],
    ['gzip;q=0.5, identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['*;q=0, gzip', 'gzip'],
    ['identity;q=0', 'identity'],
    ['identity;q=0, gzip;q=0.1', 'gzip'],
    ['br;q=2', 'identity'],
    ['br;q=abc, gzip', 'gzip'],
    ['br ; q = 0.8 , gzip ; q=0.7', 'br'],
    [' , ,gzip', 'gzip'],
  ];
  for (const [header, expected] of cases) {
    it(`${header === undefined ? 'no header' : JSON.stringify(header)} → ${expected}`, () => {
      assert.equal(preferredCoding(header), expected);
    });
  }
});

describe('large answers through the application', () => {
  let app: FastifyInstance;
  before(async () => {
    ({ app } = await buildTestApp());
    cleanups.push(() => app.close());
  });

  for (const url of LARGE) {
    it(`${url}: gzip and brotli decompress to the uncompressed answer, with Vary, Content-Length and an ETag per coding`, async () => {
      const plain = await app.inject({ url });
      assert.equal(plain.statusCode, 200);
      assert.ok(plain.rawPayload.length >= COMPRESSION_MIN_BYTES, `${url} is large (${plain.rawPayload.length} bytes)`);
      assert.equal(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: uncompressed');
      assert.equal(plain.headers.vary, varyOf(url), 'the answer depends on Accept-Encoding, even when uncompressed');
      const etags = new Set([plain.headers.etag]);
      for (const [accept, coding] of [
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
      ] as const) {
        const encoded = await app.inject({ url, headers: { 'accept-encoding': accept } });
        assert.equal(encoded.statusCode, 200);
        assert.equal(encoded.headers['content-encoding'], coding, `${accept} → ${coding}`);
        assert.equal(encoded.headers.vary, varyOf(url));
        assert.equal(Number(encoded.headers['content-length']), encoded.rawPayload.length);
        assert.ok(encoded.rawPayload.length < plain.rawPayload.length / 2, `${coding} at least halves ${url}`);
        assert.ok(decoded(encoded).equals(plain.rawPayload), `${coding} decompresses to the uncompressed bytes`);
        assert.equal(encoded.headers['content-type'], plain.headers['content-type']);
        assert.equal(encoded.headers['cache-control'], plain.headers['cache-control']);
        if (plain.headers.etag !== undefined) {
          assert.equal(encoded.headers.etag, `${plain.headers.etag.slice(0, -1)}+${coding}"`, 'a strong ETag of its own');
          etags.add(encoded.headers.etag);
        }
        // A second request gets the very same bytes (compressed once, then kept).
        const again = await app.inject({ url, headers: { 'accept-encoding': accept } });
        assert.ok(again.rawPayload.equals(encoded.rawPayload));
      }
      if (plain.headers.etag !== undefined) assert.equal(etags.size, 3, 'three codings, three ETags');
    });
  }

  it('HEAD answers with the headers GET would send in the same coding, and no body', async () => {
    for (const url of [WHOLE_YEAR, '/openapi.json']) {
      for (const accept of ['gzip', 'br', 'identity']) {
        const got = await app.inject({ url, headers: { 'accept-encoding': accept } });
        const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': accept } });
        assert.equal(head.statusCode, 200);
        assert.equal(head.rawPayload.length, 0);
        assert.deepEqual(stableHeaders(head), stableHeaders(got), `HEAD ${url} with ${accept}`);
      }
    }
  });

  it('conditional requests validate per coding: a coding\'s ETag matches only that coding', async () => {
    const etagIn = async (accept: string): Promise<string> =>
      String((await app.inject({ url: WHOLE_YEAR, headers: { 'accept-encoding': accept } })).headers.etag);
    const gzipTag = await etagIn('gzip');
    const identityTag = await etagIn('identity');

    const revalidated = await app.inject({ url: WHOLE_YEAR, headers: { 'accept-encoding': 'gzip', 'if-none-match': gzipTag } });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.rawPayload.length, 0);
    assert.equal(revalidated.headers.etag, gzipTag);
    assert.equal(revalidated.headers.vary, varyOf(WHOLE_YEAR), 'a 304 carries the Vary its 200 would');
    assert.equal(revalidated.headers['content-encoding'], 'gzip');

    const asBrotli = await app.inject({ url: WHOLE_YEAR, headers: { 'accept-encoding': 'br', 'if-none-match': gzipTag } });
    assert.equal(asBrotli.statusCode, 200, 'the gzip ETag does not validate the brotli answer');
    assert.equal(asBrotli.headers['content-encoding'], 'br');

    const plain = await app.inject({ url: WHOLE_YEAR, headers: { 'if-none-match': gzipTag } });
    assert.equal(plain.statusCode, 200, 'nor the uncompressed one');
    assert.equal(plain.headers['content-encoding'], undefined);

    const identityThenGzip = await app.inject({ url: WHOLE_YEAR, headers: { 'accept-encoding': 'gzip', 'if-none-match': identityTag } });
    assert.equal(identityThenGzip.statusCode, 200, 'the uncompressed ETag does not validate the gzip answer');

    const listed = await app.inject({ url: WHOLE_YEAR, headers: { 'accept-encoding': 'gzip', 'if-none-match': `${identityTag}, W/${gzipTag}` } });
    assert.equal(listed.statusCode, 304, 'weak comparison inside a list, as for uncompressed answers');
    const plainRevalidated = await app.inject({ url: WHOLE_YEAR, headers: { 'if-none-match': identityTag } });
    assert.equal(plainRevalidated.statusCode, 304);
    assert.equal(plainRevalidated.headers.vary, varyOf(WHOLE_YEAR));
  });

  it('a request that refuses every coding offered (identity;q=0, *;q=0) gets the answer uncompressed, not a 406', async () => {
    const plain = await app.inject({ url: FEED });
    for (const accept of ['identity;q=0', '*;q=0', 'deflate, identity;q=0', 'gzip;q=0, br;q=0, identity;q=0']) {
      const answer = await app.inject({ url: FEED, headers: { 'accept-encoding': accept } });
      assert.equal(answer.statusCode, 200, accept);
      assert.equal(answer.headers['content-encoding'], undefined, accept);
      assert.ok(answer.rawPayload.equals(plain.rawPayload));
    }
  });

  it('small answers are untouched: the same headers (no Vary on Accept-Encoding, the same ETag) and bytes whatever Accept-Encoding says', async () => {
    for (const url of SMALL) {
      const plain = await app.inject({ url });
      assert.ok(plain.rawPayload.length < COMPRESSION_MIN_BYTES, `${url} is small (${plain.rawPayload.length} bytes)`);
      for (const accept of ['gzip, deflate, br', 'br', 'identity;q=0']) {
        const answer = await app.inject({ url, headers: { 'accept-encoding': accept } });
        assert.deepEqual(stableHeaders(answer), stableHeaders(plain), `${url} with ${accept}`);
        assert.ok(answer.rawPayload.equals(plain.rawPayload));
      }
    }
  });

  it('problems are never compressed', async () => {
    const answer = await app.inject({ url: `${P}/date-ranges?startDate=2024-01-01&endDate=2026-01-01`, headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(answer.statusCode, 400);
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(answer.headers.vary, undefined);
  });
});

describe('with a list of CORS origins', () => {
  it('a large answer varies on both Origin and Accept-Encoding (over a socket: two Vary lines, one list)', async () => {
    const { app, port } = await buildListeningTestApp({ env: { CORS_ORIGINS: 'https://app.example' } });
    cleanups.push(() => app.close());
    for (const accept of ['', 'Accept-Encoding: gzip\r\n']) {
      const answer = await rawRequest(port, `GET ${FEED} HTTP/1.1\r\nHost: localhost\r\nOrigin: https://app.example\r\n${accept}Connection: close\r\n\r\n`);
      assert.equal(answer.status, 200);
      assert.deepEqual(String(answer.headers.vary).split(/\s*,\s*/).sort(), ['Accept-Encoding', 'Origin'], `Vary with ${accept || 'no Accept-Encoding'}`);
      assert.equal(answer.headers['access-control-allow-origin'], 'https://app.example');
    }
  });
});

describe('a new dataset version: new compressed bodies, never the old version\'s', () => {
  it('the feed in gzip follows the data after a reload', async () => {
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    const { app, live } = await buildTestApp({ dataDir: dir });
    cleanups.push(() => app.close());
    const gzipped = (): Promise<LightMyRequestResponse> => app.inject({ url: FEED, headers: { 'accept-encoding': 'gzip' } });
    const before = await gzipped();

    await importNotices(dir, [SYNTHETIC_2027]);
    await live.reload('test');

    const now = await gzipped();
    const plain = await app.inject({ url: FEED });
    assert.notEqual(now.headers.etag, before.headers.etag);
    assert.ok(decoded(now).equals(plain.rawPayload), 'the new version\'s feed');
    assert.ok(!decoded(now).equals(decoded(before)), 'not the old one');
  });
});

describe('over a real socket', () => {
  let app: FastifyInstance;
  let port: number;
  before(async () => {
    ({ app, port } = await buildListeningTestApp());
    cleanups.push(() => app.close());
  });

  function fetchRaw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  }

  for (const url of [FEED, '/openapi.json', WHOLE_YEAR]) {
    it(`${url}: the bytes on the wire decompress to the uncompressed answer`, async () => {
      const plain = await fetchRaw(url, {});
      for (const coding of ['gzip', 'br'] as const) {
        const encoded = await fetchRaw(url, { 'accept-encoding': coding });
        assert.equal(encoded.status, 200);
        assert.equal(encoded.headers['content-encoding'], coding);
        assert.equal(encoded.headers['transfer-encoding'], undefined, 'Content-Length framed');
        assert.equal(Number(encoded.headers['content-length']), encoded.body.length);
        const body = coding === 'gzip' ? gunzipSync(encoded.body) : brotliDecompressSync(encoded.body);
        assert.ok(body.equals(plain.body), `${coding} on the wire`);
      }
    });
  }

  it('a dozen concurrent first requests for the same body all get it whole', async () => {
    const url = `${P}/date-ranges?startDate=2023-03-01&endDate=2024-02-29`;
    const plain = await fetchRaw(url, {});
    const answers = await Promise.all(Array.from({ length: 12 }, () => fetchRaw(url, { 'accept-encoding': 'br' })));
    for (const answer of answers) assert.ok(brotliDecompressSync(answer.body).equals(plain.body));
  });
});

describe('the cache of compressed bodies', () => {
  const body = Buffer.from('{"day":"2024-10-01"}'.repeat(400));

  it('compresses a body once: the same key gives the same bytes, concurrent requests share the work', async () => {
    const bodies = new EncodedBodies();
    const first = bodies.get('k', 'gzip', body);
    const concurrent = bodies.get('k', 'gzip', body);
    assert.equal(first, concurrent, 'one compression in flight, shared');
    const bytes = await first;
    assert.equal(bodies.get('k', 'gzip', body), bytes, 'once done, the very same Buffer, without waiting');
    assert.ok(gunzipSync(bytes).equals(body));
    assert.notEqual(bodies.get('k', 'br', body), bytes, 'each coding its own');
    assert.equal(bodies.get('k', 'identity', body), body, 'uncompressed: the body itself, nothing kept');
  });

  it('stays within its bounds, dropping the least recently used first', async () => {
    const one = (await new EncodedBodies().get('probe', 'gzip', body)).length;
    const bodies = new EncodedBodies({ maxBytes: one * 2, maxEntries: 100 });
    const a = await bodies.get('a', 'gzip', body);
    await bodies.get('b', 'gzip', body);
    assert.equal(bodies.get('a', 'gzip', body), a, 'a used again: now the most recent');
    await bodies.get('c', 'gzip', body);
    assert.ok(bodies.size <= one * 2, `${bodies.size} bytes held, at most ${one * 2}`);
    assert.equal(bodies.get('a', 'gzip', body), a, 'a kept');
    assert.ok(bodies.get('b', 'gzip', body) instanceof Promise, 'b, the least recently used, was dropped');

    const few = new EncodedBodies({ maxBytes: 1e9, maxEntries: 2 });
    for (const key of ['x', 'y', 'z']) await few.get(key, 'gzip', body);
    assert.ok(few.get('x', 'gzip', body) instanceof Promise, 'x dropped: at most two entries');
  });
});
