import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runCliProcess } from '../helpers/cli-process.js';
import { runCli, show } from '../helpers/command-run.js';
import { dataCopies, snapshotOf } from '../helpers/data-dir.js';
import { expectedCounts, expectedDay } from '../helpers/reference-calendar.js';

/*
 * The command line as a user runs it, `china-calendar <command>`: its argument reading and exit
 * codes run in this process (the CLI's runCommandLine, with its own environment and collected
 * output), and a few runs as a child process (`npm run cli -- <command>`) show that the process
 * exits with that code and writes that output, byte for byte.
 * - validate [dir]: ok → exit 0 with the published years and the datasetVersion; any problem →
 *   exit 1 and one `file: field: reason` line per problem (docs/operators.md, docs/arrangement-format.md);
 * - query <date | path>: the JSON the service would send, exit 0 on 200, 1 otherwise;
 * - import <notice.txt>...: writes <year>.json and publishes the year in manifest.json; a notice it
 *   does not understand is refused with the offending line quoted «like this»; --dry-run writes
 *   nothing; an annual notice does not replace an existing year without --force;
 * - help prints the usage, `<command> --help` that command's; an unknown command, or an invalid
 *   service setting for serve or query, exits 2 with a message and no stack trace (docs/operators.md,
 *   "Configuration"); validate, import and sync read no service setting but DATA_DIR.
 * Expected calendar values come from the official notices (test/fixtures/notices/) (test/helpers/reference-calendar.ts).
 */

const SYNTHETIC_2027 = fileURLToPath(new URL('../fixtures/synthetic/2027-annual.txt', import.meta.url));
const NOTICE_2024 = fileURLToPath(new URL('../fixtures/notices/2024-annual.txt', import.meta.url));
const NOTICE_2026 = fileURLToPath(new URL('../fixtures/notices/2026-annual.txt', import.meta.url));

/** datasetVersion: the publication date of the newest notice (yyyy.MM.dd) and 8 hex digits of a content hash. */
const VERSION_2026 = /^2025\.11\.04-[0-9a-f]{8}$/;
/** No stack frame, source path or error class name in a user-facing message. */
const STACK_TRACE = /^\s+at\s|\.ts:\d+|\.js:\d+|node:internal|ConfigError|TypeError|Error:/m;

const dataCopy = dataCopies();

function publishedYearsIn(dir: string): number[] {
  return (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { publishedYears: number[] }).publishedYears;
}

function range(first: number, last: number): number[] {
  return Array.from({ length: last - first + 1 }, (_, at) => first + at);
}

/** The non-empty lines of an output. */
function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

const PROBLEM_LINE = /^([^\s:]+\.json): ([^:\s][^:]*): (\S.*)$/;

describe('china-calendar command line', () => {
  describe('--help', () => {
    for (const command of ['serve', 'validate', 'import', 'sync', 'query']) {
      it(`${command} --help prints that command's usage and exits 0, doing nothing else`, async () => {
        const { code, stdout, stderr } = await runCli([command, '--help']);
        assert.equal(code, 0, stderr);
        assert.match(stdout, new RegExp(`^Usage: china-calendar ${command}\\b`));
        assert.equal(stderr, '');
      });
    }

    it('import --help lists every option, --force among them', async () => {
      const { stdout } = await runCli(['import', '-h']);
      for (const option of ['--data-dir', '--dry-run', '--force', '--accept']) assert.ok(stdout.includes(option), option);
    });

    it('--help alone lists every command', async () => {
      const { code, stdout } = await runCli(['--help']);
      assert.equal(code, 0);
      for (const command of ['serve', 'validate', 'import', 'sync', 'query']) assert.match(stdout, new RegExp(`^  ${command}\\b`, 'm'));
    });
  });

  describe('the data commands read no service setting', () => {
    it('validate works with a bad PORT and LOG_LEVEL, which would stop serve', async () => {
      const validated = await runCli(['validate'], { PORT: 'eighty', LOG_LEVEL: 'loud' });
      assert.equal(validated.code, 0, validated.stderr);
      const served = await runCli(['serve'], { PORT: 'eighty' });
      assert.equal(served.code, 2);
      assert.match(served.stderr, /PORT/);
    });

    it('import --dry-run works with a bad PORT', async () => {
      const imported = await runCli(['import', '--dry-run', NOTICE_2024], { PORT: '-1' });
      assert.equal(imported.code, 0, imported.stderr);
    });
  });

  describe('validate', () => {
    it('passes the bundled data: exit 0, the published years and the datasetVersion', async () => {
      const result = await runCli(['validate']);
      assert.equal(result.code, 0, show(result));
      assert.match(result.stdout, /2008/, show(result));
      assert.match(result.stdout, /2026/, show(result));
      assert.match(result.stdout, /\b19\b/, `19 published years: ${show(result)}`);
      const version = /\b(\d{4}\.\d{2}\.\d{2}-[0-9a-f]{8})\b/.exec(result.stdout)?.[1] ?? '';
      assert.match(version, VERSION_2026, show(result));
      assert.equal(lines(result.stderr).length, 0, show(result));

      // The version validate prints is the one the service answers with.
      const query = await runCli(['query', '2024-05-01']);
      assert.equal((JSON.parse(query.stdout) as { datasetVersion: string }).datasetVersion, version);
    });

    it('passes a directory given as argument, and says which', async () => {
      const dir = dataCopy();
      const result = await runCli(['validate', dir]);
      assert.equal(result.code, 0, show(result));
      assert.ok(result.stdout.includes(dir), show(result));
      assert.match(result.stdout, /\b2025\.11\.04-[0-9a-f]{8}\b/);
    });

    it('fails a broken copy: exit 1, one file: field: reason line per problem, naming each', async () => {
      const dir = dataCopy();
      writeFileSync(join(dir, '2019.json'), '{"year": 2019, "notices": [');
      const path2026 = join(dir, '2026.json');
      const original = readFileSync(path2026, 'utf8');
      // 2026-01-04 (Sunday) is the New Year's make-up working day; 2026-01-05 is a Monday.
      const moved = original.replace('"work": ["2026-01-04"]', '"work": ["2026-01-05"]');
      assert.notEqual(moved, original, 'the test really changed 2026.json');
      writeFileSync(path2026, moved);
      rmSync(join(dir, '2010.json'));

      const result = await runCli(['validate', dir]);
      assert.equal(result.code, 1, show(result));
      const problems = lines(result.stderr);
      assert.ok(problems.length >= 3, show(result));
      for (const line of problems) assert.match(line, PROBLEM_LINE, `a "file: field: reason" line: ${line}`);
      const byFile = (file: string): string[] => problems.filter((line) => line.startsWith(`${file}: `));

      const json = byFile('2019.json');
      assert.equal(json.length, 1, `one problem for the invalid JSON: ${show(result)}`);
      assert.match(json[0] ?? '', /JSON/i);

      const weekday = byFile('2026.json');
      assert.equal(weekday.length, 1, show(result));
      const [, , field, reason] = PROBLEM_LINE.exec(weekday[0] ?? '') ?? [];
      assert.equal(field, 'entries[0].work[0]', 'the field of the make-up day');
      assert.match(reason ?? '', /2026-01-05/);
      assert.match(reason ?? '', /Saturday or Sunday/);

      const missing = byFile('2010.json');
      assert.equal(missing.length, 1, show(result));
      assert.match(missing[0] ?? '', /missing/i);

      assert.deepEqual(
        [...new Set(problems.map((line) => line.split(':')[0]))].sort(),
        ['2010.json', '2019.json', '2026.json'],
        'only the damaged files are named',
      );
      assert.doesNotMatch(result.stdout, /\bok\b/, 'no success line');
      assert.doesNotMatch(result.stderr, STACK_TRACE);
    });

    it('fails a hand-edited file that leaves a holiday out, naming it', async () => {
      const dir = dataCopy();
      const path = join(dir, '2024.json');
      const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: { holidays: string[] }[]; statutoryDays: Record<string, unknown> };
      file.entries = file.entries.filter((entry) => !entry.holidays.includes('LABOR_DAY'));
      Reflect.deleteProperty(file.statutoryDays, 'LABOR_DAY');
      writeFileSync(path, JSON.stringify(file, null, 2));

      const result = await runCli(['validate', dir]);
      assert.equal(result.code, 1, show(result));
      assert.deepEqual(lines(result.stderr), ['2024.json: entries: the annual notice has no entry for 劳动节 (LABOR_DAY), which the regulation grants every year']);
      assert.equal(result.stdout, '');
    });

    it('fails a directory that does not exist: exit 1 with a message', async () => {
      const dir = join(dataCopy(), 'no-such-dir');
      const result = await runCli(['validate', dir]);
      assert.equal(result.code, 1, show(result));
      assert.ok(result.stderr.includes(dir), show(result));
      assert.doesNotMatch(result.stderr, /^\s+at\s/m);
    });
  });

  describe('query', () => {
    it('prints the ADJUSTED_WORKDAY answer of 2024-02-04 and exits 0', async () => {
      const result = await runCli(['query', '2024-02-04']);
      assert.equal(result.code, 0, show(result));
      const body = JSON.parse(result.stdout) as Record<string, unknown>;
      const expected = expectedDay('2024-02-04');
      assert.equal(expected.dayStatus, 'ADJUSTED_WORKDAY');
      assert.match(String(body.datasetVersion), VERSION_2026);
      assert.deepEqual(body, {
        date: '2024-02-04',
        dayOfWeek: 'SUNDAY',
        workStatus: 'WORKDAY',
        dayStatus: 'ADJUSTED_WORKDAY',
        holidays: expected.holidays.map((holiday) => ({ ...holiday })),
        datasetVersion: body.datasetVersion,
      });
      assert.deepEqual(body.holidays, [{ code: 'SPRING_FESTIVAL', name: '春节', statutoryDate: false }]);
    });

    it('prints the problem for 2007-12-31 and exits 1', async () => {
      const result = await runCli(['query', '2007-12-31']);
      assert.equal(result.code, 1, show(result));
      const problem = JSON.parse(result.stdout) as Record<string, unknown>;
      assert.deepEqual(Object.keys(problem).sort(), ['code', 'detail', 'instance', 'requestId', 'status', 'title', 'type']);
      assert.equal(problem.code, 'DATE_OUT_OF_SUPPORTED_RANGE');
      assert.equal(problem.status, 400);
      assert.equal(problem.instance, '/v1/china-calendar/dates/2007-12-31');
      // DOCS_URL defaults to <PUBLIC_URL>/docs, PUBLIC_URL to http://<HOST>:<PORT> (docs/design.md (Interface decisions)).
      assert.equal(problem.type, 'http://127.0.0.1:8080/docs/problems/date-out-of-supported-range');
    });

    it('answers a request path: the 2024 counts', async () => {
      const result = await runCli(['query', '/v1/china-calendar/workdays?startDate=2024-01-01&endDate=2024-12-31']);
      assert.equal(result.code, 0, show(result));
      assert.deepEqual(JSON.parse(result.stdout), {
        startDate: '2024-01-01',
        endDate: '2024-12-31',
        ...expectedCounts('2024-01-01', '2024-12-31'),
      });
      assert.equal(expectedCounts('2024-01-01', '2024-12-31').totalDays, 366);
    });

    it('answers UNKNOWN for an unpublished year, exit 0', async () => {
      const result = await runCli(['query', '2027-01-01']);
      assert.equal(result.code, 0, show(result));
      assert.deepEqual(JSON.parse(result.stdout), {
        date: '2027-01-01',
        dayOfWeek: 'FRIDAY',
        workStatus: 'UNKNOWN',
        dayStatus: 'UNKNOWN',
        holidays: [],
        datasetVersion: null,
      });
    });

    it('answers the business-day tools: an offset as JSON, the calendar feed as it is', async () => {
      const offset = await runCli(['query', '/v1/china-calendar/workday-offset?fromDate=2026-09-30&days=3']);
      assert.equal(offset.code, 0, show(offset));
      assert.equal((JSON.parse(offset.stdout) as { date: string }).date, '2026-10-10');
      const feed = await runCli(['query', '/v1/china-calendar/calendar.ics?years=2026']);
      assert.equal(feed.code, 0, show(feed));
      assert.match(feed.stdout, /^BEGIN:VCALENDAR\r\n/);
      assert.match(feed.stdout, /UID:2026-NATIONAL_DAY-rest-20261001@china-holiday-calendar\r\n/);
      assert.match(feed.stdout, /END:VCALENDAR$/);
    });

    it('answers the trading days: T+1 across 除夕 2024, an unknown market exits 1 with its 404 problem', async () => {
      const offset = await runCli(['query', '/v1/china-calendar/markets/XSHG/trading-day-offset?fromDate=2024-02-08&days=1']);
      assert.equal(offset.code, 0, show(offset));
      assert.equal((JSON.parse(offset.stdout) as { date: string }).date, '2024-02-19');
      const unknown = await runCli(['query', '/v1/china-calendar/markets/XNYS/dates/2024-02-09']);
      assert.equal(unknown.code, 1, show(unknown));
      assert.equal((JSON.parse(unknown.stdout) as { code: string }).code, 'RESOURCE_NOT_FOUND');
    });

    it('without a date or path exits 2', async () => {
      const result = await runCli(['query']);
      assert.equal(result.code, 2, show(result));
    });
  });

  describe('import', () => {
    it('imports the synthetic 2027 notice: exit 0, writes 2027.json, publishes 2027, and the result validates', async () => {
      const dir = dataCopy();
      const result = await runCli(['import', SYNTHETIC_2027, '--data-dir', dir]);
      assert.equal(result.code, 0, show(result));
      assert.ok(existsSync(join(dir, '2027.json')), '2027.json written');
      assert.match(result.stdout, /^2027, as the file has it \(weeks Monday to Sunday\):$/m, 'the month grids');
      assert.ok(result.stdout.trimEnd().endsWith(`wrote ${join(dir, '2027.json')} and published 2027 in manifest.json`), show(result));
      const file = JSON.parse(readFileSync(join(dir, '2027.json'), 'utf8')) as { year: number; notices: { kind: string }[] };
      assert.equal(file.year, 2027);
      assert.equal(file.notices[0]?.kind, 'annual');
      assert.deepEqual(publishedYearsIn(dir), range(2008, 2027), 'manifest.json publishes 2027, in order');
      assert.deepEqual(
        readdirSync(dir).filter((name) => name.endsWith('.tmp')),
        [],
        'no temporary file left behind',
      );

      const validate = await runCli(['validate', dir]);
      assert.equal(validate.code, 0, show(validate));
      assert.match(validate.stdout, /2027/);
      // The newest notice is now the 2027 one, published 2026-11-20.
      assert.match(validate.stdout, /\b2026\.11\.20-[0-9a-f]{8}\b/, show(validate));

      // The service answers from it: 2027-02-13 (周六) is a make-up working day in the notice.
      const query = await runCli(['query', '2027-02-13'], { DATA_DIR: dir });
      assert.equal(query.code, 0, show(query));
      const day = JSON.parse(query.stdout) as { dayStatus: string; dayOfWeek: string; holidays: { code: string }[] };
      assert.equal(day.dayOfWeek, 'SATURDAY');
      assert.equal(day.dayStatus, 'ADJUSTED_WORKDAY');
      assert.deepEqual(
        day.holidays.map((holiday) => holiday.code),
        ['SPRING_FESTIVAL'],
      );
    });

    it('refuses a notice with a wrong weekday annotation: exit 1, the offending line quoted «…», nothing written', async () => {
      const dir = dataCopy();
      const before = snapshotOf(dir);
      const text = readFileSync(SYNTHETIC_2027, 'utf8');
      const offending = '一、元旦：1月1日（周五）至3日（周日）放假，共3天。';
      assert.ok(text.includes(offending), 'the fixture holds the line the test changes');
      // 2027-01-01 is a Friday; the changed notice calls it a Saturday.
      const wrongLine = offending.replace('1月1日（周五）', '1月1日（周六）');
      const notice = join(dir, 'wrong-weekday.txt');
      writeFileSync(notice, text.replace(offending, wrongLine));
      const result = await runCli(['import', notice, '--data-dir', dir]);
      assert.equal(result.code, 1, show(result));
      assert.equal(result.stdout, '', 'nothing on stdout');
      const output = result.stderr;
      assert.ok(output.includes(`«${wrongLine}»`), `the line is quoted as written: ${show(result)}`);
      const lineNumber = text.split('\n').findIndex((line) => line.includes(offending)) + 1;
      assert.match(output, new RegExp(`\\bline ${lineNumber}\\b`), `names line ${lineNumber}`);
      assert.doesNotMatch(output, STACK_TRACE);
      rmSync(notice);
      assert.deepEqual(snapshotOf(dir), before, 'nothing written');
    });

    it('--dry-run prints the summary, the year as month grids, then the file, and writes nothing', async () => {
      const dir = dataCopy();
      const before = snapshotOf(dir);
      const result = await runCli(['import', SYNTHETIC_2027, '--data-dir', dir, '--dry-run']);
      assert.equal(result.code, 0, show(result));
      assert.equal(result.stderr, '');
      const order = [
        `${SYNTHETIC_2027}: 2027: 7 holiday entries in force`,
        '  balance: 18 rest days on weekdays = 13 statutory days + 5 make-up working days',
        '2027, as the file has it (weeks Monday to Sunday):',
        '       January                February                  March',
        'Mo Tu We Th Fr Sa Su    Mo Tu We Th Fr Sa Su    Mo Tu We Th Fr Sa Su',
        '       October                November                December',
        '* statutory day (法定节假日, off)',
        '"year": 2027',
      ].map((text) => result.stdout.indexOf(text));
      assert.ok(order.every((at, index) => at >= 0 && (index === 0 || at > (order[index - 1] ?? 0))), `in this order: ${JSON.stringify(order)}\n${show(result)}`);
      assert.deepEqual(snapshotOf(dir), before, 'no file written or changed');
    });

    it('refuses to replace an existing year with an annual notice without --force, and replaces it with --force', async () => {
      const dir = dataCopy();
      const before = snapshotOf(dir);
      const refused = await runCli(['import', NOTICE_2026, '--data-dir', dir]);
      assert.equal(refused.code, 1, show(refused));
      assert.match(refused.stdout + refused.stderr, /--force/);
      assert.match(refused.stdout + refused.stderr, /2026\.json/);
      assert.deepEqual(snapshotOf(dir), before, 'nothing written');

      const forced = await runCli(['import', NOTICE_2026, '--data-dir', dir, '--force']);
      assert.equal(forced.code, 0, show(forced));
      assert.deepEqual(publishedYearsIn(dir), range(2008, 2026), 'still 2008..2026, 2026 once');
      const validate = await runCli(['validate', dir]);
      assert.equal(validate.code, 0, show(validate));
    });

    it('with no notice file, or an unknown option, exits 2 with a message', async () => {
      const none = await runCli(['import']);
      assert.equal(none.code, 2, show(none));
      assert.ok(lines(none.stderr).length > 0, show(none));
      const unknown = await runCli(['import', SYNTHETIC_2027, '--data-dir', dataCopy(), '--bogus']);
      assert.equal(unknown.code, 2, show(unknown));
      assert.match(unknown.stderr, /bogus/);
      assert.doesNotMatch(unknown.stderr, /^\s+at\s/m);
    });
  });

  describe('usage and errors', () => {
    it('help prints the usage of every command, exit 0', async () => {
      for (const flag of ['help', '--help']) {
        const result = await runCli([flag]);
        assert.equal(result.code, 0, show(result));
        for (const command of ['serve', 'validate', 'import', 'query']) assert.match(result.stdout, new RegExp(`\\b${command}\\b`), `${flag}: ${command}`);
      }
    });

    it('an unknown command exits 2, naming it', async () => {
      const result = await runCli(['frobnicate']);
      assert.equal(result.code, 2, show(result));
      assert.match(result.stderr, /frobnicate/);
      assert.doesNotMatch(result.stderr, STACK_TRACE);
    });

    for (const [name, value, args] of [
      ['PORT', 'abc', ['serve']],
      ['PORT', 'abc', []],
      ['PORT', '70000', ['query', '2024-05-01']],
      ['LOG_LEVEL', 'loud', ['query', '2024-05-01']],
      ['CORS_ORIGINS', 'not a url', ['serve']],
    ] as const) {
      it(`${name}=${value} ${args.join(' ') || '(serve)'}: exit 2 with a message naming ${name}, no stack trace`, async () => {
        const result = await runCli([...args], { [name]: value });
        assert.equal(result.code, 2, show(result));
        assert.ok(result.stderr.includes(name), show(result));
        assert.doesNotMatch(result.stderr, STACK_TRACE, show(result));
        assert.equal(result.stdout, '', 'nothing on stdout');
      });
    }
  });
});

describe('the china-calendar process', () => {
  /** A data copy whose 2019.json is not JSON, so that validate exits 1. */
  const broken = (): string => {
    const dir = dataCopy();
    writeFileSync(join(dir, '2019.json'), '{"year": 2019, "notices": [');
    return dir;
  };
  for (const [what, args, env] of [
    ['an answer on stdout, exit 0', ['query', '2024-02-04'], {}],
    ['problems on stderr, exit 1', ['validate', broken()], {}],
    ['a bad setting: one line on stderr and exit 2, no stack trace', ['serve'], { PORT: 'abc' }],
  ] as const) {
    it(`exits with the code the command line returns and writes its bytes: ${what}`, async () => {
      const [child, inProcess] = await Promise.all([runCliProcess(args, { env }), runCli(args, env)]);
      assert.deepEqual(
        { code: child.code, signal: child.signal, stdout: child.stdout.toString('utf8'), stderr: child.stderr.toString('utf8') },
        { code: inProcess.code, signal: null, stdout: inProcess.stdout, stderr: inProcess.stderr },
      );
      assert.notEqual(`${inProcess.stdout}${inProcess.stderr}`, '', 'the command wrote something');
    });
  }
});
