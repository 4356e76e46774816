import { after } from 'node:test';
import type { Logger } from 'pino';
import { pino } from 'pino';
import { readConfig } from 'china-holiday-calendar-service/internal/settings/config.js';
import { startService, type RunningService } from 'china-holiday-calendar-service/internal/process/server.js';

/**
 * The real service in this process, over a real socket (PORT=0, the periodic check off: the
 * file watch only), configured as by `env`; each is closed when the test file's tests end, or
 * earlier by its `close()` (which may be called twice).
 */
export function inProcessServices(): (env: Record<string, string>, logger?: Logger) => Promise<RunningService> {
  const started: (() => Promise<void>)[] = [];
  after(async () => {
    for (const close of started.reverse()) await close();
  });
  return async (env, logger = pino({ level: 'silent' })) => {
    const service = await startService(readConfig({ PORT: '0', RELOAD_INTERVAL_SECONDS: '0', ...env }), logger);
    let closed: Promise<void> | undefined;
    const close = (): Promise<void> => (closed ??= service.close());
    started.push(close);
    return { ...service, close };
  };
}
