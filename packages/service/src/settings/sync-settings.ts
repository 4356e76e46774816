import { createRequire } from 'node:module';
import type { Webhook } from 'standardwebhooks';
import { ConfigError, httpUrl, integerSetting, textSetting } from './settings.js';
import { GOV_CN } from './gov-cn-site.js';

/** A notice is checked for a few times a day: the State Council publishes a handful a year. */
export const DEFAULT_SYNC_INTERVAL_SECONDS = 6 * 3600;

/** A run's requests take seconds; one past five minutes is stuck on a source that drips or hangs. */
export const DEFAULT_SYNC_RUN_TIMEOUT_SECONDS = 300;

export const SYNC_SOURCES = [GOV_CN.name] as const;

/**
 * Standard Webhooks, loaded only to check a WEBHOOK_SECRET that is set: a service without webhooks
 * (the default) does not load it, nor its SHA-256 and base64 modules, at start.
 */
function webhookClass(): typeof Webhook {
  const loaded = createRequire(import.meta.url)('standardwebhooks') as { readonly Webhook: typeof Webhook };
  return loaded.Webhook;
}

/**
 * How sync runs: where it searches, what it cross-checks against, whom it tells. Read from the
 * environment (SYNC_SOURCE, SYNC_INTERVAL_SECONDS, SYNC_SEARCH_URL, SYNC_CROSS_CHECK_URL,
 * WEBHOOK_URLS, WEBHOOK_SECRET) or from the `sync` command's flags of the same meaning. No
 * SYNC_SOURCE, no sync: nothing here makes a request unless it is set.
 */
export interface SyncSettings {
  readonly source: (typeof SYNC_SOURCES)[number];
  readonly intervalSeconds: number;
  /** The longest a run may take: past it, the run ends, its unfinished years failed. */
  readonly runTimeoutSeconds: number;
  readonly searchUrl: string;
  /** A holiday-cn-style JSON year file, `{year}` replaced; undefined: no cross-check. */
  readonly crossCheckUrl: string | undefined;
  /** A holiday-cn-style JSON year file whose `papers` lists notice addresses, `{year}` replaced; undefined: the search alone. */
  readonly papersUrl: string | undefined;
  /** The User-Agent of sync's requests (SYNC_USER_AGENT); undefined: the service's own. */
  readonly userAgent: string | undefined;
  readonly webhooks: WebhookSettings;
}

export interface WebhookSettings {
  readonly urls: readonly string[];
  /** A Standard Webhooks secret, `whsec_` and base64; required when there are URLs. */
  readonly secret: string | undefined;
}

/** The raw values, from the environment or the command line. */
export type SyncSettingValues = {
  readonly SYNC_SOURCE?: string | undefined;
  readonly SYNC_INTERVAL_SECONDS?: string | undefined;
  readonly SYNC_RUN_TIMEOUT_SECONDS?: string | undefined;
  readonly SYNC_SEARCH_URL?: string | undefined;
  readonly SYNC_CROSS_CHECK_URL?: string | undefined;
  readonly SYNC_PAPERS_URL?: string | undefined;
  readonly SYNC_USER_AGENT?: string | undefined;
  readonly WEBHOOK_URLS?: string | undefined;
  readonly WEBHOOK_SECRET?: string | undefined;
};

/** The settings, or undefined when SYNC_SOURCE is unset (sync off); an invalid value is an error, never a silent default. */
export function readSyncSettings(values: SyncSettingValues): SyncSettings | undefined {
  const source = textSetting(values, 'SYNC_SOURCE');
  const webhooks = readWebhookSettings(values);
  if (source === undefined) return undefined;
  if (!(SYNC_SOURCES as readonly string[]).includes(source)) throw new ConfigError(`SYNC_SOURCE must be ${SYNC_SOURCES.join(' or ')} (or unset: no sync), not "${source}"`);
  const intervalSeconds = integerSetting(values, 'SYNC_INTERVAL_SECONDS', { fallback: DEFAULT_SYNC_INTERVAL_SECONDS, min: 1, max: 604_800 });
  const runTimeoutSeconds = integerSetting(values, 'SYNC_RUN_TIMEOUT_SECONDS', { fallback: DEFAULT_SYNC_RUN_TIMEOUT_SECONDS, min: 1, max: 86_400 });
  const crossCheck = yearTemplate(values, 'SYNC_CROSS_CHECK_URL');
  const papers = yearTemplate(values, 'SYNC_PAPERS_URL');
  const userAgent = textSetting(values, 'SYNC_USER_AGENT');
  if (userAgent !== undefined && !/^[\x20-\x7e]{1,300}$/.test(userAgent)) throw new ConfigError('SYNC_USER_AGENT must be printable ASCII, at most 300 characters');
  return {
    source: GOV_CN.name,
    intervalSeconds,
    runTimeoutSeconds,
    searchUrl: httpUrl('SYNC_SEARCH_URL', textSetting(values, 'SYNC_SEARCH_URL') ?? GOV_CN.searchUrl),
    crossCheckUrl: crossCheck,
    papersUrl: papers,
    userAgent,
    webhooks,
  };
}

export function readWebhookSettings(values: SyncSettingValues): WebhookSettings {
  const urls = (textSetting(values, 'WEBHOOK_URLS') ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '')
    .map((url) => httpUrl('WEBHOOK_URLS', url));
  const secret = textSetting(values, 'WEBHOOK_SECRET');
  if (urls.length > 0 && secret === undefined) throw new ConfigError('WEBHOOK_URLS needs WEBHOOK_SECRET, a Standard Webhooks secret (whsec_ and base64): webhooks are always signed');
  if (secret !== undefined) {
    if (!secret.startsWith('whsec_')) throw new ConfigError('WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64');
    try {
      new (webhookClass())(secret);
    } catch {
      throw new ConfigError('WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64');
    }
  }
  return { urls, secret };
}

/** A URL template with `{year}`, checked with a year in its place (`{year}` is not valid in every part of a URL). */
function yearTemplate(values: SyncSettingValues, name: keyof SyncSettingValues): string | undefined {
  const template = textSetting(values, name);
  if (template !== undefined) httpUrl(name, template.replaceAll('{year}', '2027'));
  return template;
}
