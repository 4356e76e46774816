import type { ArrangementFile } from './arrangement-schema.js';
import type { DataProblem } from './data-problem.js';

/**
 * A validated dataset: the good arrangement file of every readable published year, the years
 * that are published but unreadable (no good copy exists), and the problems found on the way.
 * Immutable once assembled.
 */
export interface Dataset {
  /** Names the whole dataset; see datasetVersionOf(). */
  readonly version: string;
  readonly arrangements: ReadonlyMap<number, ArrangementFile>;
  /** Ascending: every year the data directory publishes, readable or not. */
  readonly publishedYears: readonly number[];
  /** Ascending: published years with no readable copy; their dates answer CALENDAR_DATA_UNAVAILABLE. */
  readonly unavailableYears: readonly number[];
  readonly problems: readonly DataProblem[];
}
