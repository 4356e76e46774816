import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A Standard Webhooks secret for tests (whsec_ and base64 of 24 bytes). */
export const TEST_WEBHOOK_SECRET = `whsec_${Buffer.from('a test secret, 24 bytes!').toString('base64')}`;

export interface ReceivedEvent {
  readonly id: string;
  readonly type: string;
  readonly data: { readonly year: number; readonly datasetVersion: string | null; readonly changedDates: readonly string[]; readonly notices: readonly { title: string; url: string; documentNumber: string | null }[] };
}

export interface WebhookReceiver {
  readonly url: string;
  /** Events whose signature the standardwebhooks library verified, in arrival order (repeats included). */
  readonly events: ReceivedEvent[];
  /** Every request, verified or not. */
  attempts: number;
  /** Requests refused because the signature did not verify. */
  rejected: number;
  close(): Promise<void>;
}

/** A receiver over a real socket that verifies each request with the standardwebhooks library; the first `failFirst` requests answer 500. */
export async function startWebhookReceiver(options: { readonly secret?: string; readonly failFirst?: number } = {}): Promise<WebhookReceiver> {
  const verifier = new Webhook(options.secret ?? TEST_WEBHOOK_SECRET);
  const receiver = { url: '', events: [] as ReceivedEvent[], attempts: 0, rejected: 0, close: () => Promise.resolve(undefined) };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.attempts += 1;
      if (receiver.attempts <= (options.failFirst ?? 0)) {
        response.writeHead(500).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const payload = verifier.verify(body, request.headers as Record<string, string>) as { type: string; data: ReceivedEvent['data'] };
        receiver.events.push({ id: String(request.headers['webhook-id']), type: payload.type, data: payload.data });
        response.writeHead(204).end();
      } catch {
        receiver.rejected += 1;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () =>
    new Promise<undefined>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve(undefined));
    });
  return receiver;
}
