import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.js';

/** A worker that dies sooner than this after its start is not restarted again at once. */
const RESTART_BACKOFF_MS = 1000;

/**
 * The primary of `WORKERS=N`: forks N workers that share the listening port (the primary hands
 * out connections round-robin), restarts a worker that dies, forwards SIGHUP (reload) to every
 * worker, and on SIGTERM or SIGINT asks every worker to finish its requests in flight and exits
 * once all have.
 */
export function runPrimary(config: Config, logger: Logger): void {
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = (): void => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) {
        logger.info('all workers stopped');
        logger.flush();
        process.exit(0);
      }
      return;
    }
    logger.error({ workerPid: worker.process.pid, code, signal }, 'worker exited; starting another');
    setTimeout(fork, lived < RESTART_BACKOFF_MS ? RESTART_BACKOFF_MS : 0);
  });
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: startedAt.size }, 'shutting down workers: finishing requests in flight');
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.on('SIGHUP', () => {
    for (const worker of startedAt.keys()) worker.process.kill('SIGHUP');
  });
  logger.info({ workers: config.workers }, 'starting workers');
  for (let index = 0; index < config.workers; index++) fork();
}
