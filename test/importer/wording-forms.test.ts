import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { ArrangementEntry, ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { annualNotice, header, layout } from './notice-builder.js';

const FIXTURES = new URL('../fixtures/notices/', import.meta.url);

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

/** The entry that `line` yields as an item of the real notice of `year` (in place of the real item for its holidays). */
function entry(year: number, line: string): ArrangementEntry {
  return entryPrinted(importNotice(annualNotice(year, [line])), line);
}

/** The one entry of `file` printed with the name `line` starts with. */
function entryPrinted(file: ArrangementFile, line: string): ArrangementEntry {
  const printedName = /^[^：\d]*/.exec(line)?.[0] ?? '';
  const [only, ...others] = file.entries.filter((value) => value.printedName === printedName);
  assert.ok(only !== undefined && others.length === 0, `one entry printed ${printedName}`);
  return only;
}

/** The fields that carry the arrangement, in a compact form for comparisons. */
function summary(value: ArrangementEntry): Record<string, unknown> {
  return {
    holidays: value.holidays,
    printedName: value.printedName,
    form: value.form,
    rest: value.rest,
    compensatory: value.compensatory,
    work: value.work,
    joinedWeekend: value.joinedWeekend,
    statedTotal: value.statedTotal,
  };
}

describe('wording forms of 2010 onward', () => {
  it('range-with-swap: 放假调休 with 上班 days', () => {
    assert.deepEqual(summary(entry(2019, '春节：2月4日至10日放假调休，共7天。2月2日（星期六）、2月3日（星期日）上班。')), {
      holidays: ['SPRING_FESTIVAL'],
      printedName: '春节',
      form: 'range-with-swap',
      rest: ['2019-02-04..2019-02-10'],
      compensatory: [],
      work: ['2019-02-02', '2019-02-03'],
      joinedWeekend: [],
      statedTotal: 7,
    });
  });

  it('range-with-swap reaching into the previous year', () => {
    const newYear = entry(2019, '元旦：2018年12月30日至2019年1月1日放假调休，共3天。2018年12月29日（星期六）上班。');
    assert.deepEqual([newYear.form, newYear.rest, newYear.work], ['range-with-swap', ['2018-12-30..2019-01-01'], ['2018-12-29']]);
  });

  it('combined-range-with-swap: both codes, in printed order', () => {
    const midAutumnFirst = entry(2017, '中秋节、国庆节：10月1日至8日放假调休，共8天。9月30日（星期六）上班。');
    assert.deepEqual([midAutumnFirst.holidays, midAutumnFirst.printedName, midAutumnFirst.form], [
      ['MID_AUTUMN_FESTIVAL', 'NATIONAL_DAY'],
      '中秋节、国庆节',
      'combined-range-with-swap',
    ]);
    const nationalDayFirst = entry(2020, '国庆节、中秋节：10月1日至8日放假调休，共8天。9月27日（星期日）、10月10日（星期六）上班。');
    assert.deepEqual(nationalDayFirst.holidays, ['NATIONAL_DAY', 'MID_AUTUMN_FESTIVAL']);
  });

  it('range-adjusted-no-workday: 放假调休 without 上班', () => {
    const newYear = entry(2023, '元旦：2022年12月31日至2023年1月2日放假调休，共3天。');
    assert.deepEqual([newYear.form, newYear.rest, newYear.work, newYear.statedTotal], ['range-adjusted-no-workday', ['2022-12-31..2023-01-02'], [], 3]);
  });

  it('range-gongxiu: 放假公休 (2010-2012)', () => {
    const newYear = entry(2011, '元旦：1月1日至3日放假公休，共3天。');
    assert.deepEqual([newYear.form, newYear.rest, newYear.statedTotal], ['range-gongxiu', ['2011-01-01..2011-01-03'], 3]);
  });

  it('range-no-swap: plain 放假，共N天 (2021 on)', () => {
    const dragonBoat = entry(2022, '端午节：6月3日至5日放假，共3天。');
    assert.deepEqual([dragonBoat.form, dragonBoat.rest, dragonBoat.work], ['range-no-swap', ['2022-06-03..2022-06-05'], []]);
  });

  it('off-joined-with-weekend: the weekend before a Monday or after a Friday, possibly in December', () => {
    const monday = entry(2018, '元旦：1月1日放假，与周末连休。');
    assert.deepEqual([monday.form, monday.rest, monday.joinedWeekend, monday.statedTotal], [
      'off-joined-with-weekend',
      ['2018-01-01'],
      ['2017-12-30', '2017-12-31'],
      null,
    ]);
    const friday = entry(2016, '元旦：1月1日（星期五）放假，与周末连休。');
    assert.deepEqual(friday.joinedWeekend, ['2016-01-02', '2016-01-03']);
  });

  it('off-plus-compensatory: a weekend holiday and its 补休 Monday', () => {
    assert.deepEqual(summary(entry(2014, '清明节：4月5日放假，4月7日（星期一）补休。')), {
      holidays: ['QINGMING_FESTIVAL'],
      printedName: '清明节',
      form: 'off-plus-compensatory',
      rest: ['2014-04-05'],
      compensatory: ['2014-04-07'],
      work: [],
      joinedWeekend: [],
      statedTotal: null,
    });
  });

  it('off-one-day: 放假, 放假1天, 放假，共1天', () => {
    const plain = entry(2019, '劳动节：5月1日放假。');
    const inline = entry(2014, '元旦：1月1日放假1天。');
    const total = entry(2020, '元旦：2020年1月1日放假，共1天。');
    assert.deepEqual(
      [plain, inline, total].map((value) => [value.form, value.rest, value.statedTotal]),
      [
        ['off-one-day', ['2019-05-01'], null],
        ['off-one-day', ['2014-01-01'], 1],
        ['off-one-day', ['2020-01-01'], 1],
      ],
    );
  });

  it('off-one-day-no-swap: 放假1天，不调休 (2025)', () => {
    const newYear = entry(2025, '元旦：1月1日（周三）放假1天，不调休。');
    assert.deepEqual([newYear.form, newYear.rest, newYear.statedTotal], ['off-one-day-no-swap', ['2025-01-01'], 1]);
  });

  it('reads lunar and 周X annotations of 2025-2026 and the 2024 encouragement that adds no day', () => {
    const spring = entry(2026, '春节：2月15日（农历腊月二十八、周日）至23日（农历正月初七、周一）放假调休，共9天。2月14日（周六）、2月28日（周六）上班。');
    assert.deepEqual([spring.rest, spring.work], [['2026-02-15..2026-02-23'], ['2026-02-14', '2026-02-28']]);
    const encouraged = entry(
      2024,
      '春节：2月10日至17日放假调休，共8天。2月4日（星期日）、2月18日（星期日）上班。鼓励各单位结合带薪年休假等制度落实，安排职工在除夕（2月9日）休息。',
    );
    assert.deepEqual(encouraged.rest, ['2024-02-10..2024-02-17']);
    assert.throws(
      () => entry(2024, '春节：2月10日至17日放假调休，共8天。鼓励各单位结合带薪年休假等制度落实，安排职工在除夕（2月8日）休息。'),
      /2024-02-08, 农历腊月廿九, not 除夕/,
    );
  });
});

describe('the 2008-2009 wording', () => {
  it('old-style-swap: weekend rest moved to a weekday and the weekend day worked, December dates without a year', () => {
    const newYear = entry(
      2008,
      '元旦：2007年12月30日—2008年1月1日放假，共3天。其中：1月1日（星期二）为法定节假日，12月30日（星期日）为公休日，12月29日（星期六）公休日调至12月31日（星期一），12月29日（星期六）上班。',
    );
    assert.deepEqual([newYear.form, newYear.rest, newYear.work, newYear.statedTotal], [
      'old-style-swap',
      ['2007-12-30..2008-01-01'],
      ['2007-12-29'],
      3,
    ]);
  });

  it('old-style-weekend-shift: a statutory Sunday moves its weekend rest to Monday; nothing worked', () => {
    const dragonBoat = entry(
      2008,
      '端午节：6月7日—9日放假，共3天。其中：6月7日（星期六）照常公休，6月8日（农历五月初五，端午节）为法定节假日，6月8日（星期日）公休日调至6月9日（星期一）。',
    );
    assert.deepEqual([dragonBoat.form, dragonBoat.rest, dragonBoat.work], ['old-style-weekend-shift', ['2008-06-07..2008-06-09'], []]);
  });

  it('old-style-no-swap: statutory day plus the ordinary weekend', () => {
    const qingming = entry(2008, '清明节：4月4日—6日放假，共3天。其中：4月4日(清明节)，为法定节假日，4月5日(星期六)、4月6日(星期日)照常公休。');
    assert.deepEqual([qingming.form, qingming.rest], ['old-style-no-swap', ['2008-04-04..2008-04-06']]);
  });

  it('a combined old-style entry whose Mid-Autumn day is moved (2009), label without a colon', () => {
    const combined = entry(
      2009,
      '国庆节、中秋节10月1日至8日放假，共8天。其中，10月1日(星期四)、10月2日(星期五)、10月3日(星期六)为国庆节法定节假日，10月4日(星期日)照常公休；10月3日(星期六)公休日及中秋节分别调至10月5日(星期一)、10月6日(星期二)，9月27日(星期日)、10月10日(星期六)公休日调至10月7日(星期三)、10月8日(星期四)。9月27日(星期日)、10月10日(星期六)上班。',
    );
    assert.deepEqual([combined.holidays, combined.form, combined.rest, combined.work], [
      ['NATIONAL_DAY', 'MID_AUTUMN_FESTIVAL'],
      'old-style-swap',
      ['2009-10-01..2009-10-08'],
      ['2009-09-27', '2009-10-10'],
    ]);
  });

  it('refuses a breakdown that does not account for every day of the span', () => {
    assert.throws(
      () => entry(2008, '清明节：4月4日—6日放假，共3天。其中：4月4日为法定节假日，4月5日(星期六)照常公休。'),
      /does not account for 2008-04-06/,
    );
    assert.throws(
      () => entry(2008, '清明节：4月4日—6日放假，共3天。其中：4月5日为法定节假日，4月4日、4月6日(星期日)照常公休。'),
      /are not the statutory days of 清明节/,
    );
  });
});

describe('special and amending notices', () => {
  const annual2015 = importNotice(fixture('2015-annual.txt'));
  const victoryTitle = ['国务院关于中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日调休放假的通知'];

  it('special-range-with-swap: adds an entry with its own notice id', () => {
    const text = layout(
      victoryTitle,
      ['经党中央、国务院同意，现将有关调休放假安排通知如下：'],
      ['9月3日至5日调休放假，共3天，其中9月3日为纪念日放假，9月4日（星期五）调休，9月6日（星期日）上班。'],
      { documentNumber: '国发明电〔2015〕1号', signature: '国务院', date: '2015年5月13日', header: header('2015-05-13') },
    );
    const file = importNotice(text, annual2015);
    const last = file.entries[file.entries.length - 1];
    assert.ok(last);
    assert.deepEqual(summary(last), {
      holidays: ['VICTORY_DAY_70TH_ANNIVERSARY'],
      printedName: '中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日',
      form: 'special-range-with-swap',
      rest: ['2015-09-03..2015-09-05'],
      compensatory: [],
      work: ['2015-09-06'],
      joinedWeekend: [],
      statedTotal: 3,
    });
    assert.equal(last.notice, 'victory-day');
    assert.deepEqual(
      file.notices.map((notice) => [notice.id, notice.kind]),
      [
        ['annual', 'annual'],
        ['victory-day', 'special'],
      ],
    );
    assert.ok(file.entries.every((value) => value.supersededBy === undefined));
    assert.deepEqual(file.statutoryDays.VICTORY_DAY_70TH_ANNIVERSARY, ['2015-09-03']);
  });

  it('amended-range-with-swap: marks the annual entry superseded and appends the final state', () => {
    const annual2019 = importNotice(fixture('2019-annual.txt'));
    const file = importNotice(fixture('2019-labor-day-amendment.txt'), annual2019);
    const labor = file.entries.filter((value) => value.holidays.includes('LABOR_DAY'));
    assert.deepEqual(
      labor.map((value) => [value.notice, value.form, value.rest, value.work, value.statedTotal, value.supersededBy]),
      [
        ['annual', 'off-one-day', ['2019-05-01'], [], null, 'labor-day-amendment'],
        ['labor-day-amendment', 'amended-range-with-swap', ['2019-05-01..2019-05-04'], ['2019-04-28', '2019-05-05'], 4, undefined],
      ],
    );
    assert.equal(file.entries[file.entries.length - 1], labor[1]);
  });

  for (const wording of [
    '一、延长2020年春节假期至2月2日（农历正月初九，星期日），2月3日（星期一）起正常上班。',
    '一、春节假期延长至2月2日（农历正月初九，星期日），2月3日（星期一）起正常上班。',
  ]) {
    it(`extension: «${wording.slice(2, 14)}…» moves the end and drops the make-up day now inside the holiday`, () => {
      const text = layout(['国务院办公厅关于延长2020年春节假期的通知'], ['经国务院批准，现将延长2020年春节假期的具体安排通知如下。'], [
        wording,
        '二、各地大专院校、中小学、幼儿园推迟开学，具体时间由教育部门另行通知。',
      ], { documentNumber: '国办发明电〔2020〕1号', date: '2020年1月26日', header: header('2020-01-27') });
      const file = importNotice(text, importNotice(fixture('2020-annual.txt')));
      const last = file.entries[file.entries.length - 1];
      assert.ok(last);
      assert.deepEqual(summary(last), {
        holidays: ['SPRING_FESTIVAL'],
        printedName: '春节',
        form: 'extension',
        rest: ['2020-01-24..2020-02-02'],
        compensatory: [],
        work: ['2020-01-19'],
        joinedWeekend: [],
        statedTotal: null,
      });
      assert.equal(last.notice, 'spring-festival-extension');
    });
  }
});

describe('tolerance of pasted text', () => {
  it('joins an entry sentence carried over to the next line, and CRLF line ends', () => {
    const line = '春节：2月4日至10日放假调休，共7天。\n2月2日（星期六）、2月3日（星期日）上班。';
    const text = annualNotice(2019, [line]).replace(/\n/g, '\r\n');
    assert.deepEqual(entryPrinted(importNotice(text), line).work, ['2019-02-02', '2019-02-03']);
  });

  it('accepts labels without their item numbers and one without a colon', () => {
    const unnumbered = annualNotice(2019, []).replace(/^(\u3000\u3000)[一二三四五六七]、/gm, '$1');
    assert.ok(!/^\u3000\u3000[一二三四五六七]、/m.test(unnumbered));
    assert.deepEqual(entryPrinted(importNotice(unnumbered), '清明节').rest, ['2019-04-05']);
    const noColonLine = '劳动节5月1日至3日放假，共3天。其中，5月1日为法定节假日，5月2日(星期六)、5月3日(星期日)照常公休。';
    assert.equal(entry(2009, noColonLine).form, 'old-style-no-swap');
  });

  it('reads the policy paragraphs of 2025 and the closing encouragement of 2026 as no arrangement', () => {
    const file: ArrangementFile = importNotice(fixture('2025-annual.txt'));
    assert.equal(file.entries.length, 6);
    assert.equal(importNotice(fixture('2026-annual.txt')).entries.length, 7);
  });
});
