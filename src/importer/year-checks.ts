import type { ArrangementFile } from '../dataset/arrangement-schema.js';
import { holidayCoverageFindings } from '../dataset/holiday-coverage.js';
import { makeUpDayFindings } from '../dataset/make-up-days.js';
import { yearBalanceFindings } from '../dataset/year-balance.js';
import type { ProblemLog } from './import-error.js';
import type { SourceLine } from './normalize-text.js';
import type { EntryBlock } from './notice-text.js';

/**
 * The sixth stage of an import: the year with this notice applied, checked as a whole by the
 * rules the loader applies (every statutory day covered, the year's balance, where make-up days
 * lie), each problem quoting the items of this notice it concerns (or the title).
 */
export function checkYear(file: ArrangementFile, noticeId: string, blocks: readonly EntryBlock[], titleLines: readonly SourceLine[], log: ProblemLog): void {
  const blockOfEntry = new Map<number, EntryBlock>();
  let own = 0;
  file.entries.forEach((entry, index) => {
    if (entry.notice !== noticeId) return;
    const block = blocks[own];
    own += 1;
    if (block !== undefined) blockOfEntry.set(index, block);
  });
  const findings = [...holidayCoverageFindings(file), ...yearBalanceFindings(file), ...makeUpDayFindings(file)];
  for (const finding of findings) {
    const lines = finding.entries.flatMap((index) => blockOfEntry.get(index)?.lines ?? []);
    log.at(lines.length > 0 ? lines : titleLines, finding.reason);
  }
}
