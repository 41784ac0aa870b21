import { until } from '@app/contracts/test/until';
import { AgentApi, CONTEXT, allEvents, openAIEnv, textScenario } from './support/agent-run-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { uploadFile } from './support/file-upload-helpers';
import { steeredCopierModule, SteeredFileCopier } from './support/steered-file-copier';
import { call, startTestApp } from './support/test-app';

// Forking (spec 2.12): a new conversation of the forking user from a message of another one; its
// files are copied by the fork process manager (here through a test double of the FileCopier port:
// no public surface can hold a copy midway or make it fail a number of times, which the retries and
// the take-over after a restart need; forking-files copies real files end to end).

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();
const PREPARING = 'User messages cannot be posted while the forked conversation is being prepared.';

describe('forking', () => {
  const copier = new SteeredFileCopier();
  const testDoubles = steeredCopierModule(copier);
  let api: AgentApi;
  let userKey: string;
  let otherUserKey: string;

  beforeAll(async () => {
    const t = await startTestApp(openAIEnv(openAI.server), undefined, [testDoubles]);
    const { workspaceId } = await t.createWorkspace('Acme');
    userKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
    otherUserKey = await t.createKey(workspaceId, 'user', 'grace@example.com');
    api = new AgentApi(t, workspaceId, userKey);
  });
  afterAll(() => api.t.close());
  beforeEach(() => {
    copier.failuresLeft = 0;
    copier.alwaysFail = false;
    copier.calls.length = 0;
    copier.release();
  });

  const privatePath = (suffix = ''): string => `/api/w/${api.workspaceId}/assistant/conversations${suffix}`;
  const fork = (conversationId: string, sourceMessageId: string, key = userKey) =>
    call(api.t.baseUrl, 'POST', privatePath(`/${conversationId}/fork`), { key, body: { sourceMessageId } });
  const get = async (conversationId: string, key = userKey): Promise<any> =>
    (await call(api.t.baseUrl, 'GET', privatePath(`/${conversationId}`), { key })).body.conversation;
  const post = (conversationId: string, content: string, key = userKey) =>
    call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/messages`), { key, body: { content, mentions: [{ configurationId: 'dust' }], context: CONTEXT } });
  const prepared = (conversationId: string) => until(async () => (await get(conversationId)).forkingData?.forkedFrom?.fileCopyStatus === 'done', 10_000);

  /** A parent: question and answer, an uploaded file attached as a fragment, a second question. */
  async function parentWithFile(): Promise<{ conversationId: string; secondQuestionId: string; firstAnswerId: string; fileId: string }> {
    openAI.server.enqueue(textScenario(['Answer one.']));
    const { conversationId, agentMessageId } = await api.createConversation('Question one?', { title: 'Parent talk' });
    await api.settled(conversationId, agentMessageId);
    const { fileId } = await uploadFile(api.t.baseUrl, userKey, api.workspaceId, { name: 'report.txt', type: 'text/plain', bytes: 'The quarterly report.' });
    const attached = await call(api.t.baseUrl, 'POST', api.path(`/${conversationId}/content_fragments`), { key: userKey, body: { title: 'report.txt', fileId } });
    expect(attached.status).toBe(200);
    openAI.server.enqueue(textScenario(['Answer two.']));
    const second = await api.postMessage(conversationId, 'Question two?');
    await api.settled(conversationId, second.agentMessageId);
    return { conversationId, secondQuestionId: second.userMessageId, firstAnswerId: agentMessageId, fileId };
  }

  it('forks up to a message with its file copied: pending (409 on posting), then done; the parent lists the child', async () => {
    const parent = await parentWithFile();
    const requestsBefore = openAI.server.requests.length;
    copier.hold();
    const forked = await fork(parent.conversationId, parent.secondQuestionId);
    expect(forked.body).toHaveProperty('conversation');
    expect(forked.status).toBe(200);
    const child = forked.body.conversation;
    expect(child.sId).not.toBe(parent.conversationId);
    expect(child.forkingData.forkedFrom).toMatchObject({
      parentConversationId: parent.conversationId,
      parentConversationTitle: 'Parent talk',
      sourceMessageId: parent.secondQuestionId,
      branchedAt: expect.any(Number),
      user: { username: expect.any(String), email: 'ada@example.com', lastLoginAt: null },
      fileCopyStatus: 'pending',
    });
    const copied = child.content.map((versions: any[]) => versions[0]);
    expect(copied.map((m: any) => [m.type, m.rank, m.version])).toEqual([
      ['user_message', 0, 0],
      ['agent_message', 1, 0],
      ['content_fragment', 2, 0],
      ['user_message', 3, 0],
    ]);
    expect(copied[1]).toMatchObject({ status: 'succeeded', content: 'Answer one.', parentMessageId: copied[0].sId });
    expect(copied[3].content).toBe('Question two?');
    expect(copied.map((m: any) => m.sId)).not.toContain(parent.secondQuestionId);

    const refused = await post(child.sId, 'Can I post?');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { type: 'invalid_request_error', message: PREPARING } });

    copier.release();
    await prepared(child.sId);
    expect(copier.calls).toEqual([{ workspaceId: api.workspaceId, fileId: parent.fileId, targetConversationId: child.sId }]);
    const ready = await get(child.sId);
    expect(ready.content[2][0].fileId).toBe(`fil_copy_${parent.fileId}_${child.sId}`);
    // The copied answer was never run again, and its event stream ends at once.
    expect(openAI.server.requests.length).toBe(requestsBefore);
    const copiedEvents = await api.events(child.sId, copied[1].sId, { family: 'private', timeoutMs: 5_000 });
    expect(copiedEvents.frames.map((frame) => frame.raw)).toEqual(['done']);

    openAI.server.enqueue(textScenario(['Fork answer.']));
    const accepted = await post(child.sId, 'Now in the fork?');
    expect(accepted.status).toBe(200);
    expect((await api.settled(child.sId, accepted.body.agentMessages[0].sId)).content).toBe('Fork answer.');

    const parentNow = await get(parent.conversationId);
    expect(parentNow.forkingData.forkedFrom).toBeUndefined();
    expect(parentNow.forkingData.forkedChildren).toEqual([
      {
        childConversationId: child.sId,
        childConversationTitle: 'Parent talk',
        sourceMessageId: parent.secondQuestionId,
        branchedAt: child.forkingData.forkedFrom.branchedAt,
        user: child.forkingData.forkedFrom.user,
      },
    ]);
    // The parent is untouched: it still holds its own messages and answers.
    expect(parentNow.content.flat()).toHaveLength(5);
  });

  it('retries a failing copy with backoff, recording each failed attempt, then completes', async () => {
    const parent = await parentWithFile();
    copier.failuresLeft = 2;
    const forked = await fork(parent.conversationId, parent.secondQuestionId);
    const childId = forked.body.conversation.sId;
    await prepared(childId);
    const recorded = (await allEvents(api)).filter((e) => e.streamName === `conversation-${childId}` && e.type.startsWith('Fork'));
    expect(recorded.map((e) => [e.type, e.data.attempt ?? null, e.data.final ?? null])).toEqual([
      ['ForkFileCopyFailed', 1, false],
      ['ForkFileCopyFailed', 2, false],
      ['ForkFileCopyCompleted', null, null],
      ['ForkPrepared', null, null],
    ]);
    expect(recorded.at(-1)?.data.status).toBe('done');
  });

  it('never stays pending: a copy that keeps failing gives up after the bounded attempts and opens the fork', async () => {
    const parent = await parentWithFile();
    copier.alwaysFail = true;
    const childId = (await fork(parent.conversationId, parent.secondQuestionId)).body.conversation.sId;
    await prepared(childId);
    const recorded = (await allEvents(api)).filter((e) => e.streamName === `conversation-${childId}` && e.type.startsWith('Fork'));
    expect(recorded.map((e) => e.type)).toEqual(['ForkFileCopyFailed', 'ForkFileCopyFailed', 'ForkFileCopyFailed', 'ForkPrepared']);
    expect(recorded[2].data).toMatchObject({ attempt: 3, final: true, reason: 'storage busy' });
    expect(recorded[3].data.status).toBe('failed');
    openAI.server.enqueue(textScenario(['Open anyway.']));
    const accepted = await post(childId, 'Usable?');
    expect(accepted.status).toBe(200);
    expect((await api.settled(childId, accepted.body.agentMessages[0].sId)).content).toBe('Open anyway.');
  });

  it('forks a fork, and a fork belongs to the user who made it', async () => {
    openAI.server.enqueue(textScenario(['Root answer.']));
    const root = await api.createConversation('Root question?', { title: 'Root' });
    await api.settled(root.conversationId, root.agentMessageId);
    const child = (await fork(root.conversationId, root.agentMessageId)).body.conversation;
    await prepared(child.sId);
    const childAnswer = child.content[1][0];
    expect(childAnswer).toMatchObject({ type: 'agent_message', content: 'Root answer.' });

    // Another member forks the fork: the grandchild is theirs.
    const grandchild = await fork(child.sId, childAnswer.sId, otherUserKey);
    expect(grandchild.status).toBe(200);
    const g = grandchild.body.conversation;
    expect(g.forkingData.forkedFrom).toMatchObject({ parentConversationId: child.sId, sourceMessageId: childAnswer.sId, user: { email: 'grace@example.com' } });
    expect(g.content.flat().map((m: any) => m.type)).toEqual(['user_message', 'agent_message']);
    expect((await get(child.sId)).forkingData.forkedChildren.map((c: any) => c.childConversationId)).toEqual([g.sId]);
    await prepared(g.sId);
    const listed = async (key: string) => (await call(api.t.baseUrl, 'GET', api.path(''), { key })).body.conversations.map((c: any) => c.sId);
    expect(await listed(otherUserKey)).toContain(g.sId);
    expect(await listed(otherUserKey)).not.toContain(child.sId);
    expect(await listed(userKey)).toContain(child.sId);
  });

  it('answers 404 for a message of another conversation, 400 without a source, 401 for a key without a user', async () => {
    openAI.server.enqueue(textScenario(['x']));
    const a = await api.createConversation('A?');
    await api.settled(a.conversationId, a.agentMessageId);
    expect((await fork(a.conversationId, 'nosuchmsg1')).status).toBe(404);
    expect((await call(api.t.baseUrl, 'POST', privatePath(`/${a.conversationId}/fork`), { key: userKey, body: {} })).status).toBe(400);
    expect((await fork('nosuchconv', a.userMessageId)).status).toBe(404);
    const { apiKey } = await api.t.createWorkspace('Other');
    expect((await fork(a.conversationId, a.userMessageId, apiKey)).status).toBe(401);
  });

  it('resumes, at the next start, a fork whose preparation died with its process', async () => {
    const parent = await parentWithFile();
    copier.hold();
    const childId = (await fork(parent.conversationId, parent.secondQuestionId)).body.conversation.sId;
    await until(async () => copier.calls.length === 1, 5_000);
    const dataDir = api.t.dataDir;
    await api.t.close({ keepData: true });
    copier.abandonHeld();
    api = api.on(await startTestApp(openAIEnv(openAI.server), dataDir, [testDoubles]));
    await prepared(childId);
    const recorded = (await allEvents(api)).filter((e) => e.streamName === `conversation-${childId}` && e.type.startsWith('Fork'));
    expect(recorded.map((e) => e.type)).toEqual(['ForkFileCopyCompleted', 'ForkPrepared']);
    expect(copier.calls).toHaveLength(2);
  });
});
