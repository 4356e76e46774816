import type { DayNumber } from '@china-holiday-calendar/core/calendar/civil-date.js';
import { DATE_LIST_PARAMETER, MAX_LISTED_DATES, readDateList } from '@china-holiday-calendar/core/questions/date-list-question.js';
import { DATES_NOTE, UNKNOWN_RULE } from './agent-notes.js';
import { DATE_SCHEMA, JSON_CONTENT_TYPE, type ApiOperation } from './api-operation.js';

const PATH = '/v1/china-calendar/dates';

/** Many dates at once (docs/design.md, Beyond the interface): each date's status, as the single-date path answers it, in the order asked. */
export const getDateStatuses: ApiOperation<readonly DayNumber[]> = {
  operationId: 'chinaCalendar.getDateStatuses',
  tool: {
    name: 'get_date_statuses',
    title: 'Many dates at once',
    description:
      `The status of each date asked, as get_date_status answers it, in the order asked, repeats included: at most ${MAX_LISTED_DATES} dates in one call ` +
      '(structured content: under days, one entry per date asked). For checking a list of attendance or payment dates at once. ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
    listArgument: DATE_LIST_PARAMETER,
    argumentSchemas: {
      [DATE_LIST_PARAMETER]: {
        type: 'array',
        items: DATE_SCHEMA,
        minItems: 1,
        maxItems: MAX_LISTED_DATES,
        description: `The dates, yyyy-MM-dd, on or after 2008-01-01, in any order, repeats allowed: from 1 to ${MAX_LISTED_DATES}.`,
      },
    },
  },
  path: PATH,
  tag: 'Business days',
  summary: 'Status of many dates',
  description:
    `The status of each date asked, exactly as the single-date path answers it, in the order asked (repeats included): at most ${MAX_LISTED_DATES} dates. ` +
    'Each date is checked as the single-date path checks it; the first that fails answers, named by its place in the list.',
  parameters: [
    {
      name: DATE_LIST_PARAMETER,
      in: 'query',
      required: true,
      description: `Dates, yyyy-MM-dd, on or after 2008-01-01, separated by commas, in any order, repeats allowed: from 1 to ${MAX_LISTED_DATES}.`,
      schema: { type: 'string', examples: ['2024-02-04,2024-02-10,2027-01-01'] },
    },
  ],
  response: { schema: 'DayStatusBatch', contentType: JSON_CONTENT_TYPE },
  examples: {
    attendance: {
      summary: 'A make-up Sunday, a day of the Spring Festival, a date of a year not published yet, and the first again',
      request: `${PATH}?dates=2024-02-04,2024-02-10,2027-01-01,2024-02-04`,
    },
  },
  badRequests: {
    MISSING_PARAMETER: PATH,
    INVALID_PARAMETER: `${PATH}?dates=2024-02-04&dates=2024-02-10`,
    INVALID_DATE_FORMAT: `${PATH}?dates=2024-02-04,2024/02/10`,
    DATE_OUT_OF_SUPPORTED_RANGE: `${PATH}?dates=2024-02-04,2007-12-31`,
  },
  read: ([dates]) => readDateList(dates),
  answer: (calendar, days) => calendar.dateListJsonChunks(days),
  isSettled: ({ core }, days) => days.every((day) => core.isSettled(day, day)),
  answerKey: listKey,
};

/**
 * The answer's key: how many dates and a hash of them (FNV-1a), short whatever the list. An
 * If-None-Match is only ever compared with the ETag of the same address, whose list is the same,
 * so a collision between two lists could never validate the wrong answer.
 */
function listKey(days: readonly DayNumber[]): string {
  let hash = 0x811c9dc5;
  for (const day of days) {
    for (let shift = 0; shift < 32; shift += 8) hash = Math.imul(hash ^ ((day >>> shift) & 0xff), 0x01000193);
  }
  return `b${days.length}-${(hash >>> 0).toString(16).padStart(8, '0')}`;
}
