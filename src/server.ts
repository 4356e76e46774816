import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { createServer } from 'node:net';
import { withPort, type Config } from './config.js';
import { LiveDataset } from './answers/live-dataset.js';
import { buildServiceApp } from './service-app.js';

export interface RunningService {
  /** The configuration in effect (PORT=0 resolved to the bound port). */
  readonly config: Config;
  readonly app: FastifyInstance;
  readonly live: LiveDataset;
  /** The address actually bound (useful with PORT=0). */
  readonly url: string;
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  // Asynchronous destination: a log line never blocks the event loop on a slow stdout.
  return pino({ level: config.logLevel, base: { pid: process.pid } }, pino.destination({ sync: false }));
}

/**
 * Loads the data directory, then listens. The service starts even when no data can be read: it
 * answers 503 (and /readyz says not ready) and keeps checking the directory.
 */
export async function startService(requested: Config, logger: Logger = createLogger(requested)): Promise<RunningService> {
  // PORT=0 (any free port) is resolved first, so that the default DOCS_URL names the real port.
  const config = requested.port === 0 ? withPort(requested, await reservePort(requested.host)) : requested;
  const live = new LiveDataset(config.dataDir, logger);
  const app = buildServiceApp(config, live, logger);
  await live.reload('start');
  live.startWatching(config.reloadIntervalSeconds);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const url = typeof address === 'object' && address !== null ? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}` : config.publicUrl;
  logger.info({ url, dataDir: config.dataDir, docsUrl: config.docsUrl }, 'china calendar service listening');
  return {
    config,
    app,
    live,
    url,
    async close() {
      live.stopWatching();
      await app.close();
    },
  };
}

/**
 * Runs until SIGTERM or SIGINT: then stops accepting connections, lets requests in flight finish
 * (for at most SHUTDOWN_TIMEOUT_SECONDS), and exits. SIGHUP reloads the data directory. The
 * signal handlers are installed first, so a signal during start-up stops the process too.
 */
export async function runService(config: Config): Promise<void> {
  const logger = createLogger(config);
  // Set once listening; a signal before that exits at once (nothing is in flight yet).
  const running: { service?: RunningService } = {};
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const exit = (code: number): never => {
      logger.flush();
      process.exit(code);
    };
    setTimeout(() => {
      logger.warn({ timeoutSeconds: config.shutdownTimeoutSeconds }, 'requests still in flight at the shutdown deadline; exiting');
      exit(1);
    }, config.shutdownTimeoutSeconds * 1000).unref();
    (running.service?.close() ?? Promise.resolve()).then(
      () => exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  process.on('SIGHUP', () => void running.service?.live.reload('SIGHUP'));
  running.service = await startService(config, logger);
}

/** A port free on `host` right now (the kernel picks it), for PORT=0. */
function reservePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
  });
}
