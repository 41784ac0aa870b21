import { until } from '@app/contracts/test/until';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startServer, stopServer } from './support/server-process';
import { call } from './support/test-app';
import { startWebhookReceiver, verifyStandardWebhook, type WebhookReceiver } from './support/webhook-receiver';

// The api as a process killed with SIGKILL while a delivery waits for its receiver's answer, and
// started again on the same data dir: nothing is lost, and the only delivery sent twice is the one
// whose acknowledgment was never recorded.

jest.setTimeout(120_000);

const DOCUMENTS = 12;
/** The receiver holds the answer to this request (0-based): the api dies waiting for it. */
const HELD = 4;

describe('event subscription deliveries across kill -9 of the api process', () => {
  let dataDir: string;
  let port: number;
  let receiver: WebhookReceiver;
  let server: Awaited<ReturnType<typeof startServer>>;
  const env = {
    SECRETS_KEY: randomBytes(32).toString('hex'),
    MCP_ALLOW_PRIVATE_NETWORKS: 'true',
    BOOTSTRAP_WORKSPACE: 'false',
    SUBSCRIPTION_POLL_MS: '20',
    SUBSCRIPTION_RETRY_BASE_MS: '20',
    SUBSCRIPTION_RETRY_MAX_DELAY_MS: '100',
    SUBSCRIPTION_TIMEOUT_MS: '3000',
    // The restarted process takes over the killed one's lease once it runs out: timeout + lease.
    SUBSCRIPTION_LEASE_MS: '500',
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-subscriptions-'));
    port = await freePort();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    if (server) await stopServer(server.child, 'SIGTERM');
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no delivery and repeats only the unacknowledged one', async () => {
    const { workspaceId, apiKey: admin } = await runCli(dataDir, ['workspace', 'create', '--name', 'Hooks']);
    server = await startServer(dataDir, port, env);
    const baseUrl = `http://127.0.0.1:${port}`;
    const spaceId = (await call(baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: admin, body: { name: 'Docs', isRestricted: false } })).body.space.sId;
    const dataSource = await call(baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key: admin, body: { name: 'handbook' } });
    const documents = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.body.dataSource.sId}/documents`;
    const created = await call(baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions`, { key: admin, body: { url: receiver.url, events: ['document.upserted'] } });
    expect(created.status).toBe(200);
    const { secret } = created.body;

    receiver.holdAt = HELD;
    for (let index = 0; index < DOCUMENTS; index++) {
      expect((await call(baseUrl, 'POST', `${documents}/doc-${index}`, { key: admin, body: { text: `Document ${index}.` } })).status).toBe(200);
    }
    await until(async () => receiver.received.length > HELD, 20_000);
    await stopServer(server.child, 'SIGKILL');
    receiver.holdAt = null;

    server = await startServer(dataDir, port, env);
    await until(async () => new Set(receiver.received.map((message) => message.headers['webhook-id'])).size >= DOCUMENTS, 30_000);
    // Nothing more arrives once every document is delivered.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const documentIds = receiver.received.map((message) => JSON.parse(message.body).data.documentId);
    const expected = Array.from({ length: DOCUMENTS }, (_, index) => `doc-${index}`);
    expect(documentIds).toEqual([...expected.slice(0, HELD + 1), ...expected.slice(HELD)]);
    expect(receiver.received.every((message) => verifyStandardWebhook(secret, message))).toBe(true);
    // The repeat is the same message: same webhook-id, same body.
    expect(receiver.received[HELD + 1].headers['webhook-id']).toBe(receiver.received[HELD].headers['webhook-id']);
    expect(receiver.received[HELD + 1].body).toBe(receiver.received[HELD].body);
  });
});
