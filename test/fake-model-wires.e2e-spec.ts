import { startFakeAnthropicServer, startFakeGoogleServer, startFakeMistralServer, type FakeModelServer } from './support/fake-model-servers';

// The fake Anthropic, Google and Mistral servers refuse what the real APIs refuse, in each one's
// error envelope, so the provider specs cannot pass on a request a provider would turn down.

const post = async (url: string, headers: Record<string, string>, body: unknown) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};

describe('fake model servers refuse what their provider refuses', () => {
  let anthropic: FakeModelServer;
  let google: FakeModelServer;
  let mistral: FakeModelServer;
  beforeAll(async () => {
    [anthropic, google, mistral] = await Promise.all([startFakeAnthropicServer(), startFakeGoogleServer(), startFakeMistralServer()]);
  });
  afterAll(() => Promise.all([anthropic, google, mistral].map((fake) => fake.close())));

  it('Anthropic: credentials, a thinking turn sent back without its thinking, a tool_use left unanswered', async () => {
    const url = `${anthropic.baseUrl}/messages`;
    const auth = { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' };
    const toolTurn = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'search', input: {} }] };
    const result = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'found' }] };
    const base = { model: 'claude-sonnet-4-5', max_tokens: 9_000, stream: true };

    expect(await post(url, { 'anthropic-version': '2023-06-01' }, { ...base, messages: [] })).toMatchObject({ status: 401, body: { type: 'error', error: { type: 'authentication_error' } } });
    const thinking = { ...base, thinking: { type: 'enabled', budget_tokens: 8_192 } };
    const unsigned = await post(url, auth, { ...thinking, messages: [{ role: 'user', content: 'Hi' }, toolTurn, result] });
    expect(unsigned).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', message: expect.stringContaining('must start with a thinking block') } } });
    const overBudget = await post(url, auth, { ...thinking, max_tokens: 8_192, messages: [{ role: 'user', content: 'Hi' }] });
    expect(overBudget.body.error.message).toContain('`max_tokens` must be greater than `thinking.budget_tokens`');
    const unanswered = await post(url, auth, { ...base, messages: [{ role: 'user', content: 'Hi' }, toolTurn, { role: 'user', content: 'And?' }] });
    expect(unanswered.body.error.message).toContain('`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1');
    expect(anthropic.requests).toHaveLength(4);
  });

  it('Google: the API key, a function call turn answered by fewer responses, a thinking budget out of range', async () => {
    const url = `${google.baseUrl}/models/gemini-2.5-flash:streamGenerateContent?alt=sse`;
    const calls = { role: 'model', parts: [{ functionCall: { name: 'a', args: {} } }, { functionCall: { name: 'b', args: {} } }] };
    const oneAnswer = { role: 'user', parts: [{ functionResponse: { name: 'a', response: {} } }] };
    const hello = { role: 'user', parts: [{ text: 'Hi' }] };

    expect(await post(url, {}, { contents: [hello] })).toMatchObject({ status: 403, body: { error: { code: 403, status: 'PERMISSION_DENIED' } } });
    const short = await post(url, { 'x-goog-api-key': 'g' }, { contents: [hello, calls, oneAnswer] });
    expect(short).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT', message: expect.stringContaining('number of function response parts') } } });
    const budget = await post(url, { 'x-goog-api-key': 'g' }, { contents: [hello], generationConfig: { thinkingConfig: { thinkingBudget: 50_000 } } });
    expect(budget).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('thinking budget') } } });
  });

  it('Mistral: the bearer key, a tool call id that is not nine letters and digits, a tool call left unanswered', async () => {
    const url = `${mistral.baseUrl}/chat/completions`;
    const auth = { authorization: 'Bearer m' };
    const call = (id: string) => ({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 'search', arguments: '{}' } }] });
    const base = { model: 'mistral-medium-latest', stream: true };

    expect(await post(url, {}, { ...base, messages: [{ role: 'user', content: 'Hi' }] })).toMatchObject({ status: 401, body: { object: 'error' } });
    const longId = await post(url, auth, { ...base, messages: [{ role: 'user', content: 'Hi' }, call('call_0123456789'), { role: 'tool', tool_call_id: 'call_0123456789', content: 'found' }] });
    expect(longId).toMatchObject({ status: 400, body: { message: 'Tool call id was call_0123456789 but must be a-z, A-Z, 0-9, with a length of 9.' } });
    const unanswered = await post(url, auth, { ...base, messages: [{ role: 'user', content: 'Hi' }, call('abcDEF123'), { role: 'user', content: 'And?' }] });
    expect(unanswered).toMatchObject({ status: 400, body: { message: 'Not the same number of function calls and responses' } });
  });
});
