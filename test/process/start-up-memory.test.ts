import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import { releaseStartUpMemory, youngGenerationSize } from 'china-holiday-calendar-service/internal/process/start-up-memory.js';

/*
 * The memory a start grows and gives back (process/start-up-memory.ts): V8's young generation,
 * grown by many young objects that live (as building the answers makes them), shrunk by one
 * memory-reducing collection. Node 20's V8 has no such collection: there only that it runs.
 */

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

describe('the start-up memory release', () => {
  it('shrinks a grown young generation to its least (Node 22+), and leaves no gc function behind', () => {
    // Young objects that survive scavenge after scavenge: V8 doubles the young generation for them.
    let kept: { readonly at: number }[][] = [];
    for (let round = 0; round < 60; round++) kept.push(Array.from({ length: 50_000 }, (_, at) => ({ at })));
    assert.ok(kept.length === 60 && youngGenerationSize() > 2 * 1024 * 1024, `the young generation grew: ${youngGenerationSize()} bytes`);
    kept = [];

    const released = releaseStartUpMemory();
    assert.ok(released.milliseconds >= 0);
    if (NODE_MAJOR >= 22) {
      assert.ok(released.youngGenerationAfter <= 1024 * 1024, `at most 1 MB after: ${released.youngGenerationAfter}`);
      assert.ok(released.youngGenerationAfter < released.youngGenerationBefore, `${released.youngGenerationBefore} to ${released.youngGenerationAfter}`);
    }
    assert.equal(released.youngGenerationAfter, youngGenerationSize());
    // --expose-gc is unset again: a context made afterwards has no gc, nor has this one.
    assert.equal(runInNewContext('typeof gc'), 'undefined');
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  });
});
