import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runImport } from 'china-holiday-calendar-service/internal/commands/import.js';
import { importExchangeNotice, isExchangeNotice } from 'china-holiday-calendar-service/internal/importer/exchange-notice.js';
import type { ArrangementFile, ExchangeCalendar } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { collectRun, show } from '../helpers/command-run.js';
import { copyOfBundledData } from '../helpers/data-dir.js';

/*
 * The exchanges' notices of market closures (test/fixtures/exchanges/, real texts) import to the
 * closures the bundled data holds; a notice that leaves a State Council weekday rest day open, or
 * that the importer cannot read whole, is refused with the line.
 */

const FIXTURES = new URL('../fixtures/exchanges/', import.meta.url);
const DATA = new URL('../../packages/core/data/', import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

function bundled(year: number): ArrangementFile {
  return JSON.parse(readFileSync(new URL(`${year}.json`, DATA), 'utf8')) as ArrangementFile;
}

/** The bundled file as it was before any exchanges' notice: the State Council's part only. */
function stateCouncilOnly(year: number): ArrangementFile {
  const { exchanges, ...file } = bundled(year);
  assert.ok(exchanges, `${year} has an exchanges' part`);
  return file;
}

/** The exchanges' part a fixture gives its year's file. */
function imported(name: string, year: number): ExchangeCalendar {
  const [file, ...others] = importExchangeNotice(fixture(name), (asked) => (asked === year ? stateCouncilOnly(year) : undefined));
  assert.equal(others.length, 0);
  assert.ok(file?.exchanges);
  return file.exchanges;
}

function refusedWith(text: string, year: number): string {
  try {
    importExchangeNotice(text, (asked) => (asked === year ? stateCouncilOnly(year) : undefined));
  } catch (error) {
    return String(error);
  }
  return assert.fail('the notice was imported');
}

describe("importing the exchanges' real notices", () => {
  it('tells them from the State Council\'s notices', () => {
    for (const name of ['2009-xshg.txt', '2021-xshg.txt', '2024-xshg.txt', '2024-bjse.txt']) assert.ok(isExchangeNotice(fixture(name)), name);
    assert.equal(isExchangeNotice(readFileSync(new URL('../fixtures/notices/2024-annual.txt', import.meta.url), 'utf8')), false);
  });

  it('2024 (Shanghai, 为周末休市 after 起照常开市): 2024-02-09 is the one closure beyond the State Council\'s rest days', () => {
    const exchanges = imported('2024-xshg.txt', 2024);
    assert.deepEqual(exchanges.additionalClosures.map((closure) => closure.date), ['2024-02-09']);
    assert.deepEqual(exchanges.notices, [
      { exchange: 'XSHG', title: '关于上海证券交易所2024年部分节假日休市安排的通知', documentNumber: null, publishedDate: '2023-12-26', sourceUrl: null, otherUrls: [] },
    ]);
  });

  it('2024 (Beijing, the weekend closures before 起照常开市): the same closures', () => {
    const exchanges = imported('2024-bjse.txt', 2024);
    assert.deepEqual(exchanges.additionalClosures.map((closure) => closure.date), ['2024-02-09']);
    assert.equal(exchanges.notices[0]?.exchange, 'BJSE');
  });

  it('2021 (Shanghai, signed in Chinese numerals): nothing beyond the State Council\'s rest days, its number read', () => {
    const exchanges = imported('2021-xshg.txt', 2021);
    assert.deepEqual(exchanges.additionalClosures, []);
    const [notice] = exchanges.notices;
    assert.equal(notice?.documentNumber, '上证公告〔2020〕48号');
    assert.equal(notice.publishedDate, '2020-12-24');
  });

  it('2009 (— ranges, 为节假日休市, no title): nothing beyond the State Council\'s rest days', () => {
    assert.deepEqual(imported('2009-xshg.txt', 2009).additionalClosures, []);
  });
});

describe("refusing an exchanges' notice", () => {
  it('that leaves a State Council weekday rest day open', () => {
    const text = fixture('2024-xshg.txt').replace('10月1日（星期二）至10月7日（星期一）休市', '10月1日（星期二）至10月4日（星期五）休市');
    assert.match(refusedWith(text, 2024), /leaves open 2024-10-07, rest day of the State Council's 2024 arrangement/);
  });

  it('with a date whose weekday does not match, or a date it cannot place', () => {
    assert.match(refusedWith(fixture('2024-xshg.txt').replace('6月10日（星期一）休市', '6月10日（星期二）休市'), 2024), /«6月10日（星期二）»: no such date/);
    assert.match(refusedWith(fixture('2024-xshg.txt').replace('6月10日（星期一）休市', '6月10日（星期一）暂停交易'), 2024), /«（五）端午节：6月10日（星期一）暂停交易» is neither a closure nor a reopening/);
  });

  it('of a year whose State Council arrangement is not in the data', () => {
    assert.match(refusedWith(fixture('2024-xshg.txt'), 2023), /the State Council's 2024 arrangement is not in the data directory/);
  });
});

describe('`import` recognises an exchanges\' notice', () => {
  const copy = copyOfBundledData();
  after(() => copy.remove());

  it('writes the exchanges\' part into the year\'s file and publishes it', async () => {
    const path = join(copy.dir, '2021.json');
    const file = stateCouncilOnly(2021);
    writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
    const notice = join(copy.dir, 'notice-2021-xshg.txt');
    writeFileSync(notice, fixture('2021-xshg.txt'));
    const run = await collectRun((out, err) => runImport([notice], { dataDir: copy.dir, dryRun: false, force: false, currentYear: 2026 }, out, err));
    assert.equal(run.code, 0, show(run));
    assert.match(run.stdout, /2021: the exchanges' notice \(XSHG\): every State Council weekday rest day closed, nothing more/);
    const written = JSON.parse(readFileSync(path, 'utf8')) as ArrangementFile;
    assert.equal(written.exchanges?.notices[0]?.documentNumber, '上证公告〔2020〕48号');
    assert.deepEqual(written.entries, bundled(2021).entries);
  });
});
