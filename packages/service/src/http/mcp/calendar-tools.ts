import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { DATE_LIST_PARAMETER, MAX_LISTED_DATES } from '@china-holiday-calendar/core/questions/date-list-question.js';
import { MAX_RANGE_DAYS } from '@china-holiday-calendar/core/questions/date-parameters.js';
import { DATE_SCHEMA, type ApiOperation, type OperationId } from '../operations/api-operation.js';
import { IsoDateSchema, RESOURCE_SCHEMAS, type ResourceName } from '../kernel/resource-schemas.js';

/**
 * The MCP tools: each is one API operation under a name an agent reads, with the operation's own
 * parameters as its arguments (same names, same checks, same answers: docs/design.md, Agents).
 */
export interface CalendarTool {
  /** What tools/list shows. */
  readonly definition: Tool;
  /** The operation that reads the arguments and answers. */
  readonly operation: ApiOperation<unknown>;
  /**
   * Structured content is a JSON object, so an operation that answers a JSON array (a range) has
   * it under this key; the text content is the operation's answer as it is.
   */
  readonly listKey?: string;
  /** The argument that is a list of dates: an array to an agent, one comma-separated parameter over HTTP. */
  readonly listArgument?: string;
}

/** Said in every description: the one rule an agent must not get wrong. */
const UNKNOWN_RULE =
  'UNKNOWN means the State Council has not published that year\'s arrangement yet: never treat an UNKNOWN day as a working day or as a rest day ' +
  '(weekends included, since a make-up working day can fall on one); say that it is not known yet.';

/** The same rule for the exchanges' calendar, whose notice comes weeks after the State Council's. */
const TRADING_UNKNOWN_RULE =
  "UNKNOWN means the exchanges' notice of that year's market closures is not in the data yet (it comes weeks after the State Council's): never " +
  'treat an UNKNOWN day as a trading day or as a closed one, even when the State Council\'s arrangement for the year is published; say that it is not known yet.';

const DATES_NOTE = 'Dates are mainland-China calendar dates written yyyy-MM-dd, from 2008-01-01.';

const RANGE_NOTE = `Both ends are included and the range spans at most ${MAX_RANGE_DAYS} days: split longer ranges.`;

interface ToolSpec {
  readonly name: string;
  readonly title: string;
  readonly operationId: OperationId;
  readonly description: string;
  /** Argument schemas that differ from the HTTP parameter's (a year is a number to an agent, text in a path; a list is an array). */
  readonly argumentSchemas?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The argument that is a list of dates, sent over HTTP as one comma-separated parameter. */
  readonly listArgument?: string;
}

const TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: 'get_date_status',
    title: 'Working day or rest day',
    operationId: 'chinaCalendar.getDateStatus',
    description:
      "Whether one date is a working day or a rest day in mainland China under the State Council's official holiday arrangements, " +
      'make-up working days (调休) included: a Saturday or Sunday can be a working day (dayStatus ADJUSTED_WORKDAY) and a weekday a holiday (HOLIDAY). ' +
      'workStatus is WORKDAY, REST_DAY or UNKNOWN; holidays names the holiday the date belongs to, and statutoryDate marks the statutory days (法定节假日). ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  {
    name: 'get_date_statuses',
    title: 'Many dates at once',
    operationId: 'chinaCalendar.getDateStatuses',
    description:
      `The status of each date asked, as get_date_status answers it, in the order asked, repeats included: at most ${MAX_LISTED_DATES} dates in one call ` +
      '(structured content: under days, one entry per date asked). For checking a list of attendance or payment dates at once. ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
    listArgument: DATE_LIST_PARAMETER,
    argumentSchemas: {
      [DATE_LIST_PARAMETER]: {
        type: 'array',
        items: IsoDateSchema,
        minItems: 1,
        maxItems: MAX_LISTED_DATES,
        description: `The dates, yyyy-MM-dd, on or after 2008-01-01, in any order, repeats allowed: from 1 to ${MAX_LISTED_DATES}.`,
      },
    },
  },
  {
    name: 'list_date_range',
    title: 'Every day of a range',
    operationId: 'chinaCalendar.getDateRangeStatus',
    description:
      'The status of every date from startDate to endDate, in ascending order, each as get_date_status answers it (structured content: under days). ' +
      `${RANGE_NOTE} ${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  {
    name: 'count_workdays',
    title: 'Count working days',
    operationId: 'chinaCalendar.calculateWorkdays',
    description:
      'How many of the dates from startDate to endDate are working days, rest days and unknown days (workdayCount, restDayCount, unknownDayCount). ' +
      'unknownDayCount counts the days of years not published yet: when it is not 0, the working-day count is incomplete and must be reported as such, ' +
      `not rounded into either count. ${RANGE_NOTE} ${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  {
    name: 'add_workdays',
    title: 'Date N working days away',
    operationId: 'chinaCalendar.getWorkdayOffset',
    description:
      'The date `days` working days after fromDate (days > 0, fromDate itself not counted) or before it (days < 0); with days = 0, fromDate if it is ' +
      'a working day, else the first working day after it. Make-up working days count as working days; holidays and ordinary weekends do not. ' +
      'For deadlines such as "5 working days after receipt". status UNKNOWN (date null) when the count reaches a year not published yet. ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  {
    name: 'get_next_holiday',
    title: 'Next holiday',
    operationId: 'chinaCalendar.getNextHoliday',
    description:
      'The first date on or after fromDate that is a day off of an official holiday (not an ordinary weekend), with the holiday it belongs to. ' +
      'status UNKNOWN (date null) when no holiday falls between fromDate and the end of the last published year: the next one is not known yet. ' +
      `${DATES_NOTE} ${UNKNOWN_RULE}`,
  },
  {
    name: 'get_year_overview',
    title: 'A year at a glance',
    operationId: 'chinaCalendar.getYearOverview',
    description:
      'A year at a glance: the regulation in force, the official notices, every holiday with its rest dates, make-up working days (调休) and ' +
      'statutory days, and the working-day and rest-day counts of the year. A year not published yet answers status UNPUBLISHED: the statutory ' +
      `days the law already fixes, and null for what only the notice can decide. ${UNKNOWN_RULE}`,
    argumentSchemas: {
      year: { type: 'integer', minimum: 2008, maximum: 9999, description: 'The calendar year, such as 2026; from 2008.', examples: [2026] },
    },
  },
  {
    name: 'get_trading_status',
    title: 'Trading day or not',
    operationId: 'chinaCalendar.getTradingDayStatus',
    description:
      "Whether an A-share exchange trades on one date, under the exchanges' own notice of the year's closures: market XSHG (Shanghai), XSHE " +
      '(Shenzhen) or BJSE (Beijing, from 2021-11-15). tradingStatus is TRADING, CLOSED or UNKNOWN; closureReason WEEKEND (every Saturday and Sunday, ' +
      'make-up working days included: the exchanges never trade on them), HOLIDAY (a State Council weekday rest day) or MARKET_CLOSURE (closed on a ' +
      `State Council working day, as 2024-02-09). ${DATES_NOTE} ${TRADING_UNKNOWN_RULE}`,
  },
  {
    name: 'count_trading_days',
    title: 'Count trading days',
    operationId: 'chinaCalendar.countTradingDays',
    description:
      'How many of the dates from startDate to endDate the exchange trades on, is closed on, and cannot tell yet (tradingDayCount, closedDayCount, ' +
      'unknownDayCount). When unknownDayCount is not 0 the trading-day count is incomplete and must be reported as such. ' +
      `${RANGE_NOTE} ${DATES_NOTE} ${TRADING_UNKNOWN_RULE}`,
  },
  {
    name: 'add_trading_days',
    title: 'Date N trading days away (T+N)',
    operationId: 'chinaCalendar.getTradingDayOffset',
    description:
      'The date `days` trading days after fromDate (days > 0, fromDate itself not counted) or before it (days < 0); with days = 0, fromDate if the ' +
      'exchange trades on it, else the next trading day. For settlement dates (T+1, T+2). status UNKNOWN (date null) when the count reaches a year ' +
      `whose exchanges' notice is not in the data. ${DATES_NOTE} ${TRADING_UNKNOWN_RULE}`,
  },
];

/** The tools over these operations (the route table's, whose year overview may carry sync's held notices), in the order tools/list shows them. */
export function calendarTools(operations: readonly ApiOperation<unknown>[]): readonly CalendarTool[] {
  return TOOL_SPECS.map((spec) => {
    const operation = operations.find((candidate) => candidate.operationId === spec.operationId);
    if (operation === undefined) throw new Error(`no operation ${spec.operationId} for the tool ${spec.name}`);
    const output = outputSchemaOf(operation.response.schema);
    return {
      operation,
      ...(output.listKey === undefined ? {} : { listKey: output.listKey }),
      ...(spec.listArgument === undefined ? {} : { listArgument: spec.listArgument }),
      definition: {
        name: spec.name,
        title: spec.title,
        description: spec.description,
        inputSchema: inputSchemaOf(operation, spec.argumentSchemas ?? {}),
        outputSchema: output.schema,
        annotations: { title: spec.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
    };
  });
}

/** The operation's parameters as the tool's arguments: same names and descriptions, every one required. */
function inputSchemaOf(operation: ApiOperation<unknown>, overrides: Readonly<Record<string, Readonly<Record<string, unknown>>>>): Tool['inputSchema'] {
  const properties: Record<string, object> = {};
  for (const { name, description, schema } of operation.parameters) {
    properties[name] = overrides[name] ?? { ...(schema === DATE_SCHEMA ? IsoDateSchema : schema), description };
  }
  return { type: 'object', properties, required: operation.parameters.map(({ name }) => name) };
}

const COMPONENT_REF = '#/components/schemas/';

/**
 * The output schema of a resource: its JSON Schema as the OpenAPI document publishes it, the
 * schemas it refers to under $defs. MCP wants an object at the root: a union of objects says so,
 * and a list is wrapped under `days`.
 */
function outputSchemaOf(resource: ResourceName): { readonly schema: NonNullable<Tool['outputSchema']>; readonly listKey?: string } {
  const $defs: Record<string, unknown> = {};
  // Object.entries leaves out TypeBox's symbol-keyed metadata: plain JSON comes out.
  const local = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(local);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== '$ref' || typeof value !== 'string' || !value.startsWith(COMPONENT_REF)) return [key, local(value)];
        const name = value.slice(COMPONENT_REF.length) as ResourceName;
        if (!(name in $defs)) {
          $defs[name] = {};
          $defs[name] = local(RESOURCE_SCHEMAS[name]);
        }
        return [key, `#/$defs/${name}`];
      }),
    );
  };
  const root = local(RESOURCE_SCHEMAS[resource]) as Record<string, unknown>;
  const defs = Object.keys($defs).length === 0 ? {} : { $defs };
  if (root.type === 'array') {
    const listKey = 'days';
    return { listKey, schema: { type: 'object', properties: { [listKey]: root }, required: [listKey], additionalProperties: false, ...defs } };
  }
  return { schema: { ...root, type: 'object', ...defs } };
}
