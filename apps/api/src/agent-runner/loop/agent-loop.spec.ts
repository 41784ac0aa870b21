// Text and reasoning streamed by the loop, what a run costs, and the fake server's plain answers.
// Tools are in agent-loop-tools.spec.ts; failures, timeouts and cancellation in agent-loop-failures.spec.ts.
import {
  LOOP_SYSTEM_PROMPT,
  OPENAI_API_MODES,
  bodyOf,
  runLoop,
  useFakeOpenAI,
} from '../../../../../test/support/agent-loop-harness';

import { generateText } from 'ai';
import { BUILT_IN_MODELS } from '../../config/built-in-models';
import { reasoningProviderOptions } from '../models/language-model.factory';
import { costCredits } from './agent-cost';

const openai = useFakeOpenAI();

describe.each(OPENAI_API_MODES)('runAgentLoop against the real @ai-sdk/openai provider (%s API)', (mode) => {
  it('streams text tokens in order and concatenates them into the content', async () => {
    openai.server.enqueue({
      steps: [{ type: 'text', tokens: ['The ', 'answer ', 'is ', '42', '.'], delayMs: 5 }],
      usage: { inputTokens: 120, outputTokens: 5 },
    });

    const { outcome, events } = await runLoop(openai.model(mode));

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

    expect(openai.server.requests).toHaveLength(1);
    const request = openai.server.requests[0];
    expect(request.path).toBe(mode === 'chat' ? '/v1/chat/completions' : '/v1/responses');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    const body = bodyOf(request);
    expect(body).toMatchObject({ model: 'gpt-4.1', stream: true });
    const prompt = JSON.stringify(mode === 'chat' ? body.messages : body.input);
    expect(prompt).toContain(LOOP_SYSTEM_PROMPT);
    expect(prompt).toContain('What is new?');
  });
});

describe('runAgentLoop: reasoning', () => {
  it('sends Responses API reasoning summaries to chainOfThought, before the text', async () => {
    openai.server.enqueue({
      steps: [
        { type: 'reasoning', tokens: ['The user ', 'wants news.'] },
        { type: 'text', tokens: ['Nothing ', 'new.'] },
      ],
      usage: { inputTokens: 50, outputTokens: 30, reasoningTokens: 18 },
    });

    const { outcome, events } = await runLoop(openai.model('responses', 'o4-mini'), {
      reasoningEffort: 'medium',
      providerOptions: reasoningProviderOptions(openai.settings('responses'), 'openai', 'medium'),
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
    expect(bodyOf(openai.server.requests[0])).toMatchObject({ model: 'o4-mini', reasoning: { effort: 'medium', summary: 'auto' } });
  });

  it('sends chat-completions `reasoning_content` of an OpenAI-compatible endpoint to chainOfThought', async () => {
    openai.server.enqueue({
      steps: [{ type: 'reasoning', tokens: ['Let me ', 'think.'] }, { type: 'text', tokens: ['Done.'] }],
    });

    const { outcome } = await runLoop(openai.customModel());

    expect(outcome).toMatchObject({ status: 'succeeded', content: 'Done.', chainOfThought: 'Let me think.' });
    expect(openai.server.requests[0].path).toBe('/v1/chat/completions');
    expect(bodyOf(openai.server.requests[0])).toMatchObject({ model: 'qwen3', stream: true });
  });
});

describe('costCredits', () => {
  const gpt41 = BUILT_IN_MODELS.openai.find((model) => model.modelId === 'gpt-4.1');

  it('prices a run from its usage (credits = micro-USD at list price)', async () => {
    if (gpt41 === undefined) throw new Error('gpt-4.1 missing from the catalog');
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['hi'] }], usage: { inputTokens: 1_200, outputTokens: 300 } });

    const { outcome } = await runLoop(openai.model('chat'));

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
  it.each(OPENAI_API_MODES)('answers a non-streaming %s request the SDK can parse', async (mode) => {
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['plain ', 'answer'] }], usage: { inputTokens: 3, outputTokens: 2 } });

    const result = await generateText({ model: openai.model(mode), prompt: 'hi', maxRetries: 0 });

    expect(result.text).toBe('plain answer');
    expect(result.usage).toMatchObject({ inputTokens: 3, outputTokens: 2 });
    expect(bodyOf(openai.server.requests[0]).stream).not.toBe(true);
  });
});
