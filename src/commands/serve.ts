import type { Config } from '../config.js';
import { runService } from '../server.js';

/** `serve`: the HTTP service in this process. */
export async function runServe(config: Config): Promise<void> {
  await runService(config);
}
