import type { MessageConsumptionDocument } from '@app/contracts/read-models/consumption.read-models';
import { conversationConsumption } from './conversation-consumption';
import { rollUp } from './consumption-rollup';

function doc(messageId: string, fields: Partial<MessageConsumptionDocument>): MessageConsumptionDocument {
  const costMicroCredits = fields.costMicroCredits ?? 1_500_000;
  return {
    workspaceId: 'w1',
    conversationId: 'c1',
    messageId,
    agentId: 'helper',
    agentName: 'Helper',
    agentPictureUrl: 'https://example.com/h.png',
    userId: 'alice',
    day: '2026-12-01',
    month: '2026-12',
    firstAt: 1,
    lastAt: 2,
    calls: 1,
    inputTokens: 100,
    outputTokens: 10,
    reasoningTokens: 0,
    cachedInputTokens: 0,
    costMicroCredits,
    models: { 'openai/gpt-4o': { providerId: 'openai', modelId: 'gpt-4o', calls: 1, inputTokens: 100, outputTokens: 10, reasoningTokens: 0, cachedInputTokens: 0, costMicroCredits } },
    lastPosition: 1,
    ...fields,
  };
}

const docs = [
  doc('m1', {}),
  doc('m2', { agentId: 'other', agentName: 'Other', userId: 'bob', conversationId: 'c2', day: '2026-11-30', costMicroCredits: 4_000_000 }),
  doc('m3', { conversationId: 'c3', userId: null }),
];

describe('conversation consumption', () => {
  it('bills the sum of the messages’ credits (each rounded up), broken down by agent and model', () => {
    const answer = conversationConsumption([docs[0], docs[2]], () => 'GPT-4o');
    expect(answer.billedCredits).toBe(4);
    expect(answer.details?.agents).toEqual([expect.objectContaining({ agentId: 'helper', name: 'Helper', billedCredits: 4 })]);
    expect(answer.details?.models).toEqual([
      expect.objectContaining({ providerId: 'openai', modelId: 'gpt-4o', displayName: 'GPT-4o', attributedCredits: 3, calls: 2, inputTokens: 200, outputTokens: 20 }),
    ]);
  });

  it('answers null details while nothing has cost anything', () => {
    expect(conversationConsumption([], () => '')).toEqual({ billedCredits: 0, details: null });
  });
});

describe('consumption roll-up', () => {
  const forkRoot = (conversationId: string): string => (conversationId === 'c3' ? 'c1' : conversationId);

  it.each([
    ['user', [['bob', 4], [null, 2], ['alice', 2]]],
    // Equal credits: the group with more tokens first.
    ['agent', [['helper', 4], ['other', 4]]],
    ['conversation', [['c2', 4], ['c1', 2], ['c3', 2]]],
    ['fork', [['c1', 4], ['c2', 4]]],
    ['day', [['2026-11-30', 4], ['2026-12-01', 4]]],
  ] as const)('groups by %s', (groupBy, expected) => {
    const { groups, total } = rollUp(docs, groupBy, forkRoot);
    expect(groups.map((group) => [group.key, group.costCredits])).toEqual(expected);
    expect(total).toMatchObject({ messages: 3, costCredits: 8, inputTokens: 300 });
  });
});
