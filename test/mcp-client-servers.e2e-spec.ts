import { registerServer } from './support/mcp-tool-server';
import { call, startTestApp, type TestApp } from './support/test-app';

/** GET /api/w/{wId}/mcp/client_servers: the caller's client-side servers connected now, for the web app's Tools. */
describe('the client-side MCP servers connected now', () => {
  const TTL_MS = 1_500;
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;
  let adaKey: string;
  let bobKey: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', MCP_REGISTRATION_TTL_MS: String(TTL_MS) });
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace());
    adaKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
    bobKey = await t.createKey(workspaceId, 'user', 'bob@example.com');
  });
  afterAll(() => t.close());

  const list = (key: string) => call(t.baseUrl, 'GET', `/api/w/${workspaceId}/mcp/client_servers`, { key });

  it("lists the caller's own live servers, oldest first, without another user's; a deregistered or lapsed one is gone", async () => {
    const first = await registerServer(t.baseUrl, workspaceId, adaKey, 'Desk tools');
    const second = await registerServer(t.baseUrl, workspaceId, adaKey, 'Calendar tools');
    await registerServer(t.baseUrl, workspaceId, bobKey, 'Bob tools');
    const listed = await list(adaKey);
    expect(listed.status).toBe(200);
    expect(listed.body.servers).toEqual([
      { serverId: first, serverName: 'Desk tools', registeredAt: expect.any(String), expiresAt: expect.any(String) },
      { serverId: second, serverName: 'Calendar tools', registeredAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    expect(Date.parse(listed.body.servers[0].expiresAt)).toBeGreaterThan(Date.parse(listed.body.servers[0].registeredAt));

    await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/mcp/deregister`, { key: adaKey, body: { serverId: first } });
    expect((await list(adaKey)).body.servers.map((server: { serverId: string }) => server.serverId)).toEqual([second]);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 200));
    expect((await list(adaKey)).body.servers).toEqual([]);
  });

  it('refuses a key bound to no member with 403: client-side servers belong to a user', async () => {
    const refused = await list(adminKey);
    expect({ status: refused.status, type: refused.body.error.type }).toEqual({ status: 403, type: 'invalid_request_error' });
  });
});
