import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { holidayNames, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { formatIsoDate, parseIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { regulationVersionFor } from '@china-holiday-calendar/core/calendar/statutory-days.js';
import type { ArrangementEntry, ArrangementFile, ArrangementNotice } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { computeStatutoryDaysField } from '@china-holiday-calendar/core/dataset/statutory-days-field.js';
import type { EntryDraft, ExtensionDraft } from './classify-entry.js';
import { formatSpan, type Span } from './day-sets.js';
import { Refusal } from './import-error.js';
import type { NoticeEntries } from './notice-entries.js';
import type { TitleInfo } from './notice-title.js';
import { ARRANGEMENT_SCHEMA_REFERENCE } from '../data-folder/data-file-layout.js';

/**
 * Writes drafts into a data file: a new file for an annual notice; for a special notice the
 * existing file plus its entries; for an amending notice the existing file with the replaced
 * entry marked `supersededBy` and the final state appended. (The writers lay its fields out in
 * the schema's order, whatever order they are built in here.)
 */

/** The year's file with this notice's entries: a new one for an annual notice, `existing` changed for the others. */
export function assembleYear(info: TitleInfo, year: number, notice: ArrangementNotice, entries: NoticeEntries, existing: ArrangementFile | undefined): ArrangementFile {
  if (info.kind === 'annual') return buildAnnualFile(year, notice, entries.drafts);
  if (existing === undefined) throw new Refusal('no existing file');
  if (info.kind === 'special') return applySpecial(existing, notice, entries.drafts);
  const [extension] = entries.extensions;
  if (extension !== undefined) return applyExtension(existing, notice, extension);
  const [draft] = entries.drafts;
  if (draft === undefined) throw new Refusal('the notice states no arrangement');
  return applyAmendment(existing, notice, draft);
}

function buildAnnualFile(year: number, notice: ArrangementNotice, drafts: readonly EntryDraft[]): ArrangementFile {
  return finishFile(ARRANGEMENT_SCHEMA_REFERENCE, year, [notice], drafts.map((draft) => entryOf(notice.id, draft)));
}

function applySpecial(existing: ArrangementFile, notice: ArrangementNotice, drafts: readonly EntryDraft[]): ArrangementFile {
  checkExisting(existing, notice);
  for (const draft of drafts) {
    const clash = current(existing).find((entry) => entry.holidays.some((code) => draft.holidays.includes(code)));
    if (clash !== undefined) throw new Refusal(`the year's file already has an entry for ${clash.printedName}`);
  }
  return finishFile(
    existing.$schema ?? ARRANGEMENT_SCHEMA_REFERENCE,
    existing.year,
    [...existing.notices, notice],
    [...existing.entries, ...drafts.map((draft) => entryOf(notice.id, draft))],
  );
}

function applyAmendment(existing: ArrangementFile, notice: ArrangementNotice, draft: EntryDraft): ArrangementFile {
  checkExisting(existing, notice);
  const target = replacedEntry(existing, draft.holidays);
  return supersede(existing, notice, target, entryOf(notice.id, draft));
}

/**
 * The final state of an extended entry: same start, the new end, and the former make-up days
 * that now fall inside the holiday dropped (2020: 2020-02-01 was a 上班 day of the annual
 * notice; the extension to 2020-02-02 makes it a day off). It states no total.
 */
function applyExtension(existing: ArrangementFile, notice: ArrangementNotice, extension: ExtensionDraft): ArrangementFile {
  checkExisting(existing, notice);
  const target = replacedEntry(existing, extension.holidays);
  const restDays = target.rest.flatMap(parseRest);
  // A loop, not Math.min(...days): spreading a long list overflows the call stack.
  const start = restDays.reduce((lowest, day) => Math.min(lowest, day), Number.POSITIVE_INFINITY);
  const oldEnd = restDays.reduce((highest, day) => Math.max(highest, day), Number.NEGATIVE_INFINITY);
  if (extension.end <= oldEnd) {
    throw new Refusal(`the new last day ${formatIsoDate(extension.end)} does not extend the holiday, which already ends ${formatIsoDate(oldEnd)}`);
  }
  const span: Span = { start, end: extension.end };
  const outside = (day: DayNumber): boolean => day < span.start || day > span.end;
  const extended: ArrangementEntry = {
    notice: notice.id,
    holidays: [...target.holidays],
    printedName: extension.printedName,
    form: 'extension',
    rest: [formatSpan(span)],
    compensatory: target.compensatory.map(parseDay).filter(outside).map(formatIsoDate),
    work: target.work.map(parseDay).filter(outside).map(formatIsoDate),
    joinedWeekend: [],
    statedTotal: null,
  };
  return supersede(existing, notice, target, extended);
}

function supersede(existing: ArrangementFile, notice: ArrangementNotice, target: ArrangementEntry, replacement: ArrangementEntry): ArrangementFile {
  const entries = existing.entries.map((entry) => (entry === target ? { ...entry, supersededBy: notice.id } : entry));
  return finishFile(existing.$schema ?? ARRANGEMENT_SCHEMA_REFERENCE, existing.year, [...existing.notices, notice], [
    ...entries,
    replacement,
  ]);
}

function checkExisting(existing: ArrangementFile, notice: ArrangementNotice): void {
  if (existing.notices.some((known) => known.id === notice.id)) throw new Refusal(`the year's file already holds the notice «${notice.id}»`);
}

function current(file: ArrangementFile): ArrangementEntry[] {
  return file.entries.filter((entry) => entry.supersededBy === undefined);
}

function replacedEntry(existing: ArrangementFile, holidays: readonly HolidayCode[]): ArrangementEntry {
  const matches = current(existing).filter(
    (entry) => entry.holidays.length === holidays.length && entry.holidays.every((code, index) => code === holidays[index]),
  );
  const names = holidayNames(holidays);
  if (matches.length === 0) throw new Refusal(`the year's file has no current entry for ${names} to replace`);
  const [match, ...others] = matches;
  if (match === undefined || others.length > 0) throw new Refusal(`the year's file has several current entries for ${names}`);
  return match;
}

function finishFile(schema: string, year: number, notices: ArrangementNotice[], entries: ArrangementEntry[]): ArrangementFile {
  return {
    $schema: schema,
    year,
    regulationVersion: regulationVersionFor(year),
    notices,
    entries,
    statutoryDays: computeStatutoryDaysField({ year, entries }),
  };
}

function entryOf(noticeId: string, draft: EntryDraft): ArrangementEntry {
  return {
    notice: noticeId,
    holidays: [...draft.holidays],
    printedName: draft.printedName,
    form: draft.form,
    rest: draft.rest.map(formatSpan),
    compensatory: draft.compensatory.map(formatIsoDate),
    work: draft.work.map(formatIsoDate),
    joinedWeekend: draft.joinedWeekend.map(formatIsoDate),
    statedTotal: draft.statedTotal,
  };
}

function parseDay(text: string): DayNumber {
  const day = parseIsoDate(text);
  if (day === undefined) throw new Refusal(`the year's file holds a malformed date «${text}»`);
  return day;
}

function parseRest(text: string): DayNumber[] {
  const [startText, endText, ...extra] = text.split('..');
  if (startText === undefined || extra.length > 0) throw new Refusal(`the year's file holds a malformed rest value «${text}»`);
  const start = parseDay(startText);
  const end = endText === undefined ? start : parseDay(endText);
  return start === end ? [start] : [start, end];
}
