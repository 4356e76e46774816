import type { DayNumber } from './civil-date.js';

/**
 * China has kept UTC+8 all year since 1991 (the last daylight-saving summer), so every instant
 * of the supported range (2008 on) falls on the Shanghai calendar day of UTC+8. An earlier
 * instant is refused as out of range either way.
 */
const CHINA_STANDARD_TIME_OFFSET_MS = 8 * 60 * 60 * 1000;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The Shanghai calendar day of an instant (a Date's time); undefined for an invalid Date's NaN. */
export function chinaDayOf(time: number): DayNumber | undefined {
  return Number.isFinite(time) ? Math.floor((time + CHINA_STANDARD_TIME_OFFSET_MS) / MS_PER_DAY) : undefined;
}
