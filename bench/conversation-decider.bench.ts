/**
 * Write-model cost of one post (decide + evolve of the conversation aggregate) as the conversation
 * grows: it must stay flat, since every command folds its events into the cached state.
 * Run: `npm run build:bench && node dist/bench/conversation-decider.bench.js`.
 */
import { performance } from 'node:perf_hooks';
import type { ConversationState } from '../libs/domain/src/conversation/conversation.state';
import { conversationAggregate } from '../libs/domain/src/conversation/conversation.decider';

const { decider } = conversationAggregate;
const ids = { conversationId: 'BenchConv1', workspaceId: 'BenchWs001' };

function post(index: number) {
  return {
    type: 'PostUserMessage' as const,
    ...ids,
    now: Date.now(),
    messageId: `msg${String(index).padStart(7, '0')}`,
    content: `message ${index}`,
    mentions: [],
    context: { username: 'bench', timezone: 'UTC', origin: 'api' },
    user: null,
    mentionedAgents: [],
    agentMessageIds: [],
  };
}

function apply(state: ConversationState, command: Parameters<typeof decider.decide>[0]): ConversationState {
  return decider.decide(command, state).reduce(decider.evolve, state);
}

function main(): void {
  const creation = { title: null, visibility: 'unlisted' as const, depth: 0, spaceId: null, metadata: null, triggerId: null, requestedSpaceIds: [], createdBy: null };
  let state = apply(decider.initialState(), { type: 'CreateConversation', ...ids, now: Date.now(), ...creation });
  let posted = 0;
  const rounds = 500;
  for (const length of [10, 1000, 10_000]) {
    for (; posted < length; posted += 1) state = apply(state, post(posted));
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) apply(state, post(1_000_000 + round));
    const micros = ((performance.now() - started) / rounds) * 1000;
    console.log(JSON.stringify({ bench: 'decide + evolve of one post', conversationLength: length, microseconds: Number(micros.toFixed(1)) }));
  }
}

main();
