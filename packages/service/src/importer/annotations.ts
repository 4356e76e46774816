import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { isoWeekdayIndex } from '@china-holiday-calendar/core/calendar/day-of-week.js';
import { HOLIDAY_CODES, HOLIDAYS, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { formatIsoDate } from '@china-holiday-calendar/core/calendar/iso-date.js';
import { statutoryDays } from '@china-holiday-calendar/core/calendar/statutory-days.js';
import { Refusal } from './import-error.js';
import { describeLunarDate, lunarLabelHolds, parseLunarLabel, type LunarLabel } from './lunar-labels.js';

/**
 * What a notice prints in brackets after a date: the weekday (星期六, 周六), a lunar label
 * (农历除夕, 正月初二), the festival of the day (清明节, 农历端午当日, “五一”国际劳动节), or, after a
 * range, the lunar span (即农历除夕至正月初六). Every kind is checked against the calendar.
 */
export type Annotation =
  | { readonly kind: 'weekday'; readonly text: string; readonly index: number }
  | { readonly kind: 'lunar'; readonly text: string; readonly label: LunarLabel }
  | { readonly kind: 'lunar-span'; readonly text: string; readonly from: LunarLabel; readonly to: LunarLabel }
  | { readonly kind: 'holiday'; readonly text: string; readonly code: HolidayCode };

/** ISO order, Monday first, as isoWeekdayIndex counts. */
const WEEKDAY_CHARACTERS = ['一', '二', '三', '四', '五', '六', '日'] as const;

/** Festival names as day labels, from the holiday table; the day must be one of the holiday's statutory days. */
const HOLIDAY_LABELS: ReadonlyMap<string, HolidayCode> = new Map(
  HOLIDAY_CODES.flatMap((code) => HOLIDAYS[code].dayLabels.map((label): [string, HolidayCode] => [label, code])),
);

export function weekdayName(dayNumber: DayNumber): string {
  return `星期${WEEKDAY_CHARACTERS[isoWeekdayIndex(dayNumber)] ?? '?'}`;
}

/** The bracket content after a date, pieces separated by 、 or ，. */
export function parseAnnotation(content: string): Annotation[] {
  if (content === '') throw new Refusal('empty brackets after a date');
  return content.split(/[、，]/).map((piece) => {
    const annotation = parseAnnotationPiece(piece);
    if (annotation === undefined) throw new Refusal(`unrecognised annotation «${piece}» after a date`);
    return annotation;
  });
}

export function parseAnnotationPiece(piece: string): Annotation | undefined {
  const weekday = /^(?:星期|周|礼拜)([一二三四五六日天])$/.exec(piece);
  if (weekday?.[1] !== undefined) {
    const character = weekday[1] === '天' ? '日' : weekday[1];
    return { kind: 'weekday', text: piece, index: WEEKDAY_CHARACTERS.indexOf(character as (typeof WEEKDAY_CHARACTERS)[number]) };
  }
  // 春节 as a day label names 正月初一 itself (2008: 2月7日（春节）).
  if (piece === '春节') return { kind: 'lunar', text: piece, label: { kind: 'date', month: 1, leap: false, day: 1 } };
  const code = HOLIDAY_LABELS.get(piece);
  if (code !== undefined) return { kind: 'holiday', text: piece, code };
  const label = parseLunarLabel(piece);
  if (label !== undefined) return { kind: 'lunar', text: piece, label };
  const span = /^即?(农历[^至\n]+|除夕|正月[^至\n]+|大年[^至\n]+)至(.+)$/.exec(piece);
  if (span?.[1] !== undefined && span[2] !== undefined) {
    const from = parseLunarLabel(span[1]);
    const to = parseLunarLabel(span[2], true);
    if (from !== undefined && to !== undefined) return { kind: 'lunar-span', text: piece, from, to };
  }
  return undefined;
}

export interface AnnotationTarget {
  readonly day: DayNumber;
  /** How the date is written, for messages. */
  readonly written: string;
  /** Set when the date ends a range: a lunar span label describes the whole range. */
  readonly rangeStart?: DayNumber;
}

/** Throws a Refusal naming the first annotation that does not fit its date. */
export function checkAnnotation(target: AnnotationTarget, annotation: Annotation, year: number): void {
  const { day, written } = target;
  const iso = formatIsoDate(day);
  switch (annotation.kind) {
    case 'weekday':
      if (isoWeekdayIndex(day) !== annotation.index) {
        throw new Refusal(`${written} is ${iso}, a ${weekdayName(day)}, not a ${annotation.text.replace(/^周/, '星期')}`);
      }
      return;
    case 'lunar':
      if (!lunarLabelHolds(day, annotation.label)) {
        throw new Refusal(`${written} is ${iso}, ${describeLunarDate(day)}, not ${annotation.text}`);
      }
      return;
    case 'holiday':
      if (!statutoryDays(annotation.code, year).includes(day)) {
        throw new Refusal(`${written} is ${iso}, not a statutory day of ${HOLIDAYS[annotation.code].zh} (${annotation.text})`);
      }
      return;
    case 'lunar-span': {
      const start = target.rangeStart;
      if (start === undefined) throw new Refusal(`the span label «${annotation.text}» follows a single date, not a range`);
      const startMonth = annotation.from.kind === 'date' ? annotation.from.month : 12;
      const fallbackMonth = annotation.from.kind === 'eve' ? 1 : startMonth;
      if (!lunarLabelHolds(start, annotation.from) || !lunarLabelHolds(day, annotation.to, fallbackMonth)) {
        throw new Refusal(
          `the range ending ${written} runs from ${describeLunarDate(start)} to ${describeLunarDate(day)}, not ${annotation.text}`,
        );
      }
      return;
    }
  }
}
