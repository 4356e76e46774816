import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FastifyInstance } from 'fastify';
import { childEnvironment } from '../helpers/cli-process.js';
import { BUNDLED_DATA_DIR } from '../helpers/bundled-dataset.js';
import { dataCopies, eventually } from '../helpers/data-dir.js';
import { get } from '../helpers/http-answer.js';
import { assertEveryDocumentedRequest, assertToolList, assertToolMatchesHttp, callTool } from '../helpers/mcp-parity.js';
import { cliArguments } from '../helpers/cli-bundle.js';
import { REPOSITORY } from '../helpers/source-cli.js';
import { buildTestApp } from '../helpers/test-app.js';

/*
 * `china-calendar mcp`: a child process spoken to over its standard input and output by the SDK's
 * own client, as a desktop assistant does. It answers offline from DATA_DIR exactly as the HTTP
 * service answers from the same folder, and writes nothing but the protocol to standard output.
 */

const copyOfData = dataCopies();

/** A copy of the bundled data in which 2026 is not published yet (its file gone, the manifest without it). */
function dataWithout2026(): string {
  const dir = copyOfData();
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { publishedYears: number[] };
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, publishedYears: manifest.publishedYears.filter((year) => year !== 2026) }));
  rmSync(join(dir, '2026.json'));
  return dir;
}

async function stdioTransport(dataDir: string): Promise<StdioClientTransport> {
  return new StdioClientTransport({
    command: process.execPath,
    args: [...(await cliArguments()), 'mcp'],
    cwd: REPOSITORY,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    stderr: 'pipe',
  });
}

describe('the SDK client over stdio against a spawned `china-calendar mcp`', () => {
  let dataDir: string;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  let app: FastifyInstance;

  before(async () => {
    dataDir = dataWithout2026();
    transport = await stdioTransport(dataDir);
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
    await client.connect(transport);
    // The HTTP service on the same folder: what every tool must answer as.
    ({ app } = await buildTestApp({ dataDir }));
  });

  after(async () => {
    await client.close();
    await app.close();
  });

  it('initializes, and lists the ten tools with their schemas and the UNKNOWN rule', async () => {
    assert.equal(client.getServerVersion()?.name, 'china-holiday-calendar');
    assert.match(client.getInstructions() ?? '', /never treat them as working days or rest days/);
    await assertToolList(client);
  });

  it('every example and every bad request of the operations: as the HTTP service on the same folder answers it', async () => {
    const checked = await assertEveryDocumentedRequest(client, (path) => get(app, path));
    assert.ok(checked >= 25, `${checked} requests`);
  });

  it('answers from DATA_DIR, not the bundled data: 2026 is unpublished there, so its National Day is UNKNOWN', async () => {
    const result = await assertToolMatchesHttp(client, (path) => get(app, path), 'get_date_status', { date: '2026-10-01' });
    assert.equal((result.structuredContent as { workStatus: string }).workStatus, 'UNKNOWN');
    const year = await assertToolMatchesHttp(client, (path) => get(app, path), 'get_year_overview', { year: 2026 });
    assert.equal((year.structuredContent as { status: string }).status, 'UNPUBLISHED');
  });

  it('logs to standard error only', () => {
    const lines = stderr.trim().split('\n');
    assert.ok(lines.some((line) => (JSON.parse(line) as { msg: string }).msg === 'calendar dataset loaded'), stderr);
  });

  it('follows the folder: a year published while it runs is answered without a restart', async () => {
    writeFileSync(join(dataDir, '2026.json'), readFileSync(join(BUNDLED_DATA_DIR, '2026.json')));
    writeFileSync(join(dataDir, 'manifest.json'), readFileSync(join(BUNDLED_DATA_DIR, 'manifest.json')));
    await eventually(
      async () => {
        const result = await callTool(client, 'get_date_status', { date: '2026-10-01' });
        return (result.structuredContent as { workStatus: string }).workStatus === 'REST_DAY';
      },
      15_000,
      '2026 to be published',
    );
  });
});

describe('standard output carries the protocol and nothing else', () => {
  it('every line it writes is one JSON-RPC message, each answering a request; it exits 0 when its input ends', async () => {
    const requests = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_date_status', arguments: { date: '2024-02-04' } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_date_status', arguments: { date: '2024-2-4' } } },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } },
    ];
    const child = spawn(process.execPath, [...(await cliArguments()), 'mcp'], { cwd: REPOSITORY, env: childEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    for (const request of requests) child.stdin.write(`${JSON.stringify(request)}\n`);
    // Every request answered before the input ends: the answers are what stdout holds.
    await eventually(async () => Promise.resolve(stdout.split('\n').filter((line) => line !== '').length >= 5), 30_000, 'five answers');
    child.stdin.end();
    assert.equal(await exited, 0, stderr);

    const messages = stdout
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result?: { isError?: boolean }; error?: { code: number } });
    assert.ok(stdout.endsWith('\n'));
    assert.deepEqual(messages.map(({ id }) => id).sort(), [1, 2, 3, 4, 5]);
    for (const message of messages) assert.equal(message.jsonrpc, '2.0');
    assert.equal(messages.find(({ id }) => id === 3)?.result?.isError, undefined);
    assert.equal(messages.find(({ id }) => id === 4)?.result?.isError, true);
    assert.equal(messages.find(({ id }) => id === 5)?.error?.code, -32602);
    // The logs went to standard error, as JSON lines.
    for (const line of stderr.trim().split('\n')) assert.doesNotThrow(() => JSON.parse(line), line);
  });
});
