import { collectSse } from './support/sse-client';
import { registerServer } from './support/mcp-tool-server';
import { call, startTestApp, type TestApp } from './support/test-app';

/** Registration, heartbeat, expiry and the access rules of client-side MCP servers, on both families. */
describe('client-side MCP servers: registration and access', () => {
  const TTL_MS = 1_500;
  let t: TestApp;
  /** A second api whose registrations live only TTL_MS, for expiry. */
  let short: TestApp;
  let shortWorkspace: string;
  let shortKey: string;
  let workspaceId: string;
  let adminKey: string;
  let adaKey: string;
  let bobKey: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', MCP_KEEPALIVE_MS: '100', MCP_REQUESTS_IDLE_TIMEOUT_MS: '700' });
    short = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', MCP_REGISTRATION_TTL_MS: String(TTL_MS), MCP_KEEPALIVE_MS: '100' });
    shortWorkspace = (await short.createWorkspace()).workspaceId;
    shortKey = await short.createKey(shortWorkspace, 'user', 'ada@example.com');
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace());
    adaKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
    bobKey = await t.createKey(workspaceId, 'user', 'bob@example.com');
  });
  afterAll(async () => {
    await t.close();
    await short.close();
  });

  const mcp = (action: string, family: 'public' | 'private' = 'public') => `${family === 'public' ? '/api/v1' : '/api'}/w/${workspaceId}/mcp/${action}`;
  const requestsUrl = (query: string) => `${t.baseUrl}${mcp('requests')}${query}`;
  const shortMcp = (action: string) => `/api/v1/w/${shortWorkspace}/mcp/${action}`;
  const shortRequestsUrl = (query: string) => `${short.baseUrl}${shortMcp('requests')}${query}`;

  it('hands out `mcp-client-side:<slug>` then `.1`, `.2`… for a repeated name, on both families, with an expiry ten minutes ahead by default', async () => {
    const before = Date.now();
    const first = await call(t.baseUrl, 'POST', mcp('register'), { key: adaKey, body: { serverName: 'Café Tools' } });
    expect(first.status).toBe(200);
    expect(first.body.serverId).toBe('mcp-client-side:cafe_tools');
    const expiresAt = Date.parse(first.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(first.body.expiresAt).toBe(new Date(expiresAt).toISOString());
    const second = await call(t.baseUrl, 'POST', mcp('register', 'private'), { key: adaKey, body: { serverName: 'Café Tools' } });
    expect(second.body.serverId).toBe('mcp-client-side:cafe_tools.1');
    // Another member's ids are counted apart.
    const bobs = await call(t.baseUrl, 'POST', mcp('register'), { key: bobKey, body: { serverName: 'Café Tools' } });
    expect(bobs.body.serverId).toBe('mcp-client-side:cafe_tools');
  });

  it('refuses a name outside 5–30 characters, and a key not bound to a user', async () => {
    for (const serverName of ['abcd', 'x'.repeat(31), 42]) {
      const response = await call(t.baseUrl, 'POST', mcp('register'), { key: adaKey, body: { serverName } });
      expect(response.status).toBe(400);
      expect(response.body.error.type).toBe('invalid_request_error');
    }
    const unbound = await call(t.baseUrl, 'POST', mcp('register'), { key: adminKey, body: { serverName: 'Admin tools' } });
    expect(unbound.status).toBe(403);
    expect(unbound.body.error.type).toBe('invalid_request_error');
  });

  it('allows at most 256 live instances of one name', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 256; i += 1) ids.add(await registerServer(t.baseUrl, workspaceId, bobKey, 'Crowded name'));
    expect(ids.size).toBe(256);
    expect(ids.has('mcp-client-side:crowded_name.255')).toBe(true);
    const refused = await call(t.baseUrl, 'POST', mcp('register'), { key: bobKey, body: { serverName: 'Crowded name' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/at most 256/);
    // Deregistering one frees its id for the next registration.
    expect((await call(t.baseUrl, 'POST', mcp('deregister'), { key: bobKey, body: { serverId: 'mcp-client-side:crowded_name.7' } })).body).toEqual({ success: true });
    expect(await registerServer(t.baseUrl, workspaceId, bobKey, 'Crowded name')).toBe('mcp-client-side:crowded_name.7');
  }, 60_000);

  it('a heartbeat moves the expiry; once expired the heartbeat is a 404 and the stream and results a 403', async () => {
    const serverId = await registerServer(short.baseUrl, shortWorkspace, shortKey, 'Expiring server');
    await new Promise((resolve) => setTimeout(resolve, TTL_MS * 0.6));
    const beat = await call(short.baseUrl, 'POST', shortMcp('heartbeat'), { key: shortKey, body: { serverId } });
    expect(beat.status).toBe(200);
    expect(beat.body.success).toBe(true);
    expect(Date.parse(beat.body.expiresAt)).toBeGreaterThan(Date.now() + TTL_MS * 0.8);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS * 0.6));
    // Past the first expiry, alive thanks to the heartbeat (connecting renews it once more).
    expect((await collectSse(shortRequestsUrl(`?serverId=${serverId}`), { key: shortKey, timeoutMs: 3_000, stop: () => true })).contentType).toBe(
      'text/event-stream',
    );

    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 600));
    const late = await call(short.baseUrl, 'POST', shortMcp('heartbeat'), { key: shortKey, body: { serverId } });
    expect(late.status).toBe(404);
    expect(late.body.error.type).toBe('mcp_server_connection_not_found');
    const stream = await fetch(shortRequestsUrl(`?serverId=${serverId}`), { headers: { authorization: `Bearer ${shortKey}` } });
    expect(stream.status).toBe(403);
    expect(((await stream.json()) as any).error.type).toBe('mcp_auth_error');
    const result = await call(short.baseUrl, 'POST', shortMcp('results'), { key: shortKey, body: { serverId, result: { jsonrpc: '2.0', id: 'x', result: {} } } });
    expect(result.status).toBe(403);
    expect(result.body.error.type).toBe('mcp_auth_error');
  }, 20_000);

  it("another user's server id, an unknown one or a deregistered one is a 403 mcp_auth_error; no serverId is a 400", async () => {
    const serverId = await registerServer(t.baseUrl, workspaceId, adaKey, 'Private tools');
    const asBob = await fetch(requestsUrl(`?serverId=${serverId}`), { headers: { authorization: `Bearer ${bobKey}` } });
    expect(asBob.status).toBe(403);
    expect(((await asBob.json()) as any).error.type).toBe('mcp_auth_error');
    const bobResult = await call(t.baseUrl, 'POST', mcp('results'), { key: bobKey, body: { serverId, result: { jsonrpc: '2.0', id: 'x', result: {} } } });
    expect(bobResult.status).toBe(403);
    const unknown = await fetch(requestsUrl('?serverId=mcp-client-side:nothing'), { headers: { authorization: `Bearer ${adaKey}` } });
    expect(unknown.status).toBe(403);
    const missing = await call(t.baseUrl, 'GET', mcp('requests'), { key: adaKey });
    expect(missing.status).toBe(400);
    expect(missing.body.error.type).toBe('invalid_request_error');

    await call(t.baseUrl, 'POST', mcp('deregister'), { key: adaKey, body: { serverId } });
    expect((await fetch(requestsUrl(`?serverId=${serverId}`), { headers: { authorization: `Bearer ${adaKey}` } })).status).toBe(403);
  });

  it('the requests stream sends `: ping` comments while idle and ends with `data: done` after the idle timeout', async () => {
    const serverId = await registerServer(t.baseUrl, workspaceId, adaKey, 'Quiet server');
    const { comments, frames, closedByServer } = await collectSse(requestsUrl(`?serverId=${serverId}`), { key: adaKey, timeoutMs: 5_000 });
    expect(closedByServer).toBe(true);
    expect(comments.filter((c) => c === ': ping').length).toBeGreaterThanOrEqual(2);
    expect(frames.map((f) => f.raw)).toEqual(['done']);
  });
});
