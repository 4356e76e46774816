import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The response Node's HTTP server is computing or sending on a connection, if any (Node detaches
 * it once its last byte is handed to the kernel). Node's own closeIdleConnections and default
 * clientError handler read the same property; it has no public equivalent.
 */
export function responseUnderWay(socket: Duplex): ServerResponse | undefined {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}
