/** The stable holiday codes of the interface, with their official Simplified Chinese names. */
export const HOLIDAY_NAMES = {
  NEW_YEAR: '元旦',
  SPRING_FESTIVAL: '春节',
  QINGMING_FESTIVAL: '清明节',
  LABOR_DAY: '劳动节',
  DRAGON_BOAT_FESTIVAL: '端午节',
  MID_AUTUMN_FESTIVAL: '中秋节',
  NATIONAL_DAY: '国庆节',
  VICTORY_DAY_70TH_ANNIVERSARY: '中国人民抗日战争暨世界反法西斯战争胜利70周年纪念日',
} as const;

export type HolidayCode = keyof typeof HOLIDAY_NAMES;

/** English names, as the interface specification's table of holiday codes gives them. */
export const HOLIDAY_NAMES_EN: Readonly<Record<HolidayCode, string>> = {
  NEW_YEAR: "New Year's Day",
  SPRING_FESTIVAL: 'Spring Festival',
  QINGMING_FESTIVAL: 'Qingming Festival',
  LABOR_DAY: 'Labor Day',
  DRAGON_BOAT_FESTIVAL: 'Dragon Boat Festival',
  MID_AUTUMN_FESTIVAL: 'Mid-Autumn Festival',
  NATIONAL_DAY: 'National Day',
  VICTORY_DAY_70TH_ANNIVERSARY:
    '70th anniversary commemoration of the victory of the war of resistance against aggression and the world anti-fascist war',
};

export const HOLIDAY_CODES = Object.keys(HOLIDAY_NAMES) as readonly HolidayCode[];

/** The holidays the national regulation grants every year (all but the one-off commemorations). */
export const ANNUAL_HOLIDAY_CODES: readonly HolidayCode[] = [
  'NEW_YEAR',
  'SPRING_FESTIVAL',
  'QINGMING_FESTIVAL',
  'LABOR_DAY',
  'DRAGON_BOAT_FESTIVAL',
  'MID_AUTUMN_FESTIVAL',
  'NATIONAL_DAY',
];

/** The Chinese names of holidays, as a notice lists them: 元旦、春节. */
export function holidayNames(codes: readonly HolidayCode[]): string {
  return codes.map((code) => HOLIDAY_NAMES[code]).join('、');
}

export function isHolidayCode(value: string): value is HolidayCode {
  return Object.hasOwn(HOLIDAY_NAMES, value);
}
