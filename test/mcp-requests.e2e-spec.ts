import { McpChannel } from '../apps/api/src/mcp/client/mcp-channel';
import { McpClientSession } from '../apps/api/src/mcp/client/mcp-client-session';
import type { McpServerRef } from '../apps/api/src/mcp/mcp-servers';
import { connectToolServer, registerServer } from './support/mcp-tool-server';
import { memberId } from './support/members';
import { collectSse, type ReceivedFrame } from './support/sse-client';
import { call, startTestApp, type TestApp } from './support/test-app';

const origin = { conversationId: 'c0nversat1', messageId: 'm3ssage001' };

/**
 * The requests stream and results: resuming, replay of what is still open, refusals, load, and two
 * replicas. The run side is the api's McpChannel, driven here with request ids the test picks and
 * awaited directly (what a run would do), so the stream's edge cases can be set up exactly.
 */
describe('client-side MCP servers: requests and results', () => {
  let t: TestApp;
  let workspaceId: string;
  let userKey: string;
  let userId: string;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', MCP_KEEPALIVE_MS: '200' });
    ({ workspaceId } = await t.createWorkspace());
    userKey = await t.createKey(workspaceId, 'user', 'ada@example.com');
    userId = await memberId(t.baseUrl, workspaceId, userKey);
  });
  afterAll(() => t.close());

  const requestsUrl = (serverId: string, query = '') => `${t.baseUrl}/api/v1/w/${workspaceId}/mcp/requests?serverId=${encodeURIComponent(serverId)}${query}`;
  const postResult = (serverId: string, result: unknown) => call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/mcp/results`, { key: userKey, body: { serverId, result } });
  const untilFrames = (count: number) => (frames: ReceivedFrame[]) => frames.length >= count;

  /** Sends a request from the run side and returns the pending response. */
  function send(target: McpServerRef, id: string, method = 'tools/list') {
    return t.app.get(McpChannel).request(target, origin, id, { jsonrpc: '2.0', id, method, params: {} }, { timeoutMs: 20_000, signal: new AbortController().signal });
  }

  async function target(name: string): Promise<McpServerRef> {
    const serverId = await registerServer(t.baseUrl, workspaceId, userKey, name);
    return { workspaceId, userId, serverId };
  }

  it('frames each request as `data: {"eventId","data"}` with the raw JSON-RPC message, resumes after lastEventId, and never replays an answered request', async () => {
    const server = await target('Resuming server');
    const first = send(server, 'mcp_req_a');
    const opened = await collectSse(requestsUrl(server.serverId), { key: userKey, stop: untilFrames(1), timeoutMs: 10_000 });
    expect(opened.frames[0].data).toEqual({ jsonrpc: '2.0', id: 'mcp_req_a', method: 'tools/list', params: {} });
    const seen = opened.frames[0].eventId!;
    expect(seen).toMatch(/^\d+$/);

    // Disconnected: a second request comes meanwhile; resuming after the first delivers only it.
    const second = send(server, 'mcp_req_b');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const resumed = await collectSse(requestsUrl(server.serverId, `&lastEventId=${seen}`), { key: userKey, stop: untilFrames(1), timeoutMs: 10_000 });
    expect(resumed.frames.map((f) => f.data.id)).toEqual(['mcp_req_b']);
    // The standard header resumes the same way.
    const byHeader = await collectSse(requestsUrl(server.serverId), { key: userKey, headers: { 'last-event-id': seen }, stop: untilFrames(1), timeoutMs: 10_000 });
    expect(byHeader.frames.map((f) => f.data.id)).toEqual(['mcp_req_b']);

    expect((await postResult(server.serverId, { jsonrpc: '2.0', id: 'mcp_req_a', result: { tools: [] } })).body).toEqual({ success: true });
    await expect(first).resolves.toMatchObject({ id: 'mcp_req_a', result: { tools: [] } });

    // From the start, the answered request is gone and the open one is still there.
    const fromStart = await collectSse(requestsUrl(server.serverId), { key: userKey, stop: (frames) => frames.length >= 1, timeoutMs: 10_000 });
    expect(fromStart.frames.map((f) => f.data.id)).toEqual(['mcp_req_b']);
    await postResult(server.serverId, { jsonrpc: '2.0', id: 'mcp_req_b', result: { tools: [] } });
    await second;
    const after = await collectSse(requestsUrl(server.serverId), { key: userKey, timeoutMs: 800 });
    expect(after.frames.filter((f) => f.raw !== 'done')).toEqual([]);
    expect(after.comments).toContain(': ping');
  }, 30_000);

  it('a result for an unknown or already answered id is a 400 that changes nothing; a malformed lastEventId is a 400', async () => {
    const server = await target('Strict server');
    const pending = send(server, 'mcp_req_once');
    await collectSse(requestsUrl(server.serverId), { key: userKey, stop: untilFrames(1), timeoutMs: 10_000 });
    const unknown = await postResult(server.serverId, { jsonrpc: '2.0', id: 'mcp_req_never_sent', result: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/No request mcp_req_never_sent/);
    expect((await postResult(server.serverId, { jsonrpc: '2.0', id: 'mcp_req_once', result: { tools: [] } })).status).toBe(200);
    await pending;
    const again = await postResult(server.serverId, { jsonrpc: '2.0', id: 'mcp_req_once', result: { tools: ['changed'] } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/already answered/);
    const noId = await postResult(server.serverId, { jsonrpc: '2.0', result: {} });
    expect(noId.status).toBe(400);
    const badResume = await fetch(requestsUrl(server.serverId, '&lastEventId=abc'), { headers: { authorization: `Bearer ${userKey}` } });
    expect(badResume.status).toBe(400);
  }, 20_000);

  it('takes a result body above the global limit on this route only (up to 16 MB)', async () => {
    const server = await target('Big results');
    const pending = send(server, 'mcp_req_big', 'tools/call');
    await collectSse(requestsUrl(server.serverId), { key: userKey, stop: untilFrames(1), timeoutMs: 10_000 });
    const text = 'x'.repeat(9 * 1024 * 1024);
    const posted = await postResult(server.serverId, { jsonrpc: '2.0', id: 'mcp_req_big', result: { content: [{ type: 'text', text }] } });
    expect(posted.body).toEqual({ success: true });
    expect(((await pending).result as any).content[0].text).toHaveLength(text.length);
    const elsewhere = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/mcp/heartbeat`, { key: userKey, body: { serverId: server.serverId, pad: text } });
    expect(elsewhere.status).toBe(413);
  }, 30_000);

  it('serves 100 concurrent tool calls to one server through the official transport', async () => {
    const tools = await connectToolServer(t.baseUrl, workspaceId, userKey, { name: 'Busy tools' });
    try {
      const server: McpServerRef = { workspaceId, userId, serverId: tools.serverId };
      const session = new McpClientSession(t.app.get(McpChannel), server, origin, 30_000);
      const signal = new AbortController().signal;
      await session.initialize(signal);
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => session.callTool('add', { a: i, b: 1000 }, signal)));
      expect(results.map((r) => r.structuredContent)).toEqual(Array.from({ length: 100 }, (_, i) => ({ sum: i + 1000 })));
      expect(tools.calls.filter((c) => c.name === 'add')).toHaveLength(100);
    } finally {
      await tools.close();
    }
  }, 60_000);

  it('two replicas on one store: a result posted to one wakes the request waiting on the other', async () => {
    const other = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', MCP_KEEPALIVE_MS: '200' }, t.dataDir);
    try {
      const server = await target('Two replicas');
      // The request is made (and waited on) here; the server listens and answers on the other replica.
      const pending = send(server, 'mcp_req_far');
      const otherUrl = `${other.baseUrl}/api/v1/w/${workspaceId}/mcp/requests?serverId=${encodeURIComponent(server.serverId)}`;
      const seen = await collectSse(otherUrl, { key: userKey, stop: untilFrames(1), timeoutMs: 10_000 });
      expect(seen.frames[0].data.id).toBe('mcp_req_far');
      const posted = await call(other.baseUrl, 'POST', `/api/v1/w/${workspaceId}/mcp/results`, {
        key: userKey,
        body: { serverId: server.serverId, result: { jsonrpc: '2.0', id: 'mcp_req_far', result: { tools: [] } } },
      });
      expect(posted.body).toEqual({ success: true });
      await expect(pending).resolves.toMatchObject({ id: 'mcp_req_far' });
    } finally {
      await other.close({ keepData: true });
    }
  }, 30_000);
});
