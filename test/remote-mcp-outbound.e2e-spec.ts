import { startRemoteToolServer, type RemoteToolServer } from './support/remote-mcp-server';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * Outbound safety of remote MCP servers without `MCP_ALLOW_PRIVATE_NETWORKS`: a URL at, or a name
 * resolving to, a private, loopback, link-local or unique-local address is refused before any
 * request is sent; and without SECRETS_KEY, headers (secrets) cannot be registered.
 */
describe('remote MCP servers: outbound safety', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let local: RemoteToolServer;

  beforeAll(async () => {
    local = await startRemoteToolServer();
    t = await startTestApp();
    ({ workspaceId, apiKey: admin } = await t.createWorkspace('Acme'));
  });
  afterAll(async () => {
    await local?.close();
    await t?.close();
  });

  const register = (body: unknown) => call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/mcp/remote_servers`, { key: admin, body });

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${local.port}/mcp`],
    ['localhost', () => `http://localhost:${local.port}/mcp`],
    ['[::1]', () => `http://[::1]:${local.port}/mcp`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${local.port}/mcp`],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data'],
    ['10.x', () => 'http://10.20.30.40/mcp'],
  ])('refuses a server at %s', async (_name, url) => {
    const refused = await register({ url: url() });
    expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(refused.body.error.message).toMatch(/not public/);
    expect(local.authorizations).toEqual([]);
  });

  it('refuses schemes other than http(s) and credentials in the URL', async () => {
    expect((await register({ url: 'file:///etc/passwd' })).body.error.message).toContain('http: or https:');
    expect((await register({ url: 'https://user:pw@mcp.example.com/mcp' })).body.error.message).toContain('credentials');
    expect((await register({ url: 'not a url' })).status).toBe(400);
  });

  it('refuses headers without SECRETS_KEY, saying which variable to set', async () => {
    const refused = await register({ url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer secret' } });
    expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(refused.body.error.message).toContain('SECRETS_KEY');
  });

  it('refuses unknown and prototype keys in the body, before any request', async () => {
    const cases: [string, RegExp][] = [
      ['{"__proto__": {"admin": true}, "url": "https://mcp.example.com/mcp"}', /key "__proto__" is reserved/],
      ['{"url": "https://mcp.example.com/mcp", "extra": 1}', /Unrecognized key\(s\) in object: 'extra'/],
    ];
    for (const [raw, message] of cases) {
      const refused = await register(JSON.parse(raw));
      expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
      expect(refused.body.error.message).toMatch(message);
    }
    expect(local.authorizations).toEqual([]);
  });
});
