// How a run ends when something goes wrong: provider errors, broken streams, timeouts, cancellation.
import { OPENAI_API_MODES, runLoop, useFakeOpenAI, waitFor } from '../../../../../test/support/agent-loop-harness';

const openai = useFakeOpenAI();

describe.each(OPENAI_API_MODES)('runAgentLoop against the real @ai-sdk/openai provider (%s API)', (mode) => {
  it('fails with model_provider_error and the HTTP status when the provider answers 500', async () => {
    openai.server.enqueue({
      steps: [{ type: 'http-error', status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } }],
    });

    const { outcome } = await runLoop(openai.model(mode));

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
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['Half ', 'an '] }, { type: 'disconnect' }] });

    const startedAt = Date.now();
    const { outcome } = await runLoop(openai.model(mode), { idleTimeoutMs: 5_000 });

    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_stream_error' }, content: 'Half an ' });
  });

  it('fails with model_stream_error on a chunk that is not JSON', async () => {
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['ok'] }, { type: 'malformed' }, { type: 'text', tokens: ['!'] }] });

    const { outcome } = await runLoop(openai.model(mode));

    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_stream_error' } });
  });

  it('fails with model_timeout when the model goes silent mid-answer', async () => {
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['Thinking'] }, { type: 'stall', ms: 10_000 }, { type: 'text', tokens: ['…'] }] });

    const startedAt = Date.now();
    const { outcome } = await runLoop(openai.model(mode), { idleTimeoutMs: 300 });

    expect(Date.now() - startedAt).toBeLessThan(1_500);
    expect(outcome).toMatchObject({
      status: 'failed',
      error: { code: 'model_timeout', metadata: { idleTimeoutMs: 300 } },
      content: 'Thinking',
    });
    await waitFor(() => openai.server.requests[0]?.closedByClient === true);
  });

  it('fails with model_timeout when the model sends nothing at all', async () => {
    openai.server.enqueue({ steps: [{ type: 'stall', ms: 10_000 }, { type: 'text', tokens: ['late'] }] });

    const startedAt = Date.now();
    const { outcome } = await runLoop(openai.model(mode), { idleTimeoutMs: 300 });

    expect(Date.now() - startedAt).toBeLessThan(1_500);
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_timeout' }, content: '' });
  });

  it('is cancelled within a second when the abort signal fires during streaming', async () => {
    openai.server.enqueue({
      steps: [{ type: 'text', tokens: ['Partial', ' answer'] }, { type: 'stall', ms: 10_000 }, { type: 'text', tokens: ['!'] }],
    });
    const controller = new AbortController();
    let abortedAt = 0;

    const { outcome } = await runLoop(openai.model(mode), { abortSignal: controller.signal }, (event) => {
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
    await waitFor(() => openai.server.requests[0]?.closedByClient === true);
  });
});

describe('runAgentLoop: limits and failures around the run', () => {
  it('returns cancelled without calling the model when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();

    const { outcome, events } = await runLoop(openai.model('chat'), { abortSignal: controller.signal });

    expect(outcome).toMatchObject({ status: 'cancelled', content: '', steps: 0 });
    expect(events).toEqual([]);
    expect(openai.server.requests).toHaveLength(0);
  });

  it('fails with model_timeout when the whole run exceeds timeoutMs', async () => {
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], delayMs: 100 }] });

    const { outcome } = await runLoop(openai.model('responses'), { timeoutMs: 450, idleTimeoutMs: 5_000 });

    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'model_timeout', metadata: { timeoutMs: 450 } } });
    expect(outcome.content.length).toBeGreaterThan(0);
    expect(outcome.content.length).toBeLessThan(10);
  });

  it('rethrows a sink failure after stopping the model stream', async () => {
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['a'] }, { type: 'stall', ms: 10_000 }] });

    await expect(
      runLoop(openai.model('chat'), {}, () => {
        throw new Error('event store unavailable');
      }),
    ).rejects.toThrow('event store unavailable');
    await waitFor(() => openai.server.requests[0]?.closedByClient === true);
  });

  it('retries a 503 before succeeding when retries are allowed', async () => {
    openai.server.enqueue({ steps: [{ type: 'http-error', status: 503 }] }, { steps: [{ type: 'text', tokens: ['ok'] }] });

    const { outcome } = await runLoop(openai.model('chat'), { maxRetries: 1 });

    expect(outcome).toMatchObject({ status: 'succeeded', content: 'ok' });
    expect(openai.server.requests).toHaveLength(2);
  }, 10_000);
});
