import { watch, type FSWatcher } from 'node:fs';
import { assembleDataset } from '../dataset/assemble-dataset.js';
import { formatDataProblem } from '../dataset/data-problem.js';
import type { Dataset } from '../dataset/dataset.js';
import { readDataDirectory, readDataDirectorySync, type DirectorySnapshot } from '../dataset/read-data-directory.js';
import { buildCalendarCore, calendarCoreBuilder, runInSlices, type CalendarCore } from './calendar-core.js';

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
  /** The directory could not be read at all; the previous dataset (if any) stays. */
  readonly failed: boolean;
  /** How many data problems the read found (refused files, missing published years, files deleted since loaded). */
  readonly problems: number;
  readonly version: string | undefined;
}

/**
 * The one piece of mutable state in the service: the current dataset and its calendar (the
 * core, or whatever `build` makes of the dataset), replaced as a whole. A reload reads, validates
 * and builds off the request path and then swaps the reference in one assignment, so a request
 * that took the old calendar finishes on it and no answer mixes two datasets. Reloads never
 * overlap: one asked for while another runs is done once more after it.
 */
export class LiveDataset<Calendar = CalendarCore> {
  private state: { readonly dataset: Dataset; readonly calendar: Calendar } | undefined;
  private running: Promise<ReloadOutcome> | undefined;
  private again = false;
  private loggedProblems = '';
  private timer: NodeJS.Timeout | undefined;
  private watcher: FSWatcher | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private readonly listeners: ((outcome: ReloadOutcome, reason: string) => void)[] = [];

  constructor(
    readonly dir: string,
    private readonly build: CalendarBuild<Calendar>,
    private readonly log: DatasetLog = SILENT_LOG,
  ) {}

  /** Calls `listener` after every reload, changed or not (metrics count them). */
  onReload(listener: (outcome: ReloadOutcome, reason: string) => void): void {
    this.listeners.push(listener);
  }

  current(): Calendar | undefined {
    return this.state?.calendar;
  }

  dataset(): Dataset | undefined {
    return this.state?.dataset;
  }

  reload(reason: string): Promise<ReloadOutcome> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.reloadOnce(reason).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.reload('queued change');
      }
    });
    return this.running;
  }

  /** Starts noticing changes: a file-system watch, and a periodic check every `intervalSeconds` (0: none). */
  startWatching(intervalSeconds: number): void {
    if (intervalSeconds > 0) {
      this.timer = setInterval(() => void this.reload('periodic check'), intervalSeconds * 1000);
      this.timer.unref();
    }
    try {
      this.watcher = watch(this.dir, () => {
        // Editors and copies write in several steps; reload once the burst is over.
        clearTimeout(this.debounce);
        this.debounce = setTimeout(() => void this.reload('file change'), 200);
        this.debounce.unref();
      });
      this.watcher.on('error', (error) => {
        this.log.warn({ err: error, dir: this.dir }, 'watching the data directory failed; the periodic check still runs');
      });
      this.watcher.unref();
    } catch (error) {
      this.log.warn({ err: error, dir: this.dir }, 'cannot watch the data directory; the periodic check still runs');
    }
  }

  stopWatching(): void {
    clearInterval(this.timer);
    clearTimeout(this.debounce);
    this.watcher?.close();
  }

  /**
   * The first load, synchronously: a program that imports the calendar has it ready at once. (The
   * service loads asynchronously; later reloads always are.)
   */
  loadSync(reason: string): ReloadOutcome {
    if (this.running) throw new Error('a reload is running');
    let snapshot;
    try {
      snapshot = readDataDirectorySync(this.dir);
    } catch (error) {
      return this.unreadableDirectory(error, reason);
    }
    const { outcome, dataset } = this.examine(snapshot, reason);
    return dataset === undefined ? outcome : this.swap(dataset, this.build.now(dataset), outcome, reason);
  }

  private async reloadOnce(reason: string): Promise<ReloadOutcome> {
    let snapshot;
    try {
      snapshot = await readDataDirectory(this.dir);
    } catch (error) {
      return this.unreadableDirectory(error, reason);
    }
    const { outcome, dataset } = this.examine(snapshot, reason);
    // Built in slices: requests keep being answered, from the current calendar, meanwhile.
    return dataset === undefined ? outcome : this.swap(dataset, await this.build.inSlices(dataset), outcome, reason);
  }

  private unreadableDirectory(error: unknown, reason: string): ReloadOutcome {
    this.logProblemsOnChange([`${this.dir}: (directory): cannot be read (${error instanceof Error ? error.message : String(error)})`]);
    return this.report({ changed: false, failed: true, problems: 1, version: this.state?.dataset.version }, reason);
  }

  /**
   * Validates a read against the current dataset (a file whose text is unchanged is not validated
   * again): the dataset to swap in, or the outcome when nothing changed.
   */
  private examine(snapshot: DirectorySnapshot, reason: string): { outcome: ReloadOutcome; dataset: Dataset | undefined } {
    const previous = this.state;
    const dataset = assembleDataset(snapshot, previous?.dataset);
    this.logProblemsOnChange(dataset.problems.map(formatDataProblem));
    this.logMissingFilesOnChange(dataset.missingFiles, previous?.dataset.missingFiles ?? []);
    const problems = dataset.problems.length + dataset.missingFiles.length;
    const outcome = { changed: true, failed: false, problems, version: dataset.version };
    if (previous !== undefined && previous.dataset.version === dataset.version) {
      // The same data, so the same calendar; the dataset itself is the newer read (a file deleted
      // since, a text reformatted), which /readyz and /metrics report.
      this.state = { dataset, calendar: previous.calendar };
      return { outcome: this.report({ ...outcome, changed: false }, reason), dataset: undefined };
    }
    return { outcome, dataset };
  }

  /** The swap itself: one assignment, so that a request sees the old calendar or the new one, never a mix. */
  private swap(dataset: Dataset, calendar: Calendar, outcome: ReloadOutcome, reason: string): ReloadOutcome {
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
    return this.report(outcome, reason);
  }

  private report(outcome: ReloadOutcome, reason: string): ReloadOutcome {
    for (const listener of this.listeners) listener(outcome, reason);
    return outcome;
  }

  /**
   * Warns once about each file that went missing since it was loaded (its data is still served,
   * but would be lost at a restart), and notes when one is back.
   */
  private logMissingFilesOnChange(missing: readonly string[], before: readonly string[]): void {
    for (const file of missing) {
      if (!before.includes(file)) {
        this.log.warn({ dir: this.dir, file }, 'calendar data file missing: its last loaded data is still served, but a restart would lose it');
      }
    }
    for (const file of before) if (!missing.includes(file)) this.log.info({ dir: this.dir, file }, 'calendar data file back');
  }

  /** Logs the data problems when they differ from the last ones logged: once per change, not per check. */
  private logProblemsOnChange(problems: readonly string[]): void {
    const signature = problems.join('\n');
    if (signature === this.loggedProblems) return;
    if (problems.length === 0) this.log.info('data problems resolved');
    for (const problem of problems) this.log.error({ problem }, 'calendar data problem');
    this.loggedProblems = signature;
  }
}
