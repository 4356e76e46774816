/*
 * Compile-time checks of the package's types, run by `npm run typecheck` (tsc --strict
 * --exactOptionalPropertyTypes --noUncheckedIndexedAccess): the library and the client answer
 * with the same types under the same method names, and the uses below that must NOT compile
 * carry @ts-expect-error (tsc fails if any of them compiles). Never executed.
 */
import type * as Client from 'china-holiday-calendar/client';
import type { CalendarClient } from 'china-holiday-calendar/client';
import type * as Library from 'china-holiday-calendar';
import type { HolidayCalendar } from 'china-holiday-calendar';

/** true exactly when A and B are assignable both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const same = <A, B>(check: Same<A, B>): Same<A, B> => check;

// The answers: the library's hand-written types and the client's, generated from OpenAPI, are one.
same<Library.DayStatus, Client.DayStatus>(true);
same<Library.WorkdayCount, Client.WorkdayCount>(true);
same<Library.NextHoliday, Client.NextHoliday>(true);
same<Library.WorkdayOffset, Client.WorkdayOffset>(true);
same<Library.YearOverview, Client.YearOverview>(true);
same<Library.WorkStatus, Client.WorkStatus>(true);
same<Library.TradingDayStatus, Client.TradingDayStatus>(true);
same<Library.TradingDayCount, Client.TradingDayCount>(true);

/** The methods the two share: the client's are the library's, each answering a Promise. */
type Methods = Exclude<keyof CalendarClient, 'withResponse'>;
type Promised<T> = { [K in keyof T]: T[K] extends (...args: infer Args) => infer Answer ? (...args: Args) => Promise<Awaited<Answer>> : never };
same<Methods, Exclude<keyof HolidayCalendar, 'datasetVersion' | 'publishedYears' | 'close' | 'current'>>(true);
same<Pick<Promised<HolidayCalendar>, Methods>, Omit<CalendarClient, 'withResponse'>>(true);

declare const library: HolidayCalendar;
declare const client: CalendarClient;

/** @public Compiled, never run: each line must fail to type-check. */
export async function usesThatMustNotCompile(): Promise<void> {
  // @ts-expect-error: a date is a yyyy-MM-dd string or a Date, not a number
  library.isWorkday(20240101);
  // @ts-expect-error: the same on the client
  await client.isWorkday(20240101);
  // @ts-expect-error: a range needs both ends
  library.countWorkdays('2024-01-01');
  // @ts-expect-error: addWorkdays needs the number of days
  await client.addWorkdays('2024-01-01');

  const next = library.nextHoliday('2026-10-08');
  // @ts-expect-error: date is null when status is UNKNOWN; narrow on status first
  const day: string = next.date;
  if (next.status === 'FOUND') {
    const found: string = next.date;
    console.log(found);
  }
  console.log(day);

  const offset = await client.workdayOffset('2026-12-30', 5);
  // @ts-expect-error: datasetVersion is null for an UNKNOWN offset
  const version: string = offset.datasetVersion;
  console.log(version);

  // @ts-expect-error: answers are read-only
  library.dateStatus('2024-02-04').dayStatus = 'HOLIDAY';

  try {
    await client.dateStatus('2023-02-29');
  } catch (error) {
    if (error instanceof (await import('china-holiday-calendar/client')).CalendarProblemError) {
      // @ts-expect-error: not a problem code of the service
      if (error.code === 'NOT_A_CODE') return;
      const detail: string = error.problem.detail;
      console.log(detail);
    }
  }

  // @ts-expect-error: the client takes its options, not a bare address
  (await import('china-holiday-calendar/client')).createCalendarClient('http://127.0.0.1:8080');
}
