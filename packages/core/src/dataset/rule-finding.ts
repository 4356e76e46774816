/**
 * A rule of the arrangement format that a file breaks: the field, the entries it concerns (as
 * indexes into `entries`) and why. The loader reports it as `file: field: reason`; the importer
 * quotes the notice lines those entries came from.
 */
export interface RuleFinding {
  readonly field: string;
  readonly entries: readonly number[];
  readonly reason: string;
}
