/** The jitter added to a poll: at most a tenth of the interval, and at most a second. */
const MAX_JITTER_MS = 1000;

/**
 * How long to wait for the next poll: to the next multiple of `intervalMs` on the wall clock (Unix
 * time), plus a small jitter (`random` in [0, 1)). Every reader of a fleet then asks its origin at
 * about the same moments, whenever each started, and the fleet changes datasets together: it
 * disagrees for at most one interval plus the jitter and a fetch.
 */
export function delayToNextPoll(nowMs: number, intervalMs: number, random: number): number {
  const jitter = Math.floor(random * Math.min(MAX_JITTER_MS, intervalMs / 10));
  return intervalMs - (nowMs % intervalMs) + jitter;
}
