import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PATH_PREFIX } from '../helpers/design-rules.js';
import { answers, startServiceProcess } from '../helpers/service-process.js';

/*
 * What `serve` loads before its first answer (BENCHMARKS.md, Start-up and memory): every module
 * loaded is code compiled and objects kept for the process's whole life, so what a single date
 * does not need is loaded on first use. The service runs as an operator starts it, with a module
 * hook (through NODE_OPTIONS) that writes down every module the loader loads and, at exit, the
 * built-in modules Node loaded inside itself.
 */

/** Run inside the hooks' thread: each module's URL, one a line. */
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.MODULE_LOG, url + '\\n');
  return next(url, context);
}`;

/**
 * The preload: registers the hooks, and at exit adds the built-in modules Node loaded and every
 * CommonJS module in require's cache (a module required from CommonJS, or through createRequire,
 * passes no ESM hook).
 */
const PRELOAD = `import { createRequire, register } from 'node:module';
import { appendFileSync } from 'node:fs';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}));
process.on('exit', () => {
  const required = Object.keys(createRequire(process.cwd() + '/').cache).map((file) => 'cjs:' + file);
  appendFileSync(process.env.MODULE_LOG, [...process.moduleLoadList.map((name) => 'builtin:' + name), ...required].map((line) => line + '\\n').join(''));
});`;

/** What a single date never needs at start, each with the reason it may be loaded later. */
const NOT_AT_START: readonly (readonly [string, RegExp])[] = [
  ['TypeBox (the resource schemas: the OpenAPI document and the MCP tools)', /\/node_modules\/typebox\//],
  ['the MCP SDK', /\/node_modules\/@modelcontextprotocol\//],
  ['the resource schemas', /\/http\/kernel\/resource-schemas\.ts$/],
  ['the OpenAPI document', /\/http\/docs\/openapi\.ts$/],
  ['the calendar page renderers', /\/http\/docs\/calendar-page\.ts$/],
  ['the importer (sync only)', /\/src\/importer\//],
  ['sync (SYNC_SOURCE only)', /\/src\/sync\//],
  ['the reader (DATA_URL only)', /\/src\/reader\//],
  ['the HTML parser (sync only)', /\/node_modules\/htmlparser2\//],
  ['prom-client (the first /metrics)', /\/node_modules\/prom-client\//],
  ['Standard Webhooks (a WEBHOOK_SECRET only)', /\/node_modules\/standardwebhooks\//],
  // An ESM import of node:http reads all its exports; on Node 22+ their WebSocket getters load this.
  ["Node's own fetch library (undici)", /^builtin:NativeModule internal\/deps\/undici\/undici$/],
];

describe('serve: what is loaded before the first answer', () => {
  it('loads no module a single date does not need: no TypeBox, MCP SDK, OpenAPI document, importer, sync, reader, Node fetch', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'start-modules-')), 'modules.txt');
    // Module by module: in the bundle the tests otherwise start, the sources are chunks whose names say nothing.
    const service = await startServiceProcess(
      { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PRELOAD)}`, MODULE_LOG: log },
      { moduleByModule: true },
    );
    assert.equal(await answers(service.port, `${PATH_PREFIX.getDateStatus}2024-10-01`), 200);
    service.signal('SIGTERM');
    assert.deepEqual(await service.exited, { code: 0, signal: null });

    const loaded = readFileSync(log, 'utf8').split('\n');
    // The hook saw the service's own modules and Fastify, and the exit handler wrote the built-ins:
    // the absences below are of modules the lists would have named.
    assert.ok(loaded.some((url) => url.endsWith('/http/operations/date-operations.ts')), 'the hook saw the date operations');
    assert.ok(loaded.some((url) => url.includes('/node_modules/fastify/')), 'the hook saw Fastify');
    assert.ok(loaded.includes('builtin:NativeModule http'), 'the exit handler wrote the built-in modules');
    assert.ok(loaded.some((url) => url.startsWith('cjs:') && url.includes('/node_modules/find-my-way/')), "the exit handler wrote require's cache");
    const unwanted = NOT_AT_START.flatMap(([what, pattern]) => {
      const found = loaded.filter((url) => pattern.test(url));
      return found.length === 0 ? [] : [`${what}: ${found.slice(0, 3).join(', ')}`];
    });
    assert.deepEqual(unwanted, []);
  });
});
