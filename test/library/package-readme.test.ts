/**
 * The library's page on npm (packages/calendar/README.md, which npm puts in the tarball): it names
 * every function, class and constant the two entries export, its examples print what it says they
 * print, its error table gives the codes the errors carry, and it has a section in Chinese.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import * as library from 'china-holiday-calendar';
import * as client from 'china-holiday-calendar/client';

const README = readFileSync(new URL('../../packages/calendar/README.md', import.meta.url), 'utf8');

/** The README's lines `console.log(<expression>); // <printed>`, in its first JavaScript block. */
function printedExamples(): { expression: string; printed: string }[] {
  const block = /```js\n([\s\S]*?)```/.exec(README)?.[1] ?? assert.fail('README.md has no js block');
  return [...block.matchAll(/^console\.log\((.*)\); \/\/ (.*)$/gm)].map((match) => ({ expression: match[1] ?? '', printed: match[2] ?? '' }));
}

describe("the library's README", () => {
  it('names every export of both entries', () => {
    for (const name of [...Object.keys(library), ...Object.keys(client)]) assert.ok(README.includes(`\`${name}`), `README.md names ${name}`);
  });

  it('shows what its examples print', () => {
    const examples = printedExamples();
    assert.ok(examples.length >= 6, 'the examples');
    for (const { expression, printed } of examples) {
      // Each example calls the library's exports by name, as the README imports them; a Date is
      // this realm's, as a program's would be.
      assert.equal(String(runInNewContext(expression, { ...library, Date })), printed, expression);
    }
  });

  it("gives the codes the errors carry, in the errors' table", () => {
    const row = (name: string): string => new RegExp(`^\\| \`${name}\`.*$`, 'm').exec(README)?.[0] ?? assert.fail(`no row for ${name}`);
    assert.ok(row('UnpublishedYearError').includes(`\`${new library.UnpublishedYearError(2027).code}\``));
    assert.ok(row('CalendarDataError').includes(`\`${new library.CalendarDataError('/data', []).code}\``));
    assert.ok(row('CalendarDataUnavailableError').includes(`\`${new library.CalendarDataUnavailableError(2027).code}\``));
    let refused: unknown;
    try {
      library.isWorkday('2023-02-29');
    } catch (error) {
      refused = error;
    }
    assert.ok(refused instanceof library.CalendarInputError && row('CalendarInputError').includes(`\`${refused.code}\``));
  });

  it('has a section in Chinese, linked from its top', () => {
    assert.match(README, /^## 中文说明$/m);
    assert.match(README.split('\n').slice(0, 12).join('\n'), /\]\(#中文说明\)/);
  });
});
