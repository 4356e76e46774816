import { median } from './per-call.js';

/** A median with its spread over the rounds: `median (min-max)`. */
export function summary(values: readonly number[], digits: number): string {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return `${median(values).toFixed(digits)} (${low.toFixed(digits)}-${high.toFixed(digits)})`;
}

/** How a target is reported beside its figure. */
export function verdict(met: boolean): string {
  return met ? 'met' : 'NOT met';
}
