/** One reason a data file cannot be used: which file, which field, and why, in words. */
export interface DataProblem {
  readonly file: string;
  readonly field: string;
  readonly reason: string;
}

export function formatDataProblem(problem: DataProblem): string {
  return `${problem.file}: ${problem.field}: ${problem.reason}`;
}
