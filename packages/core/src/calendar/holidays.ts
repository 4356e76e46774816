import { dayNumberFromCivil, type DayNumber } from './civil-date.js';
import { lunarDatesOf } from './lunar-dates.js';
import type { RegulationVersion } from './regulation-versions.js';

/** Everything the service and the importer know about one holiday code. */
interface HolidayDefinition {
  /** The official Simplified Chinese name. */
  readonly zh: string;
  /** The English name, as the table of holiday codes gives it (docs/interface.md, Associated holiday). */
  readonly en: string;
  /**
   * Names short enough for a day's cell of a printed calendar (the calendar page; the full name goes
   * in its tooltip). A soft hyphen (U+00AD) marks where a narrow cell may break a word.
   */
  readonly short: { readonly zh: string; readonly en: string };
  /** Other names a notice prints for it in a title, an item's label or the lead-in (the official name is always read). */
  readonly printedNames: readonly string[];
  /** Names a notice prints in brackets after a date to say the date is the festival's own day: 2月10日（农历端午当日）. */
  readonly dayLabels: readonly string[];
  /** The id of a notice about this holiday alone: "labor-day", then "labor-day-amendment" for one that changes it. */
  readonly noticeId: string;
  /** The one year of a one-off commemoration the State Council granted once; null for the holidays the regulation grants every year. */
  readonly oneOffYear: number | null;
  /** Its statutory holiday days (法定节假日) in `year`, ascending, under version `version` of the regulation. */
  readonly statutoryDays: (year: number, version: RegulationVersion) => DayNumber[];
}

/**
 * The holiday codes of the interface and what each means: one entry per holiday, every field
 * required, so that adding a holiday (as 2015's Victory Day was added) is one entry here and the
 * compiler points at nothing else to change. The order is the regulation's, and the order in
 * which lists of holidays are given.
 *
 * Lunar dates and the Qingming solar term come from tyme4ts (through a table it wrote ahead of
 * time), never from a hand-typed table.
 */
export const HOLIDAYS = {
  NEW_YEAR: {
    zh: '元旦',
    en: "New Year's Day",
    short: { zh: '元旦', en: 'New Year' },
    // The 2007 regulation calls it 新年.
    printedNames: ['新年'],
    dayLabels: ['元旦', '新年'],
    noticeId: 'new-year',
    oneOffYear: null,
    statutoryDays: (year) => [dayNumberFromCivil(year, 1, 1)],
  },
  SPRING_FESTIVAL: {
    zh: '春节',
    en: 'Spring Festival',
    short: { zh: '春节', en: 'Spring Fest.' },
    printedNames: [],
    // 春节 after a date names 正月初一 and is read as that lunar label (2008: 2月7日（春节））.
    dayLabels: [],
    noticeId: 'spring-festival',
    oneOffYear: null,
    statutoryDays: (year, version) => {
      const firstOfFirstMonth = lunarDatesOf(year).firstMonthFirstDay;
      // 除夕 is the last day of the lunar year: the day before 正月初一, whether the twelfth
      // month has 29 or 30 days.
      const eve = firstOfFirstMonth - 1;
      const firstThree = [firstOfFirstMonth, firstOfFirstMonth + 1, firstOfFirstMonth + 2];
      if (version === 1) return [eve, firstOfFirstMonth, firstOfFirstMonth + 1];
      if (version === 2) return firstThree;
      return [eve, ...firstThree];
    },
  },
  QINGMING_FESTIVAL: {
    zh: '清明节',
    en: 'Qingming Festival',
    short: { zh: '清明节', en: 'Qing\u00ADming' },
    printedNames: [],
    dayLabels: ['清明节', '清明', '农历清明当日'],
    noticeId: 'qingming-festival',
    oneOffYear: null,
    statutoryDays: (year) => [lunarDatesOf(year).qingming],
  },
  LABOR_DAY: {
    zh: '劳动节',
    en: 'Labor Day',
    short: { zh: '劳动节', en: 'Labor Day' },
    // The 2008 notice prints “五一”国际劳动节, the 2009 lead-in 国际劳动节.
    printedNames: ['国际劳动节', '“五一”国际劳动节', '“五一”劳动节'],
    dayLabels: ['劳动节', '国际劳动节', '“五一”国际劳动节'],
    noticeId: 'labor-day',
    oneOffYear: null,
    statutoryDays: (year, version) =>
      version === 3 ? [dayNumberFromCivil(year, 5, 1), dayNumberFromCivil(year, 5, 2)] : [dayNumberFromCivil(year, 5, 1)],
  },
  DRAGON_BOAT_FESTIVAL: {
    zh: '端午节',
    en: 'Dragon Boat Festival',
    short: { zh: '端午节', en: 'Dragon Boat' },
    printedNames: [],
    dayLabels: ['端午节', '端午', '农历端午当日'],
    noticeId: 'dragon-boat-festival',
    oneOffYear: null,
    // A leap fifth month doubles the month; practice (2009) takes the first one.
    statutoryDays: (year) => [lunarDatesOf(year).dragonBoat],
  },
  MID_AUTUMN_FESTIVAL: {
    zh: '中秋节',
    en: 'Mid-Autumn Festival',
    short: { zh: '中秋节', en: 'Mid-Autumn' },
    printedNames: [],
    dayLabels: ['中秋节', '中秋', '农历中秋当日'],
    noticeId: 'mid-autumn-festival',
    oneOffYear: null,
    statutoryDays: (year) => [lunarDatesOf(year).midAutumn],
  },
  NATIONAL_DAY: {
    zh: '国庆节',
    en: 'National Day',
    short: { zh: '国庆节', en: 'Na\u00ADtional Day' },
    printedNames: [],
    dayLabels: ['国庆节'],
    noticeId: 'national-day',
    oneOffYear: null,
    statutoryDays: (year) => [dayNumberFromCivil(year, 10, 1), dayNumberFromCivil(year, 10, 2), dayNumberFromCivil(year, 10, 3)],
  },
  VICTORY_DAY_70TH_ANNIVERSARY: {
    zh: '中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日',
    en: '70th anniversary commemoration of the victory of the war of resistance against aggression and the world anti-fascist war',
    short: { zh: '抗战胜利纪念日', en: 'Vic\u00ADtory Day' },
    printedNames: [],
    dayLabels: [],
    noticeId: 'victory-day',
    // Not in the regulation: its one day was fixed by the State Council's special notice
    // 国发明电〔2015〕1号, and it is the statutory day of that one-off holiday.
    ...oneOffDay(2015, 9, 3),
  },
} satisfies Readonly<Record<string, HolidayDefinition>>;

/** A commemoration granted once: its year, and its one day as the statutory day of that year. */
function oneOffDay(year: number, month: number, day: number): Pick<HolidayDefinition, 'oneOffYear' | 'statutoryDays'> {
  return { oneOffYear: year, statutoryDays: (asked) => (asked === year ? [dayNumberFromCivil(year, month, day)] : []) };
}

export type HolidayCode = keyof typeof HOLIDAYS;

export const HOLIDAY_CODES = Object.keys(HOLIDAYS) as readonly HolidayCode[];

/** The holidays the national regulation grants every year (all but the one-off commemorations). */
export const ANNUAL_HOLIDAY_CODES: readonly HolidayCode[] = HOLIDAY_CODES.filter((code) => HOLIDAYS[code].oneOffYear === null);

/** The Chinese names of holidays, as a notice lists them: 元旦、春节. */
export function holidayNames(codes: readonly HolidayCode[]): string {
  return codes.map((code) => HOLIDAYS[code].zh).join('、');
}
