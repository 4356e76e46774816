import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkYearRules, yearRuleFindings } from '@china-holiday-calendar/core/dataset/accepted-findings.js';
import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { validateArrangementFile } from '@china-holiday-calendar/core/dataset/validate-arrangement.js';
import { ImportError, importNotice } from 'china-holiday-calendar-service/internal/importer/import-notice.js';

const FAR = readFileSync(fileURLToPath(new URL('../fixtures/synthetic/2027-annual-far-make-up-day.txt', import.meta.url)), 'utf8');
const PLAIN = readFileSync(fileURLToPath(new URL('../fixtures/synthetic/2027-annual.txt', import.meta.url)), 'utf8');
const OPTIONS = { currentYear: 2026 };

function refusal(text: string, accept: readonly string[] = []): ImportError {
  try {
    importNotice(text, undefined, { ...OPTIONS, accept });
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  assert.fail('the notice was imported');
}

function problemsOf(file: unknown): string[] {
  const validation = validateArrangementFile(file, '2027.json');
  return validation.ok ? [] : validation.problems.map(formatDataProblem);
}

describe('a whole-year rule finding is accepted precisely', () => {
  const findingIds = refusal(FAR).problems.map((problem) => problem.finding?.id);

  test('the refusal names each finding and how to accept it', () => {
    const error = refusal(FAR);
    assert.equal(error.problems.length, 2);
    for (const problem of error.problems) {
      assert.match(problem.finding?.id ?? '', /^make-up-days-[0-9a-f]{8}$/);
      assert.ok(problem.reason.endsWith(`accept exactly it with --accept ${problem.finding?.id ?? ''})`), problem.reason);
    }
  });

  test('accepting one of two findings still refuses the other; an id that names no finding is refused', () => {
    const partly = refusal(FAR, [findingIds[0] ?? '']);
    assert.deepEqual(
      partly.problems.map((problem) => problem.finding?.id),
      [findingIds[1]],
    );
    const unknown = refusal(PLAIN, ['balance-00000000']);
    assert.match(unknown.message, /--accept balance-00000000 names no finding of this notice \(its findings: none\)/);
  });

  test('accepting every finding records them, and the loader accepts the file', () => {
    const file = importNotice(FAR, undefined, { ...OPTIONS, accept: findingIds.map(String) });
    assert.deepEqual(
      file.acceptedFindings?.map((record) => record.id),
      findingIds,
    );
    assert.deepEqual(
      file.acceptedFindings.map(({ id, rule, field, reason }) => ({ id, rule, field, reason })),
      yearRuleFindings(file).map(({ id, rule, field, reason }) => ({ id, rule, field, reason })),
    );
    assert.deepEqual(problemsOf(file), []);
    assert.deepEqual(checkYearRules(file), { unaccepted: [], stale: [] });
    // A notice with no finding records none.
    assert.equal('acceptedFindings' in importNotice(PLAIN, undefined, OPTIONS), false);
  });

  test('a file edited after the acceptance is refused: another date, or other figures in the record', () => {
    const file = importNotice(FAR, undefined, { ...OPTIONS, accept: findingIds.map(String) });
    const moved: ArrangementFile = structuredClone(file);
    const labor = moved.entries[3];
    assert.ok(labor !== undefined);
    labor.work = ['2027-05-22'];
    const movedProblems = problemsOf(moved);
    assert.ok(movedProblems.some((problem) => problem.includes('the make-up working day 2027-05-22 is not on the weekend next to its holiday')), movedProblems.join('\n'));
    assert.ok(movedProblems.some((problem) => problem.startsWith('2027.json: acceptedFindings[0]: accepts')), movedProblems.join('\n'));

    const rewritten: ArrangementFile = structuredClone(file);
    const record = rewritten.acceptedFindings?.[1];
    assert.ok(record !== undefined);
    record.reason = record.reason.replace('lies 10 days after', 'lies 11 days after');
    assert.deepEqual(problemsOf(rewritten), [
      `2027.json: entries[3].work[0]: ${file.acceptedFindings?.[1]?.reason ?? ''}`,
      `2027.json: acceptedFindings[1]: accepts ${record.id} («${record.reason}»), which the file no longer has: an acceptance covers exactly the deviation it names (was the file edited after it?)`,
    ]);
  });

  test('a structural problem cannot be accepted', () => {
    const wrongWeekday = FAR.replace('5月15日（周六）上班', '5月15日（周日）上班');
    const error = refusal(wrongWeekday, findingIds.map(String));
    assert.ok(error.problems.some((problem) => problem.finding === undefined));
  });
});
