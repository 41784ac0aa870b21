import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { CONTENT_FRAGMENT_EXPIRY_CHECKPOINT, ContentFragmentExpirer } from '../apps/api/src/conversations/expiry/content-fragment-expirer';
import { call, startTestApp, type TestApp } from './support/test-app';

/** Deleting a data source expires the content-node fragments that point into its views. */
describe('content fragments expire with their data source', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  /** A key of a user: the conversation is theirs, so they can fork it. */
  let userKey: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
    userKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
  });
  afterAll(() => t.close());

  async function fragmentOn(family: 'v1' | 'front', conversationId: string): Promise<any> {
    const prefix = family === 'v1' ? `/api/v1/w/${workspaceId}/assistant` : `/api/w/${workspaceId}/assistant`;
    const res = await call(t.baseUrl, 'GET', `${prefix}/conversations/${conversationId}`, { key: userKey });
    expect(res.status).toBe(200);
    return res.body.conversation.content.flat().find((m: any) => m.type === 'content_fragment');
  }

  async function expiredEvents(conversationId: string): Promise<number> {
    const events = await t.app.get<EventStore>(EVENT_STORE).readStream(toConversationStreamName(conversationId));
    return events.filter((e) => e.type === 'ContentFragmentExpired').length;
  }

  async function untilExpired(conversationId: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while ((await fragmentOn('v1', conversationId))?.expiredReason !== 'data_source_deleted') {
      if (Date.now() > deadline) throw new Error('the fragment did not expire');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('marks the fragment expiredReason "data_source_deleted" on both families, once, across restarts', async () => {
    const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key, body: { name: 'Kept', isRestricted: false } })).body.space.sId;
    const created = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key, body: { name: 'Gone soon' } })).body;
    const viewId = created.dataSourceView.sId;
    const dataSource = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${created.dataSource.sId}`;
    expect((await call(t.baseUrl, 'POST', `${dataSource}/documents/handbook`, { key, body: { text: 'The handbook says hello.' } })).status).toBe(200);
    const conversation = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, {
      key: userKey,
      body: { contentFragments: [{ title: 'Handbook', nodeId: 'handbook', nodeDataSourceViewId: viewId }] },
    });
    expect(conversation.status).toBe(200);
    const cId = conversation.body.conversation.sId;
    expect(await fragmentOn('v1', cId)).toMatchObject({ contentFragmentType: 'content_node', nodeId: 'handbook', expiredReason: null });

    expect((await call(t.baseUrl, 'DELETE', dataSource, { key })).status).toBeLessThan(300);
    await untilExpired(cId);
    for (const family of ['v1', 'front'] as const) {
      expect(await fragmentOn(family, cId)).toMatchObject({
        contentFragmentType: 'content_node',
        title: 'Handbook',
        expiredReason: 'data_source_deleted',
        nodeId: null,
        nodeDataSourceViewId: null,
        nodeType: null,
        contentNodeData: null,
      });
    }
    expect(await expiredEvents(cId)).toBe(1);

    // A restart, and even a replay of the whole log, records nothing twice. Driven on the expirer
    // itself: no public surface replays the log into it, nor shows its events (the rendering of an
    // expired fragment is the same whether its expiry was recorded once or twice).
    const expirer = t.app.get(ContentFragmentExpirer);
    const head = await t.app.get<EventStore>(EVENT_STORE).headPosition();
    await expirer.stop();
    expirer.start();
    await expirer.waitFor(head, 15_000);
    expect(await expiredEvents(cId)).toBe(1);
    await expirer.stop();
    await t.app.get<ReadStore>(READ_STORE).commit({ puts: [], deletes: [], checkpoint: { name: CONTENT_FRAGMENT_EXPIRY_CHECKPOINT, position: 0 } });
    expirer.start();
    await expirer.waitFor(head, 15_000);
    expect(await expiredEvents(cId)).toBe(1);
    expect(await fragmentOn('front', cId)).toMatchObject({ expiredReason: 'data_source_deleted' });

    // A fork copies the fragment as it is: expired.
    const sourceMessageId = (await fragmentOn('front', cId)).sId;
    const forked = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/conversations/${cId}/fork`, { key: userKey, body: { sourceMessageId } });
    expect(forked.status).toBe(200);
    expect(await fragmentOn('front', forked.body.conversation.sId)).toMatchObject({ title: 'Handbook', expiredReason: 'data_source_deleted', nodeId: null });
  });
});
