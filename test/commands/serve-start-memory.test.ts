import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PATH_PREFIX } from '../helpers/design-rules.js';
import { answers, startServiceProcess } from '../helpers/service-process.js';

/*
 * What docs/operators.md promises of a started service's memory: half a second after it listens,
 * it gives back the young generation its start grew (process/start-up-memory.ts), says so in its
 * log, and answers on. Node 20's V8 cannot shrink it: there the line says so by its figures.
 */

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

describe('serve: the memory of the start, given back', () => {
  it('logs the young generation before and after, once, after listening, and answers on', async () => {
    const service = await startServiceProcess();
    const [line = ''] = await service.logged(/start-up memory given back/, 1, 10_000);
    const logged = JSON.parse(line) as { youngGenerationMb: number; beforeMb: number; ms: number };
    assert.ok(logged.beforeMb > 0 && logged.ms >= 0, line);
    if (NODE_MAJOR >= 22) assert.ok(logged.youngGenerationMb <= 1 && logged.youngGenerationMb < logged.beforeMb, line);
    else assert.ok(logged.youngGenerationMb <= logged.beforeMb, line);
    const output = service.output();
    assert.ok(output.indexOf('service listening') < output.indexOf('start-up memory given back'), 'after listening');
    assert.equal(await answers(service.port, `${PATH_PREFIX.getDateStatus}2024-10-01`), 200);
    service.signal('SIGTERM');
    assert.deepEqual(await service.exited, { code: 0, signal: null });
    assert.equal(service.output().split('start-up memory given back').length - 1, 1, 'once');
  });
});
