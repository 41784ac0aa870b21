import { until } from '@app/contracts/test/until';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startServer, stopServer } from './support/server-process';
import { subscribedDocuments } from './support/subscribed-documents';
import { subscriptionStream } from './support/subscription-stream';
import { call } from './support/test-app';
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from './support/webhook-receiver';

// Two api processes on one data directory, both delivering (the default): each delivery reaches
// the receiver once, whichever process writes the events; the process holding the subscription's
// lease is killed with SIGKILL while its receiver holds an answer, and the other takes over from
// the checkpoint: nothing is lost and only the unacknowledged delivery is sent again.

jest.setTimeout(120_000);

const FIRST_BATCH = 10;
const SECOND_BATCH = 6;

describe('event subscription deliveries across api replicas', () => {
  let dataDir: string;
  let receiver: WebhookReceiver;
  let servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const env = {
    SECRETS_KEY: randomBytes(32).toString('hex'),
    MCP_ALLOW_PRIVATE_NETWORKS: 'true',
    BOOTSTRAP_WORKSPACE: 'false',
    SUBSCRIPTION_POLL_MS: '20',
    SUBSCRIPTION_RETRY_BASE_MS: '20',
    SUBSCRIPTION_RETRY_MAX_DELAY_MS: '100',
    SUBSCRIPTION_TIMEOUT_MS: '2000',
    SUBSCRIPTION_LEASE_MS: '500',
  };

  /** The process whose lease the subscription's stream holds last (read beside the two processes). */
  async function leaseHolder(subscriptionId: string) {
    const claims = (await subscriptionStream(dataDir, subscriptionId)).filter((event) => event.type === 'SubscriptionDeliveryClaimed');
    const delivererId = (claims.at(-1)?.data as { delivererId: string }).delivererId;
    return servers.find((server) => delivererId.includes(`:${server.child.pid}:`))!;
  }

  const documentIdsReceived = () => receiver.received.map((message) => JSON.parse(message.body).data.documentId as string);
  const distinctDeliveries = () => new Set(receiver.received.map((message) => message.headers['webhook-id'])).size;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-subscription-replicas-'));
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server.child, 'SIGTERM')));
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers each event once while both run, and the survivor takes over a killed holder with no loss', async () => {
    const { workspaceId, apiKey: admin } = await runCli(dataDir, ['workspace', 'create', '--name', 'Replicas']);
    const ports = [await freePort(), await freePort()];
    servers = await Promise.all(ports.map((port) => startServer(dataDir, port, env)));
    const bases = ports.map((port) => `http://127.0.0.1:${port}`);
    const { documents, subscriptionId, secret } = await subscribedDocuments(bases[0], workspaceId, admin, receiver.url);
    const upsert = async (index: number) => {
      const response = await call(bases[index % 2], 'POST', `${documents}/doc-${index}`, { key: admin, body: { text: `Document ${index}.` } });
      expect(response.status).toBe(200);
    };

    // Both processes see every event; each delivery arrives once, in order.
    for (let index = 0; index < FIRST_BATCH; index++) await upsert(index);
    await until(async () => distinctDeliveries() >= FIRST_BATCH, 20_000);
    // Both keep looking several times over: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const firstBatch = Array.from({ length: FIRST_BATCH }, (_, index) => `doc-${index}`);
    expect(documentIdsReceived()).toEqual(firstBatch);

    // The holder dies waiting for the receiver's answer to the next delivery.
    const held = receiver.received.length;
    receiver.holdAt = held;
    for (let index = FIRST_BATCH; index < FIRST_BATCH + SECOND_BATCH; index++) await upsert(index);
    await until(async () => receiver.received.length > held, 20_000);
    const holder = await leaseHolder(subscriptionId);
    await stopServer(holder.child, 'SIGKILL');
    receiver.holdAt = null;

    const total = FIRST_BATCH + SECOND_BATCH;
    await until(async () => distinctDeliveries() >= total, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = Array.from({ length: total }, (_, index) => `doc-${index}`);
    // Only the delivery whose acknowledgment never came is sent twice: by the holder, then by the survivor.
    expect(documentIdsReceived()).toEqual([...all.slice(0, held + 1), ...all.slice(held)]);
    expect(receiver.received.every((message) => verifyStandardWebhook(secret, message))).toBe(true);
    expect(await leaseHolder(subscriptionId)).not.toBe(holder);
  });
});
