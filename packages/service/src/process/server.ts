import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { createServer } from 'node:net';
import { withPort, type Config, type OriginSettings } from '../settings/config.js';
import { LiveDataset } from '@china-holiday-calendar/core/answers/live-dataset.js';
import { folderSource } from '@china-holiday-calendar/core/dataset/folder-source.js';
import { ANSWER_BYTES_BUILD, type AnswerBytes } from '../http/operations/answer-bytes.js';
import { SERVER_LIMITS } from '../http/ops/app.js';
import { trackConnections } from '../http/ops/connections.js';
import { buildServiceApp, type ServiceStateSources } from './service-app.js';
import type { SyncSchedule } from '../sync/sync-schedule.js';
import { isWriterProcess } from './cluster.js';
import { fileSystemFolder } from '../data-folder/file-system-folder.js';
import { keepSealed, type SealKeeper } from '../writer/keep-sealed.js';

export interface RunningService {
  /** The configuration in effect (PORT=0 resolved to the bound port). */
  readonly config: Config;
  readonly app: FastifyInstance;
  readonly live: LiveDataset<AnswerBytes>;
  /** Sync inside the service, when SYNC_SOURCE is set (in the one process of the pod that syncs). */
  readonly sync: SyncSchedule | undefined;
  /** The address actually bound (useful with PORT=0). */
  readonly url: string;
  /**
   * Drains, then closes: stops accepting connections, answers what arrives on open ones with
   * `Connection: close`, closes each once it is quiet, and resolves when none is left.
   */
  close(): Promise<void>;
}

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  // Asynchronous destination: a log line never blocks the event loop on a slow stdout.
  return pino({ level: config.logLevel, base: { pid: process.pid } }, pino.destination({ sync: false }));
}

/** Where the answers come from, and what runs beside them: a local folder (and maybe a writer's sync and webhooks), or a reader's origin. */
interface DatasetRole {
  readonly live: LiveDataset<AnswerBytes>;
  readonly sources: ServiceStateSources;
  readonly sync: SyncSchedule | undefined;
  /** The first load, before the port opens. */
  load(): Promise<void>;
  /** Once listening: sync's first run. */
  started(): void;
  stop(): Promise<void>;
}

async function folderRole(config: Config, logger: Logger): Promise<DatasetRole> {
  const live = new LiveDataset(folderSource(config.dataDir), ANSWER_BYTES_BUILD, { log: logger });
  const folder = fileSystemFolder(config.dataDir);
  // No SYNC_SOURCE and no WEBHOOK_URLS: no writer, so the default configuration makes no request and
  // writes no file, and loads none of sync's modules (the importer, the HTML parser, the HTTP client
  // and the webhooks, a share of the start-up: BENCHMARKS.md).
  const writes = config.sync !== undefined || config.webhooks.urls.length > 0;
  const writer = writes ? await (await import('../writer/writer.js')).createWriter(config, folder, live, logger, isWriterProcess()) : undefined;
  let sealKeeper: SealKeeper | undefined;
  return {
    live,
    sources: { sync: writer?.syncState, webhooks: writer?.webhookCounts },
    sync: writer?.sync,
    async load() {
      // Synchronously: nothing is served before the port opens, and the folder read at once and
      // built in one go takes a start some 40 ms less than reads through the thread pool and a build
      // in slices (BENCHMARKS.md, "One bundle for the service"). Every later reload is asynchronous.
      live.loadSync('start');
      live.startWatching(config.reloadIntervalSeconds);
      // Its readers refuse an expired manifest: one process of the pod keeps it sealed.
      if (isWriterProcess()) {
        const publishing = { signingKey: config.signingKey, expiresSeconds: config.expiresSeconds };
        sealKeeper = await keepSealed(folder, publishing, () => live.dataset(), () => void live.reload('re-seal'), logger);
      }
    },
    started: () => writer?.start(),
    async stop() {
      sealKeeper?.stop();
      live.stopWatching();
      await writer?.stop();
    },
  };
}

/** A reader's modules (the origin's HTTP client among them) load only in a reader. */
async function readerRole(origin: OriginSettings, logger: Logger): Promise<DatasetRole> {
  const { followOrigin } = await import('../reader/follow-origin.js');
  const reader = followOrigin(origin, ANSWER_BYTES_BUILD, logger);
  return {
    live: reader.live,
    sources: { origin: () => reader.state() },
    sync: undefined,
    load: () => reader.start(),
    started: () => undefined,
    stop: () => reader.stop(),
  };
}

/**
 * Loads the dataset (its folder, or a reader's cache and origin), then listens. The service starts
 * even when no data can be read: it answers 503 (and /readyz says not ready) and keeps checking.
 */
export async function startService(requested: Config, logger: Logger = createLogger(requested)): Promise<RunningService> {
  // PORT=0 (any free port) is resolved first, so that the default DOCS_URL names the real port.
  const config = requested.port === 0 ? withPort(requested, await reservePort(requested.host)) : requested;
  const role = config.origin === undefined ? await folderRole(config, logger) : await readerRole(config.origin, logger);
  const { live } = role;
  const app = buildServiceApp(config, live, logger, role.sources);
  const connections = trackConnections(app.server);
  await role.load();
  try {
    await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  } catch (error) {
    await role.stop();
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const url = typeof address === 'object' && address !== null ? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}` : config.publicUrl;
  // A reader names what it uses: its origin and its cache (DATA_DIR, or none), never the bundled
  // folder that DATA_DIR's default would name.
  const data = config.origin === undefined ? { dataDir: config.dataDir } : { dataUrl: live.source.location, cacheDir: config.origin.cacheDir ?? null };
  logger.info({ url, ...data, docsUrl: config.docsUrl }, 'china calendar service listening');
  role.started();
  return {
    config,
    app,
    live,
    sync: role.sync,
    url,
    async close() {
      // The drain starts at once (requests in flight learn Connection: close); sync only stops scheduling.
      const drained = connections.drain(SERVER_LIMITS.drainQuietMs);
      await role.stop();
      await drained;
      await app.close();
    },
  };
}

/**
 * Runs until SIGTERM or SIGINT, then drains (see RunningService.close) and exits 0, or exits 1 at
 * SHUTDOWN_TIMEOUT_SECONDS if connections are still open. A repeated signal does not cut the
 * drain short (systemd signals every process of a cluster, and the primary signals its workers
 * too). SIGHUP reloads the data directory. The signal handlers are installed first, so a signal
 * during start-up stops the process too. A service that cannot listen exits 1.
 */
export async function runService(config: Config): Promise<void> {
  const logger = createLogger(config);
  // Set once listening; a signal before that exits at once (nothing is in flight yet).
  const running: { service?: RunningService } = {};
  let stopping = false;
  const exit = (code: number): never => {
    logger.flush();
    process.exit(code);
  };
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining connections');
    setTimeout(() => {
      logger.warn({ timeoutSeconds: config.shutdownTimeoutSeconds }, 'connections still open at the shutdown deadline; exiting');
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
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  // A reader polls its origin now; a service on a folder reads it again.
  process.on('SIGHUP', () => void running.service?.live.reload('SIGHUP'));
  try {
    running.service = await startService(config, logger);
  } catch (error) {
    // Exit explicitly: a cluster worker's channel to its primary would keep the process alive.
    logger.fatal({ err: error }, 'cannot start the service');
    exit(1);
  }
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
