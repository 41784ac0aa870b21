import { DustAPI } from '@dust-tt/client';
import { call, startTestApp, type TestApp } from './support/test-app';

/** The client's data calls against our server; it validates each answer against its own schemas. */
describe('the official client against our server: spaces and data sources', () => {
  let t: TestApp;
  let client: DustAPI;
  let apiKey: string;
  const logger = { info: () => undefined, error: () => undefined, warn: () => undefined, debug: () => undefined } as unknown as Console;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    const created = await t.createWorkspace();
    const workspaceId = created.workspaceId;
    apiKey = created.apiKey;
    client = new DustAPI({ url: t.baseUrl }, { workspaceId, apiKey }, logger);
    const space = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: apiKey, body: { name: 'Library', isRestricted: true } })).body.space;
    await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${space.sId}/data_sources`, { key: apiKey, body: { name: 'Books', description: null } });
  });
  afterAll(() => t.close());

  function unwrap<T>(result: { isOk(): boolean; value?: T; error?: unknown }): T {
    if (!result.isOk()) throw new Error(`client error: ${JSON.stringify(result.error)}`);
    return result.value as T;
  }

  it('getSpaces lists the regular space beside the global one', async () => {
    const spaces = unwrap(await client.getSpaces());
    // The two spaces of a new workspace share their creation time: their order between them is not fixed.
    expect(spaces.map((space) => [space.kind, space.name]).sort()).toEqual([
      ['conversations', 'Conversations'],
      ['global', 'Company Data'],
      ['regular', 'Library'],
    ]);
    expect(spaces[2]).toMatchObject({ kind: 'regular', isRestricted: true });
  });

  it('getDataSources, patchDataSourceView and tokenize', async () => {
    const [dataSource] = unwrap(await client.getDataSources());
    expect(dataSource).toMatchObject({ name: 'Books', sId: expect.stringMatching(/^dts_/), connectorProvider: null });

    const spaceId = unwrap(await client.getSpaces()).find((space) => space.kind === 'regular')!.sId;
    const views = await call(t.baseUrl, 'GET', `/api/v1/w/${client.workspaceId()}/spaces/${spaceId}/data_source_views`, { key: apiKey });
    const view = views.body.dataSourceViews[0];
    const patched = unwrap(await client.patchDataSourceView(view, { parentsToAdd: ['shelf-1'], parentsToRemove: undefined }));
    expect(patched).toMatchObject({ sId: view.sId, parentsIn: ['shelf-1'], dataSource: { sId: dataSource!.sId } });
    const replaced = unwrap(await client.patchDataSourceView(view, { parentsIn: ['shelf-2'] }));
    expect(replaced.parentsIn).toEqual(['shelf-2']);

    const tokens = unwrap(await client.tokenize('Hello tokens', dataSource!.sId));
    expect(tokens.map(([, text]) => text).join('')).toBe('Hello tokens');
  });
});
