import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { formatArrangementFile } from 'china-holiday-calendar-service/internal/data-folder/format-data-file.js';
import { ImportError, importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { fixtureText } from './notice-builder.js';

/**
 * Reprints of the real notices (test/fixtures/notices/) that differ from them in three ways
 * whose meaning is plain — a 2008-2009 entry without its 上班 sentence, 放假 where the notice
 * has 放假调休, a preamble citing the notice by its 文号 alone — give the notice's own file,
 * byte for byte; where the meaning is not plain they are still refused, saying why.
 */

const OPTIONS = { currentYear: 2026 };

function importText(text: string, existing?: ArrangementFile): string {
  return formatArrangementFile(importNotice(text, existing, OPTIONS));
}

function refusalOf(text: string): ImportError {
  try {
    importNotice(text, undefined, OPTIONS);
  } catch (error) {
    assert.ok(error instanceof ImportError, `an ImportError, not ${String(error)}`);
    return error;
  }
  assert.fail('accepted');
}

/** The text with every clause naming 上班 days removed (the sentence's full stop kept). */
function withoutWorkClauses(text: string): string {
  return text.replace(/[，；]?[^，；。：]*上班(?=。)/g, '').replace(/。。/g, '。');
}

describe('a 2008-2009 entry whose 公休日调至 clause stands for the 上班 sentence', () => {
  for (const year of [2008, 2009]) {
    it(`the ${year} notice with no 上班 sentence at all: the official file`, () => {
      const notice = fixtureText(`${year}-annual.txt`);
      const reprint = withoutWorkClauses(notice);
      assert.ok(notice.includes('上班') && !reprint.includes('上班'), 'every 上班 clause is removed');
      assert.equal(importText(reprint), importText(notice));
    });
  }

  it('refuses a 上班 sentence that names other days than the clause moves', () => {
    const notice = fixtureText('2008-annual.txt').replace('12月29日（星期六）上班', '1月5日（星期六）上班');
    assert.match(refusalOf(notice).message, /the 上班 days \(2008-01-05\) are not the weekend days whose rest was moved out of the span \(2007-12-29\)/);
  });

  it('refuses an entry that loses both: a day of its span is then unaccounted for', () => {
    const notice = fixtureText('2008-annual.txt').replace('，12月29日（星期六）公休日调至12月31日（星期一），12月29日（星期六）上班', '');
    assert.match(refusalOf(notice).message, /the breakdown does not account for 2007-12-31/);
  });
});

describe('放假 where the notice has 放假调休 before its 上班 days', () => {
  for (let year = 2010; year <= 2026; year += 1) {
    it(`the ${year} notice with 放假调休 written 放假 in every item naming 上班 days: the official file`, () => {
      const notice = fixtureText(`${year}-annual.txt`);
      const reprint = notice
        .split('\n')
        .map((line) => (line.includes('上班') ? line.replace(/放假调休(?=[，,])/g, '放假') : line))
        .join('\n');
      assert.notEqual(reprint, notice);
      assert.equal(importText(reprint), importText(notice));
    });
  }

  it('refuses a plain 放假 range whose 上班 days do not pay for its weekdays off', () => {
    const notice = fixtureText('2024-annual.txt');
    const item = '三、清明节：4月4日至6日放假调休，共3天。4月7日（星期日）上班。';
    assert.ok(notice.includes(item));
    const reprint = notice.replace(item, '三、清明节：4月4日至6日放假，共3天。4月7日（星期日）、4月13日（星期六）上班。');
    assert.match(
      refusalOf(reprint).message,
      /line 12: a plain 放假 range \(without 调休\) cannot name 上班 days that pay for nothing: it names 2, but only 1 weekday\(s\) of the span besides its statutory days could take their rest \(2024-04-05\); is a date mistyped\?/,
    );
  });
});

describe('a preamble citing the notice by its 文号 alone (根据…〔2023〕7号…具体安排如下)', () => {
  const notice = fixtureText('2024-annual.txt');
  const official = importText(notice);
  const lead = '经国务院批准，现将2024年元旦、春节、清明节、劳动节、端午节、中秋节和国庆节放假调休日期的具体安排通知如下。';
  const preamble = '根据国务院办公厅国办发明电〔2023〕7号文件精神，现将2024年元旦、春节、清明节、劳动节、端午节、中秋节和国庆节放假调休日期的具体安排如下：';

  /** The 2024 notice as a reprint prints it: header, the preamble, the items; no title, 文号, addressee or signature. */
  function titleless(firstLine: string): string {
    const lines = notice.split('\n');
    const start = lines.findIndex((line) => line.includes('国务院办公厅关于2024年'));
    const body = lines
      .slice(start)
      .filter((line) => !/^国务院办公厅关于2024年$|^部分节假日安排的通知$|^国办发明电|^各省|经国务院批准|^\u3000\u3000国务院办公厅$|^\u3000\u30002023年10月25日$/.test(line));
    return [...lines.slice(0, start - 1), '成文日期：2023-10-25', '', `\u3000\u3000${firstLine}`, ...body].join('\n');
  }

  it('in place of the lead-in, under the title: the official file', () => {
    assert.ok(notice.includes(lead));
    assert.equal(importText(notice.replace(lead, preamble)), official);
    assert.equal(importText(notice.replace(lead, preamble.replace('国务院办公厅国办发明电〔2023〕7号文件精神', '国办发明电〔2023〕7号通知要求'))), official);
  });

  it('refuses a 文号 that is not the notice’s own', () => {
    const other = notice.replace(lead, preamble.replace('〔2023〕7号', '〔2023〕8号'));
    assert.match(refusalOf(other).message, /the lead-in cites the 文号 国办发明电〔2023〕8号, but the notice's is 国办发明电〔2023〕7号/);
  });

  it('as the first line, without a title: the annual notice of the year its lead-in writes, from the office its 文号 names', () => {
    const reprint = titleless(preamble);
    assert.ok(!reprint.includes('部分节假日安排的通知'), 'the reprint has no title');
    assert.equal(importText(reprint), official);
  });

  it('refuses it as the first line when the lead-in writes no year, or names another office than the 文号', () => {
    assert.match(
      refusalOf(titleless(preamble.replace('现将2024年', '现将'))).message,
      /the preamble cites the notice only by its 文号 国办发明电〔2023〕7号 and its lead-in writes no year, so the notice cannot be told; write the title line/,
    );
    assert.match(
      refusalOf(titleless(preamble.replace('国务院办公厅国办发明电', '国务院国办发明电'))).message,
      /the preamble names 国务院, but the 文号 国办发明电〔2023〕7号 is 国务院办公厅's/,
    );
  });
});
