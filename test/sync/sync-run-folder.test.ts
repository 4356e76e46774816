/**
 * A sync run works from one read of its data folder (the handle's snapshot): the years to check,
 * the canary and every year's file come from it, a publication reads only what it writes over,
 * and the dataset version reported is the folder's as the run left it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { readDataDirectory } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import type { DataFolder } from 'china-holiday-calendar-service/internal/data-folder/data-folder.js';
import { fileSystemFolder } from 'china-holiday-calendar-service/internal/data-folder/file-system-folder.js';
import { runSync } from 'china-holiday-calendar-service/internal/sync/sync-run.js';
import { dataCopies } from '../helpers/data-dir.js';
import { ANNUAL_2026, ANNUAL_2027, fakeGovCnOfFile } from '../helpers/fake-gov-cn.js';

const dataCopy = dataCopies();
const fake = await fakeGovCnOfFile();

/** The folder's handle, counting its whole reads and its publications. */
function counted(folder: DataFolder): { readonly folder: DataFolder; readonly snapshots: () => number; readonly publications: () => number } {
  let snapshots = 0;
  let publications = 0;
  return {
    folder: {
      ...folder,
      snapshot: () => {
        snapshots += 1;
        return folder.snapshot();
      },
      publishYear: (file, options) => {
        publications += 1;
        return folder.publishYear(file, options);
      },
    },
    snapshots: () => snapshots,
    publications: () => publications,
  };
}

describe("a sync run's data folder", () => {
  test('is read once in a run that checks three years and publishes one', async () => {
    fake.behave('normal');
    fake.list([ANNUAL_2026, ANNUAL_2027]);
    const dir = dataCopy();
    const handle = counted(fileSystemFolder(dir));
    const report = await runSync({
      folder: handle.folder,
      settings: { searchUrl: fake.searchUrl, crossCheckUrl: undefined, papersUrl: undefined, userAgent: undefined, runTimeoutSeconds: 60 },
      currentYear: 2026,
      limits: { timeoutMs: 2000, maxBytes: 2 * 1024 * 1024, retries: 0, backoffMs: 10, maxRequests: 60 },
    });
    assert.deepEqual(
      report.outcomes.map(({ year, outcome }) => [year, outcome]),
      [
        [2026, 'nothing-new'],
        [2027, 'published'],
      ],
    );
    assert.equal(handle.snapshots(), 1, 'one read of the whole folder');
    assert.equal(handle.publications(), 1);
    assert.equal(report.datasetVersion, assembleDataset(await readDataDirectory(dir)).version, 'the version of the folder as the run left it');
  });
});
