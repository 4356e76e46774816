import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { ANNUAL_HOLIDAY_CODES, HOLIDAY_CODES, HOLIDAYS } from '@china-holiday-calendar/core/calendar/holidays.js';
import { importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';

/** The holiday table is the one place a holiday's names live: no name may point to two holidays. */
describe('the holiday table', () => {
  it('gives every name a notice prints, in a label or after a date, to one holiday only', () => {
    for (const field of ['printedNames', 'dayLabels'] as const) {
      const owner = new Map<string, string>();
      for (const code of HOLIDAY_CODES) {
        const names = field === 'printedNames' ? [HOLIDAYS[code].zh, ...HOLIDAYS[code].printedNames] : HOLIDAYS[code].dayLabels;
        for (const name of names) {
          assert.equal(owner.get(name) ?? code, code, `${field}: ${name} is listed under ${owner.get(name) ?? ''} and ${code}`);
          owner.set(name, code);
        }
      }
    }
  });

  it('gives every holiday its own notice id and English name', () => {
    assert.equal(new Set(HOLIDAY_CODES.map((code) => HOLIDAYS[code].noticeId)).size, HOLIDAY_CODES.length);
    assert.equal(new Set(HOLIDAY_CODES.map((code) => HOLIDAYS[code].en)).size, HOLIDAY_CODES.length);
  });

  it('counts as annual exactly the seven holidays the regulation grants every year, in its order', () => {
    assert.deepEqual(ANNUAL_HOLIDAY_CODES, ['NEW_YEAR', 'SPRING_FESTIVAL', 'QINGMING_FESTIVAL', 'LABOR_DAY', 'DRAGON_BOAT_FESTIVAL', 'MID_AUTUMN_FESTIVAL', 'NATIONAL_DAY']);
  });

  it('is what the importer reads: a name the table lists besides the official one labels its holiday\'s item', async () => {
    // 新年 is listed as another printed name of NEW_YEAR (the 2007 regulation's word).
    const notice = await readFile(new URL('../fixtures/notices/2019-annual.txt', import.meta.url), 'utf8');
    assert.match(notice, /一、元旦：/);
    const file = importNotice(notice.replace('一、元旦：', '一、新年：'), undefined, { currentYear: 2019 });
    const entry = file.entries.find((candidate) => candidate.printedName === '新年');
    assert.deepEqual(entry?.holidays, ['NEW_YEAR']);
  });
});
