/**
 * Child-process script of the time-zone test (whole-dataset.test.ts): builds the bundled index
 * and prints, as one JSON line, the digest of its answers together with the process's idea of
 * its local time zone, so that the test can check the TZ variable took effect.
 */
import { loadBundledViews } from '../helpers/bundled-dataset.js';
import { answersDigest } from './answers-digest.js';

const index = await loadBundledViews();
process.stdout.write(
  `${JSON.stringify({
    digest: answersDigest(index),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    januaryOffsetMinutes: new Date(2020, 0, 1).getTimezoneOffset(),
  })}\n`,
);
