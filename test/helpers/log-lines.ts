import { Writable } from 'node:stream';
import { pino, type Level, type Logger } from 'pino';

/** A logger at `level` (info by default) whose lines, JSON texts in order, a test reads in `lines`. */
export function collectingLogger(level: Level = 'info'): { readonly logger: Logger; readonly lines: string[] } {
  const lines: string[] = [];
  const logger = pino(
    { level },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  return { logger, lines };
}
