import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The core package's root, one level above this module whether it runs from `src/` or from `dist/`. */
const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The arrangements the project ships, in the format `docs/arrangement-format.md` describes. */
export const BUNDLED_DATA_DIR = join(PACKAGE_ROOT, 'data');
