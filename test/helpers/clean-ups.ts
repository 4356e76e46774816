import { after } from 'node:test';

/** What a test file sets up and must undo: push each undoing (close an app, remove a folder). */
export interface CleanUps {
  push(...cleanUps: (() => unknown)[]): void;
}

/** The clean-ups of a test file, each run (and awaited), the last pushed first, when the file's tests end. */
export function cleanUpsOfFile(): CleanUps {
  const pushed: (() => unknown)[] = [];
  after(async () => {
    for (const cleanUp of pushed.reverse()) await cleanUp();
  });
  return {
    push: (...cleanUps) => {
      pushed.push(...cleanUps);
    },
  };
}
