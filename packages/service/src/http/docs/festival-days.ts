import { civilFromDayNumber, type DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { HOLIDAYS } from '@china-holiday-calendar/core/calendar/holidays.js';
import { lunarDateOf } from '@china-holiday-calendar/core/calendar/lunar-date.js';
import { OBSERVANCES } from '@china-holiday-calendar/core/calendar/observances.js';

/** A festival a wall calendar prints on its day, in place of the lunar day. */
export interface Festival {
  readonly zh: string;
  readonly en: string;
}

const holiday = (code: keyof typeof HOLIDAYS): Festival => ({ zh: HOLIDAYS[code].short.zh, en: HOLIDAYS[code].en });

/** The traditional festivals of the lunar calendar, by lunar month and day (never in a leap month). */
const LUNAR_FESTIVALS: ReadonlyMap<string, Festival> = new Map([
  ['1-1', holiday('SPRING_FESTIVAL')],
  ['1-15', { zh: '元宵节', en: 'Lantern Festival' }],
  ['5-5', holiday('DRAGON_BOAT_FESTIVAL')],
  ['7-7', { zh: '七夕节', en: 'Qixi Festival' }],
  ['8-15', holiday('MID_AUTUMN_FESTIVAL')],
  ['9-9', { zh: '重阳节', en: 'Double Ninth Festival' }],
  ['12-8', { zh: '腊八节', en: 'Laba Festival' }],
]);

/** The last day of the lunar year, the 29th or the 30th of 腊月: the day before 正月初一. */
const NEW_YEARS_EVE: Festival = { zh: '除夕', en: "Chinese New Year's Eve" };

/** The regulation's festivals on fixed days of the civil calendar: the holidays' and Article 3's, by month and day. */
const CIVIL_FESTIVALS: ReadonlyMap<string, Festival> = new Map([
  ['1-1', holiday('NEW_YEAR')],
  ['5-1', holiday('LABOR_DAY')],
  ['10-1', holiday('NATIONAL_DAY')],
  ...OBSERVANCES.map((observance): [string, Festival] => [`${observance.month}-${observance.day}`, { zh: observance.shortName, en: observance.nameEn }]),
]);

/**
 * The festival of a day as wall calendars print it: 除夕 and the lunar festivals (春节, 元宵节,
 * 端午节, 七夕节, 中秋节, 重阳节, 腊八节) first, then the civil ones (元旦, 妇女节, 劳动节, 青年节,
 * 儿童节, 建军节, 国庆节); undefined on any other day. Qingming is a solar term, named as one.
 */
export function festivalOf(day: DayNumber): Festival | undefined {
  const lunar = lunarDateOf(day);
  if (!lunar.isLeapMonth) {
    const festival = LUNAR_FESTIVALS.get(`${lunar.month}-${lunar.day}`);
    if (festival !== undefined) return festival;
  }
  if (lunar.month === 12 && !lunar.isLeapMonth && lunar.day >= 29) {
    const next = lunarDateOf(day + 1);
    if (next.month === 1 && next.day === 1 && !next.isLeapMonth) return NEW_YEARS_EVE;
  }
  const { month, day: dayOfMonth } = civilFromDayNumber(day);
  return CIVIL_FESTIVALS.get(`${month}-${dayOfMonth}`);
}
