import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileSystemFolder, WRITER_STATE_FILE_NAME } from 'china-holiday-calendar-service/internal/data-folder/file-system-folder.js';
import { readWriterState, WriterState, type WriterStateData } from 'china-holiday-calendar-service/internal/writer/writer-state.js';
import { checkWriterStateFile as generatedCheck } from 'china-holiday-calendar-service/internal/writer/writer-state-validators.js';

/** The generated validator of the whole file, with the errors Ajv leaves on it. */
const checkWriterStateFile = generatedCheck as ((value: unknown) => boolean) & { errors?: unknown };

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function folderWith(state: string | undefined): ReturnType<typeof fileSystemFolder> {
  const dir = mkdtempSync(join(tmpdir(), 'writer-state-'));
  dirs.push(dir);
  if (state !== undefined) writeFileSync(join(dir, WRITER_STATE_FILE_NAME), state);
  return fileSystemFolder(dir);
}

interface Warning {
  readonly object: object;
  readonly message: string;
}

function recordingLog(): { warn(object: object, message: string): void; readonly warnings: Warning[] } {
  const warnings: Warning[] = [];
  return { warnings, warn: (object, message) => warnings.push({ object, message }) };
}

const event = { id: 'msg_1', type: 'calendar.year.published' as const, timestamp: '2026-11-01T00:00:00Z', data: { year: 2027, notices: [], datasetVersion: 'v1', changedDates: [] } };

/** A writer's state with every field set. */
const DATA: WriterStateData = {
  sync: {
    lastAttempt: '2026-11-01T00:00:00.000Z',
    lastSuccess: null,
    outcomes: [{ year: 2027, outcome: 'held' as const, detail: 'held for review', notices: [], findings: [], differences: [], changedDates: [] }],
  },
  heldEventsSent: ['msg_held'],
  announced: { '2026': { digest: 'abc', days: { '2026-01-01': 'rest' as const, '2026-01-04': 'work' as const }, notices: ['国务院办公厅关于2026年部分节假日安排的通知'] } },
  announcedVersion: 'sha256-version',
  transitions: 3,
  pending: [{ event, url: 'http://127.0.0.1:9/hook', attempts: 2 }],
  webhooks: { delivered: 5, failed: 1, failedAttempts: 4 },
};

/** The state file as a writer of the previous release wrote it (WriterState.update's JSON). */
const WRITTEN_BEFORE = { version: 1, ...DATA };

describe('the writer state file', () => {
  it('fits its generated format as the previous release wrote it, and reads the same', async () => {
    assert.equal(checkWriterStateFile(WRITTEN_BEFORE), true);
    const log = recordingLog();
    const state = await readWriterState(folderWith(JSON.stringify(WRITTEN_BEFORE)), log);
    assert.deepEqual(state, DATA);
    assert.deepEqual(log.warnings, []);
  });

  it('keeps the fields that fit when one does not, each bad field falling back to its empty value', async () => {
    const log = recordingLog();
    const bad = { ...WRITTEN_BEFORE, transitions: -2, webhooks: { delivered: 'five' }, heldEventsSent: ['msg_held', 7], pending: [{ url: 'http://x' }, ...DATA.pending] };
    const state = await readWriterState(folderWith(JSON.stringify(bad)), log);
    assert.ok(state !== undefined);
    assert.deepEqual(state.sync, WRITTEN_BEFORE.sync, 'the held notices survive');
    assert.deepEqual(state.announced, WRITTEN_BEFORE.announced);
    assert.equal(state.announcedVersion, WRITTEN_BEFORE.announcedVersion);
    assert.equal(state.transitions, 0, 'a negative counter is no counter');
    assert.deepEqual(state.webhooks, { delivered: 0, failed: 0, failedAttempts: 0 });
    assert.deepEqual(state.heldEventsSent, ['msg_held'], 'in a list only the bad item goes');
    assert.deepEqual(state.pending, WRITTEN_BEFORE.pending);
    assert.equal(log.warnings.length, 1);
    assert.match(log.warnings[0]?.message ?? '', /keeping the fields that do/);
  });

  it('drops a sync record without outcomes and an announcement of a bad shape, as before', async () => {
    const bad = { ...WRITTEN_BEFORE, sync: { lastAttempt: null }, announced: { '2026': { digest: 1 } }, announcedVersion: 4 };
    const state = await readWriterState(folderWith(JSON.stringify(bad)), recordingLog());
    assert.ok(state !== undefined);
    assert.equal(state.sync, undefined);
    assert.equal(state.announced, undefined);
    assert.equal(state.announcedVersion, null);
    assert.deepEqual(state.pending, WRITTEN_BEFORE.pending);
  });

  it('reads none from another version, from a file that is not JSON, or from no file', async () => {
    for (const text of [JSON.stringify({ ...WRITTEN_BEFORE, version: 2 }), '{"version": 1', '[1]']) {
      const log = recordingLog();
      assert.equal(await readWriterState(folderWith(text), log), undefined, text);
      assert.match(log.warnings[0]?.message ?? '', /unusable/);
    }
    assert.equal(await readWriterState(folderWith(undefined), recordingLog()), undefined);
  });

  it('writes a file that fits its format, and reads back what it wrote', async () => {
    const folder = folderWith(undefined);
    const state = await WriterState.load(folder, recordingLog());
    state.update(DATA);
    await state.close();
    const written: unknown = JSON.parse(readFileSync(join(folder.location, WRITER_STATE_FILE_NAME), 'utf8'));
    assert.equal(checkWriterStateFile(written), true, JSON.stringify(checkWriterStateFile.errors));
    assert.deepEqual(await readWriterState(folder, recordingLog()), DATA);
  });

  it('writes a fresh state (nothing announced, no sync yet) that fits its format', async () => {
    const folder = folderWith(undefined);
    const state = await WriterState.load(folder, recordingLog());
    state.update({ transitions: 1 });
    await state.close();
    const written: unknown = JSON.parse(readFileSync(join(folder.location, WRITER_STATE_FILE_NAME), 'utf8'));
    assert.equal(checkWriterStateFile(written), true, JSON.stringify(checkWriterStateFile.errors));
  });
});
