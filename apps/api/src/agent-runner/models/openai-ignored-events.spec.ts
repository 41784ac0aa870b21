import type { LanguageModel, TextStreamPart, ToolSet } from 'ai';
import { FakeOpenAIServer } from '../../../../../test/support/fake-openai-server';
import { parseSettings } from '../../../../../test/support/provider-settings-helpers';
import { aiSdk, aiSdkProviders } from '../../common/ai-sdk';
import { createLanguageModel, OPENAI_RESPONSES_IGNORED_EVENTS } from './language-model.factory';
import { modelFetch } from './model-fetch';

/** The parts a streamed answer yields, without what differs from one request to the next (ids, times). */
async function partsOf(model: LanguageModel): Promise<unknown[]> {
  const result = aiSdk().streamText({ model, prompt: 'hi' });
  const parts: unknown[] = [];
  for await (const part of result.fullStream as AsyncIterable<TextStreamPart<ToolSet>>) {
    parts.push({ type: part.type, text: 'text' in part ? part.text : undefined, finishReason: 'finishReason' in part ? part.finishReason : undefined });
  }
  return parts;
}

describe('OPENAI_RESPONSES_IGNORED_EVENTS', () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => (fake = await FakeOpenAIServer.start()));
  afterAll(() => fake.close());

  it('are events the AI SDK discards: an answer streamed without them yields the same parts as with them', async () => {
    fake.setResolver(() => ({ steps: [{ type: 'reasoning', tokens: ['Think', 'ing'] }, { type: 'text', tokens: ['Hello', ' world', '!'] }] }));
    const sent = new Set<string>();
    const watching: typeof fetch = async (input, init) => {
      const response = await modelFetch(input, init);
      const [mine, theirs] = response.body!.tee();
      void new Response(mine).text().then((body) => body.match(/^event: .+$/gm)?.forEach((line) => sent.add(line.slice('event: '.length))));
      return new Response(theirs, response);
    };
    const unfiltered = aiSdkProviders.openai().createOpenAI({ apiKey: 'k', baseURL: fake.baseUrl, fetch: watching }).responses('gpt-4o-mini');
    const withThem = await partsOf(unfiltered);
    const withoutThem = await partsOf(createLanguageModel(parseSettings({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseUrl }), 'openai', 'gpt-4o-mini'));

    expect([...OPENAI_RESPONSES_IGNORED_EVENTS].filter((type) => sent.has(type)).length).toBeGreaterThanOrEqual(3);
    expect(withoutThem).toEqual(withThem);
    expect(withThem).toContainEqual({ type: 'text-delta', text: 'Hello', finishReason: undefined });
    expect(withThem).toContainEqual({ type: 'reasoning-delta', text: 'Think', finishReason: undefined });
  });
});
