import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { runImport } from 'china-holiday-calendar-service/internal/commands/import.js';
import { copyOfBundledData } from '../helpers/data-dir.js';
import { writeSealed } from '../helpers/sealed-data.js';
import { get, inject, type HttpAnswer } from '../helpers/http-answer.js';
import { assertJsonSuccess, assertProblem, assertRequestIdHeader } from '../helpers/spec-shapes.js';
import { buildTestApp, TEST_DOCS_URL } from '../helpers/test-app.js';

/*
 * HTTP caching of the answers, through the real application (inject):
 * - every success carries a strong ETag (RFC 9110 8.8.3: a quoted opaque tag, no W/ prefix) naming
 *   the dataset and the answer, so it is equal for equal requests and differs between answers and
 *   between dataset versions;
 * - If-None-Match (weak comparison, a list, or `*`, RFC 9110 13.1.2) turns a success into 304 with
 *   no body and the headers a 200 would have carried (ETag, Cache-Control, RFC 9110 15.4.5), plus
 *   X-Request-Id (docs/design.md (Interface decisions): every response carries it); preconditions never apply to a
 *   problem (RFC 9110 13.2.1);
 * - Cache-Control is long (`public, max-age=86400`) for answers that cannot change until the data
 *   does, short (`public, max-age=300`) for answers containing UNKNOWN days and for the last week of
 *   December of a published year whose next year is unpublished (docs/design.md (Interface decisions): the notice of
 *   year Y+1 may name days of December Y, e.g. 2018-12-29 in the 2019 notice; loader rule 5 reaches
 *   back to 25 December), and `no-store` for problems.
 */

const DATES = '/v1/china-calendar/dates/';
const RANGES = '/v1/china-calendar/date-ranges';
const WORKDAYS = '/v1/china-calendar/workdays';
const NEXT = '/v1/china-calendar/next-holiday';

const LONG = 'public, max-age=86400';
const SHORT = 'public, max-age=300';
const NEVER = 'no-store';

const SYNTHETIC_2027 = fileURLToPath(new URL('../fixtures/synthetic/2027-annual.txt', import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let app: FastifyInstance;

before(async () => {
  ({ app } = await buildTestApp());
  cleanups.push(() => app.close());
});

/** The ETag of a success, checked to be strong and well-formed (RFC 9110 8.8.3: DQUOTE *etagc DQUOTE). */
function strongEtag(answer: HttpAnswer): string {
  const etag = answer.headers.etag;
  assert.equal(typeof etag, 'string', `a ${answer.status} answer carries an ETag`);
  const text = String(etag);
  assert.ok(!text.startsWith('W/'), `the ETag ${text} is strong (no W/ prefix)`);
  assert.match(text, /^"[\x21\x23-\x7e]+"$/, `the ETag ${text} is a quoted entity-tag`);
  return text;
}

async function ok(target: FastifyInstance, url: string): Promise<HttpAnswer> {
  const answer = await get(target, url);
  assertJsonSuccess(answer);
  return answer;
}

async function cacheControlOf(target: FastifyInstance, url: string): Promise<string | undefined> {
  return (await ok(target, url)).headers['cache-control'];
}

describe('ETag', () => {
  const successes = [
    `${DATES}2024-05-01`,
    `${DATES}2027-01-01`,
    `${RANGES}?startDate=2024-01-01&endDate=2024-12-31`,
    `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`,
    `${NEXT}?fromDate=2024-05-06`,
    `${NEXT}?fromDate=2026-10-08`,
  ];

  it('every success carries a strong ETag, equal for equal requests', async () => {
    for (const url of successes) {
      const first = strongEtag(await ok(app, url));
      const second = strongEtag(await ok(app, url));
      assert.equal(second, first, `the same request answers the same ETag: ${url}`);
    }
  });

  it('is equal for the same answer whatever ignored extra parameters come with it', async () => {
    const plain = strongEtag(await ok(app, `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`));
    const extra = strongEtag(await ok(app, `${WORKDAYS}?endDate=2024-12-31&foo=bar&startDate=2024-01-01`));
    assert.equal(extra, plain);
  });

  it('differs between different answers, including two operations over the same dates', async () => {
    const urls = [
      `${DATES}2024-05-01`,
      `${DATES}2024-05-02`,
      `${DATES}2027-01-01`,
      `${DATES}2027-01-02`,
      `${RANGES}?startDate=2024-05-01&endDate=2024-05-01`,
      `${RANGES}?startDate=2024-05-01&endDate=2024-05-02`,
      `${WORKDAYS}?startDate=2024-05-01&endDate=2024-05-01`,
      `${WORKDAYS}?startDate=2024-05-01&endDate=2024-05-02`,
      `${NEXT}?fromDate=2024-05-01`,
      `${NEXT}?fromDate=2024-05-02`,
    ];
    const etags = new Map<string, string>();
    for (const url of urls) {
      const etag = strongEtag(await ok(app, url));
      assert.equal(etags.get(etag), undefined, `${url} and ${etags.get(etag) ?? ''} share the ETag ${etag}`);
      etags.set(etag, url);
    }
  });

  it('differs across dataset versions, for the very same request', async () => {
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    const path = join(dir, '2026.json');
    const original = readFileSync(path, 'utf8');
    const changed = original.replace('"notes": ["Document number', '"notes": ["A reviewer\'s remark added by a test.", "Document number');
    assert.notEqual(changed, original, 'the test really changed 2026.json');
    writeSealed(dir, '2026.json', changed);
    const { app: other } = await buildTestApp({ dataDir: dir });
    cleanups.push(() => other.close());

    const versionOf = async (target: FastifyInstance): Promise<string> =>
      (JSON.parse((await get(target, '/readyz')).body) as { datasetVersion: string }).datasetVersion;
    assert.notEqual(await versionOf(other), await versionOf(app), 'a changed file is a new dataset version');

    for (const url of successes) {
      const before = await ok(app, url);
      const now = await ok(other, url);
      assert.notEqual(strongEtag(now), strongEtag(before), `a new dataset version changes the ETag of ${url}`);
      // The old ETag no longer matches: the client gets the new answer.
      const revalidated = await get(other, url, { 'if-none-match': strongEtag(before) });
      assert.equal(revalidated.status, 200, `${url} revalidated with the old ETag against new data`);
      assert.equal(strongEtag(revalidated), strongEtag(now));
    }
  });
});

describe('If-None-Match', () => {
  const url = `${DATES}2024-05-01`;

  function assertNotModified(answer: HttpAnswer, reference: HttpAnswer, what: string): void {
    assert.equal(answer.status, 304, `${what}: 304 (got ${answer.status}: ${answer.body.slice(0, 200)})`);
    assert.equal(answer.body, '', `${what}: a 304 has no body`);
    assert.equal(answer.headers.etag, reference.headers.etag, `${what}: the same ETag`);
    assert.equal(answer.headers['cache-control'], reference.headers['cache-control'], `${what}: the same Cache-Control`);
    assertRequestIdHeader(answer);
  }

  it('answers 304 with no body, the same ETag and Cache-Control, and X-Request-Id for the current ETag', async () => {
    for (const target of [url, `${RANGES}?startDate=2026-12-20&endDate=2027-01-10`, `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`, `${NEXT}?fromDate=2026-10-08`]) {
      const reference = await ok(app, target);
      const etag = strongEtag(reference);
      assertNotModified(await get(app, target, { 'if-none-match': etag }), reference, target);
    }
  });

  it('uses the X-Request-Id the client sent on a 304 too', async () => {
    const reference = await ok(app, url);
    const answer = await get(app, url, { 'if-none-match': strongEtag(reference), 'x-request-id': 'cache-check-1' });
    assert.equal(answer.status, 304);
    assert.equal(answer.headers['x-request-id'], 'cache-check-1');
  });

  it('matches the ETag inside a list, with a W/ prefix (weak comparison), and *', async () => {
    const reference = await ok(app, url);
    const etag = strongEtag(reference);
    const forms = [`"something-else", ${etag}`, `${etag},"x"`, `W/${etag}`, `"a",  W/${etag} , "b"`, '*'];
    for (const form of forms) assertNotModified(await get(app, url, { 'if-none-match': form }), reference, `If-None-Match: ${form}`);
  });

  it('answers 200 with the body when nothing matches', async () => {
    const reference = await ok(app, url);
    const etag = strongEtag(reference);
    const forms = ['"nope"', etag.slice(0, -2) + '"', `"${etag}"`, `W/"nope", "also-nope"`, etag.replace(/^"/, '').replace(/"$/, '')];
    for (const form of forms) {
      const answer = await get(app, url, { 'if-none-match': form });
      assertJsonSuccess(answer);
      assert.equal(answer.body, reference.body, `If-None-Match: ${form} does not match`);
      assert.equal(answer.headers.etag, etag);
    }
    // The ETag of another answer does not match this one.
    const other = strongEtag(await ok(app, `${DATES}2024-05-02`));
    assert.equal((await get(app, url, { 'if-none-match': other })).status, 200);
  });

  it('works for HEAD: same ETag and Cache-Control as GET, no body, 304 on a match', async () => {
    for (const target of [url, `${DATES}2027-01-01`, `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`]) {
      const reference = await ok(app, target);
      const head = await inject(app, { method: 'HEAD', url: target });
      assert.equal(head.status, 200, `HEAD ${target}`);
      assert.equal(head.body, '', 'HEAD has no body');
      assert.equal(head.headers.etag, reference.headers.etag, 'HEAD: the ETag of GET');
      assert.equal(head.headers['cache-control'], reference.headers['cache-control'], 'HEAD: the Cache-Control of GET');
      assertRequestIdHeader(head);
      const conditional = await inject(app, { method: 'HEAD', url: target, headers: { 'if-none-match': strongEtag(reference) } });
      assertNotModified(conditional, reference, `HEAD ${target}`);
      const miss = await inject(app, { method: 'HEAD', url: target, headers: { 'if-none-match': '"nope"' } });
      assert.equal(miss.status, 200);
    }
  });

  it('never turns a problem into 304, even with If-None-Match: *', async () => {
    const cases: readonly [string, number, string][] = [
      [`${DATES}2024-13-01`, 400, 'INVALID_DATE_FORMAT'],
      [`${DATES}2007-12-31`, 400, 'DATE_OUT_OF_SUPPORTED_RANGE'],
      [`${WORKDAYS}?startDate=2024-12-31&endDate=2024-01-01`, 400, 'INVALID_DATE_RANGE'],
      ['/v1/china-calendar/nowhere', 404, 'RESOURCE_NOT_FOUND'],
    ];
    for (const [target, status, code] of cases) {
      const answer = await get(app, target, { 'if-none-match': '*' });
      assertProblem(answer, { status, code, docsUrl: TEST_DOCS_URL });
      assert.equal(answer.headers.etag, undefined, `a problem carries no ETag: ${target}`);
    }
  });
});

describe('Cache-Control', () => {
  it('is long for answers wholly inside published years', async () => {
    for (const url of [
      `${DATES}2024-05-01`,
      `${DATES}2008-01-01`,
      `${DATES}2018-12-29`,
      `${RANGES}?startDate=2024-01-01&endDate=2024-12-31`,
      `${WORKDAYS}?startDate=2024-01-01&endDate=2024-12-31`,
      `${WORKDAYS}?startDate=2025-12-25&endDate=2026-12-24`,
      `${NEXT}?fromDate=2024-05-06`,
      `${NEXT}?fromDate=2024-10-08`,
      `${NEXT}?fromDate=2026-05-06`,
    ]) {
      assert.equal(await cacheControlOf(app, url), LONG, url);
    }
  });

  it('is short for answers containing UNKNOWN days', async () => {
    for (const url of [
      `${DATES}2027-01-01`,
      `${DATES}2027-06-15`,
      `${DATES}2099-12-31`,
      `${RANGES}?startDate=2026-12-01&endDate=2027-01-10`,
      `${RANGES}?startDate=2027-01-01&endDate=2027-12-31`,
      `${WORKDAYS}?startDate=2026-06-01&endDate=2027-01-01`,
      `${WORKDAYS}?startDate=2030-01-01&endDate=2030-12-31`,
      `${NEXT}?fromDate=2026-10-08`,
      `${NEXT}?fromDate=2027-03-01`,
      `${NEXT}?fromDate=2099-01-01`,
    ]) {
      assert.equal(await cacheControlOf(app, url), SHORT, url);
    }
  });

  it('is short for 2026-12-25..31, which the unpublished 2027 notice may still name, and long for 2026-12-24', async () => {
    assert.equal(await cacheControlOf(app, `${DATES}2026-12-24`), LONG, '2026-12-24');
    for (let day = 25; day <= 31; day++) {
      assert.equal(await cacheControlOf(app, `${DATES}2026-12-${day}`), SHORT, `2026-12-${day}`);
    }
    assert.equal(await cacheControlOf(app, `${RANGES}?startDate=2026-12-01&endDate=2026-12-24`), LONG);
    assert.equal(await cacheControlOf(app, `${RANGES}?startDate=2026-12-01&endDate=2026-12-25`), SHORT);
    assert.equal(await cacheControlOf(app, `${WORKDAYS}?startDate=2026-12-31&endDate=2026-12-31`), SHORT);
    assert.equal(await cacheControlOf(app, `${WORKDAYS}?startDate=2026-01-01&endDate=2026-12-31`), SHORT);
    // Earlier Decembers are settled: their next year is published.
    assert.equal(await cacheControlOf(app, `${DATES}2025-12-28`), LONG, '2025-12-28');
    assert.equal(await cacheControlOf(app, `${RANGES}?startDate=2025-12-20&endDate=2026-01-05`), LONG);
  });

  it('is the same on a 304 and a HEAD as on the 200', async () => {
    for (const url of [`${DATES}2024-05-01`, `${DATES}2026-12-28`, `${DATES}2027-01-01`]) {
      const reference = await ok(app, url);
      const conditional = await get(app, url, { 'if-none-match': strongEtag(reference) });
      assert.equal(conditional.status, 304);
      assert.equal(conditional.headers['cache-control'], reference.headers['cache-control'], `304 ${url}`);
      const head = await inject(app, { method: 'HEAD', url });
      assert.equal(head.headers['cache-control'], reference.headers['cache-control'], `HEAD ${url}`);
    }
  });

  it('is no-store on problems', async () => {
    const cases: readonly [string, string, number][] = [
      ['GET', `${DATES}2024-02-30`, 400],
      ['GET', `${RANGES}?startDate=2024-01-01`, 400],
      ['GET', `${WORKDAYS}?startDate=2024-01-01&endDate=2025-01-01`, 400],
      ['GET', `${NEXT}?fromDate=2007-06-01`, 400],
      ['GET', '/v1/china-calendar/missing', 404],
      ['DELETE', `${DATES}2024-05-01`, 405],
      ['POST', WORKDAYS, 405],
    ];
    for (const [method, url, status] of cases) {
      const answer = await inject(app, { method, url });
      assertProblem(answer, { status, docsUrl: TEST_DOCS_URL });
      assert.equal(answer.headers['cache-control'], NEVER, `${method} ${url}`);
    }
  });

  it('is no-store on 503 CALENDAR_DATA_UNAVAILABLE', async () => {
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    writeFileSync(join(dir, '2019.json'), '{"year": 2019, "notices": [');
    const { app: broken } = await buildTestApp({ dataDir: dir });
    cleanups.push(() => broken.close());
    const answer = await get(broken, `${DATES}2019-05-01`);
    assertProblem(answer, { status: 503, code: 'CALENDAR_DATA_UNAVAILABLE', docsUrl: TEST_DOCS_URL });
    assert.equal(answer.headers['cache-control'], NEVER);
    assert.equal(answer.headers.etag, undefined);
    // The other years still answer, with their usual caching.
    assert.equal(await cacheControlOf(broken, `${DATES}2024-05-01`), LONG);
  });
});

describe('Cache-Control once 2027 is published', () => {
  let published: FastifyInstance;

  before(async () => {
    const { dir, remove } = copyOfBundledData();
    cleanups.push(remove);
    const silent = new Writable({
      write: (_chunk, _encoding, done) => {
        done();
      },
    });
    assert.equal(await runImport([SYNTHETIC_2027], { dataDir: dir, dryRun: false, force: false }, silent, silent), 0);
    ({ app: published } = await buildTestApp({ dataDir: dir }));
    cleanups.push(() => published.close());
    const ready = JSON.parse((await get(published, '/readyz')).body) as { publishedYears: number[] };
    assert.equal(ready.publishedYears.at(-1), 2027, 'the data copy publishes 2027');
  });

  it('makes the last week of December 2026 long', async () => {
    for (let day = 25; day <= 31; day++) {
      assert.equal(await cacheControlOf(published, `${DATES}2026-12-${day}`), LONG, `2026-12-${day}`);
    }
    assert.equal(await cacheControlOf(published, `${RANGES}?startDate=2026-12-01&endDate=2027-01-10`), LONG);
    assert.equal(await cacheControlOf(published, `${WORKDAYS}?startDate=2026-06-01&endDate=2027-05-31`), LONG);
  });

  it('makes 2027 dates long except 2027-12-25..31, which the unpublished 2028 notice may name', async () => {
    for (const date of ['2027-01-01', '2027-02-20', '2027-06-15', '2027-10-01', '2027-12-24']) {
      assert.equal(await cacheControlOf(published, `${DATES}${date}`), LONG, date);
    }
    for (let day = 25; day <= 31; day++) {
      assert.equal(await cacheControlOf(published, `${DATES}2027-12-${day}`), SHORT, `2027-12-${day}`);
    }
    assert.equal(await cacheControlOf(published, `${DATES}2028-01-01`), SHORT, '2028-01-01 is UNKNOWN');
    assert.equal(await cacheControlOf(published, `${RANGES}?startDate=2027-01-01&endDate=2027-12-24`), LONG);
    assert.equal(await cacheControlOf(published, `${RANGES}?startDate=2027-01-01&endDate=2027-12-31`), SHORT);
  });

  it('makes a next holiday found in 2027 long, and the search past the last holiday of 2027 short', async () => {
    const next = await ok(published, `${NEXT}?fromDate=2026-10-08`);
    assert.equal((JSON.parse(next.body) as { date: string }).date, '2027-01-01');
    assert.equal(next.headers['cache-control'], LONG);
    assert.equal(await cacheControlOf(published, `${NEXT}?fromDate=2027-10-08`), SHORT);
  });
});
