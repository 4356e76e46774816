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
  /** Set when the problem is a finding of a whole-year rule (10-12), which a person may accept by this id. */
  readonly finding?: string;
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
 * the line walker catches it and turns it into an ImportProblem that quotes the line.
 */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
}
