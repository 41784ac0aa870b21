import { until } from '@app/contracts/test/until';
import { BUILT_IN_MODELS, type BuiltInProviderId } from '../apps/api/src/config/built-in-models';
import { AgentApi, payloads, sentText, streamedText, textScenario } from './support/agent-run-helpers';
import { PNG_PIXEL, uploadFile } from './support/file-upload-helpers';
import { ProviderAgents } from './support/provider-agents';
import { PROVIDER_WIRE_CASES } from './support/provider-wire-cases';
import { call } from './support/test-app';

// One agent conversation per built-in provider other than OpenAI (whose path the agent-runner specs
// cover), against a local server speaking that provider's streaming wire: a data source search,
// then a streamed answer, and an attached image; what the api sent is checked in the provider's own
// terms. How each provider's failures end a message is in model-provider-failures.

jest.setTimeout(30_000);

const SEARCH_TOOL_NAME = 'search_data_sources';
const ANSWER = ['You get ', '25 days', ' of paid leave.'];

describe('model providers on their own wire', () => {
  let providers: ProviderAgents;
  let api: AgentApi;

  beforeAll(async () => {
    providers = await ProviderAgents.start(async (started) => [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: await handbookView(started) }] }]);
    api = providers.api;
  });
  afterAll(() => providers?.close());
  beforeEach(() => providers.reset());

  describe.each(PROVIDER_WIRE_CASES.map((wire) => [wire.providerId, wire] as const))('%s', (_name, wire) => {
    it('searches a data source through a tool call, streams the answer, and carries it into the next turn', async () => {
      const fake = providers.fake(wire.providerId);
      const thinks = wire.reasoningEffort !== undefined;
      fake.enqueue(
        {
          steps: [
            ...(thinks ? [{ type: 'reasoning', tokens: ['The handbook ', 'will say.'] } as const] : []),
            { type: 'tool-call', name: SEARCH_TOOL_NAME, args: { query: 'paid leave' }, callId: wire.callId },
          ],
          // Thought tokens count as output (Gemini reports them apart from the candidates' tokens).
          usage: { inputTokens: 120, outputTokens: 30, reasoningTokens: 10 },
        },
        // Tokens 100 ms apart, past the runner's coalescing, so each reaches the client as it comes.
        textScenario(ANSWER, 100),
      );
      const { conversationId, agentMessageId } = await api.createConversation('How many days of leave?', { agent: providers.agent(wire.providerId) });
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
      // Each step's usage, as the provider's stream reported it, priced at the model's catalog rates:
      // 120 + 100 input tokens, 30 + 50 output tokens.
      const prices = BUILT_IN_MODELS[wire.providerId as BuiltInProviderId].find((entry) => entry.modelId === wire.modelId);
      expect(message.costCredits).toBe(Math.ceil((220 * prices!.creditsPerMillionInputTokens + 80 * prices!.creditsPerMillionOutputTokens) / 1_000_000));
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
      if (wire.providerId === 'google_ai_studio') {
        // With thinking on, the function call goes back with the thought signature it came with.
        const turn = (second.body as any).contents.find((content: any) => content.role === 'model');
        expect(turn.parts.find((part: any) => part.functionCall !== undefined)).toMatchObject({ functionCall: { name: SEARCH_TOOL_NAME }, thoughtSignature: expect.stringMatching(/^dGhvdWdodC/) });
      }
      if (wire.providerId === 'anthropic') {
        // With thinking on, Anthropic refuses a tool_use turn sent back without its signed thinking block.
        const turn = (second.body as any).messages.find((m: any) => m.role === 'assistant');
        expect(turn.content[0]).toEqual({ type: 'thinking', thinking: 'The handbook will say.', signature: expect.stringMatching(/^sig_/) });
      }

      // The next turn goes to the same provider with the first one in its history (the fakes refuse
      // a history their provider would refuse).
      fake.enqueue(textScenario(['Ten days.']));
      const next = await api.postMessage(conversationId, 'And sick leave?', providers.agent(wire.providerId));
      expect(await api.settled(conversationId, next.agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Ten days.' });
      const followUp = sentText(fake.requests[2].body);
      for (const said of ['How many days of leave?', ANSWER.join(''), 'And sick leave?']) expect(followUp).toContain(said);
      expect(followUp.indexOf(ANSWER.join(''))).toBeLessThan(followUp.indexOf('And sick leave?'));
    });
  });

  it.each(PROVIDER_WIRE_CASES.map((wire) => [wire.providerId, wire] as const))('%s receives an attached image in its own part shape', async (_name, wire) => {
    const fake = providers.fake(wire.providerId);
    const fileId = (await uploadFile(api.t.baseUrl, api.key, api.workspaceId, { name: 'pixel.png', type: 'image/png', bytes: PNG_PIXEL })).fileId;
    fake.enqueue(textScenario(['One white pixel.']));
    const { conversationId, agentMessageId } = await api.createConversation('What is in the picture?', {
      agent: providers.agent(wire.providerId),
      contentFragments: [{ title: 'pixel.png', fileId }],
    });
    expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'One white pixel.' });
    expect(fake.requests).toHaveLength(1);
    expect(wire.images(fake.requests[0].body)).toEqual([{ mediaType: 'image/png', base64: PNG_PIXEL.toString('base64') }]);
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
