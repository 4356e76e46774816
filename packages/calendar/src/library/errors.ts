import type { InputProblemCode } from '@china-holiday-calendar/core/questions/input-problem.js';

/**
 * The errors of the package. Every one carries a `code`: the problem code the service would send
 * for the same question (MISSING_PARAMETER, INVALID_DATE_FORMAT, … CALENDAR_DATA_UNAVAILABLE), or
 * UNPUBLISHED_YEAR for a yes/no question about a year whose arrangement is not published yet.
 * Catch CalendarError to handle them alike in-process and through the client.
 */
export class CalendarError extends Error {
  override readonly name: string = 'CalendarError';

  constructor(
    /** A stable machine-readable code. */
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * A question asked with bad input: the same `code` (and message) the service answers with a 400
 * problem, e.g. INVALID_DATE_FORMAT for `2023-02-29`, DATE_OUT_OF_SUPPORTED_RANGE before 2008.
 */
export class CalendarInputError extends CalendarError {
  override readonly name: string = 'CalendarInputError';
  declare readonly code: InputProblemCode;

  // eslint-disable-next-line @typescript-eslint/no-useless-constructor -- it narrows `code` to the input problems
  constructor(code: InputProblemCode, detail: string) {
    super(code, detail);
  }
}

/**
 * A yes/no question (isWorkday, isRestDay, isStatutoryDay, addWorkdays, nextWorkday, …) whose
 * answer depends on a year whose official arrangement is not published yet. The calendar never
 * guesses: ask again once `year` is published (status questions answer UNKNOWN instead).
 */
export class UnpublishedYearError extends CalendarError {
  override readonly name: string = 'UnpublishedYearError';
  declare readonly code: 'UNPUBLISHED_YEAR';

  constructor(
    /** The year whose arrangement the answer waits for. */
    readonly year: number,
    /** What is awaited: the State Council's arrangement, or the exchanges' notice of a trading question. */
    awaited = 'official holiday arrangement',
  ) {
    super('UNPUBLISHED_YEAR', `The ${awaited} for ${year} is not published yet; the answer cannot be known.`);
  }
}

/**
 * The data of a published year cannot be read right now (a damaged file in a data directory):
 * code CALENDAR_DATA_UNAVAILABLE, as the service's 503.
 */
export class CalendarDataUnavailableError extends CalendarError {
  override readonly name: string = 'CalendarDataUnavailableError';
  declare readonly code: 'CALENDAR_DATA_UNAVAILABLE';

  constructor(
    /** The published year whose data cannot be read; undefined when no data is loaded at all. */
    readonly year: number | undefined,
  ) {
    super(
      'CALENDAR_DATA_UNAVAILABLE',
      year === undefined ? 'No calendar data is loaded.' : `The published arrangement data for ${year} cannot be read right now.`,
    );
  }
}

/**
 * A data directory given to openCalendar() that the service would refuse: `problems` lists each
 * as `file: field: reason` (code INVALID_CALENDAR_DATA).
 */
export class CalendarDataError extends CalendarError {
  override readonly name: string = 'CalendarDataError';
  declare readonly code: 'INVALID_CALENDAR_DATA';

  constructor(
    readonly dataDir: string,
    readonly problems: readonly string[],
  ) {
    super('INVALID_CALENDAR_DATA', `${dataDir} cannot be used:\n${problems.join('\n')}`);
  }
}

/** Why the typed client got no answer from the service (CalendarNetworkError's code). */
export type NetworkErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED' | 'RESPONSE_TOO_LARGE' | 'UNEXPECTED_RESPONSE';

/**
 * The typed client got no answer of the service's: the service could not be reached (NETWORK_ERROR,
 * after the retries), did not answer within `timeoutMs` (TIMEOUT), the caller's signal aborted the
 * call (ABORTED), the answer was larger than any the service sends (RESPONSE_TOO_LARGE), or it was
 * not the documented JSON (UNEXPECTED_RESPONSE: a proxy's error page, a body that is not JSON).
 * `cause` holds the underlying error where there is one; `url` what was asked.
 */
export class CalendarNetworkError extends CalendarError {
  override readonly name: string = 'CalendarNetworkError';
  declare readonly code: NetworkErrorCode;

  constructor(
    code: NetworkErrorCode,
    message: string,
    /** The address asked, where one request is to blame. */
    readonly url: string | undefined,
    cause?: unknown,
  ) {
    super(code, message, cause === undefined ? undefined : { cause });
  }
}
