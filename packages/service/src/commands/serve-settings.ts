import { readConfig, type Config } from '../settings/config.js';
import { DEFAULT_USER_AGENT } from '../outbound/http-fetch.js';
import type { SyncSettings } from '../settings/sync-settings.js';

/** What the readers make of nothing set: the defaults, taken from the code that applies them. */
interface Defaults {
  readonly config: Config;
  /** With sync on (SYNC_SOURCE=gov.cn): sync's own defaults. */
  readonly sync: SyncSettings;
  /** A reader's poll when DATA_URL alone is set. */
  readonly pollSeconds: number;
}

interface Setting {
  readonly name: string;
  readonly meaning: string;
  /** The default as `serve --help` shows it: read off what readConfig gives when the setting is unset. */
  readonly shown: (defaults: Defaults) => string;
}

const UNSET = (): string => 'unset';

/**
 * Every setting `serve` reads (a test holds this list to what the service's code reads), with its
 * default as the readers apply it: readConfig on an empty environment, never a copy of its
 * numbers, so that the help cannot drift from the behaviour.
 */
const SETTINGS: readonly Setting[] = [
  { name: 'PORT', meaning: 'TCP port (0: any free port)', shown: ({ config }) => String(config.port) },
  { name: 'HOST', meaning: 'address to listen on (0.0.0.0 in a container)', shown: ({ config }) => config.host },
  { name: 'PUBLIC_URL', meaning: "the service's own address, the base of DOCS_URL", shown: () => 'http://<HOST>:<PORT>' },
  { name: 'DOCS_URL', meaning: 'base of the problem type URIs', shown: () => '<PUBLIC_URL>/docs' },
  { name: 'LOG_LEVEL', meaning: 'fatal, error, warn, info, debug, trace or silent', shown: ({ config }) => config.logLevel },
  { name: 'DATA_DIR', meaning: "the data directory (a reader's cache of its origin; unset there: no cache)", shown: ({ config }) => config.dataDir },
  { name: 'DATA_URL', meaning: 'a reader: the published dataset folder to follow, ending in /', shown: UNSET },
  { name: 'DATA_POLL_SECONDS', meaning: 'how often a reader asks its origin', shown: ({ pollSeconds }) => String(pollSeconds) },
  { name: 'DATASET_PUBLIC_KEY_FILE', meaning: 'a reader: the Ed25519 public keys (PEM, one or more; never a private key) one of which must sign its manifests', shown: UNSET },
  { name: 'DATASET_MIN_SEQUENCE', meaning: 'a reader without a copy yet: the lowest manifest sequence it takes', shown: () => '0' },
  { name: 'DATASET_EXPIRES_SECONDS', meaning: 'how long a manifest written vouches for the data; the writer re-seals at half', shown: ({ config }) => String(config.expiresSeconds) },
  { name: 'DATASET_SIGNING_KEY_FILE', meaning: 'a writer: the Ed25519 private key (PEM) every manifest is signed with', shown: UNSET },
  { name: 'RELOAD_INTERVAL_SECONDS', meaning: 'how often the data directory is checked (0: file events and SIGHUP only)', shown: ({ config }) => String(config.reloadIntervalSeconds) },
  {
    name: 'CORS_ORIGINS',
    meaning: '*, none, or origins separated by commas',
    shown: ({ config }) => (config.corsOrigins === '*' ? '*' : [...config.corsOrigins].join(',') || 'none'),
  },
  { name: 'CORS_ALLOWED_HEADERS', meaning: 'request headers a preflight allows besides the API’s own, or none', shown: ({ config }) => config.corsAllowedHeaders.join(',') },
  {
    name: 'MCP_ALLOWED_ORIGINS',
    meaning: 'web origins besides loopback ones whose pages may call POST /mcp, separated by commas, or none (CORS_ORIGINS plays no part)',
    shown: ({ config }) => [...config.mcpAllowedOrigins].join(',') || 'none',
  },
  { name: 'WORKERS', meaning: 'processes answering on the one port; auto: one per CPU core', shown: ({ config }) => String(config.workers) },
  { name: 'SHUTDOWN_TIMEOUT_SECONDS', meaning: 'the longest a drain after SIGTERM or SIGINT may take', shown: ({ config }) => String(config.shutdownTimeoutSeconds) },
  { name: 'KEEP_ALIVE_TIMEOUT_SECONDS', meaning: "idle keep-alive connections are closed after this (above the load balancer's)", shown: ({ config }) => String(config.keepAliveTimeoutSeconds) },
  { name: 'LISTEN_BACKLOG', meaning: 'connections the kernel holds until the service takes them', shown: ({ config }) => String(config.listenBacklog) },
  { name: 'SYNC_SOURCE', meaning: 'gov.cn: sync new notices from gov.cn; unset: no sync', shown: UNSET },
  { name: 'SYNC_INTERVAL_SECONDS', meaning: 'time between the end of one sync run and the start of the next', shown: ({ sync }) => String(sync.intervalSeconds) },
  { name: 'SYNC_RUN_TIMEOUT_SECONDS', meaning: 'the longest one sync run may take', shown: ({ sync }) => String(sync.runTimeoutSeconds) },
  { name: 'SYNC_SEARCH_URL', meaning: "gov.cn's policy-library search endpoint, or a mirror's", shown: ({ sync }) => sync.searchUrl },
  { name: 'SYNC_PAPERS_URL', meaning: 'a JSON year file ({year}) listing the addresses of the year’s notices', shown: UNSET },
  { name: 'SYNC_USER_AGENT', meaning: "the User-Agent of sync's requests", shown: ({ sync }) => sync.userAgent ?? DEFAULT_USER_AGENT },
  { name: 'SYNC_CROSS_CHECK_URL', meaning: 'a holiday-cn-style JSON year file ({year}) to agree with before publishing', shown: UNSET },
  { name: 'WEBHOOK_URLS', meaning: 'URLs, separated by commas, told when the dataset gains or changes a year', shown: UNSET },
  { name: 'WEBHOOK_SECRET', meaning: 'the Standard Webhooks secret (whsec_…) the events are signed with', shown: UNSET },
  { name: 'HTTPS_PROXY', meaning: "the proxy of sync's and a reader's https requests", shown: UNSET },
  { name: 'HTTP_PROXY', meaning: "the proxy of sync's and a reader's http requests", shown: UNSET },
  { name: 'NO_PROXY', meaning: 'hosts reached without the proxy', shown: UNSET },
];

/** The settings part of `china-calendar serve --help`: one line per setting, its default, what it means. */
export function settingsHelp(): string {
  const sync = readConfig({ SYNC_SOURCE: 'gov.cn' }).sync;
  const origin = readConfig({ DATA_URL: 'http://origin.invalid/dataset/' }).origin;
  if (sync === undefined || origin === undefined) throw new Error('readConfig ignored SYNC_SOURCE or DATA_URL');
  const defaults: Defaults = { config: readConfig({}), sync, pollSeconds: origin.pollSeconds };
  const width = Math.max(...SETTINGS.map(({ name }) => name.length));
  const lines = SETTINGS.map((setting) => `  ${setting.name.padEnd(width)}  ${setting.meaning}\n  ${' '.repeat(width)}  default: ${setting.shown(defaults)}`);
  return `Settings (environment variables; an invalid value stops the start with a message):\n${lines.join('\n')}\n`;
}
