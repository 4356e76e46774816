import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ConfigError, dataDirOf, expiresSecondsOf, publishingOf, readConfig, signingKeyOf } from '../settings/config.js';
import { integerSetting } from '../settings/settings.js';
import { print } from './terminal-text.js';

/** Each command's usage, shown by `china-calendar <command> --help`; `--help` alone lists them all. */
const COMMAND_USAGE = {
  serve: `serve                       start the HTTP service (the default), configured by environment variables (serve --help lists them; docs/operators.md, Configuration)`,
  validate: `validate [dir]              check a data directory (default DATA_DIR or the bundled data); prints "file: field: reason" lines, exits 1 on any`,
  import: `import <notice.txt>...      turn official notice text into <data-dir>/<year>.json and publish it in the manifest
                                --data-dir dir   the data directory (default DATA_DIR or the bundled data)
                                --dry-run        print what would be written, write nothing
                                --force          replace a year file that differs from what the notice gives
                                --accept id      accept a whole-year rule finding by the id the import printed (repeatable)
                                --seed           copy the bundled data into the data directory first when it is empty`,
  sync: `sync                        find new notices on gov.cn, import and publish them; exits 0 (done), 3 (held for review), 1, 2
                                --data-dir dir, --source gov.cn, --search-url url, --papers-url url, --cross-check-url url,
                                --webhook-urls urls, --webhook-secret secret, --accept id (or the SYNC_* settings),
                                --seed (copy the bundled data into an empty data directory first)`,
  sign: `sign --data-dir dir          write the manifest's SHA-256 of every year file and, with a key, sign it (manifest.json.sig)
                                --key-file key.pem   an Ed25519 private key in PEM (default DATASET_SIGNING_KEY_FILE); without one, digests only
                                --expires-seconds n  how long the manifest vouches for the data (default DATASET_EXPIRES_SECONDS, a week)
                                --sequence-at-least n  the manifest's sequence, if higher than the next (after a writer lost its folder)`,
  query: `query <date | path> [--accept <media type>]   answer one request offline, e.g. 2024-10-01, "/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2024-12-31" or /v1/china-calendar/markets/XSHG/dates/2024-02-09 (--accept text/csv: a range or a year as CSV)`,
  mcp: `mcp                         a Model Context Protocol server on standard input and output, for AI assistants, offline from the data directory
                                (DATA_DIR or the bundled data); logs go to standard error`,
} as const;

const USAGE = `Usage: china-calendar <command> [--help] | --version\n\n${Object.values(COMMAND_USAGE)
  .map((line) => `  ${line}`)
  .join('\n')}\n`;

/** The command run when none is named. */
export const DEFAULT_COMMAND = 'serve';

function isCommand(name: string): name is keyof typeof COMMAND_USAGE {
  return Object.hasOwn(COMMAND_USAGE, name);
}

/** Where a command line reads its settings and writes its output: the process's own, or a test's. */
export interface CommandLineIo {
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

/**
 * Runs `china-calendar <argv>`: the exit code, or -1 for a command that keeps running (`serve`,
 * `mcp`). A bad setting or an unknown option is a message and exit 2; any other error is thrown.
 */
export async function runCommandLine(argv: readonly string[], io: CommandLineIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')) {
      print(io.stderr, `${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

// Each command is loaded when it runs: `serve` starts without loading the importer and the rest.
async function dispatch(argv: readonly string[], { env, stdout, stderr }: CommandLineIo): Promise<number> {
  const [command = DEFAULT_COMMAND, ...rest] = argv;
  if (isCommand(command) && (rest.includes('--help') || rest.includes('-h'))) {
    print(stdout, `Usage: china-calendar ${COMMAND_USAGE[command]}\n`);
    if (command === 'serve') {
      const { settingsHelp } = await import('./serve-settings.js');
      print(stdout, `\n${settingsHelp()}`);
    }
    return 0;
  }
  // Only serve and query read the service's configuration; the data commands need the data
  // directory alone, so that a bad PORT cannot stop a validate or an import.
  const dataDir = dataDirOf(env);
  switch (command) {
    case 'serve': {
      const { runServe } = await import('./serve.js');
      await runServe(readConfig(env));
      return -1;
    }
    case 'validate': {
      const { runValidate } = await import('./validate.js');
      return runValidate(rest[0] ?? dataDir, stdout, stderr);
    }
    case 'mcp': {
      const { runMcp } = await import('./mcp.js');
      await runMcp(dataDir);
      return -1;
    }
    case 'query': {
      const { runQuery } = await import('./query.js');
      const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { accept: { type: 'string' } } });
      return runQuery(positionals, readConfig(env), stdout, values.accept);
    }
    case 'import': {
      const { runImport } = await import('./import.js');
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: {
          'data-dir': { type: 'string' },
          'dry-run': { type: 'boolean' },
          force: { type: 'boolean' },
          accept: { type: 'string', multiple: true },
          seed: { type: 'boolean' },
        },
      });
      return runImport(
        positionals,
        {
          dataDir: values['data-dir'] ?? dataDir,
          dryRun: values['dry-run'] ?? false,
          force: values.force ?? false,
          accept: values.accept ?? [],
          seed: values.seed ?? false,
          publishing: publishingOf(env),
        },
        stdout,
        stderr,
      );
    }
    case 'sync': {
      const { runSyncCommand } = await import('./sync.js');
      const { values } = parseArgs({
        args: rest,
        options: {
          'data-dir': { type: 'string' },
          source: { type: 'string' },
          'search-url': { type: 'string' },
          'cross-check-url': { type: 'string' },
          'papers-url': { type: 'string' },
          'webhook-urls': { type: 'string' },
          'webhook-secret': { type: 'string' },
          accept: { type: 'string', multiple: true },
          seed: { type: 'boolean' },
        },
      });
      return runSyncCommand(
        {
          dataDir: values['data-dir'] ?? dataDir,
          values: {
            SYNC_SOURCE: values.source ?? env.SYNC_SOURCE,
            SYNC_SEARCH_URL: values['search-url'] ?? env.SYNC_SEARCH_URL,
            SYNC_RUN_TIMEOUT_SECONDS: env.SYNC_RUN_TIMEOUT_SECONDS,
            SYNC_PAPERS_URL: values['papers-url'] ?? env.SYNC_PAPERS_URL,
            SYNC_USER_AGENT: env.SYNC_USER_AGENT,
            SYNC_CROSS_CHECK_URL: values['cross-check-url'] ?? env.SYNC_CROSS_CHECK_URL,
            WEBHOOK_URLS: values['webhook-urls'] ?? env.WEBHOOK_URLS,
            WEBHOOK_SECRET: values['webhook-secret'] ?? env.WEBHOOK_SECRET,
          },
          accept: values.accept ?? [],
          seed: values.seed ?? false,
          publishing: publishingOf(env),
        },
        stdout,
        stderr,
      );
    }
    case 'sign': {
      const { runSign } = await import('./sign.js');
      const { values } = parseArgs({
        args: rest,
        options: { 'data-dir': { type: 'string' }, 'key-file': { type: 'string' }, 'expires-seconds': { type: 'string' }, 'sequence-at-least': { type: 'string' } },
      });
      const keyFile = values['key-file'];
      const signingKey = keyFile === undefined ? signingKeyOf(env.DATASET_SIGNING_KEY_FILE) : signingKeyOf(keyFile, '--key-file');
      const expiresSeconds =
        values['expires-seconds'] === undefined ? expiresSecondsOf(env) : expiresSecondsOf({ '--expires-seconds': values['expires-seconds'] }, '--expires-seconds');
      const sequenceAtLeast = integerSetting({ '--sequence-at-least': values['sequence-at-least'] }, '--sequence-at-least', { fallback: 1, min: 1, max: Number.MAX_SAFE_INTEGER });
      return runSign(values['data-dir'] ?? dataDir, { signingKey, expiresSeconds, sequenceAtLeast }, stdout, stderr);
    }
    case '--version': {
      const { SERVICE_VERSION } = await import('../settings/service-version.js');
      print(stdout, `${SERVICE_VERSION}\n`);
      return 0;
    }
    case 'help':
    case '--help':
    case '-h':
      print(stdout, USAGE);
      return 0;
    default:
      print(stderr, `unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}
