import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { createOriginClient } from 'china-holiday-calendar-service/internal/reader/origin-request.js';
import { ANY_ADDRESS } from 'china-holiday-calendar-service/internal/outbound/address-policy.js';
import { createFetcher } from 'china-holiday-calendar-service/internal/outbound/http-fetch.js';
import { REPOSITORY } from './source-cli.js';

/** An environment with every variable unset but those given, that notes each name read from it. */
function recordingEnvironment(read: Set<string>, values: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return new Proxy<NodeJS.ProcessEnv>(
    {},
    {
      get(_target, key): string | undefined {
        if (typeof key !== 'string') return undefined;
        read.add(key);
        return values[key];
      },
    },
  );
}

/** `env.NAME` and `env['NAME']` in the service's sources: a variable a command reads itself, beside readConfig. */
function variablesReadInSources(): Set<string> {
  const sourceDir = join(REPOSITORY, 'packages', 'service', 'src');
  const sources = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const names = sources.flatMap((file) => [...readFileSync(join(sourceDir, file), 'utf8').matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1] ?? ''));
  return new Set(names);
}

/**
 * Every environment variable the service reads, found by letting its own code read a recording
 * environment: readConfig (with sync on, so that sync's settings are read too), and the HTTP
 * clients of sync and webhooks and of a reader's origin, which take their proxy from HTTPS_PROXY,
 * HTTP_PROXY and NO_PROXY (their lower-case forms, read first, are the same settings); and any
 * `env.NAME` a command reads itself.
 */
export async function settingsTheServiceReads(): Promise<ReadonlySet<string>> {
  const read = new Set<string>();
  readConfig(recordingEnvironment(read, { SYNC_SOURCE: 'gov.cn' }));
  const environment = process.env;
  process.env = recordingEnvironment(read);
  try {
    await Promise.all([createFetcher(ANY_ADDRESS).close(), createOriginClient('http://origin.invalid/dataset/', 1000).close()]);
  } finally {
    process.env = environment;
  }
  for (const name of variablesReadInSources()) read.add(name);
  return new Set([...read].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name)));
}
