import { assembleDataset } from '../dataset/assemble-dataset.js';
import { formatDataProblem, type DataProblem } from '../dataset/data-problem.js';
import type { DataSource } from '../dataset/data-source.js';
import type { Dataset } from '../dataset/dataset.js';
import type { DirectorySnapshot } from '../dataset/read-data-directory.js';
import { buildCalendarCore, calendarCoreBuilder, runInSlices, type CalendarCore } from './calendar-core.js';
import { MAX_SHOWN_CHARACTERS, messageOf, shownText } from '../message-of.js';

interface LogMethod {
  (object: object, message: string): void;
  (message: string): void;
}

/** Where the live dataset reports loads and data problems: a pino logger, or nothing. */
export interface DatasetLog {
  readonly info: LogMethod;
  readonly warn: LogMethod;
  readonly error: LogMethod;
}

const ignore = (): void => undefined;
export const SILENT_LOG: DatasetLog = { info: ignore, warn: ignore, error: ignore };

/**
 * How a dataset becomes what its users answer from: at once (the first load of a program that
 * wants its calendar synchronously), or in slices of about a millisecond (a reload while requests
 * are answered). The library keeps the core; the service builds its answers' bytes on it too.
 */
export interface CalendarBuild<Calendar> {
  now(dataset: Dataset): Calendar;
  inSlices(dataset: Dataset): Promise<Calendar>;
}

export const CORE_BUILD: CalendarBuild<CalendarCore> = {
  now: buildCalendarCore,
  inSlices: (dataset) => runInSlices(calendarCoreBuilder(dataset)),
};

export interface ReloadOutcome {
  /** Whether a new calendar was swapped in. */
  readonly changed: boolean;
  /** The source could not be read at all; the previous dataset (if any) stays. */
  readonly failed: boolean;
  /** Taken whole or not at all (a reader's policy), the read had a problem and was not taken: the previous dataset stays. */
  readonly refused: boolean;
  /** How many data problems the read found (refused files, missing published years, files deleted since loaded). */
  readonly problems: number;
  /** The problems themselves (for a read that failed: why the source could not be read). */
  readonly dataProblems: readonly DataProblem[];
  readonly version: string | undefined;
}

/** What a reload tells those who listen: its outcome, why it ran, and the snapshot it read (none when the read failed). */
export type ReloadListener = (outcome: ReloadOutcome, reason: string, snapshot: DirectorySnapshot | undefined) => void;

export interface LiveDatasetOptions {
  readonly log?: DatasetLog;
  /**
   * `per-file` (the default, a local folder): a file that is refused keeps its last good copy
   * while the others are taken. `whole`: a read with any problem is refused as a whole and the
   * previous dataset stays, so that a replica following another one serves exactly its dataset or
   * its own last good copy, never a mix.
   */
  readonly acceptance?: 'per-file' | 'whole';
  /**
   * Checks of a read beyond the loader's (a reader's: the signature, the digests, the sequence),
   * run on the raw texts before the loader parses anything; their problems count as data
   * problems, and with `whole` acceptance a read with any is refused unparsed.
   */
  readonly check?: (snapshot: DirectorySnapshot) => readonly DataProblem[];
}

/**
 * The one piece of mutable state in the service: the current dataset and its calendar (the
 * core, or whatever `build` makes of the dataset), replaced as a whole. A reload reads the source,
 * validates and builds off the request path and then swaps the reference in one assignment, so a
 * request that took the old calendar finishes on it and no answer mixes two datasets. Reloads
 * never overlap: they run one after the other, and one asked for while another waits to run is
 * that one.
 */
export class LiveDataset<Calendar = CalendarCore> {
  private state: { readonly dataset: Dataset; readonly calendar: Calendar } | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting: Promise<ReloadOutcome> | undefined;
  private busy = false;
  private loggedProblems = '';
  private lastRead: DirectorySnapshot | undefined;
  private lastOutcome: ReloadOutcome | undefined;
  private unwatch: (() => void) | undefined;
  private readonly listeners: ReloadListener[] = [];
  private readonly log: DatasetLog;

  constructor(
    readonly source: DataSource,
    private readonly build: CalendarBuild<Calendar>,
    private readonly options: LiveDatasetOptions = {},
  ) {
    this.log = options.log ?? SILENT_LOG;
  }

  /** Calls `listener` after every reload, changed or not (metrics count them). */
  onReload(listener: ReloadListener): void {
    this.listeners.push(listener);
  }

  current(): Calendar | undefined {
    return this.state?.calendar;
  }

  dataset(): Dataset | undefined {
    return this.state?.dataset;
  }

  /** Reads the source again (after the reload under way, if any) and swaps in what changed. */
  reload(reason: string): Promise<ReloadOutcome> {
    this.waiting ??= this.enqueue(() => {
      this.waiting = undefined;
      return this.load(() => this.source.read(), reason);
    });
    return this.waiting;
  }

  /**
   * Validates a snapshot read elsewhere (a reader's cache, at start) as a reload validates its
   * source's, and swaps it in under the same policy.
   */
  adopt(snapshot: DirectorySnapshot, reason: string): Promise<ReloadOutcome> {
    return this.enqueue(() => this.load(() => Promise.resolve(snapshot), reason));
  }

  /** Starts noticing changes: the source calls back on its events, and about every `intervalSeconds` (0: no periodic check). */
  startWatching(intervalSeconds: number): void {
    this.unwatch ??= this.source.watch((reason) => void this.reload(reason), { intervalSeconds, log: this.log });
  }

  stopWatching(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  /**
   * The first load, synchronously: a program that imports the calendar has it ready at once, and
   * the service, on a folder, has it before it listens. (Later reloads are always asynchronous.)
   */
  loadSync(reason: string): ReloadOutcome {
    if (this.busy) throw new Error('a reload is running');
    const readSync = this.source.readSync ?? ((): never => {
      throw new Error(`${this.source.location} cannot be read synchronously`);
    });
    let snapshot;
    try {
      snapshot = readSync();
    } catch (error) {
      return this.unreadableSource(error, reason);
    }
    const { outcome, dataset } = this.examine(snapshot, reason);
    return dataset === undefined ? outcome : this.swap(dataset, this.build.now(dataset), outcome, reason, snapshot);
  }

  private enqueue(task: () => Promise<ReloadOutcome>): Promise<ReloadOutcome> {
    const run = this.queue.then(async () => {
      this.busy = true;
      try {
        return await task();
      } finally {
        this.busy = false;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(read: () => Promise<DirectorySnapshot>, reason: string): Promise<ReloadOutcome> {
    let snapshot;
    try {
      snapshot = await read();
    } catch (error) {
      return this.unreadableSource(error, reason);
    }
    // The very read examined last (a source that found nothing changed, as a reader's on a 304): nothing to parse again.
    if (snapshot === this.lastRead && this.lastOutcome !== undefined) return this.report({ ...this.lastOutcome, changed: false }, reason, snapshot);
    this.lastRead = snapshot;
    const { outcome, dataset } = this.examine(snapshot, reason);
    this.lastOutcome = outcome;
    // Built in slices: requests keep being answered, from the current calendar, meanwhile.
    return dataset === undefined ? outcome : this.swap(dataset, await this.build.inSlices(dataset), outcome, reason, snapshot);
  }

  private unreadableSource(error: unknown, reason: string): ReloadOutcome {
    const problem = { file: this.source.location, field: `(${this.source.locationKind ?? 'directory'})`, reason: `cannot be read (${messageOf(error)})` };
    this.logProblemsOnChange([formatDataProblem(problem)]);
    return this.report({ changed: false, failed: true, refused: false, problems: 1, dataProblems: [problem], version: this.state?.dataset.version }, reason, undefined);
  }

  /**
   * Validates a read against the current dataset (a file whose text is unchanged is not validated
   * again): the dataset to swap in, or the outcome when nothing changed or the read is refused.
   */
  private examine(snapshot: DirectorySnapshot, reason: string): { outcome: ReloadOutcome; dataset: Dataset | undefined } {
    const previous = this.state;
    const checked = this.options.check?.(snapshot) ?? [];
    if (this.options.acceptance === 'whole' && checked.length > 0) {
      // Refused before any parse: what fails a check (a signature, a digest) is not worth the work.
      return { outcome: this.refuse(checked, reason, snapshot), dataset: undefined };
    }
    const dataset = assembleDataset(snapshot, previous?.dataset);
    const problems = [...dataset.problems, ...checked];
    if (this.options.acceptance === 'whole') {
      const all = [...problems, ...dataset.missingFiles.map((file) => ({ file, field: '(file)', reason: 'was in the copy served until now and is missing from this one: nothing published is withdrawn' }))];
      if (all.length > 0) return { outcome: this.refuse(all, reason, snapshot), dataset: undefined };
      this.logProblemsOnChange([]);
    } else {
      this.logProblemsOnChange(problems.map(formatDataProblem));
      this.logMissingFilesOnChange(dataset.missingFiles, previous?.dataset.missingFiles ?? []);
    }
    const outcome = { changed: true, failed: false, refused: false, problems: problems.length + dataset.missingFiles.length, dataProblems: problems, version: dataset.version };
    if (previous !== undefined && previous.dataset.version === dataset.version) {
      // The same data, so the same calendar; the dataset itself is the newer read (a file deleted
      // since, a text reformatted), which /readyz and /metrics report.
      this.state = { dataset, calendar: previous.calendar };
      return { outcome: this.report({ ...outcome, changed: false }, reason, snapshot), dataset: undefined };
    }
    return { outcome, dataset };
  }

  /** A read refused whole: the previous dataset stays. */
  private refuse(problems: readonly DataProblem[], reason: string, snapshot: DirectorySnapshot): ReloadOutcome {
    const previous = this.state;
    this.logProblemsOnChange(problems.map(formatDataProblem));
    const kept = previous === undefined ? 'no dataset is loaded yet' : 'the last good copy stays';
    this.log.warn({ source: this.source.location, problems: problems.length, datasetVersion: previous?.dataset.version ?? null, reason }, `calendar dataset refused: ${kept}`);
    return this.report({ changed: false, failed: false, refused: true, problems: problems.length, dataProblems: problems, version: previous?.dataset.version }, reason, snapshot);
  }

  /** The swap itself: one assignment, so that a request sees the old calendar or the new one, never a mix. */
  private swap(dataset: Dataset, calendar: Calendar, outcome: ReloadOutcome, reason: string, snapshot: DirectorySnapshot): ReloadOutcome {
    const previous = this.state;
    this.state = { dataset, calendar };
    this.log.info(
      {
        datasetVersion: dataset.version,
        previousVersion: previous?.dataset.version ?? null,
        publishedYears: dataset.publishedYears.length > 0 ? `${dataset.publishedYears[0]}..${dataset.publishedYears.at(-1)}` : 'none',
        unavailableYears: dataset.unavailableYears,
        reason,
      },
      'calendar dataset loaded',
    );
    return this.report(outcome, reason, snapshot);
  }

  private report(outcome: ReloadOutcome, reason: string, snapshot: DirectorySnapshot | undefined): ReloadOutcome {
    for (const listener of this.listeners) listener(outcome, reason, snapshot);
    return outcome;
  }

  /**
   * Warns once about each file that went missing since it was loaded (its data is still served,
   * but would be lost at a restart), and notes when one is back.
   */
  private logMissingFilesOnChange(missing: readonly string[], before: readonly string[]): void {
    const dir = this.source.location;
    for (const file of missing) {
      if (!before.includes(file)) {
        this.log.warn({ dir, file }, 'calendar data file missing: its last loaded data is still served, but a restart would lose it');
      }
    }
    for (const file of before) if (!missing.includes(file)) this.log.info({ dir, file }, 'calendar data file back');
  }

  /** Logs the data problems when they differ from the last ones logged: once per change, not per check. */
  private logProblemsOnChange(problems: readonly string[]): void {
    const signature = problems.join('\n');
    if (signature === this.loggedProblems) return;
    if (problems.length === 0) this.log.info('data problems resolved');
    // Cut: a problem may quote what a file holds, and a reader's files come from an untrusted origin.
    for (const problem of problems) this.log.error({ problem: shownText(problem, 2 * MAX_SHOWN_CHARACTERS) }, 'calendar data problem');
    this.loggedProblems = signature;
  }
}
