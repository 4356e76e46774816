import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError, importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';
import { annualNotice } from './notice-builder.js';

/**
 * The importer refuses what it does not fully understand. Every refusal is an ImportError whose
 * message names the line and quotes it: `line N: reason: «the line»`.
 */

const FIXTURES = new URL('../fixtures/notices/', import.meta.url);
const NOTICE_2019 = readFileSync(new URL('2019-annual.txt', FIXTURES), 'utf8');

function lineNumberOf(text: string, fragment: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(fragment));
  assert.ok(index >= 0, `«${fragment}» is not in the text`);
  return index + 1;
}

/** Asserts an ImportError with a problem on the line holding `fragment`, quoting it, for a reason matching `reason`. */
function assertRefused(run: () => unknown, text: string, fragment: string, reason: RegExp): void {
  const line = lineNumberOf(text, fragment);
  const quoted = text.split('\n')[line - 1]?.trim() ?? '';
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ImportError, `expected an ImportError, got ${String(error)}`);
    const problem = error.problems.find((candidate) => candidate.firstLine === line);
    assert.ok(problem, `no problem reported on line ${line}: ${error.message}`);
    assert.match(problem.reason, reason);
    assert.equal(problem.quote, quoted);
    assert.ok(error.message.includes(`line ${line}: ${problem.reason}: «${quoted}»`), error.message);
    return true;
  });
}

/** Edits the 2019 notice and expects a refusal on the line holding `marker` (by default, the edited text). */
function refusesEdited(from: string, to: string, reason: RegExp, marker = to): void {
  assert.ok(NOTICE_2019.includes(from), `«${from}» is not in the text`);
  const edited = NOTICE_2019.replace(from, to);
  assertRefused(() => importNotice(edited), edited, marker, reason);
}

describe('refusals required of the importer', () => {
  it('refuses a weekday annotation that does not fit its date', () => {
    refusesEdited('2月2日（星期六）', '2月2日（星期五）', /2019-02-02, a 星期六, not a 星期五/);
    refusesEdited('9月29日（星期日）', '9月29日（周一）', /not a 星期一/);
  });

  it('refuses a stated total that does not match the days counted', () => {
    refusesEdited('10月1日至7日放假调休，共7天', '10月1日至7日放假调休，共8天', /stated total \(8天\) does not match the 7 rest day/);
    assertRefused(
      () => importNotice(annualNotice(2014, ['元旦：1月1日放假2天。'])),
      annualNotice(2014, ['元旦：1月1日放假2天。']),
      '一、元旦',
      /stated total \(2天\) does not match the 1 rest day/,
    );
  });

  it('refuses a line it does not know', () => {
    refusesEdited('　　国务院办公厅\n', '　　本通知自印发之日起施行。\n　　国务院办公厅\n', /not a recognised part of a holiday notice/, '本通知');
    const edited = NOTICE_2019.replace('　　国务院办公厅\n', '　　另行通知见附件。\n　　国务院办公厅\n');
    assertRefused(() => importNotice(edited), edited, '另行通知见附件', /not a recognised part/);
  });

  it('refuses an unknown holiday name', () => {
    refusesEdited('六、中秋节：9月13日', '六、重阳节：9月13日', /unknown holiday name «重阳节»/);
    refusesEdited('六、中秋节：9月13日', '六、中秋节、七夕节：9月13日', /unknown holiday name «七夕节»/);
  });

  it('refuses an amending notice without the existing file, quoting its title', () => {
    const amendment = readFileSync(new URL('2019-labor-day-amendment.txt', FIXTURES), 'utf8');
    assertRefused(() => importNotice(amendment), amendment, '国务院办公厅关于调整2019年劳动节假期安排的通知', /applied to the year's existing file, and none was given/);
    const extension = readFileSync(new URL('2020-spring-festival-extension.txt', FIXTURES), 'utf8');
    assertRefused(() => importNotice(extension), extension, '国务院办公厅关于延长2020年春节假期的通知', /none was given/);
    const special = readFileSync(new URL('2015-victory-day.txt', FIXTURES), 'utf8');
    assertRefused(() => importNotice(special), special, '国务院关于中国人民', /none was given/);
  });
});

describe('further refusals', () => {
  it('refuses a clause of unknown wording', () => {
    refusesEdited('共7天。2月2日', '共7天，另加1天。2月2日', /clause not understood: «另加1天»/);
    refusesEdited('4月5日放假，与周末连休', '4月5日放假，与周六连休', /clause not understood: «与周六连休»/);
  });

  it('refuses a lunar label that does not fit its date', () => {
    const text = annualNotice(2025, ['春节：1月29日（农历除夕、周三）至2月4日放假调休，共7天。1月26日（周日）、2月8日（周六）上班。']);
    assertRefused(() => importNotice(text), text, '二、春节', /2025-01-29, 农历正月初一, not 农历除夕/);
  });

  it('refuses 上班 on a weekday, a day both off and worked, and a plain or 公休 range with 上班', () => {
    refusesEdited('9月29日（星期日）', '9月30日（星期一）', /the 上班 day 2019-09-30 is a 星期一/);
    refusesEdited('2月2日（星期六）、2月3日（星期日）上班', '2月9日（星期六）、2月3日（星期日）上班', /2019-02-09 is both a day off and a 上班 day/);
    refusesEdited('2月4日至10日放假调休', '2月5日至10日放假', /plain 放假 range \(without 调休\) cannot name 上班 days/);
    refusesEdited('2月4日至10日放假调休', '2月4日至10日放假公休', /放假公休 entry cannot name 上班 days/);
  });

  it('refuses a joined weekend that does not adjoin the day, and a 补休 day that is not the next weekday', () => {
    refusesEdited('6月7日放假，与周末连休', '6月5日放假，与周末连休', /2019-06-05 is a 星期三, not next to a weekend/);
    const text = annualNotice(2014, ['清明节：4月5日放假，4月8日（星期二）补休。']);
    assertRefused(() => importNotice(text), text, '三、清明节', /not the first weekday after 2014-04-05 \(2014-04-07\)/);
  });

  it('refuses an entry that leaves a statutory day of its holiday at work', () => {
    refusesEdited('2月4日至10日放假调休，共7天', '2月6日至12日放假调休，共7天', /statutory day 2019-02-05 of 春节 is not among the entry's days off/);
  });

  it('refuses items numbered out of sequence and text after the signature', () => {
    refusesEdited('五、端午节', '六、端午节', /item 六、 where 五、 was expected/);
    refusesEdited('　　2018年12月4日', '　　2018年12月4日\n　　抄送：各部门', /unexpected text after the signature/, '抄送');
  });

  it('refuses an annual notice given an existing file, and a notice applied twice', () => {
    assertRefused(() => importNotice(NOTICE_2019, importNotice(NOTICE_2019)), NOTICE_2019, '国务院办公厅关于2019年', /annual notice starts a new file/);
    const amendment = readFileSync(new URL('2019-labor-day-amendment.txt', FIXTURES), 'utf8');
    const amended = importNotice(amendment, importNotice(NOTICE_2019));
    assertRefused(() => importNotice(amendment, amended), amendment, '关于调整2019年', /already holds the notice «labor-day-amendment»/);
  });

  it('lists every problem of the text in one error', () => {
    const edited = NOTICE_2019.replace('2月2日（星期六）', '2月2日（星期五）').replace('六、中秋节', '六、重阳节');
    assert.throws(
      () => importNotice(edited),
      (error: unknown) => error instanceof ImportError && error.problems.length === 2 && error.message.split('\n').length === 2,
    );
  });
});
