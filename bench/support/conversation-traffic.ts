import { randomUUID } from 'node:crypto';
import { fixtureAgent } from '../../libs/contracts/test/conversation.fixtures';
import { DeciderExecutor } from '../../apps/api/src/event-sourcing/writing/decider-executor';
import { conversationAggregate } from '../../libs/domain/src/conversation/conversation.decider';
import type { EventStore, NewEvent } from '../../libs/storage/src/event-store/event-store.port';
import { SqliteEventStore } from '../../libs/storage/src/event-store/sqlite-event-store';

export const BENCH_WORKSPACE = 'BenchWs001';
const agent = fixtureAgent('benchagent');
const context = { username: 'bench', timezone: 'UTC', origin: 'api' };

export function createConversationCommand(conversationId: string) {
  return {
    type: 'CreateConversation' as const, workspaceId: BENCH_WORKSPACE, now: Date.now(), conversationId, title: `Conversation ${conversationId}`,
    visibility: 'unlisted' as const, depth: 0, spaceId: null, metadata: null, triggerId: null, requestedSpaceIds: [], createdBy: null,
  };
}

/** A user message, answered by the bench agent when `agentMessageId` is given. */
export function postUserMessageCommand(conversationId: string, messageId: string, agentMessageId?: string) {
  return {
    type: 'PostUserMessage' as const, workspaceId: BENCH_WORKSPACE, now: Date.now(), conversationId, messageId,
    content: `${messageId}: ${'lorem ipsum dolor sit amet '.repeat(4)}`, context, user: null,
    mentions: agentMessageId ? [{ configurationId: agent.sId }] : [],
    mentionedAgents: agentMessageId ? [agent] : [],
    agentMessageIds: agentMessageId ? [agentMessageId] : [],
  };
}

function completeAgentMessageCommand(conversationId: string, messageId: string) {
  const content = `Answer of ${messageId}: ${'the agent explains at some length '.repeat(6)}`;
  return {
    type: 'CompleteAgentMessage' as const, workspaceId: BENCH_WORKSPACE, now: Date.now(), conversationId, messageId,
    status: 'succeeded' as const, content, contents: [{ step: 0, content: { type: 'text_content' as const, value: content } }],
  };
}

/** Placeholder in the template's ids, replaced by each copy's number. */
const SLOT = 'QQQQQQ';

/**
 * The events of one realistic conversation, decided by the real aggregate: created, then `rounds`
 * user messages each answered by an agent message that completes (1 + 3 × rounds events). Ids hold
 * a placeholder so `conversationCopies` can stamp out as many distinct conversations as needed.
 */
export async function conversationTemplate(rounds: number): Promise<{ streamName: string; events: NewEvent[] }> {
  const store = new SqliteEventStore({ path: ':memory:' });
  const executor = new DeciderExecutor(store);
  const conversationId = `Cv${SLOT}00`;
  await executor.execute(conversationAggregate, conversationId, createConversationCommand(conversationId), { actor: 'bench' });
  for (let round = 0; round < rounds; round += 1) {
    const suffix = String(round).padStart(2, '0').slice(-2);
    const agentMessageId = `Am${SLOT}${suffix}`;
    await executor.execute(conversationAggregate, conversationId, postUserMessageCommand(conversationId, `Um${SLOT}${suffix}`, agentMessageId), { actor: 'bench' });
    await executor.execute(conversationAggregate, conversationId, completeAgentMessageCommand(conversationId, agentMessageId), { actor: 'bench' });
  }
  const recorded = await store.readAll();
  await store.close();
  return { streamName: recorded[0]!.streamName, events: recorded.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })) };
}

/** Appends `count` copies of the template, one append (one transaction) per conversation. */
export async function appendConversationCopies(store: EventStore, template: { streamName: string; events: NewEvent[] }, count: number): Promise<void> {
  const json = JSON.stringify(template);
  for (let copy = 0; copy < count; copy += 1) {
    const stamped = JSON.parse(json.replaceAll(SLOT, copy.toString(36).padStart(SLOT.length, '0'))) as typeof template;
    await store.append(stamped.streamName, stamped.events.map((event) => ({ ...event, id: randomUUID() })), 'no_stream');
  }
}
