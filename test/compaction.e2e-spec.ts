import { until } from '@app/contracts/test/until';
import { AgentApi, CONTEXT, openAIEnv, payloads, sentText, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import type { RecordedRequest } from './support/fake-openai-server';
import { collectSse } from './support/sse-client';
import { call, startTestApp } from './support/test-app';

// Compaction (spec 2.9): past a share of the model's context window, or on request, a summary
// written by the model replaces the earlier messages in later prompts.

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();

const COMPACTING = 'User messages cannot be posted while conversation is being compacted.';

/** The heading the summary stands under in later prompts. */
const SUMMARY_HEADING = 'Summary of the earlier conversation (it replaces the messages it covers):';

function isSummaryRequest(request: RecordedRequest): boolean {
  return sentText(request.body).includes('You compact conversations.');
}

describe('compaction', () => {
  let api: AgentApi;
  // gpt-4.1 has a 1,047,576-token window: this share makes the threshold about 52 tokens, which
  // the system prompt alone passes, so every prompt with something before it gets compacted.
  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { COMPACTION_CONTEXT_SHARE: '0.00005' }));
  });
  afterAll(() => api.t.close());

  const privatePath = (suffix = ''): string => `/api/w/${api.workspaceId}/assistant/conversations${suffix}`;
  const privateConversation = async (conversationId: string): Promise<any> =>
    (await call(api.t.baseUrl, 'GET', privatePath(`/${conversationId}`), { key: api.key })).body.conversation;
  const compactionMessages = async (conversationId: string): Promise<any[]> =>
    (await privateConversation(conversationId)).content.flat().filter((m: any) => m.type === 'compaction_message');
  const post = (conversationId: string, content: string) =>
    call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages`), {
      key: api.key,
      body: { content, mentions: [{ configurationId: 'dust' }], context: CONTEXT },
    });

  it('summarizes a conversation that crosses the threshold, and the next prompt uses the summary', async () => {
    openAI.server.enqueue(textScenario(['Apples are red.']));
    const { conversationId, agentMessageId } = await api.createConversation('First question: what colour are apples?');
    expect((await api.settled(conversationId, agentMessageId)).status).toBe('succeeded');
    // The first prompt had nothing before its message to compact.
    expect(openAI.server.requests.filter(isSummaryRequest)).toHaveLength(0);

    openAI.server.enqueue(textScenario(['SUMMARY-ONE: the user asked about apples; they are red.']), textScenario(['Bananas are yellow.']));
    const second = await api.postMessage(conversationId, 'Second question: and bananas?');
    expect((await api.settled(conversationId, second.agentMessageId)).content).toBe('Bananas are yellow.');

    const [summaryRequest, runRequest] = openAI.server.requests.slice(-2);
    expect(isSummaryRequest(summaryRequest)).toBe(true);
    expect(sentText(summaryRequest.body)).toContain('First question: what colour are apples?');
    expect(sentText(summaryRequest.body)).toContain('Apples are red.');
    expect(sentText(summaryRequest.body)).not.toContain('Second question');
    const prompt = sentText(runRequest.body);
    expect(prompt).toContain(SUMMARY_HEADING);
    expect(prompt).toContain('SUMMARY-ONE: the user asked about apples; they are red.');
    expect(prompt).not.toContain('First question: what colour are apples?');
    expect(prompt).toContain('Second question: and bananas?');

    const conversation = await privateConversation(conversationId);
    const compaction = conversation.content.flat().find((m: any) => m.type === 'compaction_message');
    expect(compaction).toMatchObject({
      type: 'compaction_message',
      status: 'succeeded',
      content: 'SUMMARY-ONE: the user asked about apples; they are red.',
      visibility: 'visible',
      version: 0,
      branchId: null,
      sourceConversationId: null,
      compactionMessageId: compaction.id,
    });
    // The compacted messages stay readable.
    expect(JSON.stringify(conversation.content)).toContain('First question: what colour are apples?');
    // The public family (the official client's) leaves the compaction message out.
    const publicContent = (await api.conversation(conversationId)).content.flat();
    expect(publicContent.some((m: any) => m.type === 'compaction_message')).toBe(false);
    expect(publicContent).toHaveLength(conversation.content.flat().length - 1);
  });

  it('compacts on request, refuses posts while compacting (409) and reports progress on the conversation stream', async () => {
    openAI.server.enqueue(textScenario(['Noted.']));
    const { conversationId, agentMessageId } = await api.createConversation('Remember the code word: heron.');
    await api.settled(conversationId, agentMessageId);
    // The summary takes a while: long enough to try posting meanwhile.
    openAI.server.enqueue({ steps: [{ type: 'stall', ms: 1_500 }, { type: 'text', tokens: ['SUMMARY-TWO: the code word is heron.'] }] });

    const compacted = await call(api.t.baseUrl, 'POST', privatePath(`/${conversationId}/compact`), { key: api.key });
    expect(compacted.status).toBe(200);
    expect(compacted.body.compactionMessage).toMatchObject({ type: 'compaction_message', status: 'created', content: null });

    const refused = await post(conversationId, 'Are you there?');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { type: 'invalid_request_error', message: COMPACTING } });
    const again = await call(api.t.baseUrl, 'POST', privatePath(`/${conversationId}/compact`), { key: api.key });
    expect(again.status).toBe(409);

    const stream = await collectSse(`${api.t.baseUrl}${api.path(`/${conversationId}/events`)}`, {
      key: api.key,
      stop: (frames) => frames.some((f) => f.data?.type === 'compaction_message_done'),
      timeoutMs: 15_000,
    });
    const progress = payloads(stream.frames).filter((p) => p.type.startsWith('compaction_message'));
    expect(progress.map((p) => p.type)).toEqual(['compaction_message_new', 'compaction_message_done']);
    expect(progress[0].message).toMatchObject({ sId: compacted.body.compactionMessage.sId, status: 'created' });
    expect(progress[1]).toMatchObject({ status: 'succeeded', content: 'SUMMARY-TWO: the code word is heron.', error: null });

    openAI.server.enqueue(textScenario(['Heron.']));
    const asked = await post(conversationId, 'What was the code word?');
    expect(asked.status).toBe(200);
    await api.settled(conversationId, asked.body.agentMessages[0].sId);
    const prompt = sentText(openAI.server.requests.at(-1)?.body);
    expect(prompt).toContain('SUMMARY-TWO: the code word is heron.');
    expect(prompt).not.toContain('Remember the code word: heron.');
  });

  it('a failed compaction records the reason and leaves the conversation usable', async () => {
    openAI.server.enqueue(textScenario(['Fine.']));
    const { conversationId, agentMessageId } = await api.createConversation('Hello there.');
    await api.settled(conversationId, agentMessageId);
    const refusal = { steps: [{ type: 'http-error' as const, status: 400, body: { error: { message: 'summary refused', type: 'invalid_request_error' } } }] };
    openAI.server.enqueue(refusal);

    const compacted = await call(api.t.baseUrl, 'POST', privatePath(`/${conversationId}/compact`), { key: api.key });
    expect(compacted.status).toBe(200);
    await until(async () => (await compactionMessages(conversationId))[0]?.status === 'failed', 10_000);
    expect((await compactionMessages(conversationId))[0]).toMatchObject({ status: 'failed', content: null });

    const events = await collectSse(`${api.t.baseUrl}${privatePath(`/${conversationId}/events`)}`, {
      key: api.key,
      stop: (frames) => frames.some((f) => f.data?.type === 'compaction_message_done'),
    });
    const done = payloads(events.frames).find((p) => p.type === 'compaction_message_done');
    expect(done).toMatchObject({ status: 'failed', content: null });
    expect(done.error).toContain('summary refused');

    // Usable: posting works, and the next run compacts (past the threshold) then answers.
    openAI.server.enqueue(textScenario(['SUMMARY-THREE']), textScenario(['Still here.']));
    const asked = await post(conversationId, 'Still there?');
    expect(asked.status).toBe(200);
    expect((await api.settled(conversationId, asked.body.agentMessages[0].sId)).content).toBe('Still here.');
    expect((await compactionMessages(conversationId)).map((m) => m.status)).toEqual(['failed', 'succeeded']);
  });

  it('answers 400 when there is nothing to compact, and 404 for a conversation of nobody', async () => {
    const created = await call(api.t.baseUrl, 'POST', privatePath(), { key: api.key, body: { title: 'empty' } });
    const empty = await call(api.t.baseUrl, 'POST', privatePath(`/${created.body.conversation.sId}/compact`), { key: api.key });
    expect(empty.status).toBe(400);
    expect(empty.body.error.type).toBe('invalid_request_error');
    const missing = await call(api.t.baseUrl, 'POST', privatePath('/nosuchconv1/compact'), { key: api.key });
    expect(missing.status).toBe(404);
  });

  it('fails, at the next start, a compaction whose writer died with its process', async () => {
    openAI.server.enqueue(textScenario(['Sure.']));
    const { conversationId, agentMessageId } = await api.createConversation('Something to compact.');
    await api.settled(conversationId, agentMessageId);
    // A compaction started three minutes ago by a process that is gone (it never recorded an end):
    // its summary never comes, and the process stops while it waits. "Three minutes ago" is the one
    // thing no public surface can give (an abandoned compaction is failed only past the summary's
    // own timeout, two minutes): the api runs in this process, so its clock is moved back for the
    // one request that starts the compaction.
    openAI.server.enqueue({ steps: [{ type: 'stall', ms: 30_000 }, { type: 'text', tokens: ['never recorded'] }] });
    const realNow = Date.now;
    Date.now = () => realNow() - 180_000;
    let compacted: Awaited<ReturnType<typeof call>>;
    try {
      compacted = await call(api.t.baseUrl, 'POST', privatePath(`/${conversationId}/compact`), { key: api.key });
    } finally {
      Date.now = realNow;
    }
    expect(compacted.status).toBe(200);
    expect((await compactionMessages(conversationId))[0]).toMatchObject({ status: 'created' });
    const dataDir = api.t.dataDir;
    await api.t.close({ keepData: true });
    api = api.on(await startTestApp(openAIEnv(openAI.server, { COMPACTION_CONTEXT_SHARE: '0.00005' }), dataDir));
    await until(async () => (await compactionMessages(conversationId))[0]?.status === 'failed', 10_000);
    const events = await collectSse(`${api.t.baseUrl}${privatePath(`/${conversationId}/events`)}`, {
      key: api.key,
      stop: (frames) => frames.some((f) => f.data?.type === 'compaction_message_done'),
    });
    expect(payloads(events.frames).find((p) => p.type === 'compaction_message_done')).toMatchObject({
      status: 'failed',
      error: 'The compaction was interrupted by a restart.',
    });
  });
});
