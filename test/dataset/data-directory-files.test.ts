import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { MAX_DATA_FILE_BYTES, readDataDirectory, readDataDirectorySync, type DirectorySnapshot } from '@china-holiday-calendar/core/dataset/read-data-directory.js';
import { sha256Hex } from '@china-holiday-calendar/core/dataset/file-digest.js';
import { dataCopies } from '../helpers/data-dir.js';
import { reseal } from '../helpers/sealed-data.js';

/*
 * What the loader reads from a data directory (docs/operators.md, "The data, and publishing a new year"):
 * regular files only, links followed, at most MAX_DATA_FILE_BYTES of each, and never a read that
 * waits. Real special files: a FIFO made by mkfifo, a listening Unix socket, a directory, a link
 * to /dev/zero, a sparse 1 GiB file, a link to a file the kernel makes up as it is read.
 */

const dataCopy = dataCopies();
const servers: Server[] = [];
after(() => {
  for (const server of servers) server.close();
});

/** Bytes this process has read through read(2) so far (Linux). */
function bytesReadSoFar(): number {
  const match = /^rchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'));
  return Number(match?.[1]);
}

/** The problems assembling a read finds, as `validate` prints them. */
function problemsOf(snapshot: DirectorySnapshot): string[] {
  return assembleDataset(snapshot).problems.map(formatDataProblem);
}

/** Both readers on `dir`, each with the bytes it read; the synchronous one's count is exact. */
async function readBoth(dir: string): Promise<{ sync: string[]; async: string[]; syncBytesRead: number }> {
  const before = bytesReadSoFar();
  const sync = problemsOf(readDataDirectorySync(dir));
  const syncBytesRead = bytesReadSoFar() - before;
  return { sync, async: problemsOf(await readDataDirectory(dir)), syncBytesRead };
}

function replaceWith(dir: string, fileName: string, make: (path: string) => void): void {
  const path = join(dir, fileName);
  rmSync(path);
  make(path);
}

async function listenOn(path: string): Promise<void> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
}

describe('the data directory: only regular files are read', () => {
  it('a FIFO, a socket, a directory and a link to /dev/zero are each that year’s problem, found without waiting or reading', async () => {
    const dir = dataCopy();
    replaceWith(dir, '2024.json', (path) => execFileSync('mkfifo', [path]));
    rmSync(join(dir, '2023.json'));
    await listenOn(join(dir, '2023.json'));
    replaceWith(dir, '2022.json', (path) => mkdirSync(path));
    replaceWith(dir, '2021.json', (path) => symlinkSync('/dev/zero', path));
    replaceWith(dir, 'manifest.json', (path) => execFileSync('mkfifo', [path]));

    const { sync, async, syncBytesRead } = await readBoth(dir);
    const expected = [
      '2021.json: (file): cannot be read (a character device, not a regular file)',
      '2022.json: (file): cannot be read (a directory, not a regular file)',
      '2023.json: (file): cannot be read (a socket, not a regular file)',
      '2024.json: (file): cannot be read (a FIFO, not a regular file)',
      'manifest.json: (file): cannot be read (a FIFO, not a regular file)',
    ];
    for (const problems of [sync, async]) assert.deepEqual(problems.filter((line) => line.includes('regular')).sort(), expected, problems.join('\n'));
    // The good files, a few KB each, and nothing of /dev/zero.
    assert.ok(syncBytesRead < 200_000, `${syncBytesRead} bytes read`);
  });

  it('a year file that becomes a FIFO between two reads is refused, and the last good copy kept', async () => {
    const dir = dataCopy();
    const good = assembleDataset(await readDataDirectory(dir));
    replaceWith(dir, '2024.json', (path) => execFileSync('mkfifo', [path]));
    const kept = assembleDataset(await readDataDirectory(dir), good);
    assert.equal(kept.version, good.version);
    assert.equal(kept.arrangements.get(2024), good.arrangements.get(2024));
    assert.deepEqual(kept.problems.map(formatDataProblem), ['2024.json: (file): cannot be read (a FIFO, not a regular file)']);
  });
});

describe('the data directory: the size limit', () => {
  it(`reads a file of exactly ${MAX_DATA_FILE_BYTES} bytes; refuses one byte more, and a sparse 1 GiB file, unread`, async () => {
    const dir = dataCopy();
    // Valid JSON padded with spaces: the limit, not the content, decides.
    const padTo = (fileName: string, bytes: number): void => {
      const text = readFileSync(join(dir, fileName));
      writeFileSync(join(dir, fileName), Buffer.concat([text, Buffer.alloc(bytes - text.length, ' ')]));
    };
    padTo('2024.json', MAX_DATA_FILE_BYTES);
    // Its padded bytes are the ones the manifest publishes.
    reseal(dir);
    padTo('2023.json', MAX_DATA_FILE_BYTES + 1);
    const sparse = openSync(join(dir, '2022.json'), 'w');
    closeSync(sparse);
    execFileSync('truncate', ['-s', '1G', join(dir, '2022.json')]);
    assert.ok(statSync(join(dir, '2022.json')).blocks < 16, 'the 1 GiB file is sparse');

    const { sync, async, syncBytesRead } = await readBoth(dir);
    for (const problems of [sync, async]) {
      assert.deepEqual(problems.sort(), [
        `2022.json: (file): cannot be read (1073741824 bytes, over the 1 MiB limit of a data file)`,
        `2023.json: (file): cannot be read (${MAX_DATA_FILE_BYTES + 1} bytes, over the 1 MiB limit of a data file)`,
      ]);
    }
    assert.ok(syncBytesRead < MAX_DATA_FILE_BYTES + 200_000, `${syncBytesRead} bytes read: the 1 MiB file, the small ones, nothing of the refused`);
    assert.ok(assembleDataset(readDataDirectorySync(dir)).arrangements.has(2024), 'the file at the limit is used');
  });

  it('stops at the limit when a file gives more than its size says (a link to /proc/kallsyms: size 0, megabytes when read)', async (t) => {
    if (!existsSync('/proc/kallsyms') || readFileSync('/proc/kallsyms').length <= MAX_DATA_FILE_BYTES) {
      t.skip('no /proc/kallsyms larger than the limit here');
      return;
    }
    const dir = dataCopy();
    replaceWith(dir, '2024.json', (path) => symlinkSync('/proc/kallsyms', path));
    const { sync, async, syncBytesRead } = await readBoth(dir);
    for (const problems of [sync, async]) assert.deepEqual(problems, ['2024.json: (file): cannot be read (gave more than the 1 MiB limit of a data file when read)']);
    assert.ok(syncBytesRead < MAX_DATA_FILE_BYTES + 200_000, `${syncBytesRead} bytes read`);
  });
});

describe('the data directory: links', () => {
  it('follows links (a Kubernetes ConfigMap’s layout), and reports a dangling one as unreadable', async () => {
    const dir = dataCopy();
    const configMap = dataCopy();
    // As the kubelet mounts a ConfigMap: the files in a timestamped directory, `..data` linking to
    // it, and each key a link through `..data`.
    const version = join(configMap, '..2026_11_24_21_00_00.000000001');
    mkdirSync(version);
    for (const name of ['2023.json', '2024.json', 'manifest.json']) {
      renameSync(join(configMap, name), join(version, name));
      symlinkSync(join('..data', name), join(configMap, name));
    }
    symlinkSync('..2026_11_24_21_00_00.000000001', join(configMap, '..data'));
    replaceWith(configMap, '2025.json', (path) => symlinkSync('..data/2025.json', path));

    const plain = assembleDataset(await readDataDirectory(dir));
    for (const dataset of [assembleDataset(await readDataDirectory(configMap)), assembleDataset(readDataDirectorySync(configMap))]) {
      assert.deepEqual(dataset.problems.map(formatDataProblem), ['2025.json: (file): cannot be read (ENOENT)']);
      assert.deepEqual([...dataset.arrangements.keys()], [...plain.arrangements.keys()].filter((year) => year !== 2025));
      assert.deepEqual(dataset.arrangements.get(2024), plain.arrangements.get(2024));
    }
  });
});

describe('the data directory: text', () => {
  it('a file that is not UTF-8 is refused unread as text; a byte-order mark is kept, so the text gives back the bytes its digest was taken of', async () => {
    const dir = dataCopy();
    const text2024 = readFileSync(join(dir, '2024.json'));
    assert.notEqual(text2024[0], 0xef);
    // The JSON with a Latin-1 é in a note: valid JSON, but not UTF-8.
    writeFileSync(join(dir, '2023.json'), Buffer.concat([Buffer.from('{"note": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]));
    writeFileSync(join(dir, '2024.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text2024]));
    reseal(dir);
    const { sync, async } = await readBoth(dir);
    for (const problems of [sync, async]) assert.ok(problems.includes('2023.json: (file): cannot be read (not UTF-8 text)'), problems.join('\n'));
    for (const snapshot of [readDataDirectorySync(dir), await readDataDirectory(dir)]) {
      const read = snapshot.yearFiles.find((file) => file.year === 2024);
      assert.ok(read !== undefined && 'text' in read && read.text.startsWith('\uFEFF'));
      assert.equal(sha256Hex(read.text), sha256Hex(readFileSync(join(dir, '2024.json'))), 'the digest of the text is the digest of the bytes');
    }
  });
});
