/**
 * The front door through the real application (inject): `/` for a browser and for a client, a
 * problem page found under its code as the API prints it, and the calendar page's problems as a
 * browser reads them. Read with a real HTML parser: every link of the page leads somewhere.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import { PROBLEM_CODES } from 'china-holiday-calendar-service/internal/http/kernel/problems.js';
import { get } from '../helpers/http-answer.js';
import { assertProblem, problemSlug } from '../helpers/spec-shapes.js';
import { TEST_DOCS_URL, useTestApp } from '../helpers/test-app.js';

const served = useTestApp();

/** What Chrome and Firefox send for a page typed in the address bar. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** The interface's four operations (docs/interface.md) by the path each answers under. */
const FOUR_OPERATIONS = ['/v1/china-calendar/dates/', '/v1/china-calendar/date-ranges?', '/v1/china-calendar/workdays?', '/v1/china-calendar/next-holiday?'];

function hrefsOf(html: string): string[] {
  return DomUtils.findAll((element) => element.name === 'a', parseDocument(html).children).map((element) => element.attribs.href ?? '');
}

describe('GET / for a browser', () => {
  it('is a page linking the reference, the calendar page, the OpenAPI document and the four operations, each of which answers', async () => {
    const answer = await get(served.app, '/', { accept: BROWSER_ACCEPT });
    assert.equal(answer.status, 200);
    assert.match(answer.headers['content-type'] ?? '', /^text\/html; charset=utf-8$/);
    assert.match(answer.headers.vary ?? '', /Accept/);
    const hrefs = hrefsOf(answer.body);
    for (const path of ['/docs', '/calendar', '/openapi.json']) assert.ok(hrefs.includes(path), `links ${path}`);
    for (const prefix of FOUR_OPERATIONS) assert.ok(hrefs.some((href) => href.startsWith(prefix)), `links an example of ${prefix}`);
    assert.match(answer.body, /POST \/mcp/, 'names the MCP endpoint');
    for (const href of hrefs) assert.equal((await get(served.app, href)).status, 200, `${href} answers`);
  });
});

describe('the API reference', () => {
  it('names the MCP endpoint and links back to the front door', async () => {
    const reference = await get(served.app, '/docs');
    assert.match(DomUtils.textContent(parseDocument(reference.body)), /MCP endpoint for AI agents: POST \/mcp/);
    assert.ok(hrefsOf(reference.body).includes('/'));
  });
});

describe('GET / for a client', () => {
  it('is JSON with the same links, the version and the four operations', async () => {
    for (const accept of [undefined, '*/*', 'application/json']) {
      const answer = await get(served.app, '/', accept === undefined ? {} : { accept });
      assert.equal(answer.status, 200, String(accept));
      assert.equal(answer.headers['content-type'], 'application/json; charset=utf-8', String(accept));
      assert.match(answer.headers.vary ?? '', /Accept/);
      const door = JSON.parse(answer.body) as { docs: string; openapi: string; calendar: string; mcp: string; version: string; operations: { operationId: string; example: string }[] };
      assert.deepEqual([door.docs, door.openapi, door.calendar, door.mcp], ['/docs', '/openapi.json', '/calendar', '/mcp']);
      const document = JSON.parse((await get(served.app, '/openapi.json')).body) as { info: { version: string } };
      assert.equal(door.version, document.info.version);
      assert.deepEqual(
        door.operations.map((operation) => operation.operationId),
        ['chinaCalendar.getDateStatus', 'chinaCalendar.getDateRangeStatus', 'chinaCalendar.calculateWorkdays', 'chinaCalendar.getNextHoliday'],
      );
      for (const { example } of door.operations) assert.equal((await get(served.app, example)).status, 200, example);
    }
  });
});

describe('a problem page under its code as the API prints it', () => {
  it('redirects to the page, which answers', async () => {
    for (const code of PROBLEM_CODES) {
      const answer = await get(served.app, `/docs/problems/${code}`);
      assert.equal(answer.status, 301, code);
      const target = new URL(answer.headers.location ?? '', `http://service.test/docs/problems/${code}`);
      assert.equal(target.pathname, `/docs/problems/${problemSlug(code)}`, code);
      assert.equal((await get(served.app, target.pathname)).status, 200, code);
    }
  });

  it('stays a 404 for a code that is no problem type', async () => {
    assertProblem(await get(served.app, '/docs/problems/NO_SUCH_CODE'), { status: 404, code: 'RESOURCE_NOT_FOUND', docsUrl: TEST_DOCS_URL });
  });
});

describe('the calendar page refusing a year', () => {
  it('explains to a browser on a page, under the same status', async () => {
    const answer = await get(served.app, '/calendar/2007', { accept: BROWSER_ACCEPT });
    assert.equal(answer.status, 400);
    assert.match(answer.headers['content-type'] ?? '', /^text\/html/);
    assert.match(answer.headers.vary ?? '', /Accept/);
    assert.match(answer.headers['content-security-policy'] ?? '', /default-src 'none'/);
    const text = DomUtils.textContent(parseDocument(answer.body));
    assert.match(text, /DATE_OUT_OF_SUPPORTED_RANGE/);
    assert.match(text, /2008/, 'says where the pages start');
    const hrefs = hrefsOf(answer.body);
    assert.ok(hrefs.includes('/calendar'), 'links this year');
    assert.ok(hrefs.includes(`${TEST_DOCS_URL}/problems/date-out-of-supported-range`), 'links the problem type');
  });

  it('answers a client with the problem record', async () => {
    assertProblem(await get(served.app, '/calendar/2007', { accept: 'application/json' }), { status: 400, code: 'DATE_OUT_OF_SUPPORTED_RANGE', docsUrl: TEST_DOCS_URL });
  });
});
