/**
 * The `curl` examples the READMEs and the API and agent guides print are the service's real
 * answers: each `$ curl …` line of a console block whose request this test can make (a GET or
 * HEAD, headers with `-H`, a POST body with `-d`, `-i` for the status line and headers, piped at
 * most through `head -N` or `grep`) is sent to the real application on the bundled data, and the
 * output printed under it must be what comes back, byte for byte but for the request id, which is
 * new on every request. An example piped through another program (jq, od) is left to the tests of
 * its operation. Guides that show a dataset other than the bundled one (the operator's, after a
 * sync) are not read here.
 */
import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { inject, type HttpAnswer } from '../helpers/http-answer.js';
import { REPOSITORY } from '../helpers/source-cli.js';
import { buildTestApp } from '../helpers/test-app.js';

/** The documents whose examples answer from the bundled data, as a service started with `npm start` does. */
const DOCUMENTS = ['README.md', 'README.zh-CN.md', 'docs/api.md', 'docs/api.zh-CN.md', 'docs/agents.md'] as const;

const ORIGIN = 'http://127.0.0.1:8080';

interface Example {
  readonly command: string;
  readonly output: string;
}

/** The commands of a document's console blocks (continued lines joined), each with the lines printed under it. */
function examplesOf(markdown: string): Example[] {
  const examples: Example[] = [];
  // A block may be indented, inside a list item: its lines are read without the indent.
  for (const block of markdown.matchAll(/^( *)```console\n([\s\S]*?)^\1```$/gm)) {
    const indent = block[1] ?? '';
    const lines = (block[2] ?? '').split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
    let current: { command: string; output: string[] } | undefined;
    for (let index = 0; index < lines.length; index++) {
      let line = lines[index] ?? '';
      if (line.startsWith('$ ')) {
        if (current !== undefined) examples.push({ command: current.command, output: current.output.join('\n').replace(/\n+$/, '') });
        let command = line.slice(2);
        while (command.endsWith('\\') && index + 1 < lines.length) {
          index++;
          line = lines[index] ?? '';
          command = `${command.slice(0, -1)} ${line.trim()}`;
        }
        current = { command, output: [] };
      } else {
        current?.output.push(line);
      }
    }
    if (current !== undefined) examples.push({ command: current.command, output: current.output.join('\n').replace(/\n+$/, '') });
  }
  return examples;
}

/** A command line cut into words as the shell cuts it: single-quoted text kept whole, `$NAME` replaced. */
function words(command: string, variables: ReadonlyMap<string, string>): string[] {
  const expanded = command.replace(/\$([A-Z][A-Z0-9_]*)\b(?!')/g, (whole, name: string) => variables.get(name) ?? whole);
  return [...expanded.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
}

interface Request {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly withHeaders: boolean;
  readonly filters: readonly ((text: string) => string)[];
}

/** `grep` as a filter of lines: `-o` prints each match of the basic regular expression, `-E` (`-iE`) keeps the lines an extended one matches. */
function grepFilter(flags: string, pattern: string): ((text: string) => string) | undefined {
  if (flags === '-o') {
    const basic = pattern.replace(/\\([()|])|([()|])/g, (_whole, escaped: string | undefined, plain: string | undefined) => (escaped !== undefined ? escaped : `\\${plain ?? ''}`));
    const regex = new RegExp(basic, 'g');
    return (text) =>
      text
        .split('\n')
        .flatMap((line) => [...line.matchAll(regex)].map((match) => match[0]))
        .join('\n');
  }
  if (flags === '-E' || flags === '-iE') {
    const regex = new RegExp(pattern, flags === '-iE' ? 'i' : '');
    return (text) =>
      text
        .split('\n')
        .filter((line) => regex.test(line))
        .join('\n');
  }
  return undefined;
}

/** The request a command makes, or undefined for a command this test does not make (another program, a file written). */
function requestOf(command: string, variables: ReadonlyMap<string, string>): Request | undefined {
  const [curl, ...pipes] = command.split(' | ');
  if (curl === undefined || !curl.startsWith('curl ')) return undefined;
  const filters: ((text: string) => string)[] = [];
  for (const pipe of pipes) {
    const [program, ...rest] = words(pipe, variables);
    const filter =
      program === 'head' && rest.length === 1 && /^-\d+$/.test(rest[0] ?? '')
        ? (text: string): string => text.split('\n').slice(0, Number((rest[0] ?? '').slice(1))).join('\n')
        : program === 'grep' && rest.length === 2
          ? grepFilter(rest[0] ?? '', rest[1] ?? '')
          : undefined;
    if (filter === undefined) return undefined;
    filters.push(filter);
  }
  const args = words(curl, variables).slice(1);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  let withHeaders = false;
  const headers: Record<string, string> = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '-s') continue;
    if (arg === '-si') withHeaders = true;
    else if (arg === '-H') {
      const header = args[++index] ?? '';
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (arg === '-X') method = args[++index];
    else if (arg === '-d') body = args[++index];
    else if (arg.startsWith(ORIGIN)) url = arg;
    else return undefined;
  }
  if (url === undefined) return undefined;
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), path: url.slice(ORIGIN.length), headers, body, withHeaders, filters };
}

/** What a terminal shows of curl's output (CRLF as a line break): the body, or with `-i` the status line and headers, a blank line, the body. */
function printed(answer: HttpAnswer, withHeaders: boolean): string {
  const body = answer.body.replace(/\r\n/g, '\n');
  if (!withHeaders) return body;
  const head = [`HTTP/1.1 ${String(answer.status)} ${STATUS_CODES[answer.status] ?? ''}`, ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value ?? ''}`)];
  return body === '' ? head.join('\n') : `${head.join('\n')}\n\n${body}`;
}

/** The request id in a body or header, another on every request; and no final line break. */
function withoutRequestIds(text: string): string {
  return text
    .replace(/\n+$/, '')
    .replace(/("requestId":")[^"]*(")/g, '$1…$2').replace(/^(x-request-id: ).*$/gim, '$1…');
}

/**
 * With `-i`, a document shows the status line and the headers that matter to it, in the answer's
 * order, and may leave the others out (it says so); the body, if shown, whole.
 */
function assertSameAnswer(shown: string, actual: string, withHeaders: boolean, what: string): void {
  const expected = withoutRequestIds(shown);
  const got = withoutRequestIds(actual);
  if (!withHeaders) {
    assert.equal(got, expected, what);
    return;
  }
  const [shownHead = '', ...shownBody] = expected.split('\n\n');
  const [gotHead = '', ...gotBody] = got.split('\n\n');
  const gotLines = gotHead.split('\n');
  const shownLines = shownHead.split('\n');
  assert.equal(shownLines[0], gotLines[0], `${what}: the status line`);
  let from = 1;
  for (const line of shownLines.slice(1)) {
    const at = gotLines.indexOf(line, from);
    assert.ok(at !== -1, `${what}: the header "${line}" is not in the answer, in that order:\n${gotHead}`);
    from = at + 1;
  }
  if (shownBody.length > 0) assert.equal(gotBody.join('\n\n'), shownBody.join('\n\n'), `${what}: the body`);
}

describe('the examples of the READMEs and the guides are real answers', () => {
  let app: FastifyInstance;

  before(async () => {
    ({ app } = await buildTestApp({ env: { PUBLIC_URL: ORIGIN, DOCS_URL: `${ORIGIN}/docs` } }));
  });

  after(async () => {
    await app.close();
  });

  let checked = 0;

  for (const file of DOCUMENTS) {
    it(file, async () => {
      const variables = new Map<string, string>();
      for (const { command, output } of examplesOf(readFileSync(join(REPOSITORY, file), 'utf8'))) {
        const assignment = /^([A-Z][A-Z0-9_]*)='([^']*)'$/.exec(command);
        if (assignment !== null) {
          variables.set(assignment[1] ?? '', assignment[2] ?? '');
          continue;
        }
        const request = requestOf(command, variables);
        if (request === undefined) continue;
        const answer = await inject(app, {
          method: request.method as 'GET',
          url: request.path,
          headers: request.headers,
          ...(request.body === undefined ? {} : { payload: request.body }),
        });
        const text = request.filters.reduce((current, filter) => filter(current), printed(answer, request.withHeaders));
        assertSameAnswer(output, text, request.withHeaders, `${file}: $ ${command}`);
        checked++;
      }
    });
  }

  it('checks most of them', () => {
    assert.ok(checked >= 40, `only ${String(checked)} examples were checked`);
  });
});
