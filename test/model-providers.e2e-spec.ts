import { until } from '@app/contracts/test/until';
import { assistant } from './support/agent-assistant-body';
import { AgentApi, payloads, streamedText, textScenario } from './support/agent-run-helpers';
import type { FakeModelServer, Scenario } from './support/fake-model-servers';
import { PROVIDER_WIRE_CASES, type ProviderWireCase } from './support/provider-wire-cases';
import { call } from './support/test-app';

// One agent conversation per built-in provider other than OpenAI (whose path the agent-runner specs
// cover), against a local server speaking that provider's streaming wire: a data source search,
// then a streamed answer; what the api sent is checked in the provider's own terms.

jest.setTimeout(30_000);

const SEARCH_TOOL_NAME = 'search_data_sources';
const ANSWER = ['You get ', '25 days', ' of paid leave.'];

describe('model providers on their own wire', () => {
  const fakes = new Map<string, FakeModelServer>();
  const agents = new Map<string, string>();
  let api: AgentApi;

  beforeAll(async () => {
    for (const wire of PROVIDER_WIRE_CASES) fakes.set(wire.providerId, await wire.start());
    api = await AgentApi.start(Object.assign({}, ...PROVIDER_WIRE_CASES.map((wire) => wire.env(fakeOf(wire)))));
    const viewId = await handbookView(api);
    for (const wire of PROVIDER_WIRE_CASES) {
      const model = { providerId: wire.providerId, modelId: wire.modelId, temperature: 0.4, ...(wire.reasoningEffort ? { reasoningEffort: wire.reasoningEffort } : {}) };
      const body = assistant({ name: `handbook-${wire.providerId}`, model, actions: [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: viewId }] }] });
      const created = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, { key: api.key, body: { assistant: body } });
      expect([created.status, created.body.error]).toEqual([200, undefined]);
      agents.set(wire.providerId, created.body.agentConfiguration.sId);
    }
  });
  afterAll(async () => {
    await api?.t.close();
    await Promise.all([...fakes.values()].map((fake) => fake.close()));
  });
  beforeEach(() => fakes.forEach((fake) => fake.reset()));

  function wireOf(providerId: string): ProviderWireCase {
    const wire = PROVIDER_WIRE_CASES.find((candidate) => candidate.providerId === providerId);
    if (wire === undefined) throw new Error(`no case for ${providerId}`);
    return wire;
  }

  function fakeOf(wire: ProviderWireCase): FakeModelServer {
    const fake = fakes.get(wire.providerId);
    if (fake === undefined) throw new Error(`no fake for ${wire.providerId}`);
    return fake;
  }

  describe.each(PROVIDER_WIRE_CASES.map((wire) => [wire.providerId, wire] as const))('%s', (_name, wire) => {
    it('searches a data source through a tool call, then streams the answer', async () => {
      const fake = fakeOf(wire);
      const thinks = wire.reasoningEffort !== undefined;
      fake.enqueue(
        {
          steps: [
            ...(thinks ? [{ type: 'reasoning', tokens: ['The handbook ', 'will say.'] } as const] : []),
            { type: 'tool-call', name: SEARCH_TOOL_NAME, args: { query: 'paid leave' }, callId: wire.callId },
          ],
          usage: { inputTokens: 120, outputTokens: 30 },
        },
        // Tokens 100 ms apart, past the runner's coalescing, so each reaches the client as it comes.
        textScenario(ANSWER, 100),
      );
      const { conversationId, agentMessageId } = await api.createConversation('How many days of leave?', { agent: agents.get(wire.providerId) });
      const { frames } = await api.events(conversationId, agentMessageId);
      expect(streamedText(frames)).toBe(ANSWER.join(''));
      expect(payloads(frames).filter((p) => p.type === 'generation_tokens' && p.classification === 'tokens').length).toBeGreaterThan(1);
      expect(payloads(frames).at(-1)).toMatchObject({ type: 'agent_message_success' });
      if (thinks) expect(streamedText(frames, 'chain_of_thought')).toBe('The handbook will say.');

      const message = await api.settled(conversationId, agentMessageId);
      expect(message).toMatchObject({
        status: 'succeeded',
        content: ANSWER.join(''),
        resolvedModel: { providerId: wire.providerId, modelId: wire.modelId },
      });
      if (thinks) expect(message.chainOfThought).toBe('The handbook will say.');
      expect(message.actions).toHaveLength(1);
      expect(message.actions[0]).toMatchObject({ functionCallName: SEARCH_TOOL_NAME, params: { query: 'paid leave' }, status: 'succeeded' });

      const [first, second] = fake.requests;
      expect(fake.requests).toHaveLength(2);
      for (const request of [first, second]) {
        expect(request).toMatchObject({ method: 'POST', path: wire.path, query: wire.query });
        expect(wire.authHeaders(request)).toEqual(wire.expectedAuth);
        expect(wire.reasoning(request.body)).toEqual(wire.expectedReasoning);
      }
      const search = wire.tools(first.body).find((tool) => tool.name === SEARCH_TOOL_NAME);
      expect(search?.schema).toMatchObject({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] });
      expect(wire.toolResults(first.body)).toEqual([]);
      const [result] = wire.toolResults(second.body);
      expect(result.callId).toBe(wire.callId);
      expect(result.text).toContain('25 days of paid leave');
      if (wire.providerId === 'google_ai_studio') expect(result.text).toContain(SEARCH_TOOL_NAME);
      if (wire.providerId === 'anthropic') {
        // With thinking on, Anthropic refuses a tool_use turn sent back without its signed thinking block.
        const turn = (second.body as any).messages.find((m: any) => m.role === 'assistant');
        expect(turn.content[0]).toEqual({ type: 'thinking', thinking: 'The handbook will say.', signature: expect.stringMatching(/^sig_/) });
      }
    });
  });

  function scenarioFailsMidStream(status: number): Scenario {
    return { steps: [{ type: 'text', tokens: ['Let me '] }, { type: 'provider-error', status, message: status === 529 ? 'Overloaded' : 'Internal error' }] };
  }

  it('fails an Anthropic answer whose stream says overloaded_error, keeping what it wrote, without a retry', async () => {
    const wire = wireOf('anthropic');
    fakeOf(wire).enqueue(scenarioFailsMidStream(529));
    const { conversationId, agentMessageId } = await api.createConversation('Hello', { agent: agents.get(wire.providerId) });
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(payloads(frames).at(-1)).toMatchObject({ type: 'agent_error', error: { code: 'model_provider_error' } });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', content: 'Let me ', error: { code: 'model_provider_error' } });
    expect(message.error.message).toContain('Overloaded');
    expect(fakeOf(wire).requests).toHaveLength(1);
  });

  it('retries an Anthropic 429 after the retry-after it gives, then answers', async () => {
    const wire = wireOf('anthropic');
    const fake = fakeOf(wire);
    fake.enqueue({ steps: [{ type: 'http-error', status: 429, headers: { 'retry-after': '1' } }] }, textScenario(['Hello.']));
    const { conversationId, agentMessageId } = await api.createConversation('Hello', { agent: agents.get(wire.providerId) });
    expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Hello.' });
    const [refused, retried] = fake.requests;
    // One second as the provider asked, not the SDK's own first backoff of two.
    expect(retried.receivedAtMs - refused.receivedAtMs).toBeGreaterThanOrEqual(950);
    expect(retried.receivedAtMs - refused.receivedAtMs).toBeLessThan(1_900);
  });

  it('fails a Gemini answer whose stream ends with an INTERNAL error chunk', async () => {
    const wire = wireOf('google_ai_studio');
    fakeOf(wire).enqueue(scenarioFailsMidStream(500));
    const { conversationId, agentMessageId } = await api.createConversation('Hello', { agent: agents.get(wire.providerId) });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'failed', content: 'Let me ', error: { code: 'model_provider_error' } });
    expect(message.error.message).toContain('Internal error');
  });

  it('fails a Mistral answer refused with 429 after the retries, naming the status and the reason', async () => {
    const wire = wireOf('mistral');
    const refused: Scenario = { steps: [{ type: 'http-error', status: 429, body: { object: 'error', message: 'Requests rate limit exceeded', type: 'rate_limited', param: null, code: '1300' } }] };
    fakeOf(wire).enqueue(refused, refused, refused);
    const { conversationId, agentMessageId } = await api.createConversation('Hello', { agent: agents.get(wire.providerId) });
    const message = await api.settled(conversationId, agentMessageId, 20_000);
    expect(message).toMatchObject({ status: 'failed', error: { code: 'model_provider_error' } });
    expect(message.error.message).toContain('429');
    expect(message.error.message).toContain('Requests rate limit exceeded');
    expect(fakeOf(wire).requests).toHaveLength(3);
  });
});

/** A data source view holding the leave policy, once the search index has it. */
async function handbookView(api: AgentApi): Promise<string> {
  const w = `/api/w/${api.workspaceId}`;
  const spaceId = (await call(api.t.baseUrl, 'POST', `${w}/spaces`, { key: api.key, body: { name: 'Handbook space', isRestricted: false } })).body.space.sId;
  const created = (await call(api.t.baseUrl, 'POST', `${w}/spaces/${spaceId}/data_sources`, { key: api.key, body: { name: 'Handbook' } })).body;
  const dsId = created.dataSource.sId;
  const document = { text: 'Employees get 25 days of paid leave per year.', title: 'Leave policy' };
  expect((await call(api.t.baseUrl, 'POST', `${w}/spaces/${spaceId}/data_sources/${dsId}/documents/leave`, { key: api.key, body: document })).status).toBe(200);
  const searchPath = `/api/v1/w/${api.workspaceId}/spaces/${spaceId}/data_sources/${dsId}/search?query=leave&top_k=5`;
  await until(async () => (await call(api.t.baseUrl, 'GET', searchPath, { key: api.key })).body.documents?.length === 1, 10_000);
  return created.dataSourceView.sId;
}
