import type { ArrangementFile } from './data-file-types.js';
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
  /**
   * The SHA-256 (hex) of the text each arrangement was read from. A later read of a text with the
   * same digest reuses the arrangement without validating it again: the periodic check of an
   * unchanged directory then costs a read and a digest per file (the digest the manifest's is
   * compared with), not a validation (statutory days included) that would hold up the answers queued
   * behind it. The digest rather than the text: the texts would stay in memory for nothing else.
   */
  readonly sourceDigests: ReadonlyMap<number, string>;
  /** Ascending: every year the data directory publishes, readable or not. */
  readonly publishedYears: readonly number[];
  /** Ascending: published years with no readable copy; their dates answer CALENDAR_DATA_UNAVAILABLE. */
  readonly unavailableYears: readonly number[];
  readonly problems: readonly DataProblem[];
  /**
   * Files this data was loaded from that are gone from the directory now, ascending: the
   * `<year>.json` of a year still answered from its last good copy, and `manifest.json` once one
   * was read. The loaded data keeps answering; a restart would lose it.
   */
  readonly missingFiles: readonly string[];
  /** Whether a manifest was read, for this dataset or one it was assembled from. */
  readonly manifestSeen: boolean;
  /**
   * The manifest's seal: its `sequence` and `expires` (each undefined when the manifest has none).
   * Neither is part of the version: a re-seal changes no answer.
   */
  readonly seal: ManifestSeal;
}

/** What a manifest says of when it was written and how long it vouches for the data. */
export interface ManifestSeal {
  readonly sequence: number | undefined;
  /** RFC 3339, UTC. */
  readonly expires: string | undefined;
}
