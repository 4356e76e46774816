/**
 * The way exchange_calendars answers trading questions: every session (trading day) of the
 * calendar listed once, in order, and each question a binary search or an index step over that
 * list (`is_session`, `sessions_in_range`, `session_offset`). Built here from the library's own
 * answers over the published years, so the two sides time the same calendar.
 */
export interface SessionIndex {
  readonly isSession: (date: string) => boolean;
  readonly countSessions: (startDate: string, endDate: string) => number;
  readonly addSessions: (date: string, sessions: number) => string | undefined;
}

/** The position of the first session on or after `date`. */
function lowerBound(sessions: readonly string[], date: string): number {
  let low = 0;
  let high = sessions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sessions[middle] ?? '') < date) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function sessionIndex(sessions: readonly string[]): SessionIndex {
  return {
    isSession: (date) => sessions[lowerBound(sessions, date)] === date,
    countSessions: (startDate, endDate) => lowerBound(sessions, `${endDate}~`) - lowerBound(sessions, startDate),
    addSessions: (date, count) => {
      const at = lowerBound(sessions, date);
      // From a closed day, T+1 is the first session after it, as from a session.
      const from = sessions[at] === date || count <= 0 ? at : at - 1;
      return sessions[from + count];
    },
  };
}
