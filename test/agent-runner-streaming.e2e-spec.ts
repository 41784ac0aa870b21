import { z } from 'zod';
import {
  AgentApi,
  isTitleRequest,
  openAIEnv,
  payloads,
  runRequests,
  sentText,
  streamedText,
  textScenario,
} from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { filesUnder } from './support/data-dir-files';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import { startToolServer } from './support/remote-mcp-server';
import { collectSse } from './support/sse-client';

// Runs that succeed: what is streamed, recorded and sent to the model. Failures, cancel, retry and
// edit are in agent-runner-failures; restarts in agent-runner-restarts.

jest.setTimeout(30_000);

const openAI = useFakeOpenAI();

describe('agent runner on the Responses API', () => {
  let api: AgentApi;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, LOCAL_MCP_ENV));
  });
  afterAll(() => api.t.close());

  it('streams tokens, records the final message and reports it on the conversation stream', async () => {
    openAI.server.enqueue(textScenario(['Hello', ', ', 'world', '!'], 10));
    const { conversationId, agentMessageId } = await api.createConversation('Say hello');
    const { frames } = await api.events(conversationId, agentMessageId);
    const types = payloads(frames).map((p) => p.type);
    expect(types.filter((type) => type !== 'generation_tokens')).toEqual(['agent_message_success']);
    expect(streamedText(frames)).toBe('Hello, world!');
    expect(frames.at(-1)?.raw).toBe('done');

    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({
      status: 'succeeded',
      content: 'Hello, world!',
      error: null,
      resolvedModel: { providerId: 'openai', modelId: 'gpt-4.1', reasoningEffort: 'none' },
      modelResolutionMethod: 'agent',
      contents: [{ step: 0, content: { type: 'text_content', value: 'Hello, world!' } }],
    });
    // 100 input tokens at $2/M + 50 output tokens at $8/M = 600 micro-USD.
    expect(message.costCredits).toBe(600);
    expect(message.completionDurationMs).toEqual(expect.any(Number));
    expect(message.completedTs).toEqual(expect.any(Number));
    const success = payloads(frames).at(-1);
    expect(success.message).toMatchObject({ sId: agentMessageId, status: 'succeeded', content: 'Hello, world!', costCredits: 600 });
    expect(success.runIds).toEqual([]);

    const conversationEvents = await collectSse(`${api.t.baseUrl}${api.path(`/${conversationId}/events`)}`, {
      key: api.key,
      stop: (received) => received.some((f) => f.data?.type === 'agent_message_done'),
    });
    expect(payloads(conversationEvents.frames).at(-1)).toMatchObject({
      type: 'agent_message_done',
      conversationId,
      configurationId: 'dust',
      messageId: agentMessageId,
      status: 'success',
    });
  });

  it('sends the agent instructions, context and history (latest versions, author names, inline documents)', async () => {
    openAI.server.enqueue(textScenario(['First answer.']));
    const { conversationId, agentMessageId } = await api.createConversation('What is in the report?', {
      contentFragments: [{ title: 'report.txt', content: 'Revenue grew 12% in Q3.', contentType: 'text/plain' }],
    });
    await api.settled(conversationId, agentMessageId);
    openAI.server.enqueue(textScenario(['Second answer.']));
    const second = await api.postMessage(conversationId, 'And in Q4?');
    await api.settled(conversationId, second.agentMessageId);

    const [, request] = runRequests(openAI.server);
    const body = sentText(request.body);
    expect(body).toContain('You are Dust');
    expect(body).toContain('Current date and time');
    expect(body).toContain('Workspace: Acme');
    expect(body).toContain('Ada Lovelace (@ada)');
    expect(body).toContain('<attachment title=\\"report.txt\\" type=\\"text/plain\\">\\nRevenue grew 12% in Q3.');
    expect(body).toContain('First answer.');
    expect(body.indexOf('What is in the report?')).toBeLessThan(body.indexOf('First answer.'));
    expect(body.indexOf('First answer.')).toBeLessThan(body.indexOf('And in Q4?'));
  });

  it('uses the model the user selected for the message', async () => {
    openAI.server.enqueue(textScenario(['Small model here.']));
    const { conversationId, agentMessageId } = await api.createConversation('Hi', {
      modelSelection: { providerId: 'openai', modelId: 'gpt-4.1-mini' },
    });
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({
      status: 'succeeded',
      resolvedModel: { providerId: 'openai', modelId: 'gpt-4.1-mini', reasoningEffort: 'none' },
      modelResolutionMethod: 'user',
    });
    expect((runRequests(openAI.server)[0].body as any).model).toBe('gpt-4.1-mini');
  });

  it('streams reasoning as chain_of_thought before the answer', async () => {
    openAI.server.enqueue({
      steps: [
        { type: 'reasoning', tokens: ['Thinking ', 'hard.'] },
        { type: 'text', tokens: ['Answer.'] },
      ],
    });
    const { conversationId, agentMessageId } = await api.createConversation('Think first');
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(streamedText(frames, 'chain_of_thought')).toBe('Thinking hard.');
    expect(streamedText(frames)).toBe('Answer.');
    const kinds = payloads(frames).filter((p) => p.type === 'generation_tokens').map((p) => p.classification);
    expect(kinds.indexOf('tokens')).toBeGreaterThan(kinds.lastIndexOf('chain_of_thought'));
    const message = await api.settled(conversationId, agentMessageId);
    expect(message).toMatchObject({ status: 'succeeded', chainOfThought: 'Thinking hard.', content: 'Answer.' });
  });

  it("calls a tool of an agent's MCP server and records the action", async () => {
    const weather = await startToolServer('weather', [
      { name: 'lookup_weather', description: 'Weather of a city', inputSchema: { city: z.string() }, answer: (args) => `Sunny in ${String(args.city)}` },
    ]);
    try {
      const { viewId } = await registerRemoteServer(api.t.baseUrl, api.workspaceId, api.key, weather.url);
      // Trusted, so the call runs without waiting for an approval.
      const agent = await createAgentWithView(api.t.baseUrl, api.workspaceId, api.key, viewId, { name: 'forecaster', toolStakes: { tools: { lookup_weather: 'never_ask' } } });
      openAI.server.enqueue(
        { steps: [{ type: 'tool-call', name: 'lookup_weather', args: { city: 'Paris' } }] },
        textScenario(['It is sunny in Paris.']),
      );
      const { conversationId, agentMessageId } = await api.createConversation('Weather in Paris?', { agent });
      const { frames } = await api.events(conversationId, agentMessageId);
      const events = payloads(frames);
      expect(events.map((p) => p.type).filter((t) => t !== 'generation_tokens')).toEqual([
        'tool_params',
        'agent_action_success',
        'agent_message_success',
      ]);
      const [params, done] = events.filter((p) => p.type !== 'generation_tokens');
      expect(params.action).toMatchObject({ functionCallName: 'lookup_weather', params: { city: 'Paris' }, status: 'running', step: 0 });
      expect(done.action).toMatchObject({
        id: params.action.id,
        sId: params.action.sId,
        status: 'succeeded',
        output: [{ type: 'text', text: 'Sunny in Paris' }],
        internalMCPServerName: 'weather',
      });
      const message = await api.settled(conversationId, agentMessageId);
      expect(message.content).toBe('It is sunny in Paris.');
      expect(message.actions).toEqual([done.action]);
      expect(sentText(runRequests(openAI.server)[1].body)).toContain('Sunny in Paris');
      expect(weather.calls).toEqual([{ name: 'lookup_weather', args: { city: 'Paris' } }]);
    } finally {
      await weather.close();
    }
  });

  it('titles an untitled conversation from the model, or from the message when that fails', async () => {
    openAI.server.setResolver((request) =>
      isTitleRequest(request) ? textScenario(['"Greeting the', ' world."']) : textScenario(['Hi there!']),
    );
    const named = await api.createConversation('Please greet the world for me', { title: null });
    await api.settled(named.conversationId, named.agentMessageId);
    const deadline = Date.now() + 5_000;
    let conversation = await api.conversation(named.conversationId);
    while (conversation.title === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      conversation = await api.conversation(named.conversationId);
    }
    expect(conversation.title).toBe('Greeting the world');
    const titleEvents = await collectSse(`${api.t.baseUrl}${api.path(`/${named.conversationId}/events`)}`, {
      key: api.key,
      stop: (received) => received.some((f) => f.data?.type === 'conversation_title'),
    });
    expect(payloads(titleEvents.frames).at(-1)).toMatchObject({ type: 'conversation_title', title: 'Greeting the world' });

    openAI.server.setResolver((request) => (isTitleRequest(request) ? { steps: [{ type: 'http-error', status: 400 }] } : textScenario(['Ok.'])));
    const long = 'This is a rather long first message that goes on well past sixty characters';
    const fallback = await api.createConversation(long, { title: null });
    await api.settled(fallback.conversationId, fallback.agentMessageId);
    let second = await api.conversation(fallback.conversationId);
    while (second.title === null && Date.now() < deadline + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      second = await api.conversation(fallback.conversationId);
    }
    expect(second.title).toBe(long.slice(0, 60).trimEnd());
  });

  it('keeps provider keys out of the event log', async () => {
    // The stored files (the event log among them), read as bytes: none holds the key.
    const files = filesUnder(api.t.dataDir);
    expect(files.reduce((bytes, file) => bytes + file.length, 0)).toBeGreaterThan(0);
    for (const bytes of files) expect(bytes.includes('sk-test')).toBe(false);
  });
});

describe('agent runner on chat completions', () => {
  let api: AgentApi;
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { OPENAI_API_MODE: 'chat' }));
  });
  afterAll(() => api.t.close());

  it('streams tokens and succeeds', async () => {
    openAI.server.enqueue(textScenario(['Chat ', 'completions ', 'work.'], 5));
    const { conversationId, agentMessageId } = await api.createConversation('Hello chat');
    const { frames } = await api.events(conversationId, agentMessageId);
    expect(streamedText(frames)).toBe('Chat completions work.');
    expect(openAI.server.requests[0].path).toBe('/v1/chat/completions');
    expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: 'Chat completions work.' });
  });
});
