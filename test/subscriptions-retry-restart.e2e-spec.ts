import type { SubscriptionDeliveryRecorded, SubscriptionPaused } from '@app/contracts/events/subscription.events';
import { until } from '@app/contracts/test/until';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startServer, stopServer } from './support/server-process';
import { subscribedDocuments } from './support/subscribed-documents';
import { subscriptionStream } from './support/subscription-stream';
import { call } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

// A receiver that always fails, and the api killed with SIGKILL halfway through the retry window
// and started again: the retries go on where they were (attempt numbers, window), and the
// subscription is paused when the window that began with the first failure ends, not a whole
// window after the restart.

jest.setTimeout(120_000);

const RETRY_FOR_MS = 6_000;

describe('event subscription retries across a restart of the api process', () => {
  let dataDir: string;
  let port: number;
  let receiver: WebhookReceiver;
  let server: Awaited<ReturnType<typeof startServer>>;
  const env = {
    SECRETS_KEY: randomBytes(32).toString('hex'),
    MCP_ALLOW_PRIVATE_NETWORKS: 'true',
    BOOTSTRAP_WORKSPACE: 'false',
    SUBSCRIPTION_POLL_MS: '20',
    SUBSCRIPTION_RETRY_BASE_MS: '200',
    SUBSCRIPTION_RETRY_MAX_DELAY_MS: '400',
    SUBSCRIPTION_RETRY_FOR_MS: String(RETRY_FOR_MS),
    SUBSCRIPTION_TIMEOUT_MS: '1000',
    SUBSCRIPTION_LEASE_MS: '200',
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-subscription-retries-'));
    port = await freePort();
    receiver = await startWebhookReceiver();
    receiver.status = 503;
  });
  afterAll(async () => {
    if (server) await stopServer(server.child, 'SIGTERM');
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps counting attempts and pauses when the first failure’s window ends', async () => {
    const { workspaceId, apiKey: admin } = await runCli(dataDir, ['workspace', 'create', '--name', 'Retries']);
    server = await startServer(dataDir, port, env);
    const baseUrl = `http://127.0.0.1:${port}`;
    const { documents, subscriptionId } = await subscribedDocuments(baseUrl, workspaceId, admin, receiver.url);
    expect((await call(baseUrl, 'POST', `${documents}/doc-0`, { key: admin, body: { text: 'Document 0.' } })).status).toBe(200);

    const attempts = async () => (await subscriptionStream(dataDir, subscriptionId)).filter((event) => event.type === 'SubscriptionDeliveryRecorded') as unknown as SubscriptionDeliveryRecorded[];
    // Killed halfway through the window that began with the first failure.
    await until(async () => {
      const [first] = await attempts();
      return first !== undefined && Date.now() >= first.data.at + RETRY_FOR_MS / 2;
    }, 20_000);
    await stopServer(server.child, 'SIGKILL');
    const before = await attempts();
    server = await startServer(dataDir, port, env);

    const pause = async () => (await subscriptionStream(dataDir, subscriptionId)).find((event) => event.type === 'SubscriptionPaused') as unknown as SubscriptionPaused | undefined;
    await until(async () => (await pause()) !== undefined, 30_000);
    const paused = (await pause())!;
    const after = (await attempts()).slice(before.length);
    expect(after.length).toBeGreaterThan(0);
    // The attempts after the restart go on from the recorded ones.
    expect(after.map((event) => event.data.attempt)).toEqual(after.map((_, index) => before.length + index + 1));
    expect(paused.data.reason).toMatchObject({ by: 'delivery_failures' });
    // The window runs from the first failure: one started over by the restart would end a whole window after its first attempt.
    const firstFailureAt = before[0].data.at - before[0].data.durationMs;
    expect(paused.data.at).toBeGreaterThanOrEqual(firstFailureAt + RETRY_FOR_MS);
    expect(paused.data.at).toBeLessThan(after[0].data.at - after[0].data.durationMs + RETRY_FOR_MS);
  });
});
