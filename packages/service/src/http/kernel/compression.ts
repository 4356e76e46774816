import { Buffer } from 'node:buffer';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import type { HeaderList, ResponseBody } from './response-body.js';

/** The content codings the service sends: brotli, gzip, or none. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * Bodies below this many bytes go out as they are, whatever the request accepts: they fit the
 * first round trip of a connection either way, and compressing each distinct one would cost more
 * than it saves (a single date is about 200 bytes, a year overview about 3 KB).
 */
export const COMPRESSION_MIN_BYTES = 4096;

/**
 * Brotli at quality 5 (not its default, 11): about a third smaller than gzip for our JSON, at
 * gzip's speed, where quality 11 spends half a second on the full calendar feed and fourteen
 * on the API reference's script.
 */
const BROTLI_QUALITY = 5;

/** What the cache of encoded bodies may hold: enough for every documentation asset and thousands of large answers. */
export const ENCODED_BODY_LIMITS = { maxBytes: 8 * 1024 * 1024, maxEntries: 4096 } as const;

/** The headers of each coding, for an answer that varies on Accept-Encoding alone or on Accept as well (one Vary line either way). */
const codingHeaderTable = (vary: string): Readonly<Record<ContentCoding, HeaderList>> => ({
  identity: ['vary', vary],
  gzip: ['content-encoding', 'gzip', 'vary', vary],
  br: ['content-encoding', 'br', 'vary', vary],
});
const CODING_HEADERS = codingHeaderTable('Accept-Encoding');
const CODING_HEADERS_VARYING_ON_ACCEPT = codingHeaderTable('Accept, Accept-Encoding');

/**
 * The coding to send a body in: undefined when it is too small to be compressed (then the answer
 * is the same whatever the request accepts, and says nothing about it), else the coding the
 * request's Accept-Encoding prefers. Only the size is looked at for small bodies: the cheapest
 * answers pay a comparison, not a header parse.
 */
export function codingFor(request: FastifyRequest, body: ResponseBody): ContentCoding | undefined {
  if (!isLarge(body)) return undefined;
  return preferredCoding(request.headers['accept-encoding']);
}

function isLarge(body: ResponseBody): boolean {
  // A string's UTF-8 length is at most three bytes per UTF-16 unit: short text is small without counting.
  if (typeof body === 'string') return body.length * 3 >= COMPRESSION_MIN_BYTES && Buffer.byteLength(body) >= COMPRESSION_MIN_BYTES;
  if (Buffer.isBuffer(body)) return body.length >= COMPRESSION_MIN_BYTES;
  let length = 0;
  for (const piece of body) length += piece.length;
  return length >= COMPRESSION_MIN_BYTES;
}

const CODING_PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The coding an Accept-Encoding value prefers among those the service sends (RFC 9110 section
 * 12.5.3): the highest q-value wins, brotli before gzip before none on a tie. No header, or an
 * empty one, asks for none. `*` stands for every coding not named. None (identity) is acceptable
 * unless refused by `identity;q=0`, or by `*;q=0` without naming identity; not named, it ranks
 * with the least wanted coding listed, so that `gzip;q=0.5` still gets gzip. When the request
 * refuses every coding offered, the answer goes out uncompressed rather than as a 406: RFC 9110
 * prefers that, and clients handle it better.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity';
  const named = new Map<string, number>();
  let leastWanted = 1;
  for (const element of acceptEncoding.split(',')) {
    const [token = '', ...parameters] = element.split(';');
    const name = token.trim().toLowerCase();
    if (name === '') continue;
    const q = qValue(parameters);
    named.set(name === 'x-gzip' ? 'gzip' : name, q);
    if (q > 0 && q < leastWanted) leastWanted = q;
  }
  const any = named.get('*');
  const weight = (coding: ContentCoding): number => named.get(coding) ?? (coding !== 'identity' ? (any ?? 0) : any === 0 ? 0 : leastWanted);
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of CODING_PREFERENCE) {
    const q = weight(coding);
    if (q > bestWeight) {
      best = coding;
      bestWeight = q;
    }
  }
  return best;
}

/** The q parameter of an Accept-Encoding element: 1 when absent, 0 when malformed (a value we cannot read is no consent). */
function qValue(parameters: readonly string[]): number {
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'q') continue;
    const text = value.trim();
    return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text) ? Number(text) : 0;
  }
  return 1;
}

/**
 * The headers of an answer sent in `coding`: Content-Encoding when compressed, and Vary, since the
 * answer depends on Accept-Encoding (and on Accept, for an operation that negotiates its media type).
 */
export function codingHeaders(coding: ContentCoding, variesOnAccept = false): HeaderList {
  return (variesOnAccept ? CODING_HEADERS_VARYING_ON_ACCEPT : CODING_HEADERS)[coding];
}

/**
 * The strong ETag of a representation: each coding's bytes differ, so each gets its own tag
 * (`"…+gzip"`, `"…+br"`), and an If-None-Match naming one coding's tag never validates another's.
 */
export function etagInCoding(etag: string, coding: ContentCoding): string {
  return coding === 'identity' ? etag : `${etag.slice(0, -1)}+${coding}"`;
}

type CompressedCoding = Exclude<ContentCoding, 'identity'>;

const compressWith: Readonly<Record<CompressedCoding, (body: Buffer) => Promise<Buffer>>> = {
  gzip: promisify(gzip),
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
};

/**
 * Bodies compressed once each: keyed by what names their bytes (an answer's ETag, which holds the
 * dataset version; a document's name and version), least recently used first out, bounded in
 * bytes and entries. Compression runs on libuv's thread pool, never on the event loop, and
 * requests that want the same body while it is being compressed share that work.
 */
export class EncodedBodies {
  private readonly entries = new Map<string, Buffer | Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly limits: { readonly maxBytes: number; readonly maxEntries: number } = ENCODED_BODY_LIMITS) {}

  /** `body` in `coding` (itself when uncompressed); the same bytes for as long as `key` names the same body. */
  get(key: string, coding: CompressedCoding, body: ResponseBody): Buffer | Promise<Buffer>;
  get(key: string, coding: ContentCoding, body: ResponseBody): ResponseBody | Promise<Buffer>;
  get(key: string, coding: ContentCoding, body: ResponseBody): ResponseBody | Promise<Buffer> {
    if (coding === 'identity') return body;
    const entryKey = `${coding} ${key}`;
    const cached = this.entries.get(entryKey);
    if (cached !== undefined) {
      // Most recently used goes last: Map keeps insertion order.
      this.entries.delete(entryKey);
      this.entries.set(entryKey, cached);
      return cached;
    }
    const pending = compressWith[coding](asBuffer(body)).then(
      (encoded) => {
        if (this.entries.get(entryKey) === pending) {
          this.entries.set(entryKey, encoded);
          this.bytes += encoded.length;
          this.evict();
        }
        return encoded;
      },
      (error: unknown) => {
        this.entries.delete(entryKey);
        throw error;
      },
    );
    this.entries.set(entryKey, pending);
    this.evict();
    return pending;
  }

  /** Bytes of compressed bodies held. */
  get size(): number {
    return this.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) return;
      // One being compressed is left alone: requests are waiting on it, and it is not counted yet.
      if (!Buffer.isBuffer(entry)) continue;
      this.entries.delete(key);
      this.bytes -= entry.length;
    }
  }
}

function asBuffer(body: ResponseBody): Buffer {
  if (typeof body === 'string') return Buffer.from(body);
  return Buffer.isBuffer(body) ? body : Buffer.concat(body);
}
