import cluster from 'node:cluster';
import type { Config } from '../settings/config.js';
import { runPrimary } from '../process/cluster.js';
import { createLogger, runService } from '../process/server.js';

/** `serve`: the HTTP service, in this process or (WORKERS > 1) in a cluster of worker processes. */
export async function runServe(config: Config): Promise<void> {
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary(config, createLogger(config));
    return;
  }
  await runService(config);
}
