/** The name of a year's file in a data folder (`2026.json`): the one place that spells it. */
export function yearFileName(year: number): string {
  return `${year}.json`;
}
