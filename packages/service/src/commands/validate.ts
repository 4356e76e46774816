import type { Writable } from 'node:stream';
import { assembleDataset } from '@china-holiday-calendar/core/dataset/assemble-dataset.js';
import { formatDataProblem } from '@china-holiday-calendar/core/dataset/data-problem.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { print } from './terminal-text.js';
import { messageOf } from '@china-holiday-calendar/core/message-of.js';

/** `validate [dir]`: every problem as a `file: field: reason` line; exit 1 if there is any. */
export async function runValidate(dir: string, out: Writable, err: Writable): Promise<number> {
  let snapshot;
  try {
    snapshot = await folderSource(dir).read();
  } catch (error) {
    print(err, `${dir}: (directory): cannot be read (${messageOf(error)})\n`);
    return 1;
  }
  const dataset = assembleDataset(snapshot);
  for (const problem of dataset.problems) print(err, `${formatDataProblem(problem)}\n`);
  if (dataset.problems.length > 0) return 1;
  const years = dataset.publishedYears;
  print(out, 
    `${dir}: ok: ${years.length} published years${years.length > 0 ? ` (${years[0]}..${years.at(-1)})` : ''}, datasetVersion ${dataset.version}\n`,
  );
  return 0;
}
