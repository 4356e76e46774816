import type { KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BUNDLED_DATA_DIR } from '@china-holiday-calendar/core/package-root.js';
import type { PublishOptions } from '../data-folder/data-folder.js';
import { readSigningKey, readVerifyingKeys, SigningKeyError, type TrustedKey } from '../data-folder/dataset-keys.js';
import { DEFAULT_EXPIRES_SECONDS } from '../data-folder/manifest.js';
import { ConfigError, choiceSetting, httpUrlSetting, integerSetting, textSetting, type SettingValues } from './settings.js';
import { readSyncSettings, readWebhookSettings, type SyncSettings, type WebhookSettings } from './sync-settings.js';

export { ConfigError } from './settings.js';

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
  /**
   * Web origins besides loopback ones whose pages may call POST /mcp (MCP_ALLOWED_ORIGINS; empty
   * by default). Apart from CORS_ORIGINS on purpose: reading answers from a page is harmless, driving
   * the MCP endpoint from any page is what DNS rebinding needs.
   */
  readonly mcpAllowedOrigins: ReadonlySet<string>;
  /** Sync from gov.cn inside the service (SYNC_SOURCE and the rest); absent: off, and no request is ever made. */
  readonly sync?: SyncSettings;
  /** Where events about the dataset's changes go (WEBHOOK_URLS, WEBHOOK_SECRET): sent by a writer only. */
  readonly webhooks: WebhookSettings;
  /** A writer's key: every manifest it writes is signed (DATASET_SIGNING_KEY_FILE). */
  readonly signingKey?: KeyObject;
  /** DATASET_EXPIRES_SECONDS: how long a manifest the service writes vouches for its data; it re-seals when half of it is left. */
  readonly expiresSeconds: number;
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
  /** DATASET_PUBLIC_KEY_FILE's keys: only a manifest one of them has signed is accepted (none: unsigned ones are taken). */
  readonly publicKeys: readonly TrustedKey[] | undefined;
  /** DATASET_MIN_SEQUENCE: the lowest manifest sequence taken by a reader that holds no copy yet (0: any). */
  readonly minSequence: number;
}

/**
 * What browser apps send on their own: W3C Trace Context (`traceparent`, `tracestate`) and W3C
 * Baggage (`baggage`), which OpenTelemetry's web SDKs propagate by default, and `Accept-Language`,
 * which needs a preflight when its value is not a plain language tag.
 */
const DEFAULT_CORS_ALLOWED_HEADERS = ['traceparent', 'tracestate', 'baggage', 'Accept-Language'] as const;

/** The data directory a configuration names: DATA_DIR, else the bundled data. */
export function dataDirOf(env: SettingValues): string {
  return textSetting(env, 'DATA_DIR') ?? BUNDLED_DATA_DIR;
}

/** Reads the configuration from environment variables; an invalid value is an error, never a silent default. */
export function readConfig(env: SettingValues): Config {
  const port = integerSetting(env, 'PORT', { fallback: 8080, min: 0, max: 65535 });
  const host = textSetting(env, 'HOST') ?? '127.0.0.1';
  const publicUrl = trimSlash(httpUrlSetting(env, 'PUBLIC_URL') ?? defaultPublicUrl(host, port));
  const docsUrl = trimSlash(httpUrlSetting(env, 'DOCS_URL') ?? `${publicUrl}/docs`);
  const logLevel = choiceSetting(env, 'LOG_LEVEL', LOG_LEVELS, 'info');
  const workers = textSetting(env, 'WORKERS') === 'auto' ? availableParallelism() : integerSetting(env, 'WORKERS', { fallback: 1, min: 1, max: 256 });
  const sync = readSyncSettings(env);
  const webhooks = readWebhookSettings(env);
  const origin = originSettings(env);
  if (origin !== undefined) {
    // A reader follows the writer's dataset: it neither writes one nor announces its changes.
    for (const name of ['SYNC_SOURCE', 'WEBHOOK_URLS', 'DATASET_SIGNING_KEY_FILE']) {
      if (textSetting(env, name) !== undefined) {
        throw new ConfigError(`DATA_URL and ${name} cannot both be set: a reader (DATA_URL) follows the writer's dataset; only the writer syncs, signs and sends webhooks`);
      }
    }
  }
  const signingKey = signingKeyOf(textSetting(env, 'DATASET_SIGNING_KEY_FILE'));
  return {
    ...(sync === undefined ? {} : { sync }),
    webhooks,
    ...(signingKey === undefined ? {} : { signingKey }),
    ...(origin === undefined ? {} : { origin }),
    expiresSeconds: expiresSecondsOf(env),
    port,
    host,
    publicUrl,
    docsUrl,
    logLevel,
    dataDir: dataDirOf(env),
    reloadIntervalSeconds: integerSetting(env, 'RELOAD_INTERVAL_SECONDS', { fallback: 30, min: 0, max: 86_400 }),
    workers,
    shutdownTimeoutSeconds: integerSetting(env, 'SHUTDOWN_TIMEOUT_SECONDS', { fallback: 10, min: 1, max: 3600 }),
    keepAliveTimeoutSeconds: integerSetting(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', { fallback: 65, min: 1, max: 3600 }),
    listenBacklog: integerSetting(env, 'LISTEN_BACKLOG', { fallback: 4096, min: 1, max: 65_535 }),
    corsOrigins: corsOrigins(textSetting(env, 'CORS_ORIGINS') ?? '*'),
    corsAllowedHeaders: corsAllowedHeaders(textSetting(env, 'CORS_ALLOWED_HEADERS')),
    mcpAllowedOrigins: mcpAllowedOrigins(textSetting(env, 'MCP_ALLOWED_ORIGINS')),
  };
}

/** DATA_URL and the settings that go with it; undefined when DATA_URL is unset (the service answers from its own folder). */
function originSettings(env: SettingValues): OriginSettings | undefined {
  const publicKeyFile = textSetting(env, 'DATASET_PUBLIC_KEY_FILE');
  const text = textSetting(env, 'DATA_URL');
  if (text === undefined) {
    if (publicKeyFile !== undefined) throw new ConfigError('DATASET_PUBLIC_KEY_FILE is for a reader: set DATA_URL, the dataset it follows, too');
    for (const name of ['DATA_POLL_SECONDS', 'DATASET_MIN_SEQUENCE']) {
      if (textSetting(env, name) !== undefined) throw new ConfigError(`${name} is for a reader: set DATA_URL, the dataset it follows, too`);
    }
    return undefined;
  }
  const parsed = URL.canParse(text) ? new URL(text) : undefined;
  if (parsed === undefined || !/^https?:$/.test(parsed.protocol) || !parsed.pathname.endsWith('/') || parsed.search !== '' || parsed.hash !== '') {
    throw new ConfigError('DATA_URL must be the http(s) URL of a published dataset folder, ending in / and without query or fragment, such as http://calendar-writer/dataset/');
  }
  let publicKeys: readonly TrustedKey[] | undefined;
  try {
    publicKeys = publicKeyFile === undefined ? undefined : readVerifyingKeys(publicKeyFile, 'DATASET_PUBLIC_KEY_FILE');
  } catch (error) {
    if (error instanceof SigningKeyError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    url: parsed.href,
    pollSeconds: integerSetting(env, 'DATA_POLL_SECONDS', { fallback: 30, min: 1, max: 86_400 }),
    cacheDir: textSetting(env, 'DATA_DIR'),
    publicKeys,
    minSequence: integerSetting(env, 'DATASET_MIN_SEQUENCE', { fallback: 0, min: 0, max: Number.MAX_SAFE_INTEGER }),
  };
}

/**
 * DATASET_EXPIRES_SECONDS (or sign's --expires-seconds, under the name given): from a second, for
 * tests, to a year; a week by default.
 */
export function expiresSecondsOf(values: SettingValues, name = 'DATASET_EXPIRES_SECONDS'): number {
  return integerSetting(values, name, { fallback: DEFAULT_EXPIRES_SECONDS, min: 1, max: 31_536_000 });
}

/** How the commands that publish (import, sync) write a manifest: signed with DATASET_SIGNING_KEY_FILE's key, sealed for DATASET_EXPIRES_SECONDS. */
export function publishingOf(env: SettingValues): PublishOptions {
  return { signingKey: signingKeyOf(env.DATASET_SIGNING_KEY_FILE), expiresSeconds: expiresSecondsOf(env) };
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
  return originList(text, (origin) => `CORS_ORIGINS must be *, none, or origins like https://app.example (scheme, host, optional port), not "${origin}"`);
}

/** A comma-separated list of origins, or nothing: no wildcard, since any page is what the setting guards against. */
function mcpAllowedOrigins(text: string | undefined): ReadonlySet<string> {
  if (text === undefined || text === 'none') return new Set();
  return originList(text, (origin) => `MCP_ALLOWED_ORIGINS must be none or origins like https://agent.example (scheme, host, optional port; no *), not "${origin}"`);
}

function originList(text: string, refusal: (origin: string) => string): ReadonlySet<string> {
  const origins = text.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
  for (const origin of origins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) throw new ConfigError(refusal(origin));
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

function trimSlash(text: string): string {
  return text.replace(/\/+$/, '');
}
