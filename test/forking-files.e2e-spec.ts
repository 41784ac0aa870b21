import { until } from '@app/contracts/test/until';
import { useFakeOpenAI } from './support/use-fake-openai';
import { AgentApi, openAIEnv, textScenario } from './support/agent-run-helpers';
import { uploadFile } from './support/file-upload-helpers';
import { call, startTestApp } from './support/test-app';

// A fork of a conversation with an uploaded file gets its own copy of the file through the files
// feature (no test double): a new file id, the same bytes, readable by the fork's readers, and
// still there when the original is deleted.

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();

describe('forking a conversation with an uploaded file', () => {
  let api: AgentApi;

  beforeAll(async () => {
    const t = await startTestApp(openAIEnv(openAI.server));
    const { workspaceId } = await t.createWorkspace('Acme');
    api = new AgentApi(t, workspaceId, await t.createKey(workspaceId, 'user', 'ada@example.com'));
  });
  afterAll(() => api.t.close());

  const fileView = (fileId: string) => call(api.t.baseUrl, 'GET', `/api/w/${api.workspaceId}/files/${fileId}?action=view`, { key: api.key });

  it('copies the file for the fork, which keeps it after the original is deleted', async () => {
    const memo = '# Memo\nThe lighthouse keeper counts seventeen gulls.';
    const uploaded = await uploadFile(api.t.baseUrl, api.key, api.workspaceId, { name: 'memo.md', type: 'text/markdown', bytes: memo });
    expect(uploaded.body.file?.status).toBe('ready');
    openAI.server.enqueue(textScenario(['Read.']));
    const parent = await api.createConversation('Summarize the memo', { contentFragments: [{ title: 'memo.md', fileId: uploaded.fileId }] });
    await api.settled(parent.conversationId, parent.agentMessageId);

    const forked = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/conversations/${parent.conversationId}/fork`, {
      key: api.key,
      body: { sourceMessageId: parent.agentMessageId },
    });
    expect(forked.status).toBe(200);
    const childId: string = forked.body.conversation.sId;
    await until(async () => (await api.conversation(childId)).forkingData?.forkedFrom?.fileCopyStatus === 'done', 10_000);

    const fragment = (await api.conversation(childId)).content.flat().find((m: any) => m.type === 'content_fragment');
    expect(fragment).toMatchObject({ contentFragmentType: 'file', title: 'memo.md', expiredReason: null });
    expect(fragment.fileId).toMatch(/^fil_/);
    expect(fragment.fileId).not.toBe(uploaded.fileId);

    const copy = await fileView(fragment.fileId);
    expect({ status: copy.status, body: copy.body }).toEqual({ status: 200, body: memo });

    const deleted = await call(api.t.baseUrl, 'DELETE', `/api/w/${api.workspaceId}/files/${uploaded.fileId}`, { key: api.key });
    expect(deleted.status).toBe(204);
    expect((await fileView(uploaded.fileId)).status).toBe(404);
    const still = await fileView(fragment.fileId);
    expect({ status: still.status, body: still.body }).toEqual({ status: 200, body: memo });
  });
});
