// The AI SDK's ESM graph reaches two ESM-only files jest's transform list misses; these shims load
// the equivalent CommonJS / identical values (module plumbing only: the SDK runs for real).
jest.mock('zod/v4/locales/en.js', () => jest.requireActual('zod/v4/locales/en.cjs'));
jest.mock('@workflow/serde', () => ({
  WORKFLOW_SERIALIZE: Symbol.for('workflow-serialize'),
  WORKFLOW_DESERIALIZE: Symbol.for('workflow-deserialize'),
}));

import { AgentApi, openAIEnv, payloads, streamedText, textScenario } from './support/agent-run-helpers';
import { FakeOpenAIServer } from './support/fake-openai-server';

jest.setTimeout(30_000);

let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await FakeOpenAIServer.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('agent runner: streaming answers (Responses API)', () => {
  let api: AgentApi;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(fake));
  });
  afterAll(() => api.t.close());

  it('streams the answer as generation_tokens and records the final message', async () => {
    fake.enqueue(textScenario(['Hello', ', ', 'world', '!'], 10));
    const { conversationId, agentMessageId } = await api.createConversation('Say hello');
    const { frames } = await api.events(conversationId, agentMessageId);
    const types = payloads(frames).map((p) => p.type);
    expect(types.at(-1)).toBe('agent_message_success');
    expect(streamedText(frames)).toBe('Hello, world!');
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', content: 'Hello, world!' });
  });
});
