/**
 * The library examples the README and the library guides print are what the library answers: each
 * JavaScript block that imports from `china-holiday-calendar` (the client's, which need a running
 * service, are left to test/client/) is run against the library's sources, and what it logs is held
 * to what the document says it logs: the console block under it (`$ node example.mjs`), or else the
 * comment on each `console.log` line or the comment lines right under it. A comment may go on after
 * the value with a colon (or a full-width one) and a word of explanation (`// true: a make-up Sunday`); whitespace and line
 * breaks of an object printed over several lines do not count.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { format } from 'node:util';
import { runInThisContext } from 'node:vm';
import * as library from 'china-holiday-calendar';
import { REPOSITORY } from '../helpers/source-cli.js';

const DOCUMENTS = ['README.md', 'README.zh-CN.md', 'docs/library.md', 'docs/library.zh-CN.md'] as const;

interface Example {
  readonly code: string;
  /** The console block right under the code, when it shows `$ node <file>` and its output. */
  readonly printed: string | undefined;
}

function examplesOf(markdown: string): Example[] {
  return [...markdown.matchAll(/^```js\n([\s\S]*?)^```\n(?:\n```console\n\$ node \S+\n([\s\S]*?)^```$)?/gm)]
    .map((match) => ({ code: match[1] ?? '', printed: match[2]?.replace(/\n+$/, '') }))
    .filter(({ code }) => /from 'china-holiday-calendar';/.test(code));
}

/** Runs an example with the library's exports in place of its import, and returns each line it logs. */
function run(code: string): string[] {
  const imported = /^import \{([^}]*)\} from 'china-holiday-calendar';$/m.exec(code);
  assert.ok(imported !== null, `the example imports from china-holiday-calendar:\n${code}`);
  const names = (imported[1] ?? '').split(',').map((name) => name.trim());
  for (const name of names) assert.ok(Object.hasOwn(library, name), `the library exports ${name}`);
  const body = code.replace(imported[0], `const { ${names.join(', ')} } = library;`);
  const logged: string[] = [];
  const console = { log: (...values: unknown[]): void => void logged.push(format(...values)) };
  // Compiled in this realm, so that its Dates and errors are the ones the library checks for.
  const example = runInThisContext(`(function (library, console) {\n${body}\n})`) as (exports: typeof library, log: typeof console) => void;
  example(library, console);
  return logged;
}

/** What the comments say each `console.log` line logs, in order; undefined where a line says nothing. */
function commentedOutputs(code: string): (string | undefined)[] {
  const lines = code.split('\n');
  const expected: (string | undefined)[] = [];
  lines.forEach((line, index) => {
    if (!line.includes('console.log(')) return;
    const parts = [/\/\/ (.*)$/.exec(line)?.[1]];
    for (let next = index + 1; next < lines.length && /^\s*\/\/ /.test(lines[next] ?? ''); next++) parts.push((lines[next] ?? '').replace(/^\s*\/\/ /, ''));
    const said = parts.filter((part) => part !== undefined).join(' ');
    expected.push(said === '' ? undefined : said);
  });
  return expected;
}

const squeezed = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('the library examples of the README and the guides are what the library answers', () => {
  let checked = 0;

  for (const file of DOCUMENTS) {
    it(file, () => {
      for (const { code, printed } of examplesOf(readFileSync(join(REPOSITORY, file), 'utf8'))) {
        const logged = run(code);
        if (printed !== undefined) {
          assert.equal(logged.join('\n'), printed, `${file}: the output shown under\n${code}`);
          checked += logged.length;
          continue;
        }
        const expected = commentedOutputs(code);
        assert.equal(logged.length, expected.length, `${file}: each console.log of the example logs once:\n${code}`);
        logged.forEach((line, index) => {
          const said = expected[index];
          if (said === undefined) return;
          const value = squeezed(line);
          const comment = squeezed(said);
          assert.ok(comment === value || comment.startsWith(`${value}:`) || comment.startsWith(`${value}：`), `${file}: logged ${JSON.stringify(value)}, the comment says ${JSON.stringify(comment)}`);
          checked++;
        });
      }
    });
  }

  it('checks most of them', () => {
    assert.ok(checked >= 25, `only ${String(checked)} logged values were checked`);
  });
});
