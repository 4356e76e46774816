import type { SourceLine } from './normalize-text.js';

/**
 * The importer refuses rather than guesses: every problem names the input line(s) it comes from
 * and quotes them as written, so that a person can find and fix the notice text.
 */
export interface ImportProblem {
  /** 1-based line number in the imported text. */
  readonly firstLine: number;
  readonly lastLine: number;
  readonly reason: string;
  /** The offending line(s) as written (trimmed). */
  readonly quote: string;
  /**
   * Set when the problem is a finding of a whole-year rule (10-12), which a person may accept by
   * its id: the finding's own reason, without the advice on accepting it that `reason` adds.
   */
  readonly finding?: { readonly id: string; readonly reason: string };
}

export function formatProblem(problem: ImportProblem): string {
  const where =
    problem.firstLine === problem.lastLine
      ? `line ${problem.firstLine}`
      : `lines ${problem.firstLine}-${problem.lastLine}`;
  return `${where}: ${problem.reason}: «${problem.quote}»`;
}

export class ImportError extends Error {
  override readonly name: string = 'ImportError';
  readonly problems: readonly ImportProblem[];

  constructor(problems: readonly ImportProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.problems = problems;
  }
}

/**
 * Raised below the line level (date tokens, clauses, entry rules), where the line is not known;
 * the stage that holds the line catches it (ProblemLog.reading) and records it quoting the line.
 */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
}

/** Messages quote at most this many characters of a clause or line: enough to find it, never a megabyte. */
const QUOTE_LIMIT = 300;

export function shortened(text: string): string {
  return text.length <= QUOTE_LIMIT ? text : `${text.slice(0, QUOTE_LIMIT)}…`;
}

/** A problem quoting `lines` (the first and last give its line numbers). */
export function problemAt(lines: readonly SourceLine[], reason: string): ImportProblem {
  const first = lines[0];
  const last = lines[lines.length - 1];
  return {
    firstLine: first?.number ?? 0,
    lastLine: last?.number ?? 0,
    reason,
    quote: lines.map((line) => shortened(line.raw)).join(' ⏎ '),
  };
}

/**
 * The problems found so far, collected across the stages of the import so that a person sees
 * every problem of a notice at once rather than one per try. Each stage records what it refuses
 * here and goes on where it can; the pipeline stops between stages once a later stage could only
 * repeat or compound what is recorded.
 */
export class ProblemLog {
  readonly #problems: ImportProblem[] = [];

  get problems(): readonly ImportProblem[] {
    return this.#problems;
  }

  get count(): number {
    return this.#problems.length;
  }

  add(problem: ImportProblem): void {
    this.#problems.push(problem);
  }

  /** Records a problem quoting `lines`. */
  at(lines: readonly SourceLine[], reason: string): void {
    this.#problems.push(problemAt(lines, reason));
  }

  /**
   * Runs a reading of `lines` that refuses by throwing a Refusal; the refusal is recorded,
   * quoting the lines, and the result is undefined. Any other error is a bug and passes through.
   */
  reading<T>(lines: readonly SourceLine[], read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.at(lines, error.message);
      return undefined;
    }
  }

  /** Ends the import with every problem recorded, if there is any. */
  stopIfAny(): void {
    if (this.#problems.length > 0) throw new ImportError(this.#problems);
  }

  /** Ends the import with every problem recorded. */
  stop(): never {
    throw new ImportError(this.#problems);
  }
}
