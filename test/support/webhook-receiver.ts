import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedWebhook {
  /** The request's path and query. */
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  readonly status: number;
}

/** A webhook receiver on loopback: records every request, answers `status` (200 unless told otherwise). */
export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  status: number;
  /** The request at this index (0-based) is recorded and never answered: its sender waits until it dies. */
  holdAt: number | null;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver = { received, status: 200, holdAt: null } as WebhookReceiver & { url: string; close(): Promise<void> };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const held = receiver.holdAt === received.length;
      const status = held ? 0 : receiver.status;
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      if (!held) response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/**
 * Verifies a message as the Standard Webhooks specification describes, written from the
 * specification alone: the key is the base64 after `whsec_`; the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`; `webhook-signature` holds space-separated
 * `v1,<base64 HMAC-SHA256>` entries, any of which may match; the timestamp must be recent.
 */
export function verifyStandardWebhook(secret: string, message: ReceivedWebhook, toleranceSeconds = 300): boolean {
  const id = message.headers['webhook-id'];
  const timestamp = message.headers['webhook-timestamp'];
  const signatures = message.headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${message.body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const presented = Buffer.from(signature, 'base64');
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  });
}
