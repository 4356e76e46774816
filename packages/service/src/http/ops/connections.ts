import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** How often a draining server looks for connections that have gone quiet. */
const SWEEP_INTERVAL_MS = 100;

/**
 * The response Node's HTTP server is computing or sending on a connection, if any (Node detaches
 * it once its last byte is handed to the kernel). Node's own closeIdleConnections and default
 * clientError handler read the same property; it has no public equivalent.
 */
export function responseUnderWay(socket: Duplex): ServerResponse | undefined {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

export interface ConnectionDrain {
  /**
   * Stops accepting connections, then closes every open one without losing a request: each
   * answer from now on says `Connection: close` and its connection closes after it, and a
   * connection with no answer under way is closed once nothing has arrived on it for `quietMs`.
   * Resolves when no connection is left.
   */
  drain(quietMs: number): Promise<void>;
}

/**
 * Follows the connections of `server` (one listener per connection, nothing per request) so that
 * they can be drained. Node's own server.close() destroys at once every connection it deems idle,
 * including one whose next request is already in its receive buffer or on the wire: that request
 * is lost to a reset. Here a connection is idle only after it has stayed quiet.
 */
export function trackConnections(server: Server): ConnectionDrain {
  const open = new Set<Socket>();
  let whenNoneLeft: (() => void) | undefined;
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0) whenNoneLeft?.();
    });
  });

  return {
    drain(quietMs) {
      server.prependListener('request', closeAfterAnswer);
      // http.Server#close would also destroy the connections it deems idle: stop listening only,
      // after one more I/O phase has taken the connections already in the kernel's accept queue
      // (closing the listening socket resets them).
      setImmediate(() => NetServer.prototype.close.call(server));
      for (const socket of open) {
        const response = responseUnderWay(socket);
        if (response !== undefined && !response.headersSent) response.setHeader('connection', 'close');
      }
      return new Promise((resolve) => {
        if (open.size === 0) {
          resolve();
          return;
        }
        const lastActivity = new WeakMap<Socket, { bytesRead: number; at: number }>();
        const sweep = (): void => {
          const now = performance.now();
          for (const socket of open) {
            const seen = lastActivity.get(socket);
            if (seen === undefined || seen.bytesRead !== socket.bytesRead || isBusy(socket)) {
              lastActivity.set(socket, { bytesRead: socket.bytesRead, at: now });
            } else if (now - seen.at >= quietMs) {
              closeIfStillQuiet(socket);
            }
          }
        };
        const sweeps = setInterval(sweep, SWEEP_INTERVAL_MS);
        sweep();
        whenNoneLeft = () => {
          clearInterval(sweeps);
          resolve();
        };
      });
    },
  };
}

/** During a drain, every answer closes its connection: the client learns to go elsewhere. */
function closeAfterAnswer(_request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('connection', 'close');
}

function isBusy(socket: Socket): boolean {
  return responseUnderWay(socket) !== undefined || socket.writableLength > 0;
}

/**
 * Closes a quiet connection after one more pass of the event loop's I/O phase, so that a request
 * already in its receive buffer is read (and answered, with `Connection: close`) rather than reset.
 */
function closeIfStillQuiet(socket: Socket): void {
  const bytesRead = socket.bytesRead;
  setImmediate(() => {
    if (socket.bytesRead === bytesRead && !isBusy(socket)) socket.destroy();
  });
}
