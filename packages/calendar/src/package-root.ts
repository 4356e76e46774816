import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's root, one level above this module whether it runs from `src/` or from `dist/`. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The arrangements the package ships, in the format `docs/arrangement-format.md` describes. */
export const BUNDLED_DATA_DIR = join(PACKAGE_ROOT, 'data');
