import { dayNumberFromCivil, type DayNumber } from './civil-date.js';

/**
 * Article 3 of 《全国年节及纪念日放假办法》 (the same in the 2007, 2013 and 2024 texts): festivals on
 * which only part of the population has time off. They never change any date's status, and one
 * that falls on a Saturday or Sunday is not replaced by a weekday (Article 6 replaces only the
 * all-citizen holidays).
 */
export const OBSERVANCES = [
  { code: 'WOMENS_DAY', name: '妇女节', shortName: '妇女节', nameEn: "International Women's Day", month: 3, day: 8, who: '妇女', whoEn: 'women', timeOff: 'HALF_DAY' },
  { code: 'YOUTH_DAY', name: '青年节', shortName: '青年节', nameEn: 'Youth Day', month: 5, day: 4, who: '14周岁以上的青年', whoEn: 'young people aged 14 and over', timeOff: 'HALF_DAY' },
  { code: 'CHILDRENS_DAY', name: '儿童节', shortName: '儿童节', nameEn: "Children's Day", month: 6, day: 1, who: '不满14周岁的少年儿童', whoEn: 'children under 14', timeOff: 'ONE_DAY' },
  {
    code: 'ARMY_DAY',
    name: '中国人民解放军建军纪念日',
    // What calendars print on the day.
    shortName: '建军节',
    nameEn: 'Army Day',
    month: 8,
    day: 1,
    who: '现役军人',
    whoEn: 'servicemen on active duty',
    timeOff: 'HALF_DAY',
  },
] as const;

export type Observance = (typeof OBSERVANCES)[number];

export function observanceDay(observance: Observance, year: number): DayNumber {
  return dayNumberFromCivil(year, observance.month, observance.day);
}
