import { toAgentMessageStreamName, type AgentModelCallRecorded } from '@app/contracts/events/agent-run.events';
import { messageCredits, type MessageConsumptionDocument } from '@app/contracts/read-models/consumption.read-models';
import { CURRENT_SCHEMA_VERSION } from '@app/contracts/events/upcast';
import type { RecordedEvent } from '@app/storage';
import { project } from '../../test/conversation-recorded.fixtures';
import { consumptionLedgerProjection as projection } from './consumption-ledger.projection';

const AT = Date.UTC(2026, 11, 2, 23, 59);

function call(messageId: string, position: number, step: number, data: Partial<AgentModelCallRecorded['data']> = {}): RecordedEvent {
  const event: AgentModelCallRecorded['data'] = {
    step,
    workspaceId: 'w1',
    conversationId: 'c1',
    agentId: 'helper',
    agentName: 'Helper',
    agentPictureUrl: 'https://example.com/helper.png',
    userId: 'alice',
    providerId: 'openai',
    modelId: 'gpt-4o',
    usage: { inputTokens: 100, outputTokens: 10 },
    costMicroCredits: 350_000_000,
    at: AT + step * 120_000,
    ...data,
  };
  return {
    id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    streamName: toAgentMessageStreamName(messageId),
    revision: step,
    position,
    type: 'AgentModelCallRecorded',
    data: { ...event, usage: { ...event.usage } },
    metadata: { schemaVersion: CURRENT_SCHEMA_VERSION },
    recordedAt: event.at,
  };
}

describe('consumption ledger projection', () => {
  const events = [
    call('m1', 1, 0),
    call('m1', 2, 1, { usage: { inputTokens: 200, outputTokens: 40, reasoningTokens: 30, cachedInputTokens: 50 }, costMicroCredits: 900_000_000 }),
    call('m2', 3, 0, { agentId: 'other', userId: null, providerId: 'anthropic', modelId: 'claude', costMicroCredits: 1 }),
  ];

  it('sums the model calls of each agent message, by model too, dated by its first call', () => {
    const docs = project(projection, events);
    const m1 = docs.get('c1:m1') as MessageConsumptionDocument;
    expect(m1).toMatchObject({
      workspaceId: 'w1',
      conversationId: 'c1',
      messageId: 'm1',
      agentId: 'helper',
      userId: 'alice',
      day: '2026-12-02',
      month: '2026-12',
      calls: 2,
      inputTokens: 300,
      outputTokens: 50,
      reasoningTokens: 30,
      cachedInputTokens: 50,
      costMicroCredits: 1_250_000_000,
      firstAt: AT,
      lastAt: AT + 120_000,
    });
    expect(Object.keys(m1.models)).toEqual(['openai/gpt-4o']);
    expect(messageCredits(m1)).toBe(1250);
    expect(docs.get('c1:m2')).toMatchObject({ agentId: 'other', userId: null, calls: 1, costMicroCredits: 1 });
    // Any billable use costs at least one credit, as the message's costCredits says.
    expect(messageCredits(docs.get('c1:m2') as MessageConsumptionDocument)).toBe(1);
  });

  it('counts an event delivered twice once', () => {
    const once = project(projection, events);
    expect(project(projection, [...events, events[1]], once)).toEqual(once);
  });

  it('ignores the other events of run streams', () => {
    const tokens = { ...call('m1', 4, 0), type: 'AgentTokensGenerated' };
    expect(projection.documentIds(tokens)).toEqual([]);
  });
});
