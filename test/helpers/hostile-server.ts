import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server over a real socket that plays a misbehaving service: each request answered as `behave` says. */
export interface HostileServer {
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: { readonly method: string; readonly url: string }[];
  close(): Promise<void>;
}

/** `behave` gets each request with its number (1 for the first) and answers it, or does not. */
export async function startHostileServer(behave: (request: IncomingMessage, response: ServerResponse, number: number) => void): Promise<HostileServer> {
  const requests: { method: string; url: string }[] = [];
  const server: Server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '' });
    // A write to a connection the client has dropped is the client's doing, not a failure here.
    response.on('error', () => undefined);
    behave(request, response, requests.length);
  });
  // No timeouts of the server's own: what the client does about a stalled answer is the question.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
