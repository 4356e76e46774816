import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runImport } from 'china-holiday-calendar-service/internal/commands/import.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { formatArrangementFile } from 'china-holiday-calendar-service/internal/data-folder/format-data-file.js';
import { ImportError, importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { collectRun } from '../helpers/command-run.js';
import { dataCopies } from '../helpers/data-dir.js';
import { fixtureText } from './notice-builder.js';

/**
 * Wider wording: the forms reprints give a notice in — items numbered 1. or
 * 1、, a preamble citing the notice (根据…具体安排如下), a trailing 特殊说明 paragraph, a special
 * notice whose title writes no year, a year-crossing range without years — are read as the
 * notice itself where their meaning is unambiguous (the same file, byte for byte), and refused
 * naming the real obstacle where it is not.
 */

const OPTIONS = { currentYear: 2026 };
const dataCopy = dataCopies();
const NOTICE_2024 = fixtureText('2024-annual.txt');
const OFFICIAL_2024_FILE = importNotice(NOTICE_2024, undefined, OPTIONS);
const OFFICIAL_2024 = formatArrangementFile(OFFICIAL_2024_FILE);
const LEAD_2024 = '经国务院批准，现将2024年元旦、春节、清明节、劳动节、端午节、中秋节和国庆节放假调休日期的具体安排通知如下。';
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七'];

function importText(text: string, existing?: ArrangementFile): string {
  return formatArrangementFile(importNotice(text, existing, OPTIONS));
}

function refusalOf(text: string, existing?: ArrangementFile): ImportError {
  try {
    importNotice(text, existing, OPTIONS);
  } catch (error) {
    assert.ok(error instanceof ImportError, `an ImportError, not ${String(error)}`);
    return error;
  }
  assert.fail('accepted');
}

/** The 2024 notice with its items numbered by `number` instead of 一、 二、 …. */
function renumbered(number: (index: number) => string): string {
  return NUMERALS.reduce((text, numeral, index) => text.replace(`\u3000\u3000${numeral}、`, `\u3000\u3000${number(index + 1)}`), NOTICE_2024);
}

describe('items numbered as reprints number them', () => {
  for (const [style, number] of [
    ['1.', (n: number) => `${n}.`],
    ['1、', (n: number) => `${n}、`],
    ['１．', (n: number) => `${String.fromCharCode(0xff10 + n)}．`],
    ['（一）', (n: number) => `（${NUMERALS[n - 1] ?? ''}）`],
    ['(1)', (n: number) => `(${n})`],
    ['一.', (n: number) => `${NUMERALS[n - 1] ?? ''}.`],
  ] as const) {
    it(`${style} gives the official file`, () => {
      const text = renumbered(number);
      assert.notEqual(text, NOTICE_2024);
      assert.equal(importText(text), OFFICIAL_2024);
    });
  }

  it('refuses arabic items out of sequence, in their own style', () => {
    const text = renumbered((n) => `${n === 3 ? 4 : n}.`);
    assert.match(refusalOf(text).message, /item 4\. where 3\. was expected: «4\.清明节/);
  });
});

describe('a reprint preamble (根据…具体安排如下)', () => {
  const preamble = '根据《国务院办公厅关于2024年部分节假日安排的通知》（国办发明电〔2023〕7号）精神，现将2024年元旦、春节、清明节、劳动节、端午节、中秋节和国庆节放假调休日期的具体安排如下：';

  it('in place of the lead-in, under the title: the official file', () => {
    assert.equal(importText(NOTICE_2024.replace(LEAD_2024, preamble)), OFFICIAL_2024);
  });

  it('as the first line, without a title: the title and 文号 come from the citation, the date from the header', () => {
    const lines = NOTICE_2024.split('\n');
    const start = lines.findIndex((line) => line.includes('国务院办公厅关于2024年'));
    const body = lines.slice(start).filter((line) => !/^国务院办公厅关于2024年$|^部分节假日安排的通知$|^国办发明电|^各省|经国务院批准|^\u3000\u3000国务院办公厅$|^\u3000\u30002023年10月25日$/.test(line));
    const reprint = [...lines.slice(0, start - 1), '成文日期：2023-10-25', '', `\u3000\u3000${preamble}`, ...body].join('\n');
    assert.equal(importText(reprint), OFFICIAL_2024);

    const undated = reprint.replace('成文日期：2023-10-25\n', '');
    assert.match(refusalOf(undated).message, /line \d+: the notice has no date line under the signature; add 成文日期：… to the header/);
  });

  it('a news report (国务院办公厅…发布关于…的通知，具体内容如下): its title read, its 文号 asked for', () => {
    const lines = NOTICE_2024.split('\n');
    const items = lines.filter((line) => /^\u3000\u3000[一二三四五六七]、/.test(line));
    const report = [...lines.slice(0, 3), '成文日期：2023-10-25', '', '国务院办公厅10月25日发布关于2024年部分节假日安排的通知，具体内容如下：', ...items].join('\n');
    assert.match(refusalOf(report).message, /the notice has no 文号 line; add 发文字号：… to the header/);
    const withNumber = report.replace('成文日期：', '发文字号：国办发明电〔2023〕7号\n成文日期：');
    const file = importNotice(withNumber, undefined, OPTIONS);
    assert.equal(file.notices[0]?.title, '国务院办公厅关于2024年部分节假日安排的通知');
    assert.equal(formatArrangementFile({ ...file, notices: [] }), formatArrangementFile({ ...OFFICIAL_2024_FILE, notices: [] }));
  });

  it('refuses a citation that disagrees with the title or the 文号', () => {
    const otherTitle = NOTICE_2024.replace(LEAD_2024, preamble.replace('关于2024年部分', '关于2023年部分'));
    assert.match(refusalOf(otherTitle).message, /the lead-in cites «国务院办公厅关于2023年部分节假日安排的通知», but the title is «国务院办公厅关于2024年部分节假日安排的通知»/);
    const otherNumber = NOTICE_2024.replace(LEAD_2024, preamble.replace('〔2023〕7号', '〔2023〕8号'));
    assert.match(refusalOf(otherNumber).message, /the lead-in cites the 文号 国办发明电〔2023〕8号, but the notice's is 国办发明电〔2023〕7号/);
  });

  it("refuses a reprint's own signature and date, naming them as such", () => {
    const text = NOTICE_2024.replace('　　国务院办公厅\n　　2023年10月25日', '　　特此通知。\n　　海口市人民政府研究室\n　　2023年10月30日');
    const error = refusalOf(text);
    assert.match(error.message, /lines \d+-\d+: «海口市人民政府研究室» signs the text, but only 国务院办公厅 or 国务院 signs a holiday notice: a reprint's own signature and date are not the notice's/);
    assert.doesNotMatch(error.message, /2023-10-30/);
  });
});

describe('a trailing 特殊说明 paragraph', () => {
  const closing = '　　节假日期间';

  it('that only repeats an encouragement is read as no arrangement: the official file', () => {
    const text = NOTICE_2024.replace(closing, `\u3000\u3000特殊说明：鼓励各单位结合带薪年休假等制度落实，安排职工在除夕（2月9日）休息。\n${closing}`);
    assert.equal(importText(text), OFFICIAL_2024);
  });

  it('that names days is refused, saying why, not as an unknown holiday name', () => {
    const text = NOTICE_2024.replace(closing, `\u3000\u3000特殊说明：2月18日（星期日）不上班。\n${closing}`);
    const error = refusalOf(text);
    assert.match(error.message, /a «特殊说明» note is not one of the notice's items, and the importer cannot tell what it changes .*; the importer reads days only from the items/);
    assert.doesNotMatch(error.message, /unknown holiday name/);
    const days = NOTICE_2024.replace(closing, `\u3000\u3000特殊说明：2月18日（星期日）上班。\n${closing}`);
    assert.match(refusalOf(days).message, /a «特殊说明» note is not one of the notice's items, and it names days off or make-up working days/);
  });
});

describe('a special notice whose title writes no year', () => {
  const annual2015 = importNotice(fixtureText('2015-annual.txt'), undefined, OPTIONS);
  const official = importText(fixtureText('2015-victory-day.txt'), annual2015);
  const yearless = fixtureText('2015-victory-day.txt').replace('2015年9月3日全国放假1天', '9月3日全国放假1天');

  it('takes the year of the one-off holiday when no date writes it: the official file', () => {
    assert.ok(!/\d{4}年\d{1,2}月/.test(yearless.split('\n').slice(5, 9).join('')), 'no date of the body writes its year');
    assert.equal(importText(yearless, annual2015), official);
  });

  it('is imported by the command into that year’s existing file', async () => {
    const dir = dataCopy();
    writeFileSync(join(dir, '2015.json'), formatArrangementFile(annual2015));
    const path = join(dir, 'victory.txt');
    writeFileSync(path, yearless);
    const run = await collectRun((out, err) => runImport([path], { dataDir: dir, dryRun: false, force: false, currentYear: 2026 }, out, err));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(readFileSync(join(dir, '2015.json'), 'utf8'), official);
  });

  it('refuses a title and text that name no year for a yearly holiday, naming the obstacle', () => {
    const text = [
      '发布日期：2030-05-01',
      '网址：https://www.gov.cn/x.htm',
      '',
      '国务院关于劳动节调休放假的通知',
      '国发明电〔2030〕1号',
      '各省、自治区、直辖市人民政府，国务院各部委、各直属机构：',
      '　　5月1日至5日调休放假，共5天。',
      '　　国务院',
      '　　2030年4月1日',
    ].join('\n');
    assert.match(refusalOf(text).message, /line 4: the title writes no year, and neither does any date of the text nor the holiday itself; write the year into the title/);
  });
});

describe('a year-crossing range written without years', () => {
  const notice2019 = fixtureText('2019-annual.txt');
  const official = importText(notice2019);

  it('12月30日至1月1日 in the 2019 notice starts in December 2018: the official file', () => {
    const shortened = notice2019.replace('2018年12月30日至2019年1月1日', '12月30日至1月1日').replace('2018年12月29日（星期六）', '12月29日（星期六）');
    assert.notEqual(shortened, notice2019);
    assert.equal(importText(shortened), official);
  });

  it('refuses a range that ends before it starts in any other way', () => {
    const backwards = notice2019.replace('2月4日至10日', '3月4日至2月10日');
    assert.match(refusalOf(backwards).message, /the range 3月4日至2月10日 ends \(2019-02-10\) before it starts \(2019-03-04\)/);
  });
});
