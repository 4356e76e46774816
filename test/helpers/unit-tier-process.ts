/**
 * One process of `npm run test:unit` (scripts/run-tests.ts): it asks the runner for a test file,
 * loads it, waits until the file's tests have run, and asks again, until the runner has none left.
 * Many files share this process, so a file pays only for its own tests, not for starting Node and
 * loading the sources again; and files are handed out one at a time, so the processes stay busy
 * until the end whatever each file costs.
 */
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

/** The next file to run, or '' when there is none left. */
function nextFile(): Promise<string> {
  return new Promise((resolve) => {
    process.once('message', (file: string) => resolve(file));
    process.send?.('next');
  });
}

for (let file = await nextFile(); file !== ''; file = await nextFile()) {
  await import(pathToFileURL(file).href);
  // Top-level tests run one after another, in the order they were declared: this one runs when
  // every test of the file has.
  await new Promise<void>((resolve) => void test(`(${file} done)`, () => resolve()));
}
process.disconnect();
