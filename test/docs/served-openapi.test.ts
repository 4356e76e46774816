/**
 * The OpenAPI document the service serves at /openapi.json, against the checked-in copy and
 * against the page that renders it: `servers` is the relative `/` whatever PUBLIC_URL says, so
 * that "Try it out" on /docs calls the origin the page was opened under (the only one its CSP
 * lets it connect to), while the problem `type` URIs in the examples stay absolute, under
 * DOCS_URL (docs/design.md (Interface decisions)).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { ANSWER_BYTES_BUILD } from 'china-holiday-calendar-service/internal/http/operations/answer-bytes.js';
import { buildServiceApp } from 'china-holiday-calendar-service/internal/process/service-app.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';

const apps: FastifyInstance[] = [];
after(async () => {
  for (const app of apps) await app.close();
});

/** The real application under exactly this environment (no test DOCS_URL), and its /openapi.json. */
async function servedDocument(env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  const config = readConfig({ DATA_DIR: BUNDLED_DATA_DIR, RELOAD_INTERVAL_SECONDS: '0', ...env });
  const live = new LiveDataset(folderSource(config.dataDir), ANSWER_BYTES_BUILD, { log: pino({ level: 'silent' }) });
  await live.reload('test');
  const app = buildServiceApp(config, live);
  apps.push(app);
  const response = await app.inject('/openapi.json');
  assert.equal(response.statusCode, 200);
  return response.json<Record<string, unknown>>();
}

/** Every problem example in a document: objects that carry both `type` and `code`. */
function problemExamples(value: unknown): { type: unknown; code: unknown }[] {
  if (Array.isArray(value)) return value.flatMap(problemExamples);
  if (typeof value !== 'object' || value === null) return [];
  const own = 'type' in value && 'code' in value ? [{ type: value.type, code: value.code }] : [];
  return [...own, ...Object.values(value).flatMap(problemExamples)];
}

describe('the served OpenAPI document', () => {
  it('under the default configuration is docs/openapi.json, byte for byte once parsed', async () => {
    const checkedIn = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as unknown;
    assert.deepEqual(await servedDocument({}), checkedIn);
  });

  for (const env of [{}, { PUBLIC_URL: 'http://localhost:8080' }, { PUBLIC_URL: 'https://calendar.example.org/' }, { DOCS_URL: 'https://docs.example.org/calendar' }]) {
    it(`announces the relative server "/" and absolute problem type URIs (${JSON.stringify(env)})`, async () => {
      const document = await servedDocument(env);
      assert.deepEqual(document.servers, [{ url: '/' }]);
      const { docsUrl } = readConfig(env);
      const examples = problemExamples(document.paths);
      assert.ok(examples.length > 0, 'the document has problem examples');
      for (const { type, code } of examples) {
        assert.ok(typeof type === 'string' && typeof code === 'string', `${String(code)}: type and code are strings`);
        assert.ok(URL.canParse(type), `${code}: type ${type} is an absolute URI`);
        assert.equal(type, `${docsUrl}/problems/${code.toLowerCase().replaceAll('_', '-')}`, `${code}: type under DOCS_URL`);
      }
    });
  }
});
