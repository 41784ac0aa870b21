import { DustAPI } from '@dust-tt/client';
import { startTestApp, type TestApp } from './support/test-app';

/** Every call goes through `@dust-tt/client`, which validates each response against its own schemas. */
describe('the official client against our server: conversations', () => {
  let t: TestApp;
  let client: DustAPI;
  let userClient: DustAPI;
  const logger = { info: () => undefined, error: () => undefined, warn: () => undefined, debug: () => undefined } as unknown as Console;
  const context = { username: 'ada', timezone: 'Europe/Paris', fullName: 'Ada Lovelace', email: null, profilePictureUrl: null, origin: 'api' as const };

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    const { workspaceId, apiKey } = await t.createWorkspace();
    client = new DustAPI({ url: t.baseUrl }, { workspaceId, apiKey }, logger);
    const userKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
    userClient = new DustAPI({ url: t.baseUrl }, { workspaceId, apiKey: userKey }, logger);
  });
  afterAll(() => t.close());

  function unwrap<T>(result: { isOk(): boolean; value?: T; error?: unknown }): T {
    if (!result.isOk()) throw new Error(`client error: ${JSON.stringify(result.error)}`);
    return result.value as T;
  }

  it('createConversation without a message', async () => {
    const created = unwrap(await client.createConversation({ title: 'Empty', visibility: 'unlisted' }));
    expect(created.conversation.title).toBe('Empty');
    expect(created.conversation.content).toEqual([]);
    expect(created.message).toBeUndefined();
  });

  it('createConversation with a message, getConversation, postUserMessage, cancel, retry, markAsRead, getConversations', async () => {
    const created = unwrap(
      await userClient.createConversation({
        title: null,
        visibility: 'unlisted',
        message: { content: 'Hello @dust', mentions: [{ configurationId: 'dust' }], context },
        contentFragment: { title: 'brief.md', content: '# Brief', contentType: 'text/markdown', url: null },
      }),
    );
    const conversationId = created.conversation.sId;
    expect(created.message?.content).toBe('Hello @dust');
    const agentMessage = created.conversation.content.flat().find((m) => m.type === 'agent_message');
    expect(agentMessage).toMatchObject({ status: 'created', parentMessageId: created.message?.sId });

    const fetched = unwrap(await userClient.getConversation({ conversationId }));
    expect(fetched.content.map((versions) => versions[0]?.type)).toEqual(['content_fragment', 'user_message', 'agent_message']);

    const posted = unwrap(await userClient.postUserMessage({ conversationId, message: { content: 'And again', mentions: [{ configurationId: 'dust' }], context } }));
    expect(posted).toMatchObject({ content: 'And again', type: 'user_message' });

    const cancelled = unwrap(await userClient.cancelMessageGeneration({ conversationId, messageIds: [agentMessage!.sId] }));
    expect(cancelled).toEqual({ success: true });

    const retried = unwrap(await userClient.retryMessage({ conversationId, messageId: agentMessage!.sId }));
    expect(retried).toMatchObject({ type: 'agent_message', version: 1, status: 'created' });

    unwrap(await userClient.markAsRead({ conversationId }));
    const listed = unwrap(await userClient.getConversations());
    const item = listed.find((c) => c.sId === conversationId);
    expect(item).toMatchObject({ sId: conversationId, unread: false, actionRequired: false });
    const adminListed = unwrap(await client.getConversations());
    expect(adminListed.map((c) => c.sId)).toContain(conversationId);
  });
});
