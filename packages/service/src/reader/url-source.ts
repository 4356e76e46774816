import type { DataSource } from '@china-holiday-calendar/core/dataset/data-source.js';
import { digestHex, sha256Hex } from '@china-holiday-calendar/core/dataset/file-digest.js';
import { readManifest } from '@china-holiday-calendar/core/dataset/read-manifest.js';
import {
  MANIFEST_FILE_NAME,
  MAX_DATA_FILE_BYTES,
  SIGNATURE_FILE_NAME,
  utf8Text,
  type DirectorySnapshot,
  type RawFile,
  type YearFile,
} from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { redactedUrl } from '../outbound/redacted-url.js';
import { createOriginClient, type OriginAnswer, type OriginClient } from './origin-request.js';
import { delayToNextPoll } from './wall-clock.js';
import { nestedDeeperThan } from '../outbound/json-depth.js';
import { setTimeout as delay } from 'node:timers/promises';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/** The most year files a published dataset may list: 2008 to 2207, far more than will ever be. */
export const MAX_DATASET_FILES = 200;

/** The most a read may fetch in all: a real dataset is about 100 KB. */
const MAX_READ_BYTES = 16 * 1024 * 1024;

/**
 * A manifest lists a digest a year: 200 years (MAX_DATASET_FILES) take under 20 KB. Bounded well
 * below a year file's bound, so that a hostile origin's megabyte of manifest is cut off after 64
 * KiB, at every poll, instead of being received, decoded and scanned whole.
 */
const MAX_MANIFEST_BYTES = 64 * 1024;

/** A signature is 88 base64 characters. */
const MAX_SIGNATURE_BYTES = 1024;

/**
 * Reads of one poll when it overlaps a publication, and the pause before each next one, growing (a
 * writer's publication takes a millisecond or two: the manifest follows its signature at once).
 */
const MAX_READ_ATTEMPTS = 10;
const STRADDLE_RETRY_MS = 10;

/** Year files fetched at once. */
const PARALLEL_FETCHES = 4;

export const ORIGIN_TIMEOUT_MS = 10_000;

export interface UrlSourceOptions {
  /** The published dataset folder, ending in `/`. */
  readonly url: string;
  /** Read the manifest's signature too (the reader checks signatures). */
  readonly signed: boolean;
  /** The keys a signature is checked with before the manifest is parsed, and a read retried on a mismatch. */
  readonly verify?: ((manifest: string, signature: string) => boolean) | undefined;
  readonly timeoutMs?: number;
}

/** A URL source can be told of texts it already holds (a reader's cache), so as not to fetch them again. */
export type UrlSource = DataSource & {
  remember(snapshot: DirectorySnapshot): void;
  close(): Promise<void>;
};

/**
 * A published dataset folder over HTTP (a writer's `/dataset/`, a static server, a bucket, a CDN):
 * the manifest with a conditional GET (If-None-Match, or If-Modified-Since where the origin gives
 * no ETag), then only the year files whose digest it does not hold already, each bounded in size,
 * their count and total bounded too. A file the origin refuses to give whole (too large, not
 * UTF-8, absent) comes back as a file that cannot be read, which the loader refuses by name; an
 * origin that cannot be asked at all (network, timeout, an error status) makes the read throw.
 * Nothing fetched is trusted until the loader has checked it against the manifest's digests.
 */
export function urlSource(options: UrlSourceOptions): UrlSource {
  const client = createOriginClient(options.url, options.timeoutMs ?? ORIGIN_TIMEOUT_MS);
  const manifest = conditionalFile(client, MANIFEST_FILE_NAME, MAX_MANIFEST_BYTES);
  // Asked at every poll too: a signature may lag its manifest by a moment on the writer's disk.
  const signature = conditionalFile(client, SIGNATURE_FILE_NAME, MAX_SIGNATURE_BYTES);
  /** Texts whose digest was checked against a manifest, by digest: never fetched again. */
  let known = new Map<string, string>();
  const remember = (files: readonly YearFile[], digests: ReadonlyMap<string, string | undefined>): void => {
    for (const file of files) {
      const digest = 'text' in file ? sha256Hex(file.text) : undefined;
      if (digest !== undefined && 'text' in file && digest === digests.get(file.fileName)) known.set(digest, file.text);
    }
  };

  let last: DirectorySnapshot | undefined;
  const readOnce = async (): Promise<{ readonly snapshot: DirectorySnapshot; readonly straddles: boolean }> => {
    const manifestFile = await manifest.read();
    const signatureFile = options.signed ? await signature.read() : undefined;
    const signed = signatureFile === undefined ? {} : { signature: signatureFile };
    const unlisted = { snapshot: { manifest: manifestFile, yearFiles: [], ...signed } };
    if (manifestFile === undefined || !('text' in manifestFile)) return { ...unlisted, straddles: false };
    // Neither a manifest nested too deep nor one whose signature fails is parsed: the reader's checks name them.
    if (nestedDeeperThan(manifestFile.text)) return { ...unlisted, straddles: false };
    if (options.verify !== undefined && !(signatureFile !== undefined && 'text' in signatureFile && options.verify(manifestFile.text, signatureFile.text))) {
      return { ...unlisted, straddles: true };
    }
    const listing = listedFiles(manifestFile);
    // A manifest that is no manifest: the loader names its problems, and no year file is fetched.
    if (listing === undefined) return { ...unlisted, straddles: false };
    if (typeof listing === 'string') return { snapshot: { manifest: { fileName: MANIFEST_FILE_NAME, error: listing }, yearFiles: [], ...signed }, straddles: false };
    const yearFiles = await fetchYearFiles(client, listing, known);
    known = new Map();
    remember(yearFiles, listing);
    const straddles = yearFiles.some((file) => 'text' in file && listing.get(file.fileName) !== undefined && sha256Hex(file.text) !== listing.get(file.fileName));
    return { snapshot: { manifest: manifestFile, yearFiles, ...signed }, straddles };
  };

  return {
    location: redactedUrl(options.url),
    locationKind: 'origin',
    remember(snapshot) {
      const listing = snapshot.manifest === undefined ? undefined : listedFiles(snapshot.manifest);
      if (listing !== undefined && typeof listing !== 'string') remember(snapshot.yearFiles, listing);
    },
    close: () => client.close(),
    async read() {
      for (let attempt = 1; ; attempt += 1) {
        const read = await readOnce();
        // A poll that overlaps a publication (a new signature with the old manifest, a new year
        // file under the old manifest) is read again: the writer writes the manifest last, so the
        // next read is the new publication whole. Only a copy still wrong after that is returned.
        // A signature that never verifies costs a poll at most MAX_READ_ATTEMPTS reads of a
        // manifest within MAX_MANIFEST_BYTES.
        if (read.straddles && attempt < MAX_READ_ATTEMPTS) {
          await delay(STRADDLE_RETRY_MS * attempt);
          continue;
        }
        // Nothing changed since the last read (304s): the very same read, which the live dataset does not examine again.
        if (last !== undefined && sameRead(read.snapshot, last)) return last;
        last = read.snapshot;
        return read.snapshot;
      }
    },
    watch(changed, { intervalSeconds }) {
      if (intervalSeconds <= 0) return () => undefined;
      let timer: NodeJS.Timeout | undefined;
      const next = (): void => {
        timer = setTimeout(() => {
          changed('poll');
          next();
        }, delayToNextPoll(Date.now(), intervalSeconds * 1000, Math.random()));
        timer.unref();
      };
      next();
      return () => clearTimeout(timer);
    },
  };
}

/** A file asked for with the validators of the last answer: what it is now (the last text again on 304), undefined when the origin has none. */
function conditionalFile(client: OriginClient, name: string, maxBytes: number): { read(): Promise<RawFile | undefined> } {
  let last: { readonly file: RawFile | undefined; readonly validators: Readonly<Record<string, string>> } | undefined;
  return {
    async read() {
      const answer = await client.get(name, { maxBytes, headers: last?.validators ?? {} });
      if (answer.status === 304 && last !== undefined) return last.file;
      last = { file: answer.status === 404 ? undefined : rawFile(name, answer), validators: 'body' in answer ? validatorsOf(answer) : {} };
      return last.file;
    },
  };
}

/**
 * The validators to ask with next time: the ETag, or else the Last-Modified date, but only when
 * the answer's Date is at least a second later (RFC 9110, 8.8.2.2): a file changed twice within
 * one second keeps its Last-Modified, and would never be fetched again.
 */
function validatorsOf(answer: Extract<OriginAnswer, { body: Buffer }>): Record<string, string> {
  if (answer.etag !== undefined) return { 'if-none-match': answer.etag };
  const modified = answer.lastModified === undefined ? Number.NaN : Date.parse(answer.lastModified);
  const date = answer.date === undefined ? Number.NaN : Date.parse(answer.date);
  return answer.lastModified !== undefined && date - modified >= 1000 ? { 'if-modified-since': answer.lastModified } : {};
}

/**
 * The year files the manifest lists with their digests (hex); undefined when it is not a manifest
 * (the loader reads it again, and names the file and the field at fault), or why so valid a
 * manifest cannot be followed.
 */
function listedFiles(file: RawFile): ReadonlyMap<string, string | undefined> | string | undefined {
  const reading = readManifest(file);
  if (!reading.ok) return undefined;
  const { publishedYears, files } = reading.manifest;
  if (publishedYears.length > MAX_DATASET_FILES) return `lists ${publishedYears.length} year files, more than the ${MAX_DATASET_FILES} a dataset may have`;
  return new Map(
    publishedYears.map((year) => {
      const name = `${year}.json`;
      const listed = files?.[name];
      return [name, listed === undefined ? undefined : digestHex(listed)] as const;
    }),
  );
}

/** Every listed file: from what is known by its digest, or fetched, a few at a time, within the read's total bound. */
async function fetchYearFiles(client: OriginClient, listing: ReadonlyMap<string, string | undefined>, known: ReadonlyMap<string, string>): Promise<YearFile[]> {
  const names = [...listing.keys()];
  const files: YearFile[] = [];
  let fetched = 0;
  const fetchNext = async (): Promise<void> => {
    for (let name = names.shift(); name !== undefined; name = names.shift()) {
      const year = Number(name.slice(0, 4));
      const digest = listing.get(name);
      const held = digest === undefined ? undefined : known.get(digest);
      if (held !== undefined) {
        files.push({ fileName: name, text: held, year });
        continue;
      }
      if (fetched >= MAX_READ_BYTES) {
        files.push({ fileName: name, error: `not fetched: the dataset is over the ${MAX_READ_BYTES / 1024 / 1024} MiB a read may fetch`, year });
        continue;
      }
      const answer = await client.get(name, { maxBytes: MAX_DATA_FILE_BYTES });
      if (answer.status === 200 && 'body' in answer) fetched += answer.body.length;
      // Absent: the loader says the published year's file is missing.
      if (answer.status !== 404) files.push({ ...rawFile(name, answer), year });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, fetchNext));
  return files.sort((a, b) => a.year - b.year);
}

/** A fetched file as the loader reads files: its text (strict UTF-8), or why it cannot be read. */
function rawFile(fileName: string, answer: OriginAnswer): RawFile {
  if (answer.status === 404) return { fileName, error: 'not found at the origin (404)' };
  if (!('body' in answer)) return { fileName, error: 'refused' in answer ? answer.refused : `answered ${answer.status}` };
  try {
    return { fileName, text: utf8Text(answer.body) };
  } catch (error) {
    return { fileName, error: messageOf(error) };
  }
}

/** Whether two reads hold the same files: the manifest and signature as the 304s gave them back, the year files by their texts. */
function sameRead(a: DirectorySnapshot, b: DirectorySnapshot): boolean {
  return a.manifest === b.manifest && a.signature === b.signature && a.yearFiles.length === b.yearFiles.length && a.yearFiles.every((file, at) => sameFile(file, b.yearFiles[at]));
}

function sameFile(a: YearFile, b: YearFile | undefined): boolean {
  return b !== undefined && a.fileName === b.fileName && ('text' in a ? 'text' in b && a.text === b.text : 'error' in b && a.error === b.error);
}
