import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { LiveDataset } from '../../src/dataset/live-dataset.js';
import { buildApp } from '../../src/http/app.js';
import { serviceRoutes } from '../../src/http/routes.js';
import { BUNDLED_DATA_DIR } from './bundled-dataset.js';

export const TEST_DOCS_URL = 'http://docs.test/docs';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly live: LiveDataset;
}

/** The real application on a data directory (the bundled one by default), logging nothing. */
export async function buildTestApp(options: { dataDir?: string; docsUrl?: string } = {}): Promise<TestApp> {
  const live = new LiveDataset(options.dataDir ?? BUNDLED_DATA_DIR, pino({ level: 'silent' }));
  await live.reload('test');
  const docsUrl = options.docsUrl ?? TEST_DOCS_URL;
  const app = buildApp({ routes: serviceRoutes({ calendar: live, live, docsUrl, publicUrl: 'http://service.test' }), docsUrl });
  await app.ready();
  return { app, live };
}
