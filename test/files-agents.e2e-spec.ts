import { conversationAggregate } from '@app/domain/conversation/conversation.decider';
import { until } from '@app/contracts/test/until';
import { DeciderExecutor } from '../apps/api/src/event-sourcing/writing/decider-executor';
import { newInlineFragment } from '../libs/domain/test/conversation-decider.fixtures';
import { useFakeOpenAI } from './support/use-fake-openai';
import { AgentApi, openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { PNG_PIXEL, uploadFile } from './support/file-upload-helpers';
import { minimalPdf } from './support/minimal-pdf';
import { officialClient } from './support/official-client';
import { call } from './support/test-app';

// Agents read what is attached to their conversation: the text of uploaded files (latest version
// of each fragment only, within a budget, cut with a marker) and images as image parts.

const openAI = useFakeOpenAI();
const ATTACHMENT_BUDGET = 2000;

describe('agents read attached files', () => {
  let api: AgentApi;

  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { OPENAI_API_MODE: 'chat', PROMPT_ATTACHMENT_CHARS: String(ATTACHMENT_BUDGET) }));
  });
  afterAll(() => api.t.close());

  async function upload(name: string, type: string, bytes: Uint8Array | string): Promise<string> {
    const res = await uploadFile(api.t.baseUrl, api.key, api.workspaceId, { name, type, bytes });
    expect(res.body.file?.status).toBe('ready');
    return res.fileId;
  }

  /** The body the model received for the agent run (not the title request). */
  async function runBody(conversationId: string, agentMessageId: string): Promise<string> {
    expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded' });
    const request = runRequests(openAI.server).at(-1);
    return sentText(request?.body);
  }

  it('sends the text of an uploaded file attached at creation, before the user message', async () => {
    openAI.server.enqueue(textScenario(['Read it.']));
    const fileId = await upload('memo.md', 'text/markdown', '# Memo\nThe lighthouse keeper counts seventeen gulls.');
    const { conversationId, agentMessageId, body } = await api.createConversation('What does the memo say?', {
      contentFragments: [{ title: 'memo.md', fileId }],
    });
    expect(body.contentFragments[0]).toMatchObject({ contentFragmentType: 'file', fileId, contentType: 'text/markdown', textBytes: Buffer.byteLength('# Memo\nThe lighthouse keeper counts seventeen gulls.'), snippet: '# Memo\nThe lighthouse keeper counts seventeen gulls.' });
    const sent = await runBody(conversationId, agentMessageId);
    expect(sent).toContain('The lighthouse keeper counts seventeen gulls.');
    expect(sent.indexOf('seventeen gulls')).toBeLessThan(sent.indexOf('What does the memo say?'));
  });

  it('sends the text of an inline fragment, stored as a file, before the user message', async () => {
    openAI.server.enqueue(textScenario(['Read it.']));
    const text = 'Inline memo: the archive door code is amber-forty-two.';
    const { conversationId, agentMessageId, body } = await api.createConversation('What is the door code?', {
      contentFragments: [{ title: 'memo.txt', content: text, contentType: 'text/plain' }],
    });
    expect(body.contentFragments[0]).toMatchObject({ contentFragmentType: 'file', fileId: expect.stringMatching(/^fil_/) });
    const sent = await runBody(conversationId, agentMessageId);
    expect(sent).toContain(text);
    expect(sent.indexOf('amber-forty-two')).toBeLessThan(sent.indexOf('What is the door code?'));
  });

  it('still renders and sends an inline fragment recorded before inline text became files (its text in the event)', async () => {
    const cId = (await call(api.t.baseUrl, 'POST', api.path(), { key: api.key, body: { title: 'old fragment' } })).body.conversation.sId;
    const text = 'Old inline note: the well is behind the mill.';
    const fragment = newInlineFragment('oldfrag001', 'oldcf00001', text);
    // No route records a fragment this way any more (inline text is stored as a file first), so the
    // old shape is written through the conversation's write door, as the older version did.
    await api.t.app
      .get(DeciderExecutor)
      .execute(conversationAggregate, cId, { type: 'AddContentFragment', ...fragment, conversationId: cId, workspaceId: api.workspaceId, now: Date.now() }, { actor: 'test' });
    const read = async () => (await call(api.t.baseUrl, 'GET', api.path(`/${cId}`), { key: api.key })).body.conversation.content.flat();
    await until(async () => (await read()).length > 0, 5_000);
    expect((await read())[0]).toMatchObject({ contentFragmentType: 'file', fileId: null, textBytes: Buffer.byteLength(text) });
    const raw = await call(api.t.baseUrl, 'GET', `/api/w/${api.workspaceId}/assistant/conversations/${cId}/messages/oldfrag001/raw_content_fragment`, { key: api.key });
    expect(raw.body).toBe(text);
    openAI.server.enqueue(textScenario(['By the mill.']));
    const { agentMessageId } = await api.postMessage(cId, 'Where is the well?');
    expect(await runBody(cId, agentMessageId)).toContain(text);
  });

  it('sends only the latest version of a superseded fragment', async () => {
    const cId = (await call(api.t.baseUrl, 'POST', api.path(), { key: api.key, body: { title: 'versions' } })).body.conversation.sId;
    const first = await upload('plan-v1.txt', 'text/plain', 'Plan version one: sail north.');
    const second = await upload('plan-v2.txt', 'text/plain', 'Plan version two: sail south.');
    const v1 = await call(api.t.baseUrl, 'POST', api.path(`/${cId}/content_fragments`), { key: api.key, body: { title: 'plan', fileId: first } });
    expect(v1.status).toBe(200);
    const v2 = await call(api.t.baseUrl, 'POST', api.path(`/${cId}/content_fragments`), {
      key: api.key,
      body: { title: 'plan', fileId: second, supersededContentFragmentId: v1.body.contentFragment.contentFragmentId },
    });
    expect(v2.status).toBe(200);
    openAI.server.enqueue(textScenario(['South.']));
    const { agentMessageId } = await api.postMessage(cId, 'Which way?');
    const sent = await runBody(cId, agentMessageId);
    expect(sent).toContain('sail south');
    expect(sent).not.toContain('sail north');
  });

  it('cuts attached text past the budget and says so in the prompt', async () => {
    const long = `${'word '.repeat(1000)}THE-END-MARK`;
    const fileId = await upload('long.txt', 'text/plain', long);
    openAI.server.enqueue(textScenario(['Long.']));
    const { conversationId, agentMessageId } = await api.createConversation('Summarize', { contentFragments: [{ title: 'long.txt', fileId }] });
    const sent = await runBody(conversationId, agentMessageId);
    expect(sent).not.toContain('THE-END-MARK');
    expect(sent).toContain(`[Truncated: the attachment has ${long.length} characters; only the first ${ATTACHMENT_BUDGET} fit in this prompt.]`);
  });

  it('sends an attached image as an image part to a model that takes images', async () => {
    const fileId = await upload('pixel.png', 'image/png', PNG_PIXEL);
    openAI.server.enqueue(textScenario(['A pixel.']));
    const { conversationId, agentMessageId } = await api.createConversation('What is in the picture?', { contentFragments: [{ title: 'pixel.png', fileId }] });
    const sent = await runBody(conversationId, agentMessageId);
    expect(sent).toContain(PNG_PIXEL.toString('base64'));
    expect(sent).toContain('image_url');
  });
});

describe('agents read attached files: needs the PDF extractor', () => {
  let api: AgentApi;

  beforeAll(async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { OPENAI_API_MODE: 'chat' }));
  });
  afterAll(() => api.t.close());

  it('the official client uploads a PDF and the agent quotes a sentence that exists only inside it', async () => {
    const sentence = 'The heron waits by the silver lake at noon.';
    const client = officialClient(api.t.baseUrl, api.workspaceId, api.key);
    const pdf = minimalPdf(sentence);
    const uploaded = await client.uploadFile({
      contentType: 'application/pdf',
      fileName: 'heron.pdf',
      fileSize: pdf.length,
      useCase: 'conversation',
      fileObject: new File([pdf], 'heron.pdf', { type: 'application/pdf' }),
    });
    if (!uploaded.isOk()) throw new Error(`upload failed: ${String(uploaded.error.message)}`);
    expect(uploaded.value.status).toBe('ready');
    // The fake model quotes the sentence only when its prompt holds it.
    openAI.server.setResolver((request) =>
      textScenario([sentText(request.body).includes(sentence) ? `The document says: ${sentence}` : 'I see no document.']),
    );
    const { conversationId, agentMessageId } = await api.createConversation('Quote the document.', {
      contentFragments: [{ title: 'heron.pdf', fileId: uploaded.value.sId }],
    });
    expect(await api.settled(conversationId, agentMessageId)).toMatchObject({ status: 'succeeded', content: `The document says: ${sentence}` });
  });
});
