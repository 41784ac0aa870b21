import { call, startTestApp, type TestApp } from './support/test-app';

/** Content-node fragments (`nodeId` + `nodeDataSourceViewId`) resolve to a document the view shows. */
describe('content-node fragments', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  let viewId: string;
  let spaceName: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace());
    spaceName = 'Nodes';
    const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key, body: { name: spaceName, isRestricted: false } })).body.space.sId;
    const created = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key, body: { name: 'Wiki' } })).body;
    viewId = created.dataSourceView.sId;
    const documents = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${created.dataSource.sId}/documents`;
    await call(t.baseUrl, 'POST', `${documents}/onboarding`, { key, body: { text: 'Welcome aboard: read the handbook first.', mime_type: 'text/plain', source_url: 'https://example.com/onboarding', parent_id: 'people' } });
    await call(t.baseUrl, 'POST', `${documents}/secret`, { key, body: { text: 'Not in the view.', parent_id: 'finance' } });
    await call(t.baseUrl, 'PATCH', `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_source_views/${viewId}`, { key, body: { parentsIn: ['people'] } });
  });
  afterAll(() => t.close());

  it('attaches a document of the view as a content_node fragment on both routes', async () => {
    const conversation = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, {
      key,
      body: { contentFragments: [{ title: 'Onboarding', nodeId: 'onboarding', nodeDataSourceViewId: viewId }] },
    });
    expect(conversation.status).toBe(200);
    const fragment = conversation.body.conversation.content.flat().find((m: any) => m.type === 'content_fragment');
    expect(fragment).toMatchObject({
      contentFragmentType: 'content_node',
      title: 'Onboarding',
      contentType: 'text/plain',
      sourceUrl: 'https://example.com/onboarding',
      nodeId: 'onboarding',
      nodeDataSourceViewId: viewId,
      nodeType: 'document',
      expiredReason: null,
      contentNodeData: { nodeId: 'onboarding', nodeDataSourceViewId: viewId, nodeType: 'document', spaceName },
    });
    const cId = conversation.body.conversation.sId;
    const posted = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations/${cId}/content_fragments`, {
      key,
      body: { title: 'Again', nodeId: 'onboarding', nodeDataSourceViewId: viewId },
    });
    expect(posted.status).toBe(200);
    expect(posted.body.contentFragment).toMatchObject({ contentFragmentType: 'content_node', nodeId: 'onboarding' });
  });

  it('answers 404 for documents the view does not show or that do not exist', async () => {
    for (const nodeId of ['secret', 'missing']) {
      const res = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, {
        key,
        body: { contentFragments: [{ title: 'x', nodeId, nodeDataSourceViewId: viewId }] },
      });
      expect({ nodeId, status: res.status, type: res.body.error?.type }).toEqual({ nodeId, status: 404, type: 'data_source_document_not_found' });
    }
    const other = await t.createWorkspace('Other');
    const foreign = await call(t.baseUrl, 'POST', `/api/v1/w/${other.workspaceId}/assistant/conversations`, {
      key: other.apiKey,
      body: { contentFragments: [{ title: 'x', nodeId: 'onboarding', nodeDataSourceViewId: viewId }] },
    });
    expect({ status: foreign.status, type: foreign.body.error?.type }).toEqual({ status: 404, type: 'data_source_view_not_found' });
  });
});
