import { readFileSync } from 'node:fs';

/** The service's version, from its package.json (two levels above this module in `src/settings/` and in `dist/settings/`). */
export const SERVICE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
