import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or installed package) root: one level above `src/`, two above `dist/src/`. */
export const PACKAGE_ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/src/') ? '../../' : '../', import.meta.url));

export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
