import { readFileSync } from 'node:fs';

/** The service's version, from its package.json (one level above this module in `src/` and in `dist/`). */
export const SERVICE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
