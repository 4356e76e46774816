import type { ArrangementFile } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { acceptanceHint, acceptanceOf, yearRuleFindings } from '@china-holiday-calendar/core/dataset/accepted-findings.js';
import { problemAt, type ProblemLog } from './import-error.js';
import type { SourceLine } from './normalize-text.js';
import type { EntryBlock } from './notice-text.js';

/** The notice being imported, as the year check needs it. */
export interface NoticeUnderCheck {
  /** Its id in the year's file: the entries it wrote carry it. */
  readonly noticeId: string;
  /** Its entries' text blocks, in order: a finding quotes the ones it concerns. */
  readonly blocks: readonly EntryBlock[];
  /** Its title's lines, quoted by a finding that concerns no entry. */
  readonly titleLines: readonly SourceLine[];
  /** The findings a person accepts now (`--accept`). */
  readonly accept: readonly string[];
  /** The findings the year's file already accepted. */
  readonly acceptedBefore: readonly string[];
}

/**
 * The sixth stage of an import: the year with this notice applied, checked as a whole by the
 * rules the loader applies (every statutory day covered, the year's balance, where make-up days
 * lie), each problem quoting the items of this notice it concerns (or the title). A finding a
 * person accepts by its id is no problem: the file returned records it, so that the loader can
 * recompute and compare it; an accepted id that names no finding is a problem.
 */
export function checkYear(file: ArrangementFile, notice: NoticeUnderCheck, log: ProblemLog): ArrangementFile {
  const { noticeId, blocks, titleLines } = notice;
  const blockOfEntry = new Map<number, EntryBlock>();
  let own = 0;
  file.entries.forEach((entry, index) => {
    if (entry.notice !== noticeId) return;
    const block = blocks[own];
    own += 1;
    if (block !== undefined) blockOfEntry.set(index, block);
  });
  const findings = yearRuleFindings(file);
  const isAccepted = (id: string): boolean => notice.accept.includes(id) || notice.acceptedBefore.includes(id);
  for (const finding of findings) {
    if (isAccepted(finding.id)) continue;
    const lines = finding.entries.flatMap((index) => blockOfEntry.get(index)?.lines ?? []);
    log.add({ ...problemAt(lines.length > 0 ? lines : titleLines, `${finding.reason} (${acceptanceHint(finding)})`), finding: { id: finding.id, reason: finding.reason } });
  }
  for (const id of notice.accept.filter((id) => !findings.some((finding) => finding.id === id))) {
    log.at(titleLines, `--accept ${id} names no finding of this notice (its findings: ${findings.map((finding) => finding.id).join(', ') || 'none'})`);
  }
  const accepted = findings.filter((finding) => isAccepted(finding.id)).map(acceptanceOf);
  // The assembled file carries no acceptance of its own: the record is exactly what is accepted now.
  return accepted.length > 0 ? { ...file, acceptedFindings: accepted } : file;
}
