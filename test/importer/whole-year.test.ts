import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { ImportError, importNotice, type ImportOptions } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import type { ImportProblem } from 'china-holiday-calendar-service/internal/importer/import-error.js';
import { annualNotice, fixtureText } from './notice-builder.js';

/**
 * The rules of a whole year, as the importer applies them to a notice: an annual notice arranges every holiday its lead-in names and the regulation grants, and
 * the year balances. A text cut short, an item or a 上班 sentence dropped, is refused, naming
 * what is missing with the figures; nothing of it is published.
 */

const OPTIONS: ImportOptions = { currentYear: 2026 };
const NOTICE_2024 = fixtureText('2024-annual.txt');

function lineOf(text: string, fragment: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(fragment));
  assert.ok(index >= 0, `«${fragment}» is not in the text`);
  return index + 1;
}

/** The problems of a refused import; fails if the text is accepted or anything else is thrown. */
function problemsOf(text: string, existing?: ArrangementFile): readonly ImportProblem[] {
  try {
    importNotice(text, existing, OPTIONS);
  } catch (error) {
    assert.ok(error instanceof ImportError, `expected an ImportError, got ${String(error)}`);
    return error.problems;
  }
  assert.fail('the text was accepted');
}

/** Asserts one problem on the line holding `fragment` whose reason matches every pattern. */
function assertProblemAt(text: string, fragment: string, reasons: readonly RegExp[], existing?: ArrangementFile): void {
  const problems = problemsOf(text, existing);
  const line = lineOf(text, fragment);
  const match = problems.find((problem) => problem.firstLine <= line && line <= problem.lastLine && reasons.every((reason) => reason.test(problem.reason)));
  assert.ok(match, `expected a problem at line ${line} matching ${reasons.join(' & ')}; got ${JSON.stringify(problems)}`);
}

function withoutLine(text: string, fragment: string): string {
  return text
    .split('\n')
    .filter((line) => !line.includes(fragment))
    .join('\n');
}

describe('completeness of an annual notice', () => {
  it('refuses the 2024 notice pasted only down to item 四, naming the three holidays missing, at its lead-in', () => {
    const lines = NOTICE_2024.split('\n');
    const cut = `${lines.slice(0, lineOf(NOTICE_2024, '四、劳动节')).join('\n')}\n`;
    assertProblemAt(cut, '现将2024年元旦', [/the lead-in names 端午节、中秋节、国庆节, but no item arranges them/, /cut short/]);
  });

  it('refuses the 2024 notice with one item missing from the middle, naming it', () => {
    const text = withoutLine(NOTICE_2024, '三、清明节').replace('四、劳动节', '三、劳动节').replace('五、端午节', '四、端午节').replace('六、中秋节', '五、中秋节').replace('七、国庆节', '六、国庆节');
    assertProblemAt(text, '现将2024年元旦', [/the lead-in names 清明节, but no item arranges it/]);
    assert.equal(problemsOf(text).length, 1, 'the numbering was mended: nothing else is wrong');
  });

  it('without a lead-in, names what the regulation grants and no item arranges, at the title', () => {
    const text = withoutLine(withoutLine(NOTICE_2024, '现将2024年元旦'), '七、国庆节');
    assertProblemAt(text, '国务院办公厅关于2024年', [/no item arranges 国庆节, which the regulation grants every year/]);
  });

  it('refuses a lead-in that names fewer holidays than the regulation grants, or another year', () => {
    const fewer = NOTICE_2024.replace('劳动节、端午节', '端午节');
    assertProblemAt(fewer, '现将2024年元旦', [/the lead-in does not name 劳动节, which the regulation grants every year/]);
    const otherYear = NOTICE_2024.replace('现将2024年元旦', '现将2023年元旦');
    assertProblemAt(otherYear, '现将2023年元旦', [/the lead-in is for 2023, but the title for 2024/]);
    const unknown = NOTICE_2024.replace('中秋节和国庆节', '中秋节、重阳节和国庆节');
    assertProblemAt(unknown, '重阳节', [/the lead-in names «重阳节», which is no holiday of the regulation/]);
  });

  it('refuses an item for a holiday an annual notice does not arrange', () => {
    const victory = '中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日：9月3日放假。';
    const text = annualNotice(2015, [victory]);
    assertProblemAt(text, '八、中国人民抗日战争', [/is not a holiday an annual notice arranges/]);
  });

  it('accepts every real annual notice: each arranges the seven holidays', () => {
    for (let year = 2008; year <= 2026; year += 1) {
      const file = importNotice(fixtureText(`${year}-annual.txt`), undefined, OPTIONS);
      const holidays = file.entries.flatMap((entry) => entry.holidays).sort();
      assert.deepEqual(holidays, ['DRAGON_BOAT_FESTIVAL', 'LABOR_DAY', 'MID_AUTUMN_FESTIVAL', 'NATIONAL_DAY', 'NEW_YEAR', 'QINGMING_FESTIVAL', 'SPRING_FESTIVAL'], `${year}`);
    }
  });
});

describe('balance of a notice year', () => {
  it('refuses a 国庆节 item without its 上班 sentence, with the figures', () => {
    const text = NOTICE_2024.replace('共7天。9月29日（星期日）、10月12日（星期六）上班。', '共7天。');
    assertProblemAt(text, '七、国庆节', [
      /the 2024 arrangement does not balance: 19 rest days on weekdays, but 11 statutory days \+ 6 make-up working days = 17/,
      /2 weekday\(s\) off are neither statutory nor paid back by a make-up working day \(is a 上班 day missing\?\)/,
      /国庆节: 5 weekday rest days for 3 statutory \+ 0 make-up days/,
    ]);
  });

  it('refuses a 春节 item with one of its two make-up days missing', () => {
    const text = NOTICE_2024.replace('2月4日（星期日）、2月18日（星期日）上班。', '2月4日（星期日）上班。');
    assertProblemAt(text, '二、春节', [/does not balance: 19 rest days on weekdays, but 11 statutory days \+ 7 make-up working days = 18/, /春节: 5 weekday rest days for 3 statutory \+ 1 make-up days/]);
  });

  it('refuses a make-up day too many', () => {
    const text = NOTICE_2024.replace('4月7日（星期日）上班。', '4月7日（星期日）、4月13日（星期六）上班。');
    assertProblemAt(text, '三、清明节', [/1 make-up working day\(s\) pay back no weekday off \(is a rest day missing\?\)/]);
  });

  it('refuses a make-up day a week off its place, though its weekday fits', () => {
    const text = NOTICE_2024.replace('9月29日（星期日）、10月12日', '9月22日（星期日）、10月12日');
    assertProblemAt(text, '七、国庆节', [/the make-up working day 2024-09-22 is not on the weekend next to its holiday: 2024-09-28, an ordinary weekend day, lies between/]);
  });

  it('refuses a single make-up day moved to the weekend on the farther side of its holiday', () => {
    // 2011 Qingming: 4月3日 (Sunday) to 5日; the make-up Saturday is 4月2日, next to it; 4月9日 is four days after.
    const text = fixtureText('2011-annual.txt').replace('4月2日（星期六）上班', '4月9日（星期六）上班');
    assertProblemAt(text, '三、清明节', [/the one make-up working day 2011-04-09 lies 4 days after its holiday, but 2011-04-02 lies only 1 before it: a single make-up day is on the nearer weekend/]);
  });

  it('refuses make-up days not written in calendar order', () => {
    const text = fixtureText('2010-annual.txt').replace('6月12日(星期六)、13日(星期日)上班', '6月19日(星期六)、13日(星期日)上班');
    assertProblemAt(text, '五、端午节', [/the 上班 day 2010-06-13 is written after 2010-06-19: notices list them in calendar order/]);
  });

  it('accepts 2015, which balances only per year: Mid-Autumn on a Sunday, its weekday off inside National Day', () => {
    const file = importNotice(fixtureText('2015-annual.txt'), undefined, OPTIONS);
    assert.equal(file.year, 2015);
    // Without that weekday, National Day balances by itself and the year does not: the Mid-Autumn item is named.
    const text = fixtureText('2015-annual.txt').replace('10月1日至7日放假调休，共7天。', '10月1日至6日放假调休，共6天。');
    assertProblemAt(text, '六、中秋节', [/does not balance: 14 rest days on weekdays, but 11 statutory days \+ 4 make-up working days = 15/, /中秋节: 0 weekday rest days for 1 statutory \+ 0 make-up days/]);
  });

  it('accepts the 2020 extension, whose added days are beyond the balance, and only as an extension', () => {
    const annual = importNotice(fixtureText('2020-annual.txt'), undefined, OPTIONS);
    const extended = importNotice(fixtureText('2020-spring-festival-extension.txt'), annual, OPTIONS);
    assert.equal(extended.entries.at(-1)?.form, 'extension');
  });

  it('refuses an amending notice that unbalances the year', () => {
    const annual = importNotice(fixtureText('2019-annual.txt'), undefined, OPTIONS);
    const text = fixtureText('2019-labor-day-amendment.txt').replace('2019年4月28日（星期日）、5月5日（星期日）上班', '2019年5月5日（星期日）上班');
    assertProblemAt(text, '5月1日至4日', [/the 2019 arrangement does not balance/, /劳动节: 3 weekday rest days for 1 statutory \+ 1 make-up days/], annual);
  });
});
