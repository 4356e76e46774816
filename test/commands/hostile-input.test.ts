import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCli, type CommandRun } from '../helpers/command-run.js';
import { dataCopies, snapshotOf } from '../helpers/data-dir.js';

/*
 * What the terminal receives when a command quotes hostile input (docs/operators.md, "Publishing a new year"):
 * the command line's output, byte for byte (the process writes exactly these bytes: see
 * cli.test.ts). A control character from the input (ESC, BEL, NUL, a bidirectional override)
 * arrives as its \uXXXX escape, never raw; only the line breaks the commands write themselves pass.
 */

const NOTICE_2026 = fileURLToPath(new URL('../fixtures/notices/2026-annual.txt', import.meta.url));
const dataCopy = dataCopies();
const scratch = mkdtempSync(join(tmpdir(), 'china-calendar-hostile-'));
after(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** Bytes a terminal acts on: C0 controls but line feed and tab, DEL, and (as UTF-8) C1 controls and bidi overrides. */
function controlBytesIn(bytes: Buffer): string[] {
  const found: string[] = [];
  for (const [index, byte] of bytes.entries()) {
    if ((byte < 0x20 && byte !== 0x0a && byte !== 0x09) || byte === 0x7f) found.push(`0x${byte.toString(16)} at ${index}`);
  }
  for (const match of bytes.toString('utf8').matchAll(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g)) found.push(`U+${(match[0].codePointAt(0) ?? 0).toString(16)}`);
  return found;
}

function assertNoRawControls(result: CommandRun): void {
  assert.deepEqual(controlBytesIn(Buffer.from(result.stdout)), [], 'stdout carries raw control characters');
  assert.deepEqual(controlBytesIn(Buffer.from(result.stderr)), [], 'stderr carries raw control characters');
}

describe('control characters from the input reach the terminal escaped', () => {
  it('import quotes a notice line carrying a terminal escape sequence, and a file name carrying one, as \\u001b…', async () => {
    const hostile = '\x1b]0;PWNED\x07\x1b[2J\u202e';
    const notice = readFileSync(NOTICE_2026, 'utf8').replace('一、元旦：', `一、元旦${hostile}：`);
    const path = join(scratch, `notice\x1b[31m.txt`);
    writeFileSync(path, notice);
    const result = await runCli(['import', path, '--dry-run']);
    assert.equal(result.code, 1);
    assertNoRawControls(result);
    const stderr = result.stderr;
    assert.ok(stderr.startsWith(`${join(scratch, 'notice\\u001b[31m.txt')}:\n`), stderr);
    assert.match(stderr, /^line 9: .*«一、元旦\\u001b\]0;PWNED\\u0007\\u001b\[2J\\u202e：1月1日/m);
  });

  it('import of 500 KB of binary: a one-line refusal, its quote escaped', async () => {
    const path = join(scratch, 'binary.txt');
    writeFileSync(path, Buffer.from(Array.from({ length: 500 * 1024 }, (_, index) => (index * 7919 + (index >> 8)) & 0xff)));
    const result = await runCli(['import', path, '--dry-run']);
    assert.equal(result.code, 1);
    assertNoRawControls(result);
    assert.match(result.stderr, /the text is not UTF-8/);
    assert.match(result.stderr, /\\u0000/, 'the NUL bytes of the quoted line are shown as escapes');
  });

  it('import of a text of control characters that is valid UTF-8: refused, every quote escaped', async () => {
    const path = join(scratch, 'controls.txt');
    writeFileSync(path, `国务院办公厅关于2026年部分节假日安排的通知\n${'\x1b[2J\x00\x07'.repeat(50)}\n`);
    const result = await runCli(['import', path, '--dry-run']);
    assert.equal(result.code, 1);
    assertNoRawControls(result);
    assert.match(result.stderr, /\\u001b\[2J\\u0000\\u0007/);
  });

  it('validate quotes a JSON key carrying a terminal escape sequence as \\u001b…', async () => {
    const dir = dataCopy();
    const path = join(dir, '2024.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...file, '\x1b]0;PWNED\x07\x1b[2J': 1 }));
    const result = await runCli(['validate', dir]);
    assert.equal(result.code, 1);
    assertNoRawControls(result);
    assert.match(result.stderr, /^2024\.json: \\u001b\]0;PWNED\\u0007\\u001b\[2J: /m);
  });

  it('an unknown command carrying an escape sequence is named escaped', async () => {
    const result = await runCli(['\x1b[2Jserve']);
    assert.equal(result.code, 2);
    assertNoRawControls(result);
    assert.match(result.stderr, /unknown command "\\u001b\[2Jserve"/);
  });
});

describe('import into a directory it cannot write', () => {
  for (const [what, dataDir, reason] of [
    ['that does not exist', '/nonexistent/x', 'does not exist (--seed copies the bundled data into an empty folder first)'],
    ['that is a file', NOTICE_2026, 'is not a directory'],
  ] as const) {
    it(`refuses one ${what} before reading a notice: exit 2, nothing on stdout`, async () => {
      const result = await runCli(['import', NOTICE_2026, '--data-dir', dataDir]);
      assert.equal(result.code, 2);
      assert.equal(result.stdout, '', 'no summary or month grid is printed');
      assert.equal(result.stderr, `${dataDir}: the data directory ${reason}; nothing was imported\n`);
    });
  }

  it('refuses a directory without write permission, writing nothing', { skip: process.getuid?.() === 0 ? 'root may write anywhere' : false }, async () => {
    const dir = dataCopy();
    const before = snapshotOf(dir);
    const { chmodSync } = await import('node:fs');
    chmodSync(dir, 0o555);
    try {
      const result = await runCli(['import', NOTICE_2026, '--data-dir', dir, '--force']);
      assert.equal(result.code, 1);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /the data directory cannot be written/);
    } finally {
      chmodSync(dir, 0o755);
    }
    assert.deepEqual(snapshotOf(dir), before);
  });

  it('--dry-run needs no writable directory: it prints the summary and writes nothing', async () => {
    const result = await runCli(['import', NOTICE_2026, '--dry-run', '--data-dir', '/nonexistent/x']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /2026: 7 holiday entries in force/);
  });
});
