import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How long after it starts listening a service gives its start's memory back (releaseStartUpMemory):
 * after the first requests a new replica receives (its probes, the first answers), before it is
 * long at rest.
 */
export const START_UP_MEMORY_DELAY_MS = 500;

/** What one release gave back, for the log. */
export interface ReleasedMemory {
  readonly youngGenerationBefore: number;
  readonly youngGenerationAfter: number;
  readonly milliseconds: number;
}

/** V8's garbage collection function with the options of its `gc` extension. */
type GarbageCollection = (options: { readonly type: 'major'; readonly execution: 'sync'; readonly flavor: 'last-resort' }) => void;

/**
 * Gives back the memory the start grew and no longer needs. Building the answers (every day's
 * JSON, the tables) keeps many young objects alive, so V8 grows its young generation to its
 * largest, 16 MB on 64-bit, and keeps it at that size while the process is idle: most of what a
 * started service held above a minimal Fastify app at rest (docs/operators.md, Memory stays
 * bounded). One memory-reducing collection (V8's last-resort kind: full collections until nothing
 * more is freed) shrinks it back, about 12 MB of resident memory, for about 50 ms once. Load grows
 * it again as it needs.
 *
 * The collection is reached the only way Node offers one: the `gc` function V8 puts in a new
 * context while --expose-gc is set, then unset, so nothing else ever sees it. Node 20's V8 knows
 * no last-resort kind: there it is one ordinary collection, and the young generation stays.
 */
export function releaseStartUpMemory(): ReleasedMemory {
  const started = performance.now();
  const youngGenerationBefore = youngGenerationSize();
  setFlagsFromString('--expose-gc');
  try {
    const collect = runInNewContext('gc') as GarbageCollection;
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return { youngGenerationBefore, youngGenerationAfter: youngGenerationSize(), milliseconds: performance.now() - started };
}

/** Bytes the young generation holds from the system now. */
export function youngGenerationSize(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}
