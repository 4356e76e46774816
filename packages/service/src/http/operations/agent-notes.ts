import { MAX_RANGE_DAYS } from '@china-holiday-calendar/core/questions/date-parameters.js';

/* What the MCP tools' descriptions (each operation's `tool`) say again and again. */

/** Said in every description: the one rule an agent must not get wrong. */
export const UNKNOWN_RULE =
  'UNKNOWN means the State Council has not published that year\'s arrangement yet: never treat an UNKNOWN day as a working day or as a rest day ' +
  '(weekends included, since a make-up working day can fall on one); say that it is not known yet.';

/** The same rule for the exchanges' calendar, whose notice comes weeks after the State Council's. */
export const TRADING_UNKNOWN_RULE =
  "UNKNOWN means the exchanges' notice of that year's market closures is not in the data yet (it comes weeks after the State Council's): never " +
  'treat an UNKNOWN day as a trading day or as a closed one, even when the State Council\'s arrangement for the year is published; say that it is not known yet.';

export const DATES_NOTE = 'Dates are mainland-China calendar dates written yyyy-MM-dd, from 2008-01-01.';

export const RANGE_NOTE = `Both ends are included and the range spans at most ${MAX_RANGE_DAYS} days: split longer ranges.`;
