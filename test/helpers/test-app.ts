import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { readConfig, type Config } from 'china-holiday-calendar-service/internal/settings/config.js';
import { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { ANSWER_BYTES_BUILD, type AnswerBytes } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { buildServiceApp, type ServiceStateSources } from 'china-holiday-calendar-service/internal/process/service-app.js';
import { BUNDLED_DATA_DIR } from './bundled-dataset.js';
import { copyOfBundledData } from './data-dir.js';
import { portOf } from './http-answer.js';

export const TEST_DOCS_URL = 'http://docs.test/docs';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly live: LiveDataset<AnswerBytes>;
  readonly config: Config;
}

/**
 * The real application on a data directory (the bundled one by default), configured as by these
 * environment variables on top of DOCS_URL=http://docs.test/docs, logging nothing; with `sources`,
 * showing that sync, webhook or origin state (as the server passes its own).
 */
export async function buildTestApp(options: { dataDir?: string; env?: NodeJS.ProcessEnv; sources?: ServiceStateSources } = {}): Promise<TestApp> {
  const config = readConfig({ DOCS_URL: TEST_DOCS_URL, DATA_DIR: options.dataDir ?? BUNDLED_DATA_DIR, ...options.env });
  const live = new LiveDataset(folderSource(config.dataDir), ANSWER_BYTES_BUILD, { log: pino({ level: 'silent' }) });
  await live.reload('test');
  const app = buildServiceApp(config, live, undefined, options.sources);
  await app.ready();
  return { app, live, config };
}

/** The real application, as buildTestApp builds it, listening on a free port of 127.0.0.1 (close its `app`). */
export async function buildListeningTestApp(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp & { readonly port: number; readonly url: string }> {
  const built = await buildTestApp(options);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(built.app);
  return { ...built, port, url: `http://127.0.0.1:${port}` };
}

/** The app of a test file, built before its tests and closed after them. */
export interface TestAppOfFile {
  readonly app: FastifyInstance;
  /** The loaded dataset's version. */
  readonly version: string;
}

/**
 * Builds the real application once for the tests of a file (node:test's before and after at the
 * file's level), as buildTestApp does; read `app` and `version` inside the tests.
 */
export function useTestApp(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): TestAppOfFile {
  return appOfFile(() => ({ options }));
}

/**
 * The real application, for the tests of a file, on a copy of the bundled data whose file of a
 * published `year` cannot be read (not JSON): that year's answers are 503, the others' are not.
 */
export function useTestAppWithUnreadableYear(year: number): TestAppOfFile {
  return appOfFile(() => {
    const copy = copyOfBundledData();
    writeFileSync(join(copy.dir, `${year}.json`), '{ broken');
    return { options: { dataDir: copy.dir }, cleanUp: copy.remove };
  });
}

/** The app `prepare` says how to build, built before the file's tests and closed (and cleaned up) after them. */
function appOfFile(prepare: () => { options: { dataDir?: string; env?: NodeJS.ProcessEnv }; cleanUp?: () => void }): TestAppOfFile {
  let built: TestApp | undefined;
  let cleanUp: (() => void) | undefined;
  before(async () => {
    const prepared = prepare();
    cleanUp = prepared.cleanUp;
    built = await buildTestApp(prepared.options);
  });
  after(async () => {
    await built?.app.close();
    cleanUp?.();
  });
  const current = (): TestApp => {
    if (built === undefined) throw new Error('the test app is built before the tests run');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get version() {
      return current().live.current()?.core.version ?? '';
    },
  };
}
