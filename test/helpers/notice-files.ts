import { fileURLToPath } from 'node:url';

/** An official notice's text file (test/fixtures/notices/), e.g. `2026-annual.txt`. */
export function officialNotice(name: string): string {
  return fileURLToPath(new URL(`../fixtures/notices/${name}`, import.meta.url));
}

const synthetic = (name: string): string => fileURLToPath(new URL(`../fixtures/synthetic/${name}`, import.meta.url));

/** The synthetic notices of an unpublished year (test/fixtures/synthetic/README.md): 2027's annual notice. */
export const SYNTHETIC_2027 = synthetic('2027-annual.txt');
/** The 2027 notice with a make-up working day far from its holiday, which the whole-year rules question. */
export const SYNTHETIC_2027_FAR = synthetic('2027-annual-far-make-up-day.txt');
/** A notice amending 2027's Labour Day holiday. */
export const SYNTHETIC_2027_AMENDMENT = synthetic('2027-labor-day-amendment.txt');
