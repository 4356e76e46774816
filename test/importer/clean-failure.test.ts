import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runImport } from 'china-holiday-calendar-service/internal/commands/import.js';
import { ImportError, importNotice, MAX_NOTICE_BYTES, noticeYearOf } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { collectRun, type CommandRun } from '../helpers/command-run.js';
import { dataCopies, snapshotOf } from '../helpers/data-dir.js';
import { fixtureText } from './notice-builder.js';
import { SYNTHETIC_2027 } from '../helpers/notice-files.js';

/**
 * Clean failure, always: every input ends in a correct file or a refusal of
 * the form docs/operators.md shows (`line N: reason: «quoted text»`) on stderr, exit code 1, nothing on
 * stdout (with --dry-run too), never a stack trace; years before 2008 and more than two years
 * ahead are refused; an input over 1 MB is refused unread; no list, however long, overflows
 * the call stack.
 */

const NOTICE_2024 = fixtureText('2024-annual.txt');
/** A refusal line: `line 9: reason: «text»` or `lines 9-11: …`. */
const REFUSAL_LINE = /^lines? \d+(?:-\d+)?: \S.*: «.*»$/;
const STACK_TRACE = /^\s+at\s|\.ts:\d+|\.js:\d+|node:internal|RangeError|TypeError|Error:/m;

const dataCopy = dataCopies();

function importFiles(paths: readonly string[], options: { dryRun?: boolean; currentYear?: number; dataDir?: string } = {}): Promise<CommandRun> {
  const dataDir = options.dataDir ?? dataCopy();
  return collectRun((out, err) => runImport(paths, { dataDir, dryRun: options.dryRun ?? false, force: false, currentYear: options.currentYear ?? 2026 }, out, err));
}

/** Writes a notice text (or bytes) into a fresh data copy and imports it, both for real and with --dry-run. */
async function importText(content: string | Buffer, options: { currentYear?: number } = {}): Promise<{ readonly real: CommandRun; readonly dry: CommandRun; readonly path: string }> {
  const dataDir = dataCopy();
  const path = join(dataDir, 'notice.txt');
  writeFileSync(path, content);
  const before = snapshotOf(dataDir);
  const real = await importFiles([path], { ...options, dataDir });
  const dry = await importFiles([path], { ...options, dataDir, dryRun: true });
  if (real.code !== 0) assert.deepEqual(snapshotOf(dataDir), before, 'a refused notice writes nothing');
  return { real, dry, path };
}

/** Asserts a refusal in the form docs/operators.md shows: exit 1, nothing on stdout, the file named, then problem lines; no stack trace. */
function assertRefused(run: CommandRun, path: string, reason: RegExp, options: { lineForm?: boolean } = {}): void {
  assert.equal(run.code, 1, `exit 1: ${run.stderr}`);
  assert.equal(run.stdout, '', 'nothing on stdout');
  const [first, ...rest] = run.stderr.trimEnd().split('\n');
  assert.equal(first, `${path}:`, run.stderr);
  assert.ok(rest.length > 0, run.stderr);
  if (options.lineForm ?? true) for (const line of rest) assert.match(line, REFUSAL_LINE, run.stderr);
  assert.match(run.stderr, reason);
  assert.doesNotMatch(run.stderr, STACK_TRACE);
}

function refusal(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ImportError, `an ImportError, not ${String(error)}`);
    return error;
  }
  assert.fail('accepted');
}

describe('the years a notice may be for', () => {
  it('refuses a notice before 2008 (the 2024 notice retitled 2007), with the form docs/operators.md shows, also under --dry-run', async () => {
    const { real, dry, path } = await importText(NOTICE_2024.replaceAll('2024年', '2007年'));
    for (const run of [real, dry]) assertRefused(run, path, /lines 5-6: 2007 is before 2008: .*: «国务院办公厅关于2007年 ⏎ 部分节假日安排的通知»/);
  });

  it('refuses a title naming 9999, and a year more than two years after today, by the injected clock', async () => {
    const { real, dry, path } = await importText(NOTICE_2024.replace('关于2024年', '关于9999年'));
    for (const run of [real, dry]) assertRefused(run, path, /9999 is more than 2 years after this year \(2026\)/);

    const synthetic = readFileSync(SYNTHETIC_2027, 'utf8');
    assert.equal((await importText(synthetic, { currentYear: 2025 })).dry.code, 0, '2027 is two years after 2025');
    const early = await importText(synthetic, { currentYear: 2024 });
    assertRefused(early.dry, early.path, /2027 is more than 2 years after this year \(2024\)/);
  });

  it('tells the year of a notice only within those bounds', () => {
    assert.deepEqual(noticeYearOf(fixtureText('2008-annual.txt'), { currentYear: 2026 }), { kind: 'annual', year: 2008 });
    assert.match(refusal(() => noticeYearOf(NOTICE_2024.replace('关于2024年', '关于2029年'), { currentYear: 2026 })).message, /2029 is more than 2 years/);
    assert.deepEqual(noticeYearOf(NOTICE_2024.replace('关于2024年', '关于2028年'), { currentYear: 2026 }), { kind: 'annual', year: 2028 });
  });

  it('refuses a date written with a year the notice does not reach', () => {
    const text = fixtureText('2019-annual.txt').replace('2018年12月29日（星期六）上班', '2017年12月29日（星期六）上班');
    assert.match(refusal(() => importNotice(text, undefined, { currentYear: 2026 })).message, /«2017年12月29日» is a date of 2017; a 2019 notice names days of 2019 and of the end of 2018/);
  });
});

describe('inputs too large or not text', () => {
  it('refuses an input over 1 MB unread: the file, and the text given to the importer', async () => {
    const big = `${NOTICE_2024}${'　'.repeat(MAX_NOTICE_BYTES / 3)}`;
    assert.ok(Buffer.byteLength(big) > MAX_NOTICE_BYTES);
    const { real, dry, path } = await importText(big);
    for (const run of [real, dry]) assertRefused(run, path, /is \d+ bytes, over the 1048576 a notice text may have .*it was not read/, { lineForm: false });
    const error = refusal(() => importNotice(big, undefined, { currentYear: 2026 }));
    assert.equal(error.problems.length, 1);
    assert.match(error.message, /^line 1: the text is \d+ bytes, over the 1048576 a notice text may have/);
  });

  it('refuses a text that is not UTF-8, naming the line', async () => {
    const lines = NOTICE_2024.split('\n');
    const gbk = Buffer.concat([Buffer.from(`${lines.slice(0, 4).join('\n')}\n`), Buffer.from([0xb9, 0xfa, 0xce, 0xf1, 0xd4, 0xba]), Buffer.from(`\n${lines.slice(5).join('\n')}`)]);
    const { real, path } = await importText(gbk);
    assertRefused(real, path, /^line 5: the text is not UTF-8 \(saved as GBK or UTF-16\?\); save the notice as UTF-8: «/m);
  });

  it('refuses a directory and a missing file', async () => {
    const dir = dataCopy();
    const folder = join(dir, 'folder.txt');
    mkdirSync(folder);
    const asFolder = await importFiles([folder], { dataDir: dir });
    assertRefused(asFolder, folder, /is not a file/, { lineForm: false });
    const missing = join(dir, 'missing.txt');
    assertRefused(await importFiles([missing], { dataDir: dir }), missing, /cannot be read \(ENOENT/, { lineForm: false });
    rmSync(folder, { recursive: true });
  });
});

describe('no call stack overflow, whatever the length of a list', () => {
  const itemLine = '二、春节：2月10日至17日放假调休，共8天。2月4日（星期日）、2月18日（星期日）上班。鼓励各单位结合带薪年休假等制度落实，安排职工在除夕（2月9日）休息。';

  // Over 125,000 items: what `list.push(...items)` or `Math.min(...items)` cannot take on Node's default stack.
  for (const [what, replacement] of [
    ['145,000 make-up days in one sentence', `二、春节：2月10日至17日放假调休，共8天。2月4日、${'1日、'.repeat(145_000)}18日上班。`],
    ['145,000 dates in a span clause', `二、春节：2月10日、${'1日、'.repeat(145_000)}放假。`],
    ['110,000 holiday names in a label without a colon', `二、${'春节、'.repeat(110_000)}春节2月10日放假。`],
    ['a bracket opened 300,000 times', `二、春节：2月10日${'（'.repeat(300_000)}放假。`],
    ['95,000 sentences', `二、春节：${'共8天。'.repeat(95_000)}`],
  ] as const) {
    it(`refuses ${what} with a refusal, not a RangeError`, () => {
      const text = NOTICE_2024.replace(itemLine, replacement);
      assert.notEqual(text, NOTICE_2024);
      assert.ok(Buffer.byteLength(text) <= MAX_NOTICE_BYTES, `${Buffer.byteLength(text)} bytes: within the limit, so it is parsed`);
      const error = refusal(() => importNotice(text, undefined, { currentYear: 2026 }));
      assert.ok(error.message.length < 20_000, 'quotes are shortened');
    });
  }

  it('reads 100,000 lines of header fields and blank lines without overflowing', () => {
    const text = `${'发布日期：2023-10-25\n'.repeat(20_000)}${'\n'.repeat(80_000)}${NOTICE_2024}`;
    assert.match(refusal(() => importNotice(text, undefined, { currentYear: 2026 })).message, /header field 发布日期 given twice/);
  });
});

describe('the command on refusals and successes', () => {
  it('prints nothing on stdout when the second of two notices is refused, and writes nothing', async () => {
    const dataDir = dataCopy();
    const broken = join(dataDir, 'broken.txt');
    writeFileSync(broken, fixtureText('2019-labor-day-amendment.txt').replace('5月1日至4日', '5月1日至3日'));
    const before = snapshotOf(dataDir);
    for (const dryRun of [false, true]) {
      const run = await importFiles([SYNTHETIC_2027, broken], { dataDir, dryRun });
      assertRefused(run, broken, /stated total \(4天\) does not match the 3 rest day/);
    }
    assert.deepEqual(snapshotOf(dataDir), before);
  });

  it('refuses a special notice whose year has no file, naming the notice to import first', async () => {
    const dataDir = dataCopy();
    rmSync(join(dataDir, '2015.json'));
    const path = join(dataDir, 'victory.txt');
    writeFileSync(path, fixtureText('2015-victory-day.txt'));
    const run = await importFiles([path], { dataDir });
    assertRefused(run, path, /2015\.json does not exist: import the 2015 annual notice first/, { lineForm: false });
  });
});
