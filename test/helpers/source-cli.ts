import { fileURLToPath } from 'node:url';

/** The repository's root folder, where the test command runs. */
export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** The condition under which the workspace packages resolve to their TypeScript sources. */
export const SOURCE_CONDITION = '--conditions=@china-holiday-calendar/source';

/** The service's CLI, its TypeScript source. */
export const CLI_SOURCE = fileURLToPath(new URL('../../packages/service/src/cli.ts', import.meta.url));
