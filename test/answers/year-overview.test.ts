import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { isUnavailable } from '@china-holiday-calendar/core/answers/answer-kinds.js';
import { buildCalendarViews, type CalendarViews } from '../helpers/calendar-views.js';
import { unpublishedYearOverviewJson } from 'china-holiday-calendar-service/internal/http/operations/unpublished-overview-json.js';
import { unpublishedYearOverview, type YearOverview } from '@china-holiday-calendar/core/answers/year-overview.js';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { BUNDLED_DATA_DIR, day, loadBundledViews } from '../helpers/bundled-dataset.js';
import { expectedCounts } from '../helpers/reference-calendar.js';
import { monthLength } from '../helpers/spec-dates.js';

/*
 * Expected values are typed from the official notices (test/fixtures/notices/) (notices, final states of the
 * entries, the regulation versions) and, for 2027, from the almanac (除夕 2027-02-05, 正月初一
 * 2027-02-06, 清明 2027-04-05, 端午 2027-06-09, 中秋 2027-09-15).
 */

let index: CalendarViews;

before(async () => {
  index = await loadBundledViews();
});

function overview(year: number): YearOverview {
  const answer = index.yearOverview(year);
  if (isUnavailable(answer)) assert.fail(`${year} is unavailable`);
  return answer;
}

function holiday(year: number, code: string) {
  const found = overview(year).holidays.filter((entry) => entry.codes.includes(code as never));
  assert.equal(found.length, 1, `${year} has one ${code} entry`);
  return found[0] as YearOverview['holidays'][number];
}

const days = (from: string, to: string): string[] => {
  const list: string[] = [];
  for (let at = new Date(`${from}T00:00:00Z`); at <= new Date(`${to}T00:00:00Z`); at.setUTCDate(at.getUTCDate() + 1)) {
    list.push(at.toISOString().slice(0, 10));
  }
  return list;
};

describe('the year at a glance: published years', () => {
  it('2019: both notices, and Labor Day in its amended final state in the annual notice’s place', () => {
    const year = overview(2019);
    assert.equal(year.status, 'PUBLISHED');
    assert.deepEqual(
      year.notices.map((notice) => [notice.kind, notice.title, notice.documentNumber, notice.publishedDate]),
      [
        ['ANNUAL', '国务院办公厅关于2019年部分节假日安排的通知', '国办发明电〔2018〕15号', '2018-12-06'],
        ['AMENDING', '国务院办公厅关于调整2019年劳动节假期安排的通知', '国办发明电〔2019〕3号', '2019-03-22'],
      ],
    );
    assert.deepEqual(
      year.holidays.map((entry) => entry.codes.join('+')),
      ['NEW_YEAR', 'SPRING_FESTIVAL', 'QINGMING_FESTIVAL', 'LABOR_DAY', 'DRAGON_BOAT_FESTIVAL', 'MID_AUTUMN_FESTIVAL', 'NATIONAL_DAY'],
    );
    const labor = holiday(2019, 'LABOR_DAY');
    assert.equal(labor.notice, year.notices[1]?.id);
    assert.deepEqual(labor.restDates, days('2019-05-01', '2019-05-04'));
    assert.deepEqual(labor.makeUpWorkdays, ['2019-04-28', '2019-05-05']);
    assert.deepEqual(labor.statutoryDates, ['2019-05-01']);
  });

  it('2019: the New Year entry includes 2018-12-30 and 2018-12-31, and the make-up day 2018-12-29', () => {
    const newYear = holiday(2019, 'NEW_YEAR');
    assert.deepEqual(newYear.restDates, ['2018-12-30', '2018-12-31', '2019-01-01']);
    assert.deepEqual(newYear.makeUpWorkdays, ['2018-12-29']);
    assert.deepEqual(newYear.statutoryDates, ['2019-01-01']);
  });

  it('2019: joined weekends are listed apart from the rest dates', () => {
    const qingming = holiday(2019, 'QINGMING_FESTIVAL');
    assert.deepEqual(qingming.restDates, ['2019-04-05']);
    assert.deepEqual(qingming.joinedWeekends, ['2019-04-06', '2019-04-07']);
  });

  it('2015: lists the Victory Day notice and its entry after the annual ones', () => {
    const year = overview(2015);
    assert.deepEqual(
      year.notices.map((notice) => [notice.kind, notice.documentNumber]),
      [
        ['ANNUAL', '国办发明电〔2014〕28号'],
        ['SPECIAL', '国发明电〔2015〕1号'],
      ],
    );
    const victory = year.holidays.at(-1);
    if (victory === undefined) assert.fail('no holidays');
    assert.deepEqual(victory.codes, ['VICTORY_DAY_70TH_ANNIVERSARY']);
    assert.deepEqual(victory.names, ['中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日']);
    assert.deepEqual(victory.restDates, days('2015-09-03', '2015-09-05'));
    assert.deepEqual(victory.makeUpWorkdays, ['2015-09-06']);
  });

  it('2020: the Spring Festival as extended, with the extension notice', () => {
    const year = overview(2020);
    assert.deepEqual(year.notices.map((notice) => notice.title), ['国务院办公厅关于2020年部分节假日安排的通知', '国务院办公厅关于延长2020年春节假期的通知']);
    const spring = holiday(2020, 'SPRING_FESTIVAL');
    assert.deepEqual(spring.restDates, days('2020-01-24', '2020-02-02'));
    assert.deepEqual(spring.makeUpWorkdays, ['2020-01-19']);
    assert.equal(spring.notice, year.notices[1]?.id);
    assert.deepEqual(spring.statutoryDates, ['2020-01-25', '2020-01-26', '2020-01-27']);
  });

  it('combined entries carry both holidays in the notice’s order with English names', () => {
    const combined = holiday(2023, 'NATIONAL_DAY');
    assert.deepEqual(combined.codes, ['MID_AUTUMN_FESTIVAL', 'NATIONAL_DAY']);
    assert.deepEqual(combined.names, ['中秋节', '国庆节']);
    assert.deepEqual(combined.namesEn, ['Mid-Autumn Festival', 'National Day']);
    assert.deepEqual(combined.statutoryDates, ['2023-09-29', '2023-10-01', '2023-10-02', '2023-10-03']);
  });

  it('names the regulation in force: the 2007, 2013 and 2024 revisions', () => {
    assert.deepEqual(
      [2013, 2014, 2024, 2025].map((year) => [overview(year).regulation.revision, overview(year).regulation.inForceFrom]),
      [
        [2007, '2008-01-01'],
        [2013, '2014-01-01'],
        [2013, '2014-01-01'],
        [2024, '2025-01-01'],
      ],
    );
    assert.equal(overview(2026).regulation.name, '全国年节及纪念日放假办法');
  });

  it('counts the working and rest days of January 1 to December 31 as the per-day statuses do', () => {
    for (let year = 2008; year <= 2026; year++) {
      const counts = index.countDays(day(`${year}-01-01`), day(`${year}-12-31`));
      if (isUnavailable(counts)) assert.fail('unavailable');
      const answer = overview(year);
      assert.deepEqual([answer.workdayCount, answer.restDayCount], [counts.workdayCount, counts.restDayCount], String(year));
    }
    assert.deepEqual([overview(2024).workdayCount, overview(2024).restDayCount], [251, 115]);
  });

  it('counts every month of 2023-2026 as the official notices make it (the reference calendar)', () => {
    for (let year = 2023; year <= 2026; year++) {
      overview(year).months.forEach((month, at) => {
        assert.equal(month.month, at + 1);
        const last = `${year}-${String(at + 1).padStart(2, '0')}-${String(monthLength(year, at + 1)).padStart(2, '0')}`;
        const { workdayCount, restDayCount, unknownDayCount } = expectedCounts(`${last.slice(0, 8)}01`, last);
        assert.deepEqual(month, { month: at + 1, workdayCount, restDayCount, unknownDayCount }, last);
      });
    }
    // February 2024: the Spring Festival's eight days off and two make-up Sundays.
    assert.deepEqual(overview(2024).months[1], { month: 2, workdayCount: 18, restDayCount: 11, unknownDayCount: 0 });
  });

  it('counts every month of every published year as the index counts that month, adding up to the year', () => {
    for (let year = 2008; year <= 2026; year++) {
      const answer = overview(year);
      assert.equal(answer.months.length, 12);
      for (const month of answer.months) {
        const first = day(`${year}-${String(month.month).padStart(2, '0')}-01`);
        const counts = index.countDays(first, first + monthLength(year, month.month) - 1);
        if (isUnavailable(counts)) assert.fail('unavailable');
        assert.deepEqual([month.workdayCount, month.restDayCount, month.unknownDayCount], [counts.workdayCount, counts.restDayCount, 0], `${year}-${month.month}`);
      }
      const sum = (field: 'workdayCount' | 'restDayCount'): number => answer.months.reduce((total, month) => total + month[field], 0);
      assert.deepEqual([sum('workdayCount'), sum('restDayCount')], [answer.workdayCount, answer.restDayCount], String(year));
    }
  });

  it('lists every rest date and make-up day of the year’s notice exactly as the index marks them (from 2008-01-01)', () => {
    const supported = (date: string): boolean => date >= '2008-01-01';
    assert.deepEqual(holiday(2008, 'NEW_YEAR').restDates, ['2007-12-30', '2007-12-31', '2008-01-01']);
    for (let year = 2008; year <= 2026; year++) {
      for (const entry of overview(year).holidays) {
        for (const date of (entry.restDates ?? []).filter(supported)) {
          const record = index.dayStatus(day(date));
          assert.ok(!isUnavailable(record) && record.dayStatus === 'HOLIDAY', `${date} is a HOLIDAY`);
          assert.deepEqual(record.holidays.map((h) => h.code), entry.codes);
        }
        for (const date of (entry.makeUpWorkdays ?? []).filter(supported)) {
          const record = index.dayStatus(day(date));
          assert.ok(!isUnavailable(record) && record.dayStatus === 'ADJUSTED_WORKDAY', `${date} is an ADJUSTED_WORKDAY`);
        }
      }
    }
  });
});

describe('the year at a glance: unpublished years', () => {
  it('2027: the statutory days the regulation fixes, null wherever the notice is still awaited', () => {
    const year = overview(2027);
    assert.equal(year.status, 'UNPUBLISHED');
    assert.deepEqual(year.notices, []);
    assert.deepEqual([year.workdayCount, year.restDayCount, year.datasetVersion], [null, null, null]);
    assert.deepEqual(
      year.holidays.map((entry) => [entry.codes.join(), entry.statutoryDates]),
      [
        ['NEW_YEAR', ['2027-01-01']],
        ['SPRING_FESTIVAL', ['2027-02-05', '2027-02-06', '2027-02-07', '2027-02-08']],
        ['QINGMING_FESTIVAL', ['2027-04-05']],
        ['LABOR_DAY', ['2027-05-01', '2027-05-02']],
        ['DRAGON_BOAT_FESTIVAL', ['2027-06-09']],
        ['MID_AUTUMN_FESTIVAL', ['2027-09-15']],
        ['NATIONAL_DAY', ['2027-10-01', '2027-10-02', '2027-10-03']],
      ],
    );
    for (const entry of year.holidays) assert.deepEqual([entry.restDates, entry.makeUpWorkdays, entry.joinedWeekends, entry.notice], [null, null, null, null]);
    assert.equal(year.regulation.revision, 2024);
  });

  it('counts every day of an unpublished year’s months as undetermined, February as the year has it', () => {
    for (const year of [2027, 2028, 2100, 2400, 9999]) {
      assert.deepEqual(
        overview(year).months,
        Array.from({ length: 12 }, (_, at) => ({ month: at + 1, workdayCount: 0, restDayCount: 0, unknownDayCount: monthLength(year, at + 1) })),
        String(year),
      );
    }
    assert.equal(overview(2028).months[1]?.unknownDayCount, 29);
    assert.equal(overview(2100).months[1]?.unknownDayCount, 28);
  });

  it('answers any four-digit year, far ones too, and keeps answering the same', () => {
    for (const year of [2031, 2100, 9999]) {
      const first = index.yearOverviewJson(year);
      const again = index.yearOverviewJson(year);
      assert.ok(!isUnavailable(first) && !isUnavailable(again));
      assert.equal(first.toString(), again.toString());
      assert.equal(overview(year).status, 'UNPUBLISHED');
    }
  });

  it('writes every unpublished year’s JSON, 2008 to 9999, byte for byte as JSON.stringify writes its overview', () => {
    for (let year = 2008; year <= 9999; year++) {
      assert.equal(unpublishedYearOverviewJson(year).toString(), JSON.stringify(unpublishedYearOverview(year)), String(year));
    }
    // Through the index too: a year beyond the data answers the assembled bytes.
    const far = index.yearOverviewJson(5000);
    assert.ok(!isUnavailable(far));
    assert.deepEqual(JSON.parse(far.toString()), unpublishedYearOverview(5000));
  });
});

describe('the year at a glance: observances (Article 3)', () => {
  it('lists the four part-population days with who and how much, never replaced on a weekend', () => {
    const { observances } = overview(2026);
    assert.deepEqual(
      observances.map((observance) => [observance.code, observance.date, observance.dayOfWeek, observance.timeOff, observance.replacedWhenOnWeekend]),
      [
        ['WOMENS_DAY', '2026-03-08', 'SUNDAY', 'HALF_DAY', false],
        ['YOUTH_DAY', '2026-05-04', 'MONDAY', 'HALF_DAY', false],
        ['CHILDRENS_DAY', '2026-06-01', 'MONDAY', 'ONE_DAY', false],
        ['ARMY_DAY', '2026-08-01', 'SATURDAY', 'HALF_DAY', false],
      ],
    );
    assert.deepEqual(observances.map((observance) => observance.who), ['妇女', '14周岁以上的青年', '不满14周岁的少年儿童', '现役军人']);
  });

  it('changes no date: 2026-05-04 stays a rest day of Labor Day, 2026-06-01 a working day', () => {
    for (const [date, status] of [['2026-05-04', 'HOLIDAY'], ['2026-06-01', 'WORKDAY'], ['2026-03-08', 'WEEKEND']] as const) {
      const record = index.dayStatus(day(date));
      assert.ok(!isUnavailable(record));
      assert.equal(record.dayStatus, status);
    }
    assert.equal(overview(2027).observances.length, 4);
  });
});

describe('the year at a glance when a published year cannot be read', () => {
  it('is unavailable for that year and for the year before (its last December week), others answer', async () => {
    const snapshot = await readDataDirectory(BUNDLED_DATA_DIR);
    const yearFiles = snapshot.yearFiles.map((file) => (file.year === 2015 ? { fileName: '2015.json', year: 2015, text: '{}' } : file));
    const broken = buildCalendarViews(assembleDataset({ ...snapshot, yearFiles }));
    assert.deepEqual(broken.yearOverview(2015), { unavailable: true, year: 2015 });
    assert.deepEqual(broken.yearOverview(2014), { unavailable: true, year: 2015 });
    assert.equal((broken.yearOverview(2016) as YearOverview).status, 'PUBLISHED');
    assert.equal(broken.yearOverviewIsSettled(2015), false);
  });
});
