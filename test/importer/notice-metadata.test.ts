import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError, importNotice, noticeYearOf } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { annualNotice, header } from './notice-builder.js';

const FIXTURES = new URL('../fixtures/notices/', import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

const ENTRY_2019 = '劳动节：5月1日放假。';

describe('notice metadata', () => {
  it('takes title, 文号 and 成文日期 from the text, and publication date and addresses from the header', () => {
    const [notice] = importNotice(fixture('2019-annual.txt')).notices;
    assert.deepEqual(notice, {
      id: 'annual',
      kind: 'annual',
      title: '国务院办公厅关于2019年部分节假日安排的通知',
      documentNumber: '国办发明电〔2018〕15号',
      signedDate: '2018-12-04',
      publishedDate: '2018-12-06',
      sourceUrl: 'http://www.gov.cn/zhengce/zhengceku/2018-12/06/content_5346276.htm',
      otherUrls: ['http://www.gov.cn/xinwen/2018-12/06/content_5346287.htm'],
    });
  });

  it('needs only two header lines on a pasted notice', () => {
    const text = annualNotice(2019, [ENTRY_2019], { header: ['发布日期：2018-12-06', '网址：https://www.gov.cn/x.htm'] });
    const [notice] = importNotice(text).notices;
    assert.deepEqual([notice?.publishedDate, notice?.sourceUrl, notice?.otherUrls], ['2018-12-06', 'https://www.gov.cn/x.htm', []]);
  });

  it("reads gov.cn's metadata table (spaced keys, tab-separated pairs, 2015年12月10日 dates) and checks it against the text", () => {
    const [notice] = importNotice(fixture('2016-annual.txt')).notices;
    assert.deepEqual([notice?.documentNumber, notice?.signedDate, notice?.publishedDate], ['国办发明电〔2015〕18号', '2015-12-10', '2015-12-10']);
    const conflicting = fixture('2016-annual.txt').replace('成文日期：2015年12月10日', '成文日期：2015年12月9日');
    assert.throws(() => importNotice(conflicting), /line 1: the header's 成文日期 differs from the notice's date 2015-12-10/);
  });

  it('records 不详 as null when the notice text lacks the 文号 or the date (2008)', () => {
    const [notice] = importNotice(fixture('2008-annual.txt')).notices;
    assert.deepEqual([notice?.documentNumber, notice?.signedDate, notice?.publishedDate], [null, null, '2007-12-18']);
  });

  it('refuses a notice with neither a 文号 line nor a 发文字号 header, and one without 发布日期 or 网址', () => {
    const noNumber = annualNotice(2019, [ENTRY_2019], { documentNumber: null });
    assert.throws(() => importNotice(noNumber), /no 文号 line; add 发文字号：… to the header \(发文字号：不详 if unknown\)/);
    const noDate = annualNotice(2019, [ENTRY_2019], { date: null });
    assert.throws(() => importNotice(noDate), /no date line under the signature/);
    const noHeader = annualNotice(2019, [ENTRY_2019], { header: [] });
    assert.throws(() => importNotice(noHeader), (error: unknown) => {
      assert.ok(error instanceof ImportError);
      assert.match(error.message, /lacks 发布日期/);
      assert.match(error.message, /lacks 网址/);
      return true;
    });
  });

  it('reads a title broken over two lines and a date line in Chinese numerals', () => {
    assert.equal(importNotice(fixture('2024-annual.txt')).notices[0]?.title, '国务院办公厅关于2024年部分节假日安排的通知');
    assert.equal(importNotice(fixture('2010-annual.txt')).notices[0]?.signedDate, '2009-12-07');
  });

  it('gives later notices ids derived from the holiday', () => {
    const victory = importNotice(fixture('2015-victory-day.txt'), importNotice(fixture('2015-annual.txt')));
    assert.deepEqual(
      victory.notices.map((notice) => [notice.id, notice.kind, notice.documentNumber]),
      [
        ['annual', 'annual', '国办发明电〔2014〕28号'],
        ['victory-day', 'special', '国发明电〔2015〕1号'],
      ],
    );
  });

  it('refuses an issuer that differs between title, signature and 文号', () => {
    const wrongSignature = annualNotice(2019, [ENTRY_2019], { signature: '国务院' });
    assert.throws(() => importNotice(wrongSignature), /signed by 国务院, but the title is 国务院办公厅's/);
    const wrongNumber = annualNotice(2019, [ENTRY_2019], { documentNumber: '国发明电〔2018〕15号' });
    assert.throws(() => importNotice(wrongNumber), /the 文号 国发明电〔2018〕15号 is 国务院's/);
  });

  it('refuses unknown header fields, malformed values, and a signing date after publication', () => {
    const unknown = annualNotice(2019, [ENTRY_2019], { header: [...header('2018-12-06'), '来源：新华社'] });
    assert.throws(() => importNotice(unknown), /line 3: unknown header field «来源»/);
    const badUrl = annualNotice(2019, [ENTRY_2019], { header: ['发布日期：2018-12-06', '网址：www.gov.cn'] });
    assert.throws(() => importNotice(badUrl), /«www.gov.cn» is not an http\(s\) address/);
    const late = annualNotice(2019, [ENTRY_2019], { date: '2018年12月9日', header: header('2018-12-06') });
    assert.throws(() => importNotice(late), /dated 2018-12-09, after its publication on 2018-12-06/);
  });
});

describe('noticeYearOf', () => {
  it('tells the kind and year of a notice before it is applied', () => {
    assert.deepEqual(noticeYearOf(fixture('2019-labor-day-amendment.txt')), { kind: 'amending', year: 2019 });
    assert.deepEqual(noticeYearOf(fixture('2015-victory-day.txt')), { kind: 'special', year: 2015 });
    assert.deepEqual(noticeYearOf(fixture('2024-annual.txt')), { kind: 'annual', year: 2024 });
    assert.throws(() => noticeYearOf('本通知自印发之日起施行。'), (error: unknown) => error instanceof ImportError && /not the title/.test(error.message));
  });
});
