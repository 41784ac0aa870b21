import { performance } from 'node:perf_hooks';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { forEachSseBlock } from './support/sse-blocks';

// The fake model's pacing, which the agent-streaming bench relies on: `delayMs` waits before every
// token, `gapMs` only between one token and the next, so the first leaves with the item opening it.
describe('fake OpenAI server: token pacing (Responses API)', () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => (fake = await FakeOpenAIServer.start()));
  afterAll(() => fake.close());

  /** Arrival time of each SSE event type of one streamed response, in ms after the request. */
  async function arrivals(step: { delayMs?: number; gapMs?: number }): Promise<Array<{ type: string; at: number }>> {
    fake.setResolver(() => ({ steps: [{ type: 'text', tokens: ['a', 'b', 'c'], ...step }] }));
    const sentAt = performance.now();
    const response = await fetch(`${fake.baseUrl}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
      body: JSON.stringify({ model: 'gpt-4o', input: 'hi', stream: true }),
    });
    const events: Array<{ type: string; at: number }> = [];
    await forEachSseBlock(response.body!, (block) => {
      const at = performance.now() - sentAt;
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data && data !== 'data: [DONE]') events.push({ type: (JSON.parse(data.slice(6)) as { type: string }).type, at });
    });
    return events;
  }

  const times = (events: Array<{ type: string; at: number }>, type: string) => events.filter((e) => e.type === type).map((e) => e.at);

  it('gapMs spaces the tokens after the first, which comes with the item that opens the answer', async () => {
    // Margins for a loaded machine: a reader late by some milliseconds shortens a measured gap.
    const events = await arrivals({ gapMs: 100 });
    const [first, second, third] = times(events, 'response.output_text.delta');
    const [itemAdded] = times(events, 'response.output_item.added');
    expect(first! - itemAdded!).toBeLessThan(40);
    expect(second! - first!).toBeGreaterThanOrEqual(60);
    expect(third! - second!).toBeGreaterThanOrEqual(60);
  });

  it('delayMs waits before every token, the first included', async () => {
    const events = await arrivals({ delayMs: 100 });
    const [first] = times(events, 'response.output_text.delta');
    const [itemAdded] = times(events, 'response.output_item.added');
    expect(first! - itemAdded!).toBeGreaterThanOrEqual(60);
  });
});
