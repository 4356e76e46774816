import { dayNumberFromCivil, type DayNumber } from '../calendar/civil-date.js';
import { isWeekend } from '../calendar/day-of-week.js';
import { HOLIDAY_CODES } from '../calendar/holidays.js';
import { formatIsoDate, parseIsoDate } from '../calendar/iso-date.js';
import { regulationVersionFor } from '../calendar/statutory-days.js';
import type { ArrangementFile } from './data-file-types.js';
import type { DataProblem } from './data-problem.js';
import { finalEntries, namedDaysOf, parseDateOrRange, restDaysOf } from './entry-dates.js';
import { checkYearRules } from './accepted-findings.js';
import { checkArrangementShape, shapeProblems } from './schema-validators.js';
import { computeStatutoryDaysField } from './statutory-days-field.js';

export type ArrangementValidation =
  | { readonly ok: true; readonly file: ArrangementFile }
  | { readonly ok: false; readonly problems: readonly DataProblem[] };

/**
 * A notice for year Y may name days of the previous December (a make-up day on 2018-12-29 named
 * by the 2019 notice), but only its last week: so far no notice has reached further back than
 * the 29th. The bound lets the service know which December days depend on the next year's file
 * when that file cannot be read.
 */
export const PREVIOUS_DECEMBER_REACH_FROM_DAY = 25;

type Check = (file: ArrangementFile, fileName: string) => DataProblem[];

/**
 * Validates one arrangement file: its shape against the schema, then its consistency with the
 * calendar and with itself. Each rule is one named check below; a problem names the file, the
 * field and the reason.
 */
export function validateArrangementFile(raw: unknown, fileName: string): ArrangementValidation {
  if (!checkArrangementShape(raw)) {
    return { ok: false, problems: shapeProblems(checkArrangementShape, fileName, 'the arrangement format') };
  }
  // Later checks compute with the dates, so they only run once every date is real; the rules of a
  // whole year (completeness, balance, where make-up days lie) only once its entries are sound,
  // or a clash or a date out of reach would be reported again as an imbalance.
  for (const checks of [[checkDatesAreReal], SEMANTIC_CHECKS, WHOLE_YEAR_CHECKS]) {
    const problems = checks.flatMap((check) => check(raw, fileName));
    if (problems.length > 0) return { ok: false, problems };
  }
  return { ok: true, file: raw };
}

const checkDatesAreReal: Check = (file, fileName) => {
  const problems: DataProblem[] = [];
  const expectDate = (field: string, text: string | null): void => {
    if (text !== null && parseIsoDate(text) === undefined) problems.push({ file: fileName, field, reason: `${text} is not a real calendar date` });
  };
  file.notices.forEach((notice, n) => {
    expectDate(`notices[${n}].signedDate`, notice.signedDate);
    expectDate(`notices[${n}].publishedDate`, notice.publishedDate);
  });
  file.entries.forEach((entry, e) => {
    entry.rest.forEach((item, i) => {
      const field = `entries[${e}].rest[${i}]`;
      const range = parseDateOrRange(item);
      if (range === undefined) problems.push({ file: fileName, field, reason: `${item} is not a real date or date range` });
      else if (range.from > range.to) problems.push({ file: fileName, field, reason: `${item} ends before it starts` });
    });
    for (const key of ['compensatory', 'work', 'joinedWeekend'] as const) {
      entry[key].forEach((text, i) => {
        expectDate(`entries[${e}].${key}[${i}]`, text);
      });
    }
  });
  for (const code of HOLIDAY_CODES) {
    file.statutoryDays[code]?.forEach((text, i) => {
      expectDate(`statutoryDays.${code}[${i}]`, text);
    });
  }
  file.exchanges?.notices.forEach((notice, n) => {
    expectDate(`exchanges.notices[${n}].publishedDate`, notice.publishedDate);
  });
  file.exchanges?.additionalClosures.forEach((closure, c) => {
    expectDate(`exchanges.additionalClosures[${c}].date`, closure.date);
  });
  return problems;
};

const checkYearMatchesFileName: Check = (file, fileName) =>
  fileName === `${file.year}.json`
    ? []
    : [{ file: fileName, field: 'year', reason: `the file for ${file.year} must be named ${file.year}.json` }];

const checkRegulationVersion: Check = (file, fileName) => {
  const expected = regulationVersionFor(file.year);
  return file.regulationVersion === expected
    ? []
    : [{ file: fileName, field: 'regulationVersion', reason: `${file.year} is governed by regulation version ${expected}, not ${file.regulationVersion}` }];
};

const checkNotices: Check = (file, fileName) => {
  const problems: DataProblem[] = [];
  const ids = new Set<string>();
  file.notices.forEach((notice, n) => {
    if (ids.has(notice.id)) problems.push({ file: fileName, field: `notices[${n}].id`, reason: `notice id ${notice.id} is used twice` });
    ids.add(notice.id);
  });
  const annual = file.notices.filter((notice) => notice.kind === 'annual');
  if (annual.length !== 1 || file.notices[0]?.kind !== 'annual') {
    problems.push({ file: fileName, field: 'notices', reason: 'the annual notice must come first, and only once' });
  }
  if (!file.notices.some((notice) => notice.title.includes(String(file.year)))) {
    problems.push({ file: fileName, field: 'notices[0].title', reason: `no notice title names the year ${file.year}` });
  }
  return problems;
};

const checkEntryReferences: Check = (file, fileName) => {
  const problems: DataProblem[] = [];
  const kindOf = new Map(file.notices.map((notice) => [notice.id, notice.kind]));
  file.entries.forEach((entry, e) => {
    if (!kindOf.has(entry.notice)) {
      problems.push({ file: fileName, field: `entries[${e}].notice`, reason: `no notice has the id ${entry.notice}` });
    }
    if (entry.supersededBy === undefined) return;
    const field = `entries[${e}].supersededBy`;
    if (kindOf.get(entry.supersededBy) !== 'amending') {
      problems.push({ file: fileName, field, reason: `${entry.supersededBy} is not an amending notice of this file` });
    } else if (
      !file.entries.some((other) => other.notice === entry.supersededBy && other.holidays.join() === entry.holidays.join())
    ) {
      problems.push({ file: fileName, field, reason: `notice ${entry.supersededBy} has no entry for ${entry.holidays.join(', ')} to replace this one` });
    }
  });
  return problems;
};

const checkDatesWithinReach: Check = (file, fileName) => {
  const earliest = dayNumberFromCivil(file.year - 1, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY);
  const latest = dayNumberFromCivil(file.year, 12, 31);
  const problems: DataProblem[] = [];
  file.entries.forEach((entry, e) => {
    for (const [key, days] of namedDaysOf(entry)) {
      const outside = days.filter((day) => day < earliest || day > latest);
      if (outside.length > 0) {
        problems.push({
          file: fileName,
          field: `entries[${e}].${key}`,
          reason: `${outside.map(formatIsoDate).join(', ')} lies outside ${formatIsoDate(earliest)}..${formatIsoDate(latest)}, the days a ${file.year} notice may name`,
        });
      }
    }
  });
  return problems;
};

const checkStatedTotals: Check = (file, fileName) =>
  file.entries.flatMap((entry, e) => {
    const days = restDaysOf(entry);
    const distinct = new Set(days).size;
    const problems: DataProblem[] = [];
    if (distinct !== days.length) {
      problems.push({ file: fileName, field: `entries[${e}].rest`, reason: 'a rest day is named twice (spans overlap or a compensatory day repeats one)' });
    }
    if (entry.statedTotal !== null && entry.statedTotal !== distinct) {
      problems.push({ file: fileName, field: `entries[${e}].statedTotal`, reason: `the notice states ${entry.statedTotal} days but the entry names ${distinct} rest days` });
    }
    return problems;
  });

const checkWeekendOnlyLists: Check = (file, fileName) =>
  file.entries.flatMap((entry, e) =>
    (['work', 'joinedWeekend'] as const).flatMap((key) =>
      entry[key]
        .map((text, i) => ({ text, i, day: parseIsoDate(text) }))
        .filter(({ day }) => day !== undefined && !isWeekend(day))
        .map(({ text, i }) => ({
          file: fileName,
          field: `entries[${e}].${key}[${i}]`,
          reason: `${text} is not a Saturday or Sunday; ${key === 'work' ? 'make-up working days replace weekend days' : 'only weekend days can be joined'}`,
        })),
    ),
  );

/** In the final state, a day is named by at most one entry, and never both as rest and as work. */
const checkNoDayNamedTwice: Check = (file, fileName) => {
  const problems: DataProblem[] = [];
  const namedBy = new Map<DayNumber, string>();
  file.entries.forEach((entry, e) => {
    if (entry.supersededBy !== undefined) return;
    for (const [key, days] of namedDaysOf(entry)) {
      for (const day of days) {
        const field = `entries[${e}].${key}`;
        const earlier = namedBy.get(day);
        if (earlier !== undefined) problems.push({ file: fileName, field, reason: `${formatIsoDate(day)} is also named in ${earlier}` });
        else namedBy.set(day, field);
      }
    }
  });
  return problems;
};

const checkStatutoryDays: Check = (file, fileName) => {
  const expected = computeStatutoryDaysField(file);
  const problems: DataProblem[] = [];
  // The schema allows no other key.
  for (const code of HOLIDAY_CODES) {
    const stored = file.statutoryDays[code];
    const computed = expected[code];
    if (stored?.join() !== computed?.join()) {
      problems.push({
        file: fileName,
        field: `statutoryDays.${code}`,
        reason: `stored ${stored ? stored.join(', ') : 'nothing'} but the regulation gives ${computed ? computed.join(', ') : 'no day for a holiday no entry names'}`,
      });
      continue;
    }
    const restOfHoliday = new Set(
      finalEntries(file.entries)
        .filter((entry) => entry.holidays.includes(code))
        .flatMap(restDaysOf),
    );
    for (const text of computed ?? []) {
      const day = parseIsoDate(text);
      if (day !== undefined && !restOfHoliday.has(day)) {
        problems.push({ file: fileName, field: `statutoryDays.${code}`, reason: `statutory day ${text} is not a rest day of a ${code} entry` });
      }
    }
  }
  return problems;
};

/**
 * The rules the importer applies to a notice, applied to the file: a hand-edited file meets them
 * too, except for findings the file records as accepted, each equal to the one computed.
 */
const checkWholeYearRules: Check = (file, fileName) => {
  const { unaccepted, stale } = checkYearRules(file);
  return [
    ...unaccepted.map((finding) => ({ file: fileName, field: finding.field, reason: finding.reason })),
    ...stale.map((record) => ({
      file: fileName,
      field: `acceptedFindings[${String((file.acceptedFindings ?? []).indexOf(record))}]`,
      reason: `accepts ${record.id} («${record.reason}»), which the file no longer has: an acceptance covers exactly the deviation it names (was the file edited after it?)`,
    })),
  ];
};

/**
 * The exchanges' notice closes every State Council weekday rest day, which the file holds
 * already; what it adds are weekdays the State Council keeps working days, each once, within the
 * days a notice of the year may name. Each exchange's notice is listed once.
 */
const checkExchanges: Check = (file, fileName) => {
  if (file.exchanges === undefined) return [];
  const problems: DataProblem[] = [];
  const exchanges = new Set<string>();
  file.exchanges.notices.forEach((notice, n) => {
    if (exchanges.has(notice.exchange)) problems.push({ file: fileName, field: `exchanges.notices[${n}].exchange`, reason: `${notice.exchange} is listed twice` });
    exchanges.add(notice.exchange);
  });
  const earliest = dayNumberFromCivil(file.year - 1, 12, PREVIOUS_DECEMBER_REACH_FROM_DAY);
  const latest = dayNumberFromCivil(file.year, 12, 31);
  const restDays = new Set(finalEntries(file.entries).flatMap(restDaysOf));
  const seen = new Set<DayNumber>();
  file.exchanges.additionalClosures.forEach((closure, c) => {
    const field = `exchanges.additionalClosures[${c}].date`;
    const day = parseIsoDate(closure.date);
    if (day === undefined) return;
    const reason =
      seen.has(day)
        ? `${closure.date} is listed twice`
        : day < earliest || day > latest
          ? `${closure.date} lies outside ${formatIsoDate(earliest)}..${formatIsoDate(latest)}, the days a ${file.year} notice may name`
          : isWeekend(day)
            ? `${closure.date} is a Saturday or Sunday, on which the exchanges never trade`
            : restDays.has(day)
              ? `${closure.date} is a State Council rest day of the file already; only closures of State Council working days are listed`
              : undefined;
    seen.add(day);
    if (reason !== undefined) problems.push({ file: fileName, field, reason });
  });
  return problems;
};

const SEMANTIC_CHECKS: readonly Check[] = [
  checkYearMatchesFileName,
  checkRegulationVersion,
  checkNotices,
  checkEntryReferences,
  checkDatesWithinReach,
  checkStatedTotals,
  checkWeekendOnlyLists,
  checkNoDayNamedTwice,
  checkStatutoryDays,
  checkExchanges,
];

const WHOLE_YEAR_CHECKS: readonly Check[] = [checkWholeYearRules];
