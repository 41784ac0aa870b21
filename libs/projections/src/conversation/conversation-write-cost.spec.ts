import type { ActingUser } from '@app/contracts/events/conversation/conversation-event-values';
import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import { agentMessageCreated, conversationCreated, fixtureAgent, fixtureBase, userMessagePosted } from '@app/contracts/test/conversation.fixtures';
import { SqliteReadStore, type WriteUnit } from '@app/storage';
import { ProjectionApplier } from '../engine/projection-applier';
import { recordAll } from '../../test/conversation-recorded.fixtures';
import { ALL_PROJECTIONS } from '../all-projections';

const bob: ActingUser = { userId: 'usrbob0001', username: 'bob', fullName: 'Bob', id: 42 };
const agent = fixtureAgent();
const userId = (i: number) => `usr${String(i).padStart(7, '0')}`;
const agentId = (i: number) => `agt${String(i).padStart(7, '0')}`;

/** A conversation of `exchanges` questions, each answered by the agent (2 ranks per exchange). */
function conversationOf(exchanges: number): ConversationEvent[] {
  const events: ConversationEvent[] = [conversationCreated()];
  for (let i = 0; i < exchanges; i++) events.push(...exchange(i));
  return events;
}

/** One question, its agent answer streamed then finished, a reaction and a feedback on it. */
function exchange(i: number): ConversationEvent[] {
  const rank = 2 * i;
  const at = fixtureBase(rank);
  return [
    userMessagePosted(userId(i), rank, [agent]),
    agentMessageCreated(agentId(i), rank + 1, userId(i)),
    { type: 'AgentMessageStatusChanged', data: { ...at, messageId: agentId(i), status: 'created', content: 'Hel' } },
    { type: 'AgentMessageStatusChanged', data: { ...at, messageId: agentId(i), status: 'succeeded', content: 'Hello' } },
    { type: 'ReactionAdded', data: { ...at, messageId: agentId(i), emoji: '+1', user: bob } },
    {
      type: 'AgentMessageFeedbackGiven',
      data: { ...at, messageId: agentId(i), user: bob, thumbDirection: 'up', content: null, isConversationShared: false },
    },
  ];
}

/** What the projections write for each event of one more exchange after a conversation of `exchanges`. */
async function writesOfNextExchange(exchanges: number): Promise<Array<{ documents: number; bytes: number }>> {
  const store = new SqliteReadStore({ path: ':memory:' });
  try {
    const applier = new ProjectionApplier(store, ALL_PROJECTIONS);
    await applier.ensureCollections(1);
    const history = recordAll([...conversationOf(exchanges), ...exchange(exchanges)]);
    const next = history.splice(history.length - exchange(0).length);
    await applier.apply(history, 1);
    const units: WriteUnit[] = [];
    const commit = store.commit.bind(store);
    jest.spyOn(store, 'commit').mockImplementation(async (unit) => {
      units.push(unit);
      return commit(unit);
    });
    for (const event of next) await applier.apply([event], 1);
    return units.map((unit) => ({ documents: unit.puts.length, bytes: unit.puts.reduce((sum, put) => sum + JSON.stringify(put.doc).length, 0) }));
  } finally {
    await store.close();
  }
}

describe('conversation write cost', () => {
  it('writes the same few small documents per message event at 10 and at 1,000 exchanges', async () => {
    const short = await writesOfNextExchange(10);
    const long = await writesOfNextExchange(1000);
    // One unit per event: post, agent message, token batch, final status, reaction, feedback.
    expect(long.map((unit) => unit.documents)).toEqual(short.map((unit) => unit.documents));
    // Header and message version; a post also its participant row and agent usage document.
    for (const unit of long) expect(unit.documents).toBeLessThanOrEqual(4);
    long.forEach((unit, i) => {
      // Only the digits of log positions and timestamps may differ.
      expect(Math.abs(unit.bytes - short[i].bytes)).toBeLessThan(64);
      expect(unit.bytes).toBeLessThan(4096);
    });
  });
});
