// The AI SDK's ESM graph reaches two ESM-only files that jest.config's transform list misses
// (zod's locale file, `@workflow/serde`); these shims load the equivalent CommonJS / identical
// values. They stand in for module-format plumbing only: the SDK and the providers run for real.
jest.mock('zod/v4/locales/en.js', () => jest.requireActual('zod/v4/locales/en.cjs'));
jest.mock('@workflow/serde', () => ({
  WORKFLOW_SERIALIZE: Symbol.for('workflow-serialize'),
  WORKFLOW_DESERIALIZE: Symbol.for('workflow-deserialize'),
}));

import { generateText, type LanguageModel } from 'ai';
import { FakeOpenAIServer, type RecordedRequest } from '../../../../../test/support/fake-openai-server';
import { BUILT_IN_MODELS } from '../../config/built-in-models';
import { createLanguageModel, reasoningProviderOptions } from '../models/language-model.factory';
import { parseProviderSettings } from '../../config/provider-settings';
import { StaticToolRegistry, type StaticTool } from '../tools/static-tool-registry';
import type { ToolContext } from '../tools/tool-registry.port';
import { costCredits } from './agent-cost';
import { runAgentLoop } from './agent-loop';
import type { AgentLoopEvent, AgentLoopInput, AgentLoopOutcome } from './agent-loop.types';

type Mode = 'responses' | 'chat';
const MODES: readonly Mode[] = ['responses', 'chat'];
const SYSTEM = 'You are Scout, a terse research assistant.';
const CONTEXT: ToolContext = {
  workspaceId: 'w0000000001',
  conversationId: 'c0000000001',
  agentMessageId: 'm0000000001',
  userId: 'u0000000001',
  agentConfigurationId: 'a0000000001',
};

let server: FakeOpenAIServer;

beforeAll(async () => {
  server = await FakeOpenAIServer.start();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => server.reset());

function settingsFor(env: Record<string, string>) {
  const parsed = parseProviderSettings(env);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  return parsed.settings;
}

/** The production path: settings → factory → `@ai-sdk/openai` pointed at the fake server. */
function openaiSettings(mode: Mode) {
  return settingsFor({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseUrl, OPENAI_API_MODE: mode });
}

function openaiModel(mode: Mode, modelId = 'gpt-4.1'): LanguageModel {
  return createLanguageModel(openaiSettings(mode), 'openai', modelId);
}

/** An operator-declared OpenAI-compatible endpoint (`@ai-sdk/openai-compatible`, chat completions). */
function customModel(): LanguageModel {
  const settings = settingsFor({
    CUSTOM_MODEL_PROVIDERS: JSON.stringify([
      { id: 'local', baseUrl: server.baseUrl, models: [{ modelId: 'qwen3', contextSize: 32_000 }] },
    ]),
  });
  return createLanguageModel(settings, 'local', 'qwen3');
}

async function run(
  model: LanguageModel,
  overrides: Partial<AgentLoopInput> = {},
  onEvent?: (event: AgentLoopEvent) => void | Promise<void>,
): Promise<{ outcome: AgentLoopOutcome; events: AgentLoopEvent[] }> {
  const events: AgentLoopEvent[] = [];
  const outcome = await runAgentLoop(
    {
      model,
      system: SYSTEM,
      messages: [{ role: 'user', content: 'What is new?' }],
      tools: new StaticToolRegistry([]),
      toolContext: CONTEXT,
      maxSteps: 4,
      maxRetries: 0,
      abortSignal: new AbortController().signal,
      ...overrides,
    },
    async (event) => {
      events.push(event);
      await onEvent?.(event);
    },
  );
  return { outcome, events };
}

function searchTool(handler: StaticTool['handler']): StaticTool {
  return {
    definition: {
      name: 'search_docs',
      description: 'Searches the workspace documents.',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      serverId: 'srv_docs',
      serverName: 'Docs',
    },
    handler,
  };
}

function bodyOf(request: RecordedRequest | undefined): Record<string, unknown> {
  const body = request?.body;
  if (typeof body !== 'object' || body === null) throw new Error('request body is not an object');
  return { ...body };
}

/** The tool-output item the adapter sent back to the model, in either wire format. */
function toolOutputSent(mode: Mode, request: RecordedRequest | undefined): { callId: unknown; output: unknown } {
  const body = bodyOf(request);
  const items: unknown[] = Array.isArray(body.input) ? body.input : Array.isArray(body.messages) ? body.messages : [];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const record: Record<string, unknown> = { ...item };
    if (mode === 'responses' && record.type === 'function_call_output') {
      return { callId: record.call_id, output: record.output };
    }
    if (mode === 'chat' && record.role === 'tool') return { callId: record.tool_call_id, output: record.content };
  }
  throw new Error(`no tool output in ${JSON.stringify(body)}`);
}

async function waitFor(predicate: () => boolean, timeoutMs = 1_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(MODES)('runAgentLoop against the real @ai-sdk/openai provider (%s API)', (mode) => {
  it('streams text tokens in order and concatenates them into the content', async () => {
    server.enqueue({
      steps: [{ type: 'text', tokens: ['The ', 'answer ', 'is ', '42', '.'], delayMs: 5 }],
      usage: { inputTokens: 120, outputTokens: 5 },
    });

    const { outcome, events } = await run(openaiModel(mode));

    expect(outcome).toMatchObject({
      status: 'succeeded',
      stopReason: 'completed',
      content: 'The answer is 42.',
      chainOfThought: '',
      contents: [{ step: 0, content: { type: 'text_content', value: 'The answer is 42.' } }],
      actions: [],
      usage: { inputTokens: 120, outputTokens: 5 },
      steps: 1,
    });
    const deltas = events.filter((event) => event.kind === 'text-delta');
    expect(deltas.map((event) => event.text)).toEqual(['The ', 'answer ', 'is ', '42', '.']);
    expect(deltas.every((event) => event.step === 0)).toBe(true);
    expect(events.at(-1)).toEqual({
      kind: 'step-finished',
      step: 0,
      text: 'The answer is 42.',
      reasoning: '',
      usage: expect.objectContaining({ inputTokens: 120, outputTokens: 5 }),
    });

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0];
    expect(request.path).toBe(mode === 'chat' ? '/v1/chat/completions' : '/v1/responses');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    const body = bodyOf(request);
    expect(body).toMatchObject({ model: 'gpt-4.1', stream: true });
    const prompt = JSON.stringify(mode === 'chat' ? body.messages : body.input);
    expect(prompt).toContain(SYSTEM);
    expect(prompt).toContain('What is new?');
  });

  it('executes a tool call through the registry and sends the result back to the model', async () => {
    const calls: { input: unknown; context: ToolContext; step: number }[] = [];
    const registry = new StaticToolRegistry([
      searchTool((input, { context, call }) => {
        calls.push({ input, context, step: call.step });
        return 'Found: Q3 report, revenue up 12%.';
      }),
    ]);
    server.enqueue(
      { steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'Q3 revenue' }, callId: 'call_q3' }] },
      { steps: [{ type: 'text', tokens: ['Revenue ', 'grew ', '12%.'] }] },
    );

    const { outcome, events } = await run(openaiModel(mode), { tools: registry });

    expect(calls).toEqual([{ input: { query: 'Q3 revenue' }, context: CONTEXT, step: 0 }]);
    expect(outcome).toMatchObject({
      status: 'succeeded',
      stopReason: 'completed',
      content: 'Revenue grew 12%.',
      steps: 2,
      contents: [
        {
          step: 0,
          content: {
            type: 'function_call',
            value: { id: 'call_q3', name: 'search_docs', arguments: '{"query":"Q3 revenue"}' },
          },
        },
        { step: 1, content: { type: 'text_content', value: 'Revenue grew 12%.' } },
      ],
      actions: [
        {
          callId: 'call_q3',
          name: 'search_docs',
          input: { query: 'Q3 revenue' },
          step: 0,
          ok: true,
          output: [{ type: 'text', text: 'Found: Q3 report, revenue up 12%.' }],
          error: null,
          serverId: 'srv_docs',
          serverName: 'Docs',
        },
      ],
      usage: { inputTokens: 20, outputTokens: 40 },
    });
    const kinds = events.map((event) => event.kind);
    expect(kinds.indexOf('tool-call')).toBeLessThan(kinds.indexOf('tool-result'));
    expect(kinds.indexOf('tool-result')).toBeLessThan(kinds.indexOf('text-delta'));
    expect(events.find((event) => event.kind === 'tool-call')).toEqual({
      kind: 'tool-call',
      callId: 'call_q3',
      name: 'search_docs',
      input: { query: 'Q3 revenue' },
      step: 0,
    });
    expect(events.find((event) => event.kind === 'tool-result')).toMatchObject({
      callId: 'call_q3',
      result: { ok: true },
      step: 0,
      durationMs: expect.any(Number),
    });

    // What the model was offered, and what it got back on the second request.
    expect(server.requests).toHaveLength(2);
    const offered = JSON.stringify(bodyOf(server.requests[0]).tools);
    expect(offered).toContain('search_docs');
    expect(offered).toContain('Searches the workspace documents.');
    expect(offered).toContain('"query"');
    expect(toolOutputSent(mode, server.requests[1])).toEqual({
      callId: 'call_q3',
      output: 'Found: Q3 report, revenue up 12%.',
    });
  });

  it('keeps calling tools up to maxSteps and then succeeds with what it has', async () => {
    const registry = new StaticToolRegistry([searchTool(() => 'nothing yet')]);
    server.setResolver(() => ({
      steps: [
        { type: 'text', tokens: ['Searching.'] },
        { type: 'tool-call', name: 'search_docs', args: { query: 'more' } },
      ],
    }));

    const { outcome } = await run(openaiModel(mode), { tools: registry, maxSteps: 3 });

    expect(server.requests).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'succeeded', stopReason: 'max_steps_reached', steps: 3 });
    expect(outcome.actions.map((action) => action.step)).toEqual([0, 1, 2]);
    expect(outcome.content).toBe('Searching.\n\nSearching.\n\nSearching.');
  });

  it('fails with model_provider_error and the HTTP status when the provider answers 500', async () => {
    server.enqueue({
      steps: [{ type: 'http-error', status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } }],
    });

    const { outcome } = await run(openaiModel(mode));

    expect(outcome).toMatchObject({
      status: 'failed',
      error: {
        code: 'model_provider_error',
        message: expect.stringContaining('The server had an error'),
        metadata: { httpStatus: 500 },
      },
    });
  });

  it('fails with model_stream_error, keeping the partial text, when the connection breaks mid-stream', async () => {
    server.enqueue({ steps: [{ type: 'text', tokens: ['Half ', 'an '] }, { type: 'disconnect' }] });

    const startedAt = Date.now();
    const { outcome } = await run(openaiModel(mode), { idleTimeoutMs: 5_000 });

    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_stream_error' }, content: 'Half an ' });
  });

  it('fails with model_stream_error on a chunk that is not JSON', async () => {
    server.enqueue({ steps: [{ type: 'text', tokens: ['ok'] }, { type: 'malformed' }, { type: 'text', tokens: ['!'] }] });

    const { outcome } = await run(openaiModel(mode));

    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_stream_error' } });
  });

  it('fails with model_timeout when the model goes silent mid-answer', async () => {
    server.enqueue({ steps: [{ type: 'text', tokens: ['Thinking'] }, { type: 'stall', ms: 10_000 }, { type: 'text', tokens: ['…'] }] });

    const startedAt = Date.now();
    const { outcome } = await run(openaiModel(mode), { idleTimeoutMs: 300 });

    expect(Date.now() - startedAt).toBeLessThan(1_500);
    expect(outcome).toMatchObject({
      status: 'failed',
      error: { code: 'model_timeout', metadata: { idleTimeoutMs: 300 } },
      content: 'Thinking',
    });
    await waitFor(() => server.requests[0]?.closedByClient === true);
  });

  it('fails with model_timeout when the model sends nothing at all', async () => {
    server.enqueue({ steps: [{ type: 'stall', ms: 10_000 }, { type: 'text', tokens: ['late'] }] });

    const startedAt = Date.now();
    const { outcome } = await run(openaiModel(mode), { idleTimeoutMs: 300 });

    expect(Date.now() - startedAt).toBeLessThan(1_500);
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_timeout' }, content: '' });
  });

  it('is cancelled within a second when the abort signal fires during streaming', async () => {
    server.enqueue({
      steps: [{ type: 'text', tokens: ['Partial', ' answer'] }, { type: 'stall', ms: 10_000 }, { type: 'text', tokens: ['!'] }],
    });
    const controller = new AbortController();
    let abortedAt = 0;

    const { outcome } = await run(openaiModel(mode), { abortSignal: controller.signal }, (event) => {
      if (event.kind === 'text-delta' && event.text === ' answer') {
        setTimeout(() => {
          abortedAt = Date.now();
          controller.abort();
        }, 50);
      }
    });

    expect(abortedAt).toBeGreaterThan(0);
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    expect(outcome).toMatchObject({ status: 'cancelled', content: 'Partial answer' });
    await waitFor(() => server.requests[0]?.closedByClient === true);
  });
});

describe('runAgentLoop: reasoning', () => {
  it('sends Responses API reasoning summaries to chainOfThought, before the text', async () => {
    server.enqueue({
      steps: [
        { type: 'reasoning', tokens: ['The user ', 'wants news.'] },
        { type: 'text', tokens: ['Nothing ', 'new.'] },
      ],
      usage: { inputTokens: 50, outputTokens: 30, reasoningTokens: 18 },
    });

    const { outcome, events } = await run(openaiModel('responses', 'o4-mini'), {
      reasoningEffort: 'medium',
      providerOptions: reasoningProviderOptions(openaiSettings('responses'), 'openai', 'medium'),
    });

    expect(outcome).toMatchObject({
      status: 'succeeded',
      content: 'Nothing new.',
      chainOfThought: 'The user wants news.',
      usage: { inputTokens: 50, outputTokens: 30, reasoningTokens: 18 },
    });
    expect(outcome.contents.map((item) => item.content.type)).toEqual(['reasoning', 'text_content']);
    expect(outcome.contents[0].content).toMatchObject({
      type: 'reasoning',
      value: { reasoning: 'The user wants news.', tokens: 18, provider: 'openai' },
    });
    expect(events.filter((event) => event.kind === 'reasoning-delta').map((event) => event.text)).toEqual([
      'The user ',
      'wants news.',
    ]);
    expect(bodyOf(server.requests[0])).toMatchObject({ model: 'o4-mini', reasoning: { effort: 'medium', summary: 'auto' } });
  });

  it('sends chat-completions `reasoning_content` of an OpenAI-compatible endpoint to chainOfThought', async () => {
    server.enqueue({
      steps: [{ type: 'reasoning', tokens: ['Let me ', 'think.'] }, { type: 'text', tokens: ['Done.'] }],
    });

    const { outcome } = await run(customModel());

    expect(outcome).toMatchObject({ status: 'succeeded', content: 'Done.', chainOfThought: 'Let me think.' });
    expect(server.requests[0].path).toBe('/v1/chat/completions');
    expect(bodyOf(server.requests[0])).toMatchObject({ model: 'qwen3', stream: true });
  });
});

describe('runAgentLoop: tools', () => {
  it('feeds a tool failure back to the model as an error and carries on', async () => {
    const registry = new StaticToolRegistry([
      searchTool(() => ({
        ok: false,
        output: [{ type: 'text', text: 'index offline' }],
        error: { code: 'search_unavailable', message: 'The search index is offline.' },
      })),
    ]);
    server.enqueue(
      { steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' }, callId: 'call_1' }] },
      { steps: [{ type: 'text', tokens: ['Search is down.'] }] },
    );

    const { outcome } = await run(openaiModel('responses'), { tools: registry });

    expect(outcome).toMatchObject({
      status: 'succeeded',
      content: 'Search is down.',
      actions: [{ ok: false, error: { code: 'search_unavailable', message: 'The search index is offline.' } }],
    });
    expect(toolOutputSent('responses', server.requests[1]).output).toContain('The search index is offline.');
  });

  it('tells the model about a tool that does not exist and carries on', async () => {
    server.enqueue(
      { steps: [{ type: 'tool-call', name: 'delete_everything', args: {}, callId: 'call_x' }] },
      { steps: [{ type: 'text', tokens: ['Sorry.'] }] },
    );

    const { outcome } = await run(openaiModel('chat'), { tools: new StaticToolRegistry([searchTool(() => 'x')]) });

    expect(outcome).toMatchObject({
      status: 'succeeded',
      content: 'Sorry.',
      actions: [{ callId: 'call_x', name: 'delete_everything', ok: false, error: { code: 'tool_not_found' } }],
    });
    expect(server.requests).toHaveLength(2);
  });

  it('fails the run with tool_error when the registry itself throws', async () => {
    const registry = new StaticToolRegistry([searchTool(() => 'unused')]);
    const broken = {
      listTools: (ctx: ToolContext) => registry.listTools(ctx),
      callTool: async (): Promise<never> => {
        throw new Error('MCP server connection lost');
      },
    };
    server.enqueue({ steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' } }] });

    const { outcome } = await run(openaiModel('responses'), { tools: broken });

    expect(outcome).toMatchObject({
      status: 'failed',
      error: {
        code: 'tool_error',
        message: expect.stringContaining('MCP server connection lost'),
        metadata: { toolName: 'search_docs' },
      },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('does not count tool execution time as model silence', async () => {
    const registry = new StaticToolRegistry([
      searchTool(async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return 'slow but fine';
      }),
    ]);
    server.enqueue(
      { steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' } }] },
      { steps: [{ type: 'text', tokens: ['ok'] }] },
    );

    const { outcome } = await run(openaiModel('chat'), { tools: registry, idleTimeoutMs: 250 });

    expect(outcome).toMatchObject({ status: 'succeeded', content: 'ok' });
  });

  it('cancels promptly while a tool is running, and the tool sees the abort', async () => {
    let toolSawAbort = false;
    const controller = new AbortController();
    const registry = new StaticToolRegistry([
      searchTool(
        (_input, { signal }) =>
          new Promise<string>((resolve) => {
            setTimeout(() => controller.abort(), 20);
            signal.addEventListener('abort', () => {
              toolSawAbort = true;
              resolve('aborted');
            });
          }),
      ),
    ]);
    server.enqueue({ steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' } }] });

    const startedAt = Date.now();
    const { outcome } = await run(openaiModel('responses'), { tools: registry, abortSignal: controller.signal });

    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(outcome.status).toBe('cancelled');
    expect(toolSawAbort).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

describe('runAgentLoop: limits and failures around the run', () => {
  it('returns cancelled without calling the model when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();

    const { outcome, events } = await run(openaiModel('chat'), { abortSignal: controller.signal });

    expect(outcome).toMatchObject({ status: 'cancelled', content: '', steps: 0 });
    expect(events).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('fails with model_timeout when the whole run exceeds timeoutMs', async () => {
    server.enqueue({ steps: [{ type: 'text', tokens: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], delayMs: 100 }] });

    const { outcome } = await run(openaiModel('responses'), { timeoutMs: 450, idleTimeoutMs: 5_000 });

    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_timeout', metadata: { timeoutMs: 450 } } });
    expect(outcome.content.length).toBeGreaterThan(0);
    expect(outcome.content.length).toBeLessThan(10);
  });

  it('rethrows a sink failure after stopping the model stream', async () => {
    server.enqueue({ steps: [{ type: 'text', tokens: ['a'] }, { type: 'stall', ms: 10_000 }] });

    await expect(
      run(openaiModel('chat'), {}, () => {
        throw new Error('event store unavailable');
      }),
    ).rejects.toThrow('event store unavailable');
    await waitFor(() => server.requests[0]?.closedByClient === true);
  });

  it('retries a 503 before succeeding when retries are allowed', async () => {
    server.enqueue({ steps: [{ type: 'http-error', status: 503 }] }, { steps: [{ type: 'text', tokens: ['ok'] }] });

    const { outcome } = await run(openaiModel('chat'), { maxRetries: 1 });

    expect(outcome).toMatchObject({ status: 'succeeded', content: 'ok' });
    expect(server.requests).toHaveLength(2);
  }, 10_000);
});

describe('costCredits', () => {
  const gpt41 = BUILT_IN_MODELS.openai.find((model) => model.modelId === 'gpt-4.1');

  it('prices a run from its usage (credits = micro-USD at list price)', async () => {
    if (gpt41 === undefined) throw new Error('gpt-4.1 missing from the catalog');
    server.enqueue({ steps: [{ type: 'text', tokens: ['hi'] }], usage: { inputTokens: 1_200, outputTokens: 300 } });

    const { outcome } = await run(openaiModel('chat'));

    // $2/M input and $8/M output: 1200 × 2 + 300 × 8 = 4800 micro-USD.
    expect(costCredits(outcome.usage, gpt41)).toBe(4_800);
  });

  it('rounds up to an integer and costs nothing without usage', () => {
    const rates = { creditsPerMillionInputTokens: 100_000, creditsPerMillionOutputTokens: 400_000 };
    expect(costCredits({ inputTokens: 1, outputTokens: 1 }, rates)).toBe(1);
    expect(costCredits({ inputTokens: 0, outputTokens: 0 }, rates)).toBe(0);
    expect(Number.isInteger(costCredits({ inputTokens: 12_345, outputTokens: 678 }, rates))).toBe(true);
  });
});

describe('fake OpenAI server: non-streaming requests', () => {
  it.each(MODES)('answers a non-streaming %s request the SDK can parse', async (mode) => {
    server.enqueue({ steps: [{ type: 'text', tokens: ['plain ', 'answer'] }], usage: { inputTokens: 3, outputTokens: 2 } });

    const result = await generateText({ model: openaiModel(mode), prompt: 'hi', maxRetries: 0 });

    expect(result.text).toBe('plain answer');
    expect(result.usage).toMatchObject({ inputTokens: 3, outputTokens: 2 });
    expect(bodyOf(server.requests[0]).stream).not.toBe(true);
  });
});
