import { Webhook } from 'standardwebhooks';

/** gov.cn's policy-library search endpoint, which answers JSON. */
export const GOV_CN_SEARCH_URL = 'https://sousuo.www.gov.cn/search-gov/data';

/** A notice is checked for a few times a day: the State Council publishes a handful a year. */
export const DEFAULT_SYNC_INTERVAL_SECONDS = 6 * 3600;

export const SYNC_SOURCES = ['gov.cn'] as const;

/**
 * How sync runs: where it searches, what it cross-checks against, whom it tells. Read from the
 * environment (SYNC_SOURCE, SYNC_INTERVAL_SECONDS, SYNC_SEARCH_URL, SYNC_CROSS_CHECK_URL,
 * WEBHOOK_URLS, WEBHOOK_SECRET) or from the `sync` command's flags of the same meaning. No
 * SYNC_SOURCE, no sync: nothing here makes a request unless it is set.
 */
export interface SyncSettings {
  readonly source: (typeof SYNC_SOURCES)[number];
  readonly intervalSeconds: number;
  readonly searchUrl: string;
  /** A holiday-cn-style JSON year file, `{year}` replaced; undefined: no cross-check. */
  readonly crossCheckUrl: string | undefined;
  readonly webhooks: WebhookSettings;
}

export interface WebhookSettings {
  readonly urls: readonly string[];
  /** A Standard Webhooks secret, `whsec_` and base64; required when there are URLs. */
  readonly secret: string | undefined;
}

/** The raw values, from the environment or the command line. */
export interface SyncSettingValues {
  readonly SYNC_SOURCE?: string | undefined;
  readonly SYNC_INTERVAL_SECONDS?: string | undefined;
  readonly SYNC_SEARCH_URL?: string | undefined;
  readonly SYNC_CROSS_CHECK_URL?: string | undefined;
  readonly WEBHOOK_URLS?: string | undefined;
  readonly WEBHOOK_SECRET?: string | undefined;
}

export class SyncSettingsError extends Error {
  override name = 'SyncSettingsError';
}

/** The settings, or undefined when SYNC_SOURCE is unset (sync off); an invalid value is an error, never a silent default. */
export function readSyncSettings(values: SyncSettingValues): SyncSettings | undefined {
  const source = present(values.SYNC_SOURCE);
  const webhooks = readWebhookSettings(values);
  if (source === undefined) return undefined;
  if (!(SYNC_SOURCES as readonly string[]).includes(source)) throw new SyncSettingsError(`SYNC_SOURCE must be ${SYNC_SOURCES.join(' or ')} (or unset: no sync), not "${source}"`);
  const intervalText = present(values.SYNC_INTERVAL_SECONDS);
  let intervalSeconds = DEFAULT_SYNC_INTERVAL_SECONDS;
  if (intervalText !== undefined) {
    if (!/^\d+$/.test(intervalText) || Number(intervalText) < 1 || Number(intervalText) > 604_800) {
      throw new SyncSettingsError(`SYNC_INTERVAL_SECONDS must be an integer from 1 to 604800, not "${intervalText}"`);
    }
    intervalSeconds = Number(intervalText);
  }
  const crossCheck = present(values.SYNC_CROSS_CHECK_URL);
  // `{year}` is not valid in every part of a URL: the address is checked with a year in its place.
  if (crossCheck !== undefined) httpUrl('SYNC_CROSS_CHECK_URL', crossCheck.replaceAll('{year}', '2027'));
  return {
    source: 'gov.cn',
    intervalSeconds,
    searchUrl: httpUrl('SYNC_SEARCH_URL', present(values.SYNC_SEARCH_URL) ?? GOV_CN_SEARCH_URL),
    crossCheckUrl: crossCheck,
    webhooks,
  };
}

export function readWebhookSettings(values: SyncSettingValues): WebhookSettings {
  const urls = (present(values.WEBHOOK_URLS) ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '')
    .map((url) => httpUrl('WEBHOOK_URLS', url));
  const secret = present(values.WEBHOOK_SECRET);
  if (urls.length > 0 && secret === undefined) throw new SyncSettingsError('WEBHOOK_URLS needs WEBHOOK_SECRET, a Standard Webhooks secret (whsec_ and base64): webhooks are always signed');
  if (secret !== undefined) {
    if (!secret.startsWith('whsec_')) throw new SyncSettingsError('WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64');
    try {
      new Webhook(secret);
    } catch {
      throw new SyncSettingsError('WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64');
    }
  }
  return { urls, secret };
}

function present(text: string | undefined): string | undefined {
  const value = text?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function httpUrl(name: string, text: string): string {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new SyncSettingsError(`${name} must be an absolute http(s) URL, not "${text}"`);
  return text;
}
