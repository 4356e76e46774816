import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isoWeekdayIndex, isWeekend } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { HOLIDAYS, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { statutoryDays } from '@china-holiday-calendar/core/calendar/statutory-days.js';
import type { EntryForm, NoticeKind } from '@china-holiday-calendar/core/dataset/data-file-types.js';
import { weekdayName } from './annotations.js';
import { ascending, daysOf, formatDays, formatSpan, type Span } from './day-sets.js';
import type { EntryFacts, MainClause } from './entry-body.js';
import { holidayCodeOfName } from './holiday-names.js';
import { Refusal } from './import-error.js';
import { accountOldStyle } from './old-style.js';
import { accountSpecialBreakdown } from './special-breakdown.js';

/** One holiday entry as the notice states it, before it is written into a file. */
export interface EntryDraft {
  readonly holidays: readonly HolidayCode[];
  readonly printedName: string;
  readonly form: EntryForm;
  readonly rest: readonly Span[];
  readonly compensatory: readonly DayNumber[];
  readonly work: readonly DayNumber[];
  readonly joinedWeekend: readonly DayNumber[];
  readonly statedTotal: number | null;
}

/** An extension moves the end of an existing entry; its final state needs that entry. */
export interface ExtensionDraft {
  readonly holidays: readonly HolidayCode[];
  readonly printedName: string;
  readonly end: DayNumber;
  readonly resume: DayNumber;
}

export type ClassifiedEntry =
  | { readonly kind: 'entry'; readonly draft: EntryDraft }
  | { readonly kind: 'extension'; readonly extension: ExtensionDraft };

export interface EntryContext {
  readonly year: number;
  readonly noticeKind: NoticeKind;
  /** Only an extension notice (延长…假期) may move an end date. */
  readonly allowExtension: boolean;
  readonly holidays: readonly HolidayCode[];
  readonly printedName: string;
}

type RangeVerbForm = Exclude<EntryForm, 'amended-range-with-swap' | 'extension'>;

/**
 * Decides the wording form of an entry from its facts and checks what the wording implies:
 * 上班 days are weekend days outside the rest days, a stated total equals the days counted,
 * a joined weekend adjoins the day, a 补休 day is the first weekday after a weekend holiday,
 * and every statutory day of the named holidays is a day off.
 */
export function classifyEntry(facts: EntryFacts, context: EntryContext): ClassifiedEntry {
  if (facts.extension !== undefined || facts.resume !== undefined) return { kind: 'extension', extension: classifyExtension(facts, context) };
  const main = facts.main;
  if (main === undefined) throw new Refusal('the entry names no days off (no …放假 clause)');
  const statedTotal = statedTotalOf(facts, main);
  const shaped = main.item.kind === 'range' ? classifyRange(facts, main, context) : classifySingle(facts, main);

  const rest = shaped.rest;
  const restDays = new Set([...rest.flatMap(daysOf), ...shaped.compensatory]);
  checkWorkDays(shaped.work, restDays);
  if (statedTotal !== null && statedTotal !== restDays.size) {
    const named = [...rest.map(formatSpan), ...shaped.compensatory.map(formatIsoDate)].join(', ');
    throw new Refusal(`the stated total (${statedTotal}天) does not match the ${restDays.size} rest day(s) named (${named})`);
  }
  for (const code of context.holidays) {
    for (const day of statutoryDays(code, context.year)) {
      if (!restDays.has(day)) {
        throw new Refusal(`the statutory day ${formatIsoDate(day)} of ${HOLIDAYS[code].zh} is not among the entry's days off`);
      }
    }
  }
  for (const decision of facts.decisions) {
    if (decision.days !== 1 || !restDays.has(decision.day)) {
      throw new Refusal(`the decision to give ${formatIsoDate(decision.day)} (${decision.days}天) off does not fit the arrangement`);
    }
    if (!context.holidays.some((code) => statutoryDays(code, context.year).includes(decision.day))) {
      throw new Refusal(`${formatIsoDate(decision.day)} is not the day of ${context.printedName}`);
    }
  }

  let form: EntryForm = shaped.form;
  if (context.noticeKind === 'amending') {
    if (form !== 'range-with-swap') throw new Refusal(`an amending notice's entry must be a 放假调休 range with 上班 days, not ${form}`);
    form = 'amended-range-with-swap';
  } else if (form === 'special-range-with-swap' && context.noticeKind !== 'special') {
    throw new Refusal('the 调休放假 breakdown of a special notice appears in an annual notice');
  }

  return {
    kind: 'entry',
    draft: {
      holidays: context.holidays,
      printedName: context.printedName,
      form,
      rest,
      compensatory: shaped.compensatory,
      work: ascending(shaped.work),
      joinedWeekend: shaped.joinedWeekend,
      statedTotal,
    },
  };
}

interface Shaped {
  readonly form: RangeVerbForm;
  readonly rest: readonly Span[];
  readonly compensatory: readonly DayNumber[];
  /** The 上班 days: as written, or as a 2008-2009 breakdown implies them. */
  readonly work: readonly DayNumber[];
  readonly joinedWeekend: readonly DayNumber[];
}

function statedTotalOf(facts: EntryFacts, main: MainClause): number | null {
  const totals = [...facts.totals, ...(main.inlineTotal === undefined ? [] : [main.inlineTotal])];
  if (totals.length > 1) throw new Refusal(`the entry states more than one total (${totals.map((n) => `${n}天`).join(', ')})`);
  return totals[0] ?? null;
}

function classifyRange(facts: EntryFacts, main: MainClause, context: EntryContext): Shaped {
  if (main.item.kind !== 'range') throw new Refusal('expected a range');
  const span: Span = { start: main.item.start.day, end: main.item.end.day };
  if (facts.noSwap || facts.joinedWithWeekend || facts.compensatory.length > 0) {
    throw new Refusal('a range entry cannot also say 不调休, 与周末连休 or 补休');
  }
  const oldStyle = facts.statutory.length > 0 || facts.weekendRest.length > 0 || facts.moves.length > 0;
  const special = facts.specialOff.length > 0 || facts.specialSwap.length > 0;
  const swapVerb = main.verb === '放假调休' || main.verb === '调休放假';
  const shaped = (form: RangeVerbForm, work: readonly DayNumber[] = facts.work): Shaped => ({ form, rest: [span], compensatory: [], work, joinedWeekend: [] });

  if (oldStyle && special) throw new Refusal('the breakdown mixes the 2008-2009 wording with the 2015 wording');
  if (oldStyle) {
    if (main.verb !== '放假' && main.verb !== '放假调休') throw new Refusal(`a 2008-2009 style breakdown after ${main.verb}`);
    const account = accountOldStyle(span, context.holidays, facts, context.year);
    return shaped(account.form, account.work);
  }
  if (special) {
    if (!swapVerb) throw new Refusal(`a 调休 breakdown after ${main.verb}`);
    accountSpecialBreakdown(span, facts);
    return shaped('special-range-with-swap');
  }
  const swapped = (): Shaped => {
    if (facts.work.length === 0) return shaped('range-adjusted-no-workday');
    if (context.noticeKind === 'special') return shaped('special-range-with-swap');
    return shaped(context.holidays.length > 1 ? 'combined-range-with-swap' : 'range-with-swap');
  };
  switch (main.verb) {
    case '放假调休':
    case '调休放假':
      return swapped();
    case '放假公休':
      if (facts.work.length > 0) throw new Refusal('a 放假公休 entry cannot name 上班 days');
      return shaped('range-gongxiu');
    case '放假':
      if (facts.work.length === 0) return shaped('range-no-swap');
      checkSwapWithoutVerb(span, facts.work, context);
      return swapped();
  }
}

/**
 * A reprint may print 放假 where the notice has 放假调休 before its 上班 days. A 上班 day says
 * that its weekend rest was swapped to a weekday of the span, so the entry is read as 放假调休
 * when the span has a weekday besides its statutory days for each 上班 day (the year's balance
 * is then checked as for any entry). When it has not, the 上班 days pay for nothing and what the
 * entry means cannot be told: it is refused.
 */
function checkSwapWithoutVerb(span: Span, work: readonly DayNumber[], context: EntryContext): void {
  const statutory = new Set(context.holidays.flatMap((code) => statutoryDays(code, context.year)));
  const swappable = daysOf(span).filter((day) => !isWeekend(day) && !statutory.has(day));
  if (swappable.length >= work.length) return;
  throw new Refusal(
    `a plain 放假 range (without 调休) cannot name 上班 days that pay for nothing: it names ${work.length}, but only ${swappable.length} weekday(s) ` +
      `of the span besides its statutory days could take their rest (${formatDays(swappable)}); is a date mistyped?`,
  );
}

function classifySingle(facts: EntryFacts, main: MainClause): Shaped {
  if (main.item.kind !== 'date') throw new Refusal('expected a single date');
  const day = main.item.date.day;
  const rest: Span[] = [{ start: day, end: day }];
  if (main.verb !== '放假') throw new Refusal(`a single day cannot be ${main.verb}`);
  if (facts.statutory.length + facts.weekendRest.length + facts.moves.length + facts.specialOff.length + facts.specialSwap.length > 0) {
    throw new Refusal('a single-day entry cannot have a breakdown');
  }
  if (facts.work.length > 0) throw new Refusal('a single-day entry cannot name 上班 days');
  const qualifiers = [facts.noSwap, facts.joinedWithWeekend, facts.compensatory.length > 0].filter(Boolean).length;
  if (qualifiers > 1) throw new Refusal('a single-day entry can say only one of 不调休, 与周末连休 and 补休');

  if (facts.joinedWithWeekend) {
    const weekday = isoWeekdayIndex(day);
    // Monday follows the weekend, Friday precedes it; any other day is not next to one.
    if (weekday === 0) return { form: 'off-joined-with-weekend', rest, compensatory: [], work: [], joinedWeekend: [day - 2, day - 1] };
    if (weekday === 4) return { form: 'off-joined-with-weekend', rest, compensatory: [], work: [], joinedWeekend: [day + 1, day + 2] };
    throw new Refusal(`${formatIsoDate(day)} is a ${weekdayName(day)}, not next to a weekend (与周末连休)`);
  }
  const [compensatory, ...more] = facts.compensatory;
  if (compensatory !== undefined) {
    if (more.length > 0) throw new Refusal('more than one 补休 day');
    if (!isWeekend(day)) throw new Refusal(`${formatIsoDate(day)} is a ${weekdayName(day)}; only a weekend holiday earns a 补休 day`);
    let firstWeekday = day + 1;
    while (isWeekend(firstWeekday)) firstWeekday += 1;
    if (compensatory !== firstWeekday) {
      throw new Refusal(
        `the 补休 day ${formatIsoDate(compensatory)} is not the first weekday after ${formatIsoDate(day)} (${formatIsoDate(firstWeekday)})`,
      );
    }
    return { form: 'off-plus-compensatory', rest, compensatory: [compensatory], work: [], joinedWeekend: [] };
  }
  return { form: facts.noSwap ? 'off-one-day-no-swap' : 'off-one-day', rest, compensatory: [], work: [], joinedWeekend: [] };
}

/** The 上班 days as written: weekend days, not off, each once, in calendar order as every notice writes them. */
function checkWorkDays(work: readonly DayNumber[], restDays: ReadonlySet<DayNumber>): void {
  const seen = new Set<DayNumber>();
  let previous: DayNumber | undefined;
  for (const day of work) {
    if (seen.has(day)) throw new Refusal(`${formatIsoDate(day)} is named twice as a 上班 day`);
    if (previous !== undefined && day < previous) {
      throw new Refusal(`the 上班 day ${formatIsoDate(day)} is written after ${formatIsoDate(previous)}: notices list them in calendar order (is a date mistyped?)`);
    }
    previous = day;
    seen.add(day);
    if (!isWeekend(day)) throw new Refusal(`the 上班 day ${formatIsoDate(day)} is a ${weekdayName(day)}, not a weekend day`);
    if (restDays.has(day)) throw new Refusal(`${formatIsoDate(day)} is both a day off and a 上班 day`);
  }
}

function classifyExtension(facts: EntryFacts, context: EntryContext): ExtensionDraft {
  const { extension, resume } = facts;
  if (!context.allowExtension) throw new Refusal('only a notice extending a holiday (延长…假期) can move its end');
  if (extension === undefined || resume === undefined) {
    throw new Refusal('an extension must name both the new last day (假期延长至…) and the day work resumes (…起正常上班)');
  }
  const others =
    facts.main !== undefined ||
    facts.totals.length + facts.work.length + facts.compensatory.length + facts.statutory.length + facts.moves.length > 0 ||
    facts.noSwap ||
    facts.joinedWithWeekend;
  if (others) throw new Refusal('an extension cannot also state a new arrangement');
  const code = holidayCodeOfName(extension.holidayName);
  if (code === undefined) throw new Refusal(`unknown holiday name «${extension.holidayName}»`);
  if (context.holidays.length !== 1 || context.holidays[0] !== code) {
    throw new Refusal(`the extension names ${extension.holidayName}, but the title names ${context.printedName}`);
  }
  if (extension.year !== undefined && extension.year !== context.year) {
    throw new Refusal(`the extension names the year ${extension.year}, but the notice is for ${context.year}`);
  }
  if (resume <= extension.end) throw new Refusal(`work resumes on ${formatIsoDate(resume)}, not after the new last day ${formatIsoDate(extension.end)}`);
  if (isWeekend(resume)) throw new Refusal(`work resumes on ${formatIsoDate(resume)}, a ${weekdayName(resume)}`);
  const between = daysOf({ start: extension.end + 1, end: resume - 1 }).filter((day) => !isWeekend(day));
  if (between.length > 0) throw new Refusal(`${formatDays(between)} lie between the holiday's end and the return to work`);
  return { holidays: context.holidays, printedName: context.printedName, end: extension.end, resume };
}
