import { createHash } from 'node:crypto';
import type { AcceptedFinding, ArrangementFile, YearRule } from './data-file-types.js';
import { holidayCoverageFindings } from './holiday-coverage.js';
import { makeUpDayFindings } from './make-up-days.js';
import type { RuleFinding } from './rule-finding.js';
import { yearBalanceFindings } from './year-balance.js';

/**
 * Rules 10-12 of docs/arrangement-format.md (completeness, balance, where make-up days lie) are
 * what every notice so far has done, not law. A finding of theirs can be accepted by a person who
 * has read the notice: the file then records the finding (its id, field and reason, figures and
 * dates included), and the loader recomputes the findings and compares them with the record. An
 * acceptance covers exactly the deviation it names; any other finding, or an accepted one that is
 * no longer found (the file was edited afterwards), is refused.
 */
export interface IdentifiedFinding extends RuleFinding {
  readonly rule: YearRule;
  /** `<rule>-<8 hex digits>`, from the rule, the field and the reason: the same deviation, the same id. */
  readonly id: string;
}

type RuledFile = Pick<ArrangementFile, 'year' | 'notices' | 'entries'>;

/** Every finding of rules 10-12 for a file, each with its id. */
export function yearRuleFindings(file: RuledFile): IdentifiedFinding[] {
  const byRule: readonly [YearRule, RuleFinding[]][] = [
    ['completeness', holidayCoverageFindings(file)],
    ['balance', yearBalanceFindings(file)],
    ['make-up-days', makeUpDayFindings(file)],
  ];
  return byRule.flatMap(([rule, findings]) => findings.map((finding) => ({ ...finding, rule, id: findingId(rule, finding) })));
}

export function findingId(rule: YearRule, finding: Pick<RuleFinding, 'field' | 'reason'>): string {
  return `${rule}-${createHash('sha256').update(`${rule}\n${finding.field}\n${finding.reason}`).digest('hex').slice(0, 8)}`;
}

/** How a finding is recorded in a file once accepted. */
export function acceptanceOf(finding: IdentifiedFinding): AcceptedFinding {
  return { id: finding.id, rule: finding.rule, field: finding.field, reason: finding.reason };
}

export interface YearRuleCheck {
  /** Findings that no record accepts. */
  readonly unaccepted: readonly IdentifiedFinding[];
  /** Records that accept no finding the file has now: the file changed after the acceptance. */
  readonly stale: readonly AcceptedFinding[];
}

/** The file's findings against its record of accepted ones: an acceptance must equal a computed finding in every figure and date. */
export function checkYearRules(file: RuledFile & Pick<ArrangementFile, 'acceptedFindings'>): YearRuleCheck {
  const findings = yearRuleFindings(file);
  const accepted = file.acceptedFindings ?? [];
  const matches = (record: AcceptedFinding, finding: IdentifiedFinding): boolean =>
    record.id === finding.id && record.rule === finding.rule && record.field === finding.field && record.reason === finding.reason;
  return {
    unaccepted: findings.filter((finding) => !accepted.some((record) => matches(record, finding))),
    stale: accepted.filter((record) => !findings.some((finding) => matches(record, finding))),
  };
}

/** How to accept a finding, for refusals and held notices. */
export function acceptanceHint(finding: Pick<IdentifiedFinding, 'id'>): string {
  return `this is finding ${finding.id}; if the notice really says so, accept exactly it with --accept ${finding.id}`;
}
