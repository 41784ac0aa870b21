import { until } from '@app/contracts/test/until';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { SqliteEventStore } from '@app/storage';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, runCli, startServer, stopServer } from './support/server-process';
import { call } from './support/test-app';

const CONVERSATIONS = 4;
const IN_FLIGHT = 24;
/** Acknowledged posts after which the server is killed, while the other requests are still in flight. */
const KILL_AFTER_ACKS = 150;
const CONTEXT = { username: 'ada', timezone: 'UTC', origin: 'api' };
// The burst must not be throttled: a 429 would make the test post less than it means to.
const ENV = { RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off', BOOTSTRAP_WORKSPACE: 'false' };

interface Acknowledged {
  readonly conversationId: string;
  readonly messageId: string;
  readonly content: string;
}

interface Burst {
  readonly acknowledged: Acknowledged[];
  readonly refused: number[];
  sent: number;
}

/** Posts from IN_FLIGHT concurrent loops, round robin over the conversations, and runs `kill` once KILL_AFTER_ACKS posts were answered 200. */
async function burstUntilKilled(base: string, key: string, conversations: string, conversationIds: readonly string[], kill: () => Promise<void>): Promise<Burst> {
  const burst: Burst = { acknowledged: [], refused: [], sent: 0 };
  let killed = false;
  const killing = until(async () => burst.acknowledged.length >= KILL_AFTER_ACKS, 20_000, 1).then(async () => {
    killed = true;
    await kill();
  });
  const loop = async (): Promise<void> => {
    while (!killed) {
      const conversationId = conversationIds[burst.sent % conversationIds.length]!;
      const content = `burst message ${(burst.sent += 1)}`;
      let answer: { status: number; body: any };
      try {
        answer = await call(base, 'POST', `${conversations}/${conversationId}/messages`, { key, body: { content, mentions: [], context: CONTEXT } });
      } catch {
        return; // the connection died with the server: not acknowledged
      }
      if (answer.status === 200) burst.acknowledged.push({ conversationId, messageId: answer.body.message.sId, content });
      else burst.refused.push(answer.status);
    }
  };
  await Promise.all([killing, ...Array.from({ length: IN_FLIGHT }, loop)]);
  return burst;
}

/** The acknowledged messages the event log (the truth; read models are rebuilt from it) does not hold with their content. */
async function missingFromLog(dataDir: string, acknowledged: readonly Acknowledged[]): Promise<Acknowledged[]> {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  try {
    const logged = new Map<string, unknown>();
    for (const event of await store.readAll()) {
      if (event.type === 'UserMessagePosted') logged.set(`${event.streamName}/${String(event.data.messageId)}`, event.data.content);
    }
    return acknowledged.filter((ack) => logged.get(`${toConversationStreamName(ack.conversationId)}/${ack.messageId}`) !== ack.content);
  } finally {
    await store.close();
  }
}

/** The acknowledged messages a GET of their conversation does not show with their content. */
async function missingFrom(base: string, key: string, conversations: string, acknowledged: readonly Acknowledged[]): Promise<Acknowledged[]> {
  const found = new Map<string, string>();
  for (const conversationId of new Set(acknowledged.map((ack) => ack.conversationId))) {
    const read = await call(base, 'GET', `${conversations}/${conversationId}`, { key });
    if (read.status !== 200) throw new Error(`GET conversation answered ${read.status}`);
    for (const versions of read.body.conversation.content as Array<Array<{ sId: string; content: string }>>) {
      for (const message of versions) found.set(message.sId, message.content);
    }
  }
  return acknowledged.filter((ack) => found.get(ack.messageId) !== ack.content);
}

describe('durability: kill -9 during a burst of concurrent posts', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-durability-'));
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finds every acknowledged message after a restart', async () => {
    const { workspaceId, apiKey } = await runCli<{ workspaceId: string; apiKey: string }>(dataDir, ['workspace', 'create', '--name', 'Durable']);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const conversations = `/api/v1/w/${workspaceId}/assistant/conversations`;

    const first = await startServer(dataDir, port, ENV);
    let burst: Burst;
    try {
      const conversationIds: string[] = [];
      for (let index = 0; index < CONVERSATIONS; index += 1) {
        const conversation = await call(base, 'POST', conversations, { key: apiKey, body: { title: `burst ${index}` } });
        expect(conversation.status).toBe(200);
        conversationIds.push(conversation.body.conversation.sId);
      }
      burst = await burstUntilKilled(base, apiKey, conversations, conversationIds, () => stopServer(first.child, 'SIGKILL'));
    } finally {
      await stopServer(first.child, 'SIGKILL');
    }
    expect(burst.refused).toEqual([]);
    expect(burst.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    // The kill landed in the middle of the burst: requests were still unanswered.
    expect(burst.sent).toBeGreaterThan(burst.acknowledged.length);

    // A read model may hold what the log lost (it commits on its own): check the log before a restart re-projects anything.
    expect(await missingFromLog(dataDir, burst.acknowledged)).toEqual([]);
    const second = await startServer(dataDir, port, ENV);
    try {
      // The restarted projector catches up from its checkpoint; the log must already hold every message.
      const missing = () => missingFrom(base, apiKey, conversations, burst.acknowledged);
      await until(async () => (await missing()).length === 0, 10_000, 100).catch(() => undefined);
      expect(await missing()).toEqual([]);
    } finally {
      await stopServer(second.child, 'SIGTERM');
    }
    expect(await missingFromLog(dataDir, burst.acknowledged)).toEqual([]);
  }, 60_000);
});
