import { ANNUAL_HOLIDAY_CODES, HOLIDAYS, type HolidayCode } from '../calendar/holidays.js';
import { statutoryDays } from '../calendar/statutory-days.js';
import type { ArrangementEntry, ArrangementFile } from './data-file-types.js';
import type { RuleFinding } from './rule-finding.js';

/**
 * Completeness: every version of the regulation (2008 on) grants the same seven holidays every
 * year, and every annual notice 2008-2026 arranges each of them in exactly one entry (a combined
 * entry such as 国庆节、中秋节 arranges two). So a year's file must have, from its annual notice and
 * again among the entries in force, exactly one entry for each of the seven. Any other holiday
 * (the 2015 Victory Day) comes from a special notice, and only in a year that has its day.
 */
export function holidayCoverageFindings(file: Pick<ArrangementFile, 'year' | 'notices' | 'entries'>): RuleFinding[] {
  const annualId = file.notices.find((notice) => notice.kind === 'annual')?.id;
  const indexed = file.entries.map((entry, index) => ({ entry, index }));
  const findings: RuleFinding[] = [];
  const reported = new Set<HolidayCode>();
  const scopes = [
    { name: 'the annual notice', members: indexed.filter(({ entry }) => entry.notice === annualId) },
    { name: 'the entries in force', members: indexed.filter(({ entry }) => entry.supersededBy === undefined) },
  ];
  for (const scope of scopes) {
    for (const code of ANNUAL_HOLIDAY_CODES) {
      if (reported.has(code)) continue;
      const naming = scope.members.filter(({ entry }) => entry.holidays.includes(code)).map(({ index }) => index);
      if (naming.length === 1) continue;
      reported.add(code);
      const [, second] = naming;
      findings.push(
        second === undefined
          ? { field: 'entries', entries: [], reason: `${scope.name} has no entry for ${holidayLabel(code)}, which the regulation grants every year` }
          : {
              field: `entries[${second}].holidays`,
              entries: naming,
              reason: `${holidayLabel(code)} has ${naming.length} entries in ${scope.name} (${naming.map((index) => `entries[${index}]`).join(', ')}); a holiday has one`,
            },
      );
    }
  }
  for (const { entry, index } of indexed) {
    for (const code of entry.holidays) {
      const reason = ungrantedHolidayProblem(code, entry, annualId, file.year);
      if (reason !== undefined) findings.push({ field: `entries[${index}].holidays`, entries: [index], reason });
    }
  }
  return findings;
}

function ungrantedHolidayProblem(code: HolidayCode, entry: ArrangementEntry, annualId: string | undefined, year: number): string | undefined {
  if (ANNUAL_HOLIDAY_CODES.includes(code)) return undefined;
  if (entry.notice === annualId) return `${holidayLabel(code)} is not a holiday the regulation grants every year; only a special notice adds it`;
  if (statutoryDays(code, year).length === 0) return `${holidayLabel(code)} has no day in ${year}`;
  return undefined;
}

function holidayLabel(code: HolidayCode): string {
  return `${HOLIDAYS[code].zh} (${code})`;
}
