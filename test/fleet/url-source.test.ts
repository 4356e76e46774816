/**
 * The URL data source (a reader's origin) against real HTTP origins on local sockets: what it
 * asks for and when (conditional requests, only changed files), what it makes of an origin that
 * is too large, not UTF-8, redirecting, failing or dripping. The loader's verdict on what it
 * brings is checked in reader.test.ts.
 */
import assert from 'node:assert/strict';
import { readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { MAX_DATA_FILE_BYTES, readDataDirectorySync, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { urlSource, type UrlSource } from 'china-holiday-calendar-service/internal/reader/url-source.js';
import { delayToNextPoll } from 'china-holiday-calendar-service/internal/reader/wall-clock.js';
import { dataCopies } from '../helpers/data-dir.js';
import { reseal, writeSealed } from '../helpers/sealed-data.js';
import { startStaticOrigin, type OriginBehaviour, type StaticOrigin } from '../helpers/static-origin.js';

const dataCopy = dataCopies();
const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers.reverse()) await close();
});

async function following(behaviour: OriginBehaviour, options: { timeoutMs?: number; prepare?: (dir: string) => void } = {}): Promise<{ dir: string; origin: StaticOrigin; source: UrlSource }> {
  const dir = dataCopy();
  options.prepare?.(dir);
  const origin = await startStaticOrigin(dir, behaviour);
  const source = urlSource({ url: origin.url, signed: false, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) });
  closers.push(() => origin.close(), () => source.close());
  return { dir, origin, source };
}

/** Sets the modification time of every file of a folder (what the origin's Last-Modified reports). */
function touchAll(dir: string, at: number): void {
  for (const name of readdirSync(dir)) utimesSync(join(dir, name), at / 1000, at / 1000);
}

/** The requests made since `from`, by file name. */
function asked(origin: StaticOrigin, from: number): string[] {
  return origin.requests.slice(from).map((request) => request.path.replace(/^\/(moved\/)?data\//, ''));
}

function textsOf(snapshot: DirectorySnapshot): Map<string, string> {
  return new Map(snapshot.yearFiles.flatMap((file) => ('text' in file ? [[file.fileName, file.text] as const] : [])));
}

describe('the URL source: what it asks the origin for', () => {
  it('asks for the manifest with If-None-Match, and for a year file only when the manifest lists a new digest for it', async () => {
    const { dir, origin, source } = await following('etag');
    const first = await source.read();
    assert.equal(asked(origin, 0).length, 20, 'the manifest and 19 year files');
    assert.deepEqual(textsOf(first), textsOf(readDataDirectorySync(dir)), 'the bytes of the files, as text');
    assert.deepEqual(assembleDataset(first).problems, []);

    let seen = origin.requests.length;
    const again = await source.read();
    assert.deepEqual(asked(origin, seen), ['manifest.json'], 'the manifest only');
    assert.match(origin.requests.at(-1)?.ifNoneMatch ?? '', /^".+"$/, 'asked with If-None-Match');
    assert.deepEqual(textsOf(again), textsOf(first));

    const text2026 = textsOf(first).get('2026.json') ?? '';
    writeSealed(dir, '2026.json', text2026.replace('"notes": ["Document number', '"notes": ["A reviewer\'s remark.", "Document number'));
    seen = origin.requests.length;
    const changed = await source.read();
    assert.deepEqual(asked(origin, seen), ['manifest.json', '2026.json'], 'the manifest, then the one file whose digest changed');
    assert.notEqual(textsOf(changed).get('2026.json'), text2026);
    assert.deepEqual(assembleDataset(changed).problems, []);
  });

  it('with no ETag, asks If-Modified-Since only once an answer came a second after the Last-Modified it gives; with no validator, the manifest whole, the files not again', async () => {
    const { dir, origin, source } = await following('last-modified');
    // The files' times are set, not waited for, so that a slow machine sees the same thing.
    touchAll(dir, Date.now() + 10_000);
    await source.read();
    // A Last-Modified not a second before the answer's Date is no validator (a change later that second would hide behind it).
    let seen = origin.requests.length;
    await source.read();
    assert.deepEqual(asked(origin, seen), ['manifest.json']);
    assert.equal(origin.requests.at(-1)?.ifModifiedSince, undefined, 'a validator that could hide a second change within the same second is not used');
    touchAll(dir, Date.now() - 5_000);
    await source.read();
    seen = origin.requests.length;
    await source.read();
    assert.deepEqual(asked(origin, seen), ['manifest.json']);
    assert.match(origin.requests.at(-1)?.ifModifiedSince ?? '', /GMT$/, 'now it is');

    const plain = await following('plain');
    await plain.source.read();
    seen = plain.origin.requests.length;
    const again = await plain.source.read();
    assert.deepEqual(asked(plain.origin, seen), ['manifest.json'], 'a plain static server: the manifest whole, no year file again');
    assert.deepEqual(assembleDataset(again).problems, []);
  });

  it('fetches none of the texts it was given (a reader\'s cache) whose digest the manifest lists', async () => {
    const { dir, origin, source } = await following('etag');
    source.remember(readDataDirectorySync(dir));
    const snapshot = await source.read();
    assert.deepEqual(asked(origin, 0), ['manifest.json']);
    assert.equal(snapshot.yearFiles.length, 19);
  });

  it('asks for the signature too, at every read, when it checks signatures', async () => {
    const { origin } = await following('etag');
    const signed = urlSource({ url: origin.url, signed: true });
    closers.push(() => signed.close());
    const first = await signed.read();
    assert.equal(first.signature, undefined, 'the origin has none');
    const seen = origin.requests.length;
    await signed.read();
    assert.deepEqual(asked(origin, seen), ['manifest.json', 'manifest.json.sig']);
  });
});

describe('the URL source: credentials in DATA_URL', () => {
  it('are sent as Basic authentication to the origin, and shown nowhere: not in its location, not in an error', async () => {
    const { origin } = await following('etag');
    const withCredentials = origin.url.replace('http://', 'http://reader:s%3Acret@');
    const source = urlSource({ url: withCredentials, signed: false });
    closers.push(() => source.close());
    assert.equal(source.location, origin.url.replace('http://', 'http://***:***@'), 'shown redacted, as every configured URL is');
    const seen = origin.requests.length;
    await source.read();
    assert.ok(origin.requests.slice(seen).every((request) => request.authorization === `Basic ${Buffer.from('reader:s:cret').toString('base64')}`));
    origin.behave('error-500');
    await assert.rejects(source.read(), (error: Error) => !error.message.includes('cret') && error.message.includes(origin.url));
  });
});

describe('the URL source: an origin that is untrusted input', () => {
  it('a file over 1 MiB, a file that is not UTF-8 and a listed file the origin lacks are files the loader refuses by name', async () => {
    const { source } = await following('etag', {
      prepare(dir) {
        writeFileSync(join(dir, '2024.json'), Buffer.alloc(MAX_DATA_FILE_BYTES + 1, 0x20));
        writeFileSync(join(dir, '2023.json'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
        reseal(dir);
        rmSync(join(dir, '2022.json'));
      },
    });
    const snapshot = await source.read();
    const errors = new Map(snapshot.yearFiles.flatMap((file) => ('error' in file ? [[file.fileName, file.error] as const] : [])));
    assert.match(errors.get('2024.json') ?? '', /over the limit of 1048576 bytes/);
    assert.equal(errors.get('2023.json'), 'not UTF-8 text');
    const problems = assembleDataset(snapshot).problems.map((problem) => `${problem.file}: ${problem.reason}`);
    assert.ok(problems.some((line) => line.startsWith('2024.json: cannot be read (over the limit')), problems.join('\n'));
    assert.ok(problems.some((line) => line.startsWith('2023.json: cannot be read (not UTF-8 text)')), problems.join('\n'));
    assert.ok(problems.some((line) => line.startsWith('2022.json: the year is published but its file is missing')), problems.join('\n'));
  });

  it('a manifest listing more year files than a dataset may have is refused without fetching them', async () => {
    const { origin, source } = await following('etag', {
      prepare(dir) {
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ publishedYears: Array.from({ length: 201 }, (_, at) => 2008 + at) }));
      },
    });
    const snapshot = await source.read();
    assert.deepEqual(asked(origin, 0), ['manifest.json']);
    assert.deepEqual(snapshot.manifest, { fileName: 'manifest.json', error: 'lists 201 year files, more than the 200 a dataset may have' });
  });

  it('a manifest that is not one is read through its schema: no year file is fetched, and the loader names the file and each field at fault', async () => {
    const { origin, source } = await following('etag', {
      prepare(dir) {
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ publishedYears: [2024, '2025', 20260], files: { '2024.json': 'abc' } }));
      },
    });
    const snapshot = await source.read();
    assert.deepEqual(asked(origin, 0), ['manifest.json']);
    assert.deepEqual(snapshot.yearFiles, []);
    assert.deepEqual(
      assembleDataset(snapshot).problems.map((problem) => `${problem.file}: ${problem.field}: ${problem.reason}`),
      [
        'manifest.json: publishedYears[1]: must be integer',
        'manifest.json: publishedYears[2]: must be <= 9999',
        'manifest.json: files.2024.json: must match pattern "^([0-9a-f]{64}|sha256-[A-Za-z0-9+/]{43}=)$"',
      ],
    );
  });

  it('follows redirects within the origin; one to another origin fails the read, unfollowed', async () => {
    const here = await following('redirect-here');
    assert.equal((await here.source.read()).yearFiles.length, 19);
    assert.ok(here.origin.requests.some((request) => request.path.startsWith('/moved/')));

    const elsewhere = await following('redirect-elsewhere');
    await assert.rejects(elsewhere.source.read(), /redirected to another origin \(http:\/\/localhost:1\/data\/manifest\.json\); not followed/);
  });

  it('an origin that answers 500, or drips its answer, fails the read within the time limit', async () => {
    const failing = await following('error-500');
    await assert.rejects(failing.source.read(), /manifest\.json: answered 500/);

    const dripping = await following('dripping', { timeoutMs: 600 });
    const started = performance.now();
    await assert.rejects(dripping.source.read(), /no complete answer within 0\.6 s/);
    assert.ok(performance.now() - started < 3000, 'cut at the limit, not at the end of the drip');
  });
});

describe('polls on the wall clock', () => {
  it('waits until the next multiple of the interval, plus at most a tenth of it (and at most a second)', () => {
    assert.equal(delayToNextPoll(1_000_000_500, 2000, 0), 1500);
    assert.equal(delayToNextPoll(1_000_000_500, 2000, 0.999), 1500 + 199);
    assert.equal(delayToNextPoll(1_000_002_000, 2000, 0), 2000, 'on a multiple: the next one');
    assert.equal(delayToNextPoll(1_000_000_000, 30_000, 0.999), 30_000 - (1_000_000_000 % 30_000) + 999);
    // Two readers started at different moments ask at about the same moments.
    const a = 1_000_000_100 + delayToNextPoll(1_000_000_100, 30_000, 0.2);
    const b = 1_000_017_900 + delayToNextPoll(1_000_017_900, 30_000, 0.7);
    assert.ok(Math.abs(a - b) < 1000, `${a} and ${b}`);
  });
});
