/**
 * 100 concurrent posts to ONE conversation: how many land on the first try and how many after an
 * optimistic-concurrency retry, (a) through one api process (commands to a stream queue in-process)
 * and (b) split across two command executors on the same store, as two api replicas would be.
 * Run: `npm run build:bench && node dist/bench/concurrent-posts.bench.js`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeciderExecutor } from '../apps/api/src/event-sourcing/writing/decider-executor';
import { conversationAggregate } from '../libs/domain/src/conversation/conversation.decider';
import { SqliteEventStore } from '../libs/storage/src/event-store/sqlite-event-store';
import { recordFigure } from './support/results';

const CONVERSATION = 'BenchConv1';
const WORKSPACE = 'BenchWs001';

function post(i: number) {
  return {
    type: 'PostUserMessage' as const,
    conversationId: CONVERSATION,
    workspaceId: WORKSPACE,
    now: Date.now(),
    messageId: `msg${String(i).padStart(7, '0')}`,
    content: `message ${i}`,
    mentions: [],
    context: { username: 'bench', timezone: 'UTC', origin: 'api' },
    user: null,
    mentionedAgents: [],
    agentMessageIds: [],
  };
}

async function scenario(label: string, executors: DeciderExecutor[]): Promise<void> {
  await executors[0]!.execute(conversationAggregate, CONVERSATION, {
    type: 'CreateConversation', conversationId: CONVERSATION, workspaceId: WORKSPACE, now: Date.now(), title: null, visibility: 'unlisted',
    depth: 0, spaceId: null, metadata: null, triggerId: null, requestedSpaceIds: [], createdBy: null,
  }, { actor: 'bench' });
  const outcomes = await Promise.all(
    Array.from({ length: 100 }, (_, i) => executors[i % executors.length]!.execute(conversationAggregate, CONVERSATION, post(i), { actor: 'bench' }).then(
      (outcome) => ({ ok: true, conflicts: outcome.conflicts }),
      () => ({ ok: false, conflicts: -1 }),
    )),
  );
  const firstTry = outcomes.filter((o) => o.ok && o.conflicts === 0).length;
  const afterRetry = outcomes.filter((o) => o.ok && o.conflicts > 0).length;
  const failed = outcomes.filter((o) => !o.ok).length;
  const maxRetries = Math.max(...outcomes.map((o) => o.conflicts));
  console.log(JSON.stringify({ bench: `100 concurrent posts to one conversation: ${label}`, firstTry, afterRetry, failed, maxRetries }));
  recordFigure({ name: `100 concurrent posts to one conversation, ${label}: failed`, value: failed, target: { below: 1 }, detail: `${firstTry} on the first try, ${afterRetry} after a retry (at most ${maxRetries})` });
}

async function main(): Promise<void> {
  for (const replicas of [1, 2]) {
    const dir = mkdtempSync(join(tmpdir(), 'wcs-occ-'));
    const stores = Array.from({ length: replicas }, () => new SqliteEventStore({ path: join(dir, 'events.sqlite') }));
    await scenario(replicas === 1 ? 'one api process' : 'two api replicas', stores.map((store) => new DeciderExecutor(store)));
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
