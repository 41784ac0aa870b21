import { AgentApi, payloads, textScenario } from './support/agent-run-helpers';
import type { Scenario } from './support/fake-model-servers';
import { geminiQuotaErrorBody } from './support/fake-models/gemini.wire';
import { ProviderAgents } from './support/provider-agents';

// How a failing Anthropic, Google or Mistral server ends an agent message, each on its own wire: an
// error event mid-stream (429, 5xx) or a cut connection fails the message with the provider's
// status, keeping what was written; a refusal before the stream is retried after the wait the
// provider asks for (a header, or Google's RetryInfo), and past the retries the message says that
// wait. Successful conversations are in model-providers.

jest.setTimeout(30_000);

describe('model providers failing on their own wire', () => {
  let providers: ProviderAgents;
  let api: AgentApi;

  beforeAll(async () => {
    providers = await ProviderAgents.start();
    api = providers.api;
  });
  afterAll(() => providers?.close());
  beforeEach(() => providers.reset());

  /** Asks the provider's agent `Hello` and returns the settled message and the fake's requests. */
  async function ask(providerId: string, ...scenarios: Scenario[]): Promise<{ message: any; frames: any[] }> {
    providers.fake(providerId).enqueue(...scenarios);
    const { conversationId, agentMessageId } = await api.createConversation('Hello', { agent: providers.agent(providerId) });
    const { frames } = await api.events(conversationId, agentMessageId, { timeoutMs: 20_000 });
    return { message: await api.settled(conversationId, agentMessageId), frames: payloads(frames) };
  }

  function failsMidStream(status: number, message: string, retryAfterMs?: number): Scenario {
    return { steps: [{ type: 'text', tokens: ['Let me '] }, { type: 'provider-error', status, message, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }] };
  }

  /** Milliseconds between the provider's first and second request. */
  function waitBeforeRetry(providerId: string): number {
    const [refused, retried] = providers.fake(providerId).requests;
    return retried.receivedAtMs - refused.receivedAtMs;
  }

  describe('anthropic', () => {
    it('fails an answer whose stream says overloaded_error, keeping what it wrote, without a retry', async () => {
      const { message, frames } = await ask('anthropic', failsMidStream(529, 'Overloaded'));
      expect(frames.at(-1)).toMatchObject({ type: 'agent_error', error: { code: 'model_provider_error' } });
      expect(message).toMatchObject({ status: 'failed', content: 'Let me ', error: { code: 'model_provider_error' } });
      expect(message.error.message).toContain('Overloaded');
      expect(providers.fake('anthropic').requests).toHaveLength(1);
    });

    it.each([
      [429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'],
      [500, 'api_error', 'Internal server error'],
    ])('fails an answer whose stream sends a %i error event (%s), naming it', async (status, type, text) => {
      const { message } = await ask('anthropic', failsMidStream(status, text));
      expect(message).toMatchObject({
        status: 'failed',
        content: 'Let me ',
        error: { code: 'model_provider_error', metadata: { httpStatus: status, retryable: true, providerErrorType: type } },
      });
      expect(message.error.message).toContain(text);
      expect(providers.fake('anthropic').requests).toHaveLength(1);
    });

    it('retries an answer whose stream opens with overloaded_error before writing anything, then answers', async () => {
      const { message } = await ask('anthropic', { steps: [{ type: 'provider-error', status: 529, message: 'Overloaded' }] }, textScenario(['Hello.']));
      expect(message).toMatchObject({ status: 'succeeded', content: 'Hello.' });
      expect(providers.fake('anthropic').requests).toHaveLength(2);
    });

    it('retries a 429 after the retry-after it gives, then answers', async () => {
      const { message } = await ask('anthropic', { steps: [{ type: 'http-error', status: 429, headers: { 'retry-after': '1' } }] }, textScenario(['Hello.']));
      expect(message).toMatchObject({ status: 'succeeded', content: 'Hello.' });
      // One second as the provider asked, not the SDK's own first backoff of two.
      expect(waitBeforeRetry('anthropic')).toBeGreaterThanOrEqual(950);
      expect(waitBeforeRetry('anthropic')).toBeLessThan(1_900);
    });

    it('fails a message refused with 429 past the retries, saying when the provider asks to retry', async () => {
      const refused: Scenario = { steps: [{ type: 'http-error', status: 429, headers: { 'retry-after': '1' } }] };
      const { message } = await ask('anthropic', refused, refused, refused);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'model_provider_error', metadata: { httpStatus: 429, retryable: true, retryAfterMs: 1_000, attempts: 3 } } });
      expect(message.error.message).toContain('the provider asks to retry in 1 s');
    });
  });

  describe('google_ai_studio', () => {
    it('fails an answer whose stream ends with an INTERNAL error chunk', async () => {
      const { message } = await ask('google_ai_studio', failsMidStream(500, 'Internal error'));
      expect(message).toMatchObject({ status: 'failed', content: 'Let me ', error: { code: 'model_provider_error', metadata: { httpStatus: 500, providerErrorType: 'INTERNAL' } } });
      expect(message.error.message).toContain('Internal error');
    });

    it('fails an answer whose stream ends with RESOURCE_EXHAUSTED, with the retry delay of its RetryInfo', async () => {
      const { message } = await ask('google_ai_studio', failsMidStream(429, 'Resource has been exhausted (e.g. check quota).', 30_000));
      expect(message).toMatchObject({
        status: 'failed',
        content: 'Let me ',
        error: { code: 'model_provider_error', metadata: { httpStatus: 429, retryable: true, providerErrorType: 'RESOURCE_EXHAUSTED', retryAfterMs: 30_000 } },
      });
      expect(message.error.message).toContain('the provider asks to retry in 30 s');
    });

    it('retries a 429 RESOURCE_EXHAUSTED after the retryDelay of its RetryInfo, then answers', async () => {
      const { message } = await ask('google_ai_studio', { steps: [{ type: 'http-error', status: 429, body: geminiQuotaErrorBody(500) }] }, textScenario(['Hello.']));
      expect(message).toMatchObject({ status: 'succeeded', content: 'Hello.' });
      // Half a second as Google asked (in the body; it sends no retry-after), not the SDK's two.
      expect(waitBeforeRetry('google_ai_studio')).toBeGreaterThanOrEqual(450);
      expect(waitBeforeRetry('google_ai_studio')).toBeLessThan(1_500);
    });

    it('fails a message refused with RESOURCE_EXHAUSTED past the retries, saying when Google asks to retry', async () => {
      const refused: Scenario = { steps: [{ type: 'http-error', status: 429, body: geminiQuotaErrorBody(1_500) }] };
      const { message } = await ask('google_ai_studio', refused, refused, refused);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'model_provider_error', metadata: { httpStatus: 429, retryAfterMs: 1_500, attempts: 3 } } });
      expect(message.error.message).toContain('You exceeded your current quota');
      expect(message.error.message).toContain('the provider asks to retry in 2 s');
    });

    it('does not hold the run for a long RetryInfo wait, and names it when the retries are spent', async () => {
      const refused: Scenario = { steps: [{ type: 'http-error', status: 429, body: geminiQuotaErrorBody(58_000) }] };
      const { message } = await ask('google_ai_studio', refused, refused, refused);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'model_provider_error', metadata: { httpStatus: 429, retryAfterMs: 58_000, attempts: 3 } } });
      expect(message.error.message).toContain('the provider asks to retry in 58 s');
      // The SDK's own backoff (2 s, then 4 s), not 58 s twice.
      expect(waitBeforeRetry('google_ai_studio')).toBeLessThan(3_000);
    });
  });

  describe('mistral', () => {
    it('fails a message refused with 429 after the retries, naming the status and the reason', async () => {
      const refused: Scenario = { steps: [{ type: 'http-error', status: 429, body: { object: 'error', message: 'Requests rate limit exceeded', type: 'rate_limited', param: null, code: '1300' } }] };
      const { message } = await ask('mistral', refused, refused, refused);
      expect(message).toMatchObject({ status: 'failed', error: { code: 'model_provider_error', metadata: { httpStatus: 429, retryable: true } } });
      expect(message.error.message).toContain('429');
      expect(message.error.message).toContain('Requests rate limit exceeded');
      // Mistral names no wait, so none is made up.
      expect(message.error.metadata.retryAfterMs).toBeUndefined();
      expect(providers.fake('mistral').requests).toHaveLength(3);
    });

    it('fails with model_stream_error when the connection breaks mid-stream, keeping the partial text', async () => {
      const { message, frames } = await ask('mistral', { steps: [{ type: 'text', tokens: ['Half ', 'an '] }, { type: 'disconnect' }] });
      expect(frames.at(-1)).toMatchObject({ type: 'agent_error', error: { code: 'model_stream_error' } });
      expect(message).toMatchObject({ status: 'failed', content: 'Half an ', error: { code: 'model_stream_error' } });
      expect(providers.fake('mistral').requests).toHaveLength(1);
    });

    it('retries a 503 before the stream, then answers', async () => {
      const unavailable: Scenario = { steps: [{ type: 'http-error', status: 503, body: { object: 'error', message: 'Service unavailable', type: 'internal_server_error', param: null, code: '3000' } }] };
      const { message } = await ask('mistral', unavailable, textScenario(['Hello.']));
      expect(message).toMatchObject({ status: 'succeeded', content: 'Hello.' });
      expect(providers.fake('mistral').requests).toHaveLength(2);
    });
  });
});
