import { fileURLToPath } from 'node:url';

/** The repository's root folder, where the test command runs. */
export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** The condition under which the workspace packages resolve to their TypeScript sources. */
export const SOURCE_CONDITION = '--conditions=@china-holiday-calendar/source';

/** The service's CLI, its TypeScript source. */
export const CLI_SOURCE = fileURLToPath(new URL('../../packages/service/src/cli.ts', import.meta.url));

/** Node arguments that run the service's CLI from its sources, as `npm run cli` does: append the command. */
export const SOURCE_CLI: readonly string[] = [SOURCE_CONDITION, '--import', 'tsx', CLI_SOURCE];
