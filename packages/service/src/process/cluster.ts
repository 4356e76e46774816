import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../settings/config.js';

/** Set by the primary on the one worker that syncs and sends webhooks. */
const WRITER_WORKER_ENV = 'CHINA_CALENDAR_WRITER_WORKER';

/** Whether this process is the one of its pod that syncs and sends webhooks: the only process, or the worker the primary chose. */
export function isWriterProcess(): boolean {
  return !cluster.isWorker || process.env[WRITER_WORKER_ENV] === '1';
}

/** A worker that dies sooner than this after its start is not restarted again at once. */
const RESTART_BACKOFF_MS = 1000;

/** How much longer than SHUTDOWN_TIMEOUT_SECONDS the primary waits for its workers to exit. */
const WORKER_EXIT_MARGIN_MS = 2000;

/**
 * The primary of `WORKERS=N`: forks N workers that share the listening socket, one of them (and
 * the replacement of that one) the pod's writer, the only process that syncs and sends webhooks;
 * restarts a worker that dies, forwards SIGHUP (reload) to every worker, and on SIGTERM or SIGINT has every worker
 * drain and exits once all have (1 if one of them had to cut connections at its deadline). If a
 * worker exits before it could listen (the port is taken, the address is wrong), nothing would
 * ever answer: the primary stops the others and exits 1.
 */
export function runPrimary(config: Config, logger: Logger): void {
  // Each worker accepts its connections itself from the shared socket. With the default
  // round-robin the primary accepts them and hands each one over, and one handed to a worker that
  // has just died stays with the primary, its client waiting (a known limitation of node:cluster).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let exitCode = 0;
  const startedAt = new Map<Worker, number>();
  const listening = new Set<Worker>();
  let writer: Worker | undefined;
  const exit = (): never => {
    logger.flush();
    process.exit(exitCode);
  };
  const fork = (): void => {
    if (stopping) return;
    const isWriter = writer === undefined;
    const worker = cluster.fork(isWriter ? { [WRITER_WORKER_ENV]: '1' } : {});
    if (isWriter) writer = worker;
    startedAt.set(worker, Date.now());
  };
  const stop = (reason: string, code: number): void => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    logger.info({ reason, workers: startedAt.size }, 'shutting down workers: draining connections');
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      logger.warn({ workers: startedAt.size }, 'workers still running past the shutdown deadline; killing them');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      exitCode = 1;
      exit();
    }, config.shutdownTimeoutSeconds * 1000 + WORKER_EXIT_MARGIN_MS).unref();
    if (startedAt.size === 0) exit();
  };

  cluster.on('listening', (worker) => listening.add(worker));
  cluster.on('exit', (worker, code) => {
    // null when the worker exited on its own (the 'exit' event's own argument is typed a string).
    const signal = worker.process.signalCode;
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (worker === writer) writer = undefined;
    const listened = listening.delete(worker);
    if (stopping) {
      if (signal !== null || code !== 0) exitCode = 1;
      if (startedAt.size === 0) {
        logger.info({ exitCode }, 'all workers stopped');
        exit();
      }
      return;
    }
    // Killed by a signal (the OOM killer, kill -9) is a crash to recover from; failing on its own
    // before listening is a start that cannot succeed, and restarting it would loop forever.
    if (!listened && signal === null && code !== 0) {
      logger.fatal({ workerPid: worker.process.pid, code }, 'a worker exited before it could listen; stopping');
      stop('a worker could not start', 1);
      return;
    }
    logger.error({ workerPid: worker.process.pid, code, signal }, 'worker exited; starting another');
    setTimeout(fork, lived < RESTART_BACKOFF_MS ? RESTART_BACKOFF_MS : 0);
  });
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('SIGHUP', () => {
    for (const worker of startedAt.keys()) worker.process.kill('SIGHUP');
  });
  logger.info({ workers: config.workers }, 'starting workers');
  for (let index = 0; index < config.workers; index++) fork();
}
