import type { KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import { readSigningKey, readVerifyingKey, SigningKeyError } from './publishing/dataset-signature.js';
import { readSyncSettings, readWebhookSettings, SyncSettingsError, type SyncSettings, type WebhookSettings } from './sync/sync-settings.js';

/** The bundled data directory. */
export { BUNDLED_DATA_DIR };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  /** The service's own address: the base of DOCS_URL. Never taken from a request's Host header. */
  readonly publicUrl: string;
  /** Base of the problem type URIs and of the documentation pages. */
  readonly docsUrl: string;
  readonly logLevel: LogLevel;
  readonly dataDir: string;
  /** Seconds between periodic checks of the data directory; 0 turns the periodic check off. */
  readonly reloadIntervalSeconds: number;
  readonly workers: number;
  /** Longest wait for requests in flight after SIGTERM/SIGINT before exiting anyway. */
  readonly shutdownTimeoutSeconds: number;
  /** Idle keep-alive connections are closed after this; keep it above the load balancer's idle timeout. */
  readonly keepAliveTimeoutSeconds: number;
  /**
   * The listen backlog: connections the kernel holds until the service takes them (capped by
   * net.core.somaxconn). Beyond it a burst of new connections waits for SYN retransmissions, 1 s and more.
   */
  readonly listenBacklog: number;
  /** Origins allowed to read answers from a browser: `*`, or an explicit set (empty: CORS off). */
  readonly corsOrigins: '*' | ReadonlySet<string>;
  /** Request headers a preflight allows besides the API's own (X-Request-Id, If-None-Match). */
  readonly corsAllowedHeaders: readonly string[];
  /** Sync from gov.cn inside the service (SYNC_SOURCE and the rest); absent: off, and no request is ever made. */
  readonly sync?: SyncSettings;
  /** Where events about the dataset's changes go (WEBHOOK_URLS, WEBHOOK_SECRET): sent by a writer only. */
  readonly webhooks: WebhookSettings;
  /** A writer's key: every manifest it writes is signed (DATASET_SIGNING_KEY_FILE). */
  readonly signingKey?: KeyObject;
  /** A reader: the published dataset it follows instead of answering from its own files (DATA_URL and the rest). */
  readonly origin?: OriginSettings;
}

/** How a reader follows its origin. */
export interface OriginSettings {
  /** The published dataset folder, ending in `/`. */
  readonly url: string;
  /** DATA_POLL_SECONDS: how often the origin is asked, on the wall clock's multiples of it. */
  readonly pollSeconds: number;
  /** DATA_DIR: the verified cache of the last good copy; undefined (DATA_DIR unset): no cache. */
  readonly cacheDir: string | undefined;
  /** DATASET_PUBLIC_KEY_FILE's key: only a manifest it has signed is accepted. */
  readonly publicKey: KeyObject | undefined;
}

/**
 * What browser apps send on their own: W3C Trace Context (`traceparent`, `tracestate`) and W3C
 * Baggage (`baggage`), which OpenTelemetry's web SDKs propagate by default, and `Accept-Language`,
 * which needs a preflight when its value is not a plain language tag.
 */
const DEFAULT_CORS_ALLOWED_HEADERS = ['traceparent', 'tracestate', 'baggage', 'Accept-Language'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration from environment variables; an invalid value is an error, never a silent default. */
/** The data directory a configuration names: DATA_DIR, else the bundled data. */
export function dataDirOf(env: NodeJS.ProcessEnv): string {
  return nonEmpty(env, 'DATA_DIR') ?? BUNDLED_DATA_DIR;
}

export function readConfig(env: NodeJS.ProcessEnv): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  const publicUrl = trimSlash(url(env, 'PUBLIC_URL') ?? defaultPublicUrl(host, port));
  const docsUrl = trimSlash(url(env, 'DOCS_URL') ?? `${publicUrl}/docs`);
  const logLevel = (nonEmpty(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const workersText = nonEmpty(env, 'WORKERS');
  const workers = workersText === 'auto' ? availableParallelism() : integer(env, 'WORKERS', 1, 1, 256);
  let sync: SyncSettings | undefined;
  let webhooks: WebhookSettings;
  try {
    sync = readSyncSettings(env);
    webhooks = readWebhookSettings(env);
  } catch (error) {
    if (error instanceof SyncSettingsError) throw new ConfigError(error.message);
    throw error;
  }
  const origin = originSettings(env);
  if (origin !== undefined) {
    // A reader follows the writer's dataset: it neither writes one nor announces its changes.
    for (const name of ['SYNC_SOURCE', 'WEBHOOK_URLS', 'DATASET_SIGNING_KEY_FILE']) {
      if (nonEmpty(env, name) !== undefined) {
        throw new ConfigError(`DATA_URL and ${name} cannot both be set: a reader (DATA_URL) follows the writer's dataset; only the writer syncs, signs and sends webhooks`);
      }
    }
  }
  const signingKey = signingKeyOf(nonEmpty(env, 'DATASET_SIGNING_KEY_FILE'));
  return {
    ...(sync === undefined ? {} : { sync }),
    webhooks,
    ...(signingKey === undefined ? {} : { signingKey }),
    ...(origin === undefined ? {} : { origin }),
    port,
    host,
    publicUrl,
    docsUrl,
    logLevel,
    dataDir: dataDirOf(env),
    reloadIntervalSeconds: integer(env, 'RELOAD_INTERVAL_SECONDS', 30, 0, 86_400),
    workers,
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 3600),
    keepAliveTimeoutSeconds: integer(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 65, 1, 3600),
    listenBacklog: integer(env, 'LISTEN_BACKLOG', 4096, 1, 65_535),
    corsOrigins: corsOrigins(nonEmpty(env, 'CORS_ORIGINS') ?? '*'),
    corsAllowedHeaders: corsAllowedHeaders(nonEmpty(env, 'CORS_ALLOWED_HEADERS')),
  };
}

/** DATA_URL and the settings that go with it; undefined when DATA_URL is unset (the service answers from its own folder). */
function originSettings(env: NodeJS.ProcessEnv): OriginSettings | undefined {
  const publicKeyFile = nonEmpty(env, 'DATASET_PUBLIC_KEY_FILE');
  const text = nonEmpty(env, 'DATA_URL');
  if (text === undefined) {
    if (publicKeyFile !== undefined) throw new ConfigError('DATASET_PUBLIC_KEY_FILE is for a reader: set DATA_URL, the dataset it follows, too');
    if (nonEmpty(env, 'DATA_POLL_SECONDS') !== undefined) throw new ConfigError('DATA_POLL_SECONDS is for a reader: set DATA_URL, the dataset it follows, too');
    return undefined;
  }
  const parsed = URL.canParse(text) ? new URL(text) : undefined;
  if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || !parsed.pathname.endsWith('/') || parsed.search !== '' || parsed.hash !== '') {
    throw new ConfigError('DATA_URL must be the http(s) URL of a published dataset folder, ending in / and without query or fragment, such as http://calendar-writer/dataset/');
  }
  let publicKey: KeyObject | undefined;
  try {
    publicKey = publicKeyFile === undefined ? undefined : readVerifyingKey(publicKeyFile, 'DATASET_PUBLIC_KEY_FILE');
  } catch (error) {
    if (error instanceof SigningKeyError) throw new ConfigError(error.message);
    throw error;
  }
  return { url: parsed.href, pollSeconds: integer(env, 'DATA_POLL_SECONDS', 30, 1, 86_400), cacheDir: nonEmpty(env, 'DATA_DIR'), publicKey };
}

/** The writer's signing key from its file (DATASET_SIGNING_KEY_FILE, or the sign command's --key-file); none without a file. */
export function signingKeyOf(path: string | undefined, setting = 'DATASET_SIGNING_KEY_FILE'): KeyObject | undefined {
  if (path === undefined || path.trim() === '') return undefined;
  try {
    return readSigningKey(path.trim(), setting);
  } catch (error) {
    if (error instanceof SigningKeyError) throw new ConfigError(error.message);
    throw error;
  }
}

/** `*`, `none`, or a comma-separated list of origins such as `https://a.example,https://b.example`. */
function corsOrigins(text: string): '*' | ReadonlySet<string> {
  if (text === '*') return '*';
  if (text === 'none') return new Set();
  const origins = text.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new ConfigError(`CORS_ORIGINS must be *, none, or origins like https://app.example (scheme, host, optional port), not "${origin}"`);
    }
  }
  return new Set(origins);
}

/** `none`, or a comma-separated list of header names (RFC 9110 tokens) such as `traceparent,X-Tenant`. */
function corsAllowedHeaders(text: string | undefined): readonly string[] {
  if (text === undefined) return DEFAULT_CORS_ALLOWED_HEADERS;
  if (text === 'none') return [];
  const names = text.split(',').map((name) => name.trim());
  for (const name of names) {
    // `*` is a token too, but a wildcard to browsers: refused rather than turned into one; `none`
    // in a list is a mistake, not a header.
    if (!/^[!#$%&'+\-.^_`|~0-9A-Za-z]+$/.test(name) || name === 'none') {
      throw new ConfigError(`CORS_ALLOWED_HEADERS must be none or header names separated by commas, such as traceparent,tracestate, not "${name}"`);
    }
  }
  return names;
}

function defaultPublicUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The configuration once PORT=0 has been given a real port: addresses that were derived from the
 * port (PUBLIC_URL, DOCS_URL left at their defaults) follow it.
 */
export function withPort(config: Config, port: number): Config {
  const publicUrl = config.publicUrl === defaultPublicUrl(config.host, config.port) ? defaultPublicUrl(config.host, port) : config.publicUrl;
  const docsUrl = config.docsUrl === `${config.publicUrl}/docs` ? `${publicUrl}/docs` : config.docsUrl;
  return { ...config, port, publicUrl, docsUrl };
}

function nonEmpty(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = nonEmpty(env, name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not "${text}"`);
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = nonEmpty(env, name);
  if (text === undefined) return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new ConfigError(`${name} must be an absolute http(s) URL, not "${text}"`);
  return text;
}

function trimSlash(text: string): string {
  return text.replace(/\/+$/, '');
}
