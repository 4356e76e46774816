import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { ANSWER_BYTES_BUILD } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { buildServiceApp } from 'china-holiday-calendar-service/internal/process/service-app.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';
import { collectingLogger } from '../helpers/log-lines.js';

/**
 * Handlers write through one responder and must write exactly once: a second write (a missing
 * early return) would not show in the first answer a client sees, so this suite watches the log,
 * where the responder reports it, across every kind of answer.
 */
describe('every request is answered exactly once', () => {
  let logged: string[] = [];
  let app: FastifyInstance;

  before(async () => {
    const { logger, lines } = collectingLogger('warn');
    logged = lines;
    const config = readConfig({ DATA_DIR: BUNDLED_DATA_DIR });
    const live = new LiveDataset(folderSource(config.dataDir), ANSWER_BYTES_BUILD, { log: logger });
    app = buildServiceApp(config, live, logger);
    await live.reload('test');
    await app.ready();
  });
  after(() => app.close());

  const requests: [string, string, Record<string, string>?][] = [
    ['GET', '/v1/china-calendar/dates/2024-02-04'],
    ['HEAD', '/v1/china-calendar/dates/2024-02-04'],
    ['GET', '/v1/china-calendar/dates/2024-02-30'],
    ['GET', '/v1/china-calendar/dates/2007-12-31'],
    ['GET', '/v1/china-calendar/dates/2027-01-01'],
    ['GET', '/v1/china-calendar/date-ranges?startDate=2024-01-01&endDate=2024-12-31'],
    ['GET', '/v1/china-calendar/date-ranges?startDate=2024-12-31&endDate=2024-01-01'],
    ['GET', '/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2025-12-31'],
    ['GET', '/v1/china-calendar/workdays'],
    ['GET', '/v1/china-calendar/next-holiday?fromDate=2026-10-08'],
    ['GET', '/v1/china-calendar/next-holiday?fromDate=x&fromDate=y'],
    ['GET', '/v1/china-calendar/dates/2024-02-04', { 'if-none-match': '*' }],
    ['POST', '/v1/china-calendar/workdays'],
    ['OPTIONS', '/v1/china-calendar/workdays', { origin: 'https://a.example', 'access-control-request-method': 'GET' }],
    ['DELETE', '/nope'],
    ['GET', '/healthz'],
    ['GET', '/readyz'],
    ['GET', '/openapi.json'],
    ['GET', '/metrics'],
    ['GET', '/docs'],
    ['GET', '/docs/problems/internal-error'],
    ['GET', '/docs/'],
    ['HEAD', '/docs/problems/internal-error/?x=1'],
  ];

  it('logs no error for any kind of answer', async () => {
    for (const [method, url, headers] of requests) {
      const response = await app.inject({ method: method as 'GET', url, headers: headers ?? {} });
      assert.ok(response.statusCode < 500, `${method} ${url} answered ${response.statusCode}`);
    }
    assert.deepEqual(logged, []);
  });
});
