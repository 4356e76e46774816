import { civilFromDayNumber, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { HOLIDAYS, type HolidayCode } from '@china-holiday-calendar/core/calendar/holidays.js';
import { lunarDateOf } from '@china-holiday-calendar/core/calendar/lunar-date.js';
import { lunarDatesOf } from '@china-holiday-calendar/core/calendar/lunar-dates.js';
import { statutoryDays } from '@china-holiday-calendar/core/calendar/statutory-days.js';
import { OBSERVANCES } from '@china-holiday-calendar/core/calendar/observances.js';

/** A festival a wall calendar prints on its day, in place of the lunar day. */
export interface Festival {
  readonly zh: string;
  readonly en: string;
}

const holiday = (code: HolidayCode): Festival => ({ zh: HOLIDAYS[code].short.zh, en: HOLIDAYS[code].en });

/** The traditional festivals of the lunar calendar that are no holiday, by lunar month and day (never in a leap month). */
const LUNAR_FESTIVALS: ReadonlyMap<string, Festival> = new Map([
  ['1-15', { zh: '元宵节', en: 'Lantern Festival' }],
  ['7-7', { zh: '七夕节', en: 'Qixi Festival' }],
  ['9-9', { zh: '重阳节', en: 'Double Ninth Festival' }],
  ['12-8', { zh: '腊八节', en: 'Laba Festival' }],
]);

/** The last day of the lunar year, the 29th or the 30th of 腊月: the day before 正月初一. */
const NEW_YEARS_EVE: Festival = { zh: '除夕', en: "Chinese New Year's Eve" };

/** Article 3's observances on fixed days of the civil calendar, by month and day. */
const OBSERVANCE_DAYS: ReadonlyMap<string, Festival> = new Map(
  OBSERVANCES.map((observance): [string, Festival] => [`${observance.month}-${observance.day}`, { zh: observance.shortName, en: observance.nameEn }]),
);

/** The holidays whose festival falls on a civil date: the day is their first statutory day (元旦, 5月1日, 10月1日). */
const CIVIL_HOLIDAYS: readonly HolidayCode[] = ['NEW_YEAR', 'LABOR_DAY', 'NATIONAL_DAY'];

/** The holidays' festival days of a year: the lunar ones from the core's lunar dates, the civil ones from the holiday table. */
interface HolidayFestivalDays {
  readonly lunar: ReadonlyMap<DayNumber, Festival>;
  readonly civil: ReadonlyMap<DayNumber, Festival>;
}

const festivalDaysByYear = new Map<number, HolidayFestivalDays>();

function holidayFestivalDays(year: number): HolidayFestivalDays {
  let days = festivalDaysByYear.get(year);
  if (days === undefined) {
    const lunar = lunarDatesOf(year);
    days = {
      lunar: new Map([
        [lunar.firstMonthFirstDay, holiday('SPRING_FESTIVAL')],
        [lunar.dragonBoat, holiday('DRAGON_BOAT_FESTIVAL')],
        [lunar.midAutumn, holiday('MID_AUTUMN_FESTIVAL')],
      ]),
      civil: new Map(CIVIL_HOLIDAYS.flatMap((code) => statutoryDays(code, year).slice(0, 1).map((day): [DayNumber, Festival] => [day, holiday(code)]))),
    };
    festivalDaysByYear.set(year, days);
  }
  return days;
}

/**
 * The festival of a day as wall calendars print it: 除夕 and the lunar festivals (春节, 元宵节,
 * 端午节, 七夕节, 中秋节, 重阳节, 腊八节) first, then the civil ones (元旦, 妇女节, 劳动节, 青年节,
 * 儿童节, 建军节, 国庆节); undefined on any other day. Qingming is a solar term, named as one.
 */
export function festivalOf(day: DayNumber): Festival | undefined {
  const { year, month, day: dayOfMonth } = civilFromDayNumber(day);
  const holidays = holidayFestivalDays(year);
  const lunar = lunarDateOf(day);
  const lunarFestival = holidays.lunar.get(day) ?? (lunar.isLeapMonth ? undefined : LUNAR_FESTIVALS.get(`${lunar.month}-${lunar.day}`));
  if (lunarFestival !== undefined) return lunarFestival;
  if (lunar.month === 12 && !lunar.isLeapMonth && lunar.day >= 29) {
    const next = lunarDateOf(day + 1);
    if (next.month === 1 && next.day === 1 && !next.isLeapMonth) return NEW_YEARS_EVE;
  }
  return holidays.civil.get(day) ?? OBSERVANCE_DAYS.get(`${month}-${dayOfMonth}`);
}
