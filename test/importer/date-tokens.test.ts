import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDateLine } from 'china-holiday-calendar-service/internal/importer/boilerplate.js';
import { formatChineseNumber, parseChineseNumber } from 'china-holiday-calendar-service/internal/importer/chinese-numerals.js';
import { checkDateAnnotations, isoOfItem, tokenizeDates, type TokenizedText } from 'china-holiday-calendar-service/internal/importer/date-tokens.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { Refusal } from 'china-holiday-calendar-service/internal/importer/import-error.js';
import { parseLunarLabel } from 'china-holiday-calendar-service/internal/importer/lunar-labels.js';
import { normalizeLine } from 'china-holiday-calendar-service/internal/importer/normalize-text.js';

/** Shape with readable placeholders (D for a date, R for a range) and the items as ISO text. */
function tokens(text: string, year: number): { shape: string; items: string[] } {
  const tokenized = tokenizeDates(normalizeLine(text), year);
  return { shape: readable(tokenized), items: tokenized.items.map(isoOfItem) };
}

function readable(tokenized: TokenizedText): string {
  return tokenized.shape.replace(/\uE000/g, 'D').replace(/\uE001/g, 'R');
}

function checked(text: string, year: number): void {
  checkDateAnnotations(tokenizeDates(normalizeLine(text), year).items, year);
}

describe('normalizeLine', () => {
  it('folds full-width digits and ASCII punctuation into the official forms and drops whitespace', () => {
    assert.equal(normalizeLine('　　一、元旦:１月１日至３日放假公休, 共3天.'), '一、元旦：1月1日至3日放假公休，共3天。');
    assert.equal(normalizeLine('6月12日(星期六)、13日(星期日)上班;'), '6月12日（星期六）、13日（星期日）上班；');
    assert.equal(normalizeLine('"五一"国际劳动节'), '“五一”国际劳动节');
    assert.equal(normalizeLine('2007年12月30日-2008年1月1日，2月6日——12日，4月4日～6日'), '2007年12月30日—2008年1月1日，2月6日—12日，4月4日—6日');
    assert.equal(normalizeLine('国办发明电[2009]27号'), '国办发明电〔2009〕27号');
    assert.equal(normalizeLine('国办发明电［２００９］２７号'), '国办发明电〔2009〕27号');
  });
});

describe('tokenizeDates', () => {
  it('replaces ranges and dates by placeholders, in order', () => {
    assert.deepEqual(tokens('2月4日至10日放假调休，共7天。2月2日（星期六）、2月3日（星期日）上班。', 2019), {
      shape: 'R放假调休，共7天。D、D上班。',
      items: ['2019-02-04..2019-02-10', '2019-02-02', '2019-02-03'],
    });
  });

  it('gives a date without a year the notice year, and keeps a year that is written', () => {
    assert.deepEqual(tokens('2022年12月31日至2023年1月2日放假调休，共3天。', 2023).items, ['2022-12-31..2023-01-02']);
    assert.deepEqual(tokens('1月1日放假。', 2018).items, ['2018-01-01']);
    assert.deepEqual(tokens('2020年1月1日放假，共1天。', 2020).items, ['2020-01-01']);
  });

  it('gives a year-less date the year last written with the same month', () => {
    // 2008: "2007年12月30日-2008年1月1日放假……12月29日（星期六）上班"
    assert.deepEqual(tokens('2007年12月30日-2008年1月1日放假。1月1日为法定节假日，12月29日（星期六）上班。', 2008).items, [
      '2007-12-30..2008-01-01',
      '2008-01-01',
      '2007-12-29',
    ]);
    assert.deepEqual(tokens('2018年12月30日至2019年1月1日放假调休。12月29日上班。', 2019).items, ['2018-12-30..2019-01-01', '2018-12-29']);
  });

  it('reads a bare day in the month of the date before it ("至10日", "、25日")', () => {
    assert.deepEqual(tokens('9月19日（星期日）、25日（星期六）上班', 2010).items, ['2010-09-19', '2010-09-25']);
    assert.deepEqual(tokens('10月1日、2日、3日为法定节假日', 2008).items, ['2008-10-01', '2008-10-02', '2008-10-03']);
    assert.deepEqual(tokens('2019年5月1日至4日放假调休', 2019).items, ['2019-05-01..2019-05-04']);
    assert.deepEqual(tokens('9月29日—10月5日放假', 2008).items, ['2008-09-29..2008-10-05']);
  });

  it('reads all range connectors and annotations before the connector', () => {
    assert.deepEqual(tokens('1月28日（农历除夕、周二）至2月4日（农历正月初七、周二）放假调休', 2025), {
      shape: 'R放假调休',
      items: ['2025-01-28..2025-02-04'],
    });
    assert.deepEqual(tokens('4月4日～6日放假', 2008).items, ['2008-04-04..2008-04-06']);
    assert.deepEqual(tokens('2月6日——12日（即农历除夕至正月初六）放假', 2008).items, ['2008-02-06..2008-02-12']);
  });

  it('does not take a year alone or a 至 after text for a date or range', () => {
    assert.deepEqual(tokens('延长2020年春节假期至2月2日（农历正月初九，星期日），2月3日（星期一）起正常上班', 2020), {
      shape: '延长2020年春节假期至D，D起正常上班',
      items: ['2020-02-02', '2020-02-03'],
    });
    assert.deepEqual(tokens('全国放假1天，共3天', 2015), { shape: '全国放假1天，共3天', items: [] });
  });

  it('accepts full-width digits and half-width brackets', () => {
    assert.deepEqual(tokens('１月５日（星期六）、１月６日(星期日)上班', 2013).items, ['2013-01-05', '2013-01-06']);
  });

  it('refuses dates that do not exist, bare days with nothing before them, and backward ranges', () => {
    assert.throws(() => tokens('2月30日放假', 2019), (error: unknown) => error instanceof Refusal && /2月30日/.test(error.message));
    assert.throws(() => tokens('10日放假', 2019), /has no month/);
    assert.throws(() => tokens('1月5日至3日放假', 2019), /ends \(2019-01-03\) before it starts/);
    assert.throws(() => tokens('2月2日（星期八）上班', 2019), /unrecognised annotation «星期八»/);
    assert.throws(() => tokens('2月2日（星期六上班', 2019), /not closed/);
  });
});

describe('checkDateAnnotations', () => {
  it('accepts weekday annotations (星期X, 周X, 星期天) that fit the date', () => {
    checked('2月2日（星期六）、2月3日（星期日）、2月3日（星期天）、2月3日（周日）', 2019);
  });

  it('refuses a weekday annotation that does not fit, naming the real weekday', () => {
    assert.throws(() => { checked('2月2日（星期日）上班', 2019); }, /2月2日（星期日） is 2019-02-02, a 星期六, not a 星期日/);
    assert.throws(() => { checked('4月27日（周六）上班', 2025); }, /2025-04-27, a 星期日, not a 星期六/);
  });

  it('checks lunar labels, including 除夕 at the end of a 29-day month and a lunar span', () => {
    checked('1月28日（农历除夕、周二）至2月4日（农历正月初七、周二）', 2025);
    checked('2月15日（农历腊月二十八、周日）至23日（农历正月初七、周一）', 2026);
    checked('2月6日—12日（即农历除夕至正月初六）', 2008);
    checked('6月8日（农历五月初五，端午节）', 2008);
    assert.throws(() => { checked('2月16日（农历腊月二十八）', 2026); }, /is 2026-02-16, 农历腊月廿九（除夕）, not 农历腊月二十八/);
    assert.throws(() => { checked('2月6日—13日（即农历除夕至正月初六）', 2008); }, /runs from/);
    assert.throws(() => { checked('2月6日（即农历除夕至正月初六）', 2008); }, /follows a single date/);
  });

  it('checks festival labels against the statutory days', () => {
    checked('4月4日（清明节）', 2008);
    checked('4月4日（星期六、农历清明当日）', 2009);
    checked('1月1日（星期四、新年）', 2009);
    checked('2月7日（春节）', 2008);
    assert.throws(() => { checked('4月5日（清明节）', 2008); }, /not a statutory day of 清明节/);
  });
});

describe('lunar labels and Chinese numerals', () => {
  it('parses lunar labels', () => {
    assert.deepEqual(parseLunarLabel('农历除夕'), { kind: 'eve' });
    assert.deepEqual(parseLunarLabel('农历正月初九'), { kind: 'date', month: 1, leap: false, day: 9 });
    assert.deepEqual(parseLunarLabel('农历腊月二十八'), { kind: 'date', month: 12, leap: false, day: 28 });
    assert.deepEqual(parseLunarLabel('八月十五'), { kind: 'date', month: 8, leap: false, day: 15 });
    assert.deepEqual(parseLunarLabel('闰五月初一'), { kind: 'date', month: 5, leap: true, day: 1 });
    assert.equal(parseLunarLabel('初七'), undefined);
    assert.deepEqual(parseLunarLabel('初七', true), { kind: 'date', month: undefined, leap: false, day: 7 });
    assert.equal(parseLunarLabel('星期六'), undefined);
  });

  it('reads item numbers and date lines in Chinese numerals', () => {
    assert.deepEqual(['一', '七', '十', '十二', '二十一', '廿一'].map(parseChineseNumber), [1, 7, 10, 12, 21, 21]);
    assert.equal(parseChineseNumber('零'), undefined);
    assert.deepEqual([1, 7, 10, 12, 21].map(formatChineseNumber), ['一', '七', '十', '十二', '二十一']);
    const date = (text: string): string | undefined => {
      const day = parseDateLine(text);
      return day === undefined ? undefined : formatIsoDate(day);
    };
    assert.equal(date('二○○九年十二月七日'), '2009-12-07');
    assert.equal(date('二〇〇六年十二月十四日'), '2006-12-14');
    assert.equal(date('2018年12月4日'), '2018-12-04');
    assert.equal(date('2018年2月30日'), undefined);
  });
});
