import { until } from '@app/contracts/test/until';
import { ALL_PROJECTIONS, rebuildReadModels } from '@app/projections';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { assistant } from './support/agent-assistant-body';
import { AgentApi, openAIEnv, payloads, textScenario } from './support/agent-run-helpers';
import { startMailServer } from './support/mail-tools';
import { browserHeaders, createAccount, createToken, ROOMY_SIGN_IN_BUDGETS, signIn, type BrowserSession } from './support/people';
import { createAgentWithView, LOCAL_MCP_ENV, registerRemoteServer } from './support/remote-mcp-agents';
import type { RemoteToolServer } from './support/remote-mcp-server';
import { call } from './support/test-app';
import { useFakeOpenAI } from './support/use-fake-openai';

jest.setTimeout(60_000);

const openAI = useFakeOpenAI();
const execFileAsync = promisify(execFile);

/** `audit verify FILE` with the built CLI: its exit code and the verdict it printed. */
async function verify(lines: readonly string[]): Promise<{ code: number; verdict: any }> {
  const dir = mkdtempSync(join(tmpdir(), 'audit-export-'));
  const file = join(dir, 'export.jsonl');
  writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
  try {
    const { stdout } = await execFileAsync(process.execPath, ['dist/apps/api/src/cli.js', 'audit', 'verify', file], { encoding: 'utf8' });
    return { code: 0, verdict: JSON.parse(stdout) };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return { code, verdict: JSON.parse(stdout) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The audit trail through HTTP: every kind of fact produced the way people produce it, read back
 * with filters and pages by admins only, and exported as a hash chain the CLI verifies offline.
 */
describe('the audit trail', () => {
  let api: AgentApi;
  let mail: RemoteToolServer;
  let ada: BrowserSession;
  let bob: BrowserSession;
  let otherWorkspace: { workspaceId: string; apiKey: string };
  const w = () => `/api/w/${api.workspaceId}`;
  const audit = (query = '', key: string | null = api.key, headers: Record<string, string> = {}) =>
    call(api.t.baseUrl, 'GET', `${w()}/audit${query ? `?${query}` : ''}`, { key: key ?? undefined, headers });
  const ids = { tokenId: '', keyId: '', searchAgent: '', mailer: '', actionId: '', documentsMessage: '', dsId: '' };

  beforeAll(async () => {
    mail = await startMailServer();
    api = await AgentApi.start(openAIEnv(openAI.server, { ...LOCAL_MCP_ENV, ...ROOMY_SIGN_IN_BUDGETS }));
    otherWorkspace = await api.t.createWorkspace('Elsewhere');

    // Members, a sign-in, a personal token made and revoked.
    await createAccount(api.t.dataDir, api.workspaceId, 'ada@example.com', { role: 'admin', password: 'ada-s long password' });
    await createAccount(api.t.dataDir, api.workspaceId, 'bob@example.com', { role: 'user', password: 'bob-s long password' });
    ada = await signIn(api.t.baseUrl, 'ada@example.com', 'ada-s long password');
    bob = await signIn(api.t.baseUrl, 'bob@example.com', 'bob-s long password');
    ids.tokenId = (await createToken(api.t.baseUrl, ada, 'ci')).tokenId;
    expect((await call(api.t.baseUrl, 'DELETE', `/api/user/tokens/${ids.tokenId}`, { headers: browserHeaders(ada) })).status).toBeLessThan(300);

    // A role change and a key made and revoked by the admin key; a key of the other workspace.
    expect((await call(api.t.baseUrl, 'PATCH', `${w()}/members/${bob.userId}`, { key: api.key, body: { role: 'builder' } })).status).toBe(200);
    const key = await call(api.t.baseUrl, 'POST', `${w()}/keys`, { key: api.key, body: { role: 'builder' } });
    ids.keyId = key.body.key.keyId;
    expect((await call(api.t.baseUrl, 'DELETE', `${w()}/keys/${ids.keyId}`, { key: api.key })).status).toBe(204);
    await call(api.t.baseUrl, 'POST', `/api/w/${otherWorkspace.workspaceId}/keys`, { key: otherWorkspace.apiKey, body: { role: 'user' } });

    // An agent that searches a data source: the documents its run received.
    const spaceId = (await call(api.t.baseUrl, 'POST', `${w()}/spaces`, { key: api.key, body: { name: 'Handbook space', isRestricted: false } })).body.space.sId;
    const created = (await call(api.t.baseUrl, 'POST', `${w()}/spaces/${spaceId}/data_sources`, { key: api.key, body: { name: 'Handbook' } })).body;
    ids.dsId = created.dataSource.sId;
    await call(api.t.baseUrl, 'POST', `${w()}/spaces/${spaceId}/data_sources/${ids.dsId}/documents/leave`, {
      key: api.key,
      body: { text: 'Employees get 25 days of paid leave per year.', title: 'Leave policy' },
    });
    const searchPath = `/api/v1/w/${api.workspaceId}/spaces/${spaceId}/data_sources/${ids.dsId}/search?query=leave&top_k=5`;
    await until(async () => (await call(api.t.baseUrl, 'GET', searchPath, { key: api.key })).body.documents?.length === 1, 10_000);
    const agentBody = assistant({ name: 'handbook', actions: [{ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: created.dataSourceView.sId }] }] });
    ids.searchAgent = (await call(api.t.baseUrl, 'POST', `${w()}/assistant/agent_configurations`, { key: api.key, body: { assistant: agentBody } })).body.agentConfiguration.sId;
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'search_data_sources', args: { query: 'leave' } }] }, textScenario(['25 days.']));
    const searched = await api.createConversation('How much leave?', { agent: ids.searchAgent });
    ids.documentsMessage = searched.agentMessageId;
    expect((await api.settled(searched.conversationId, searched.agentMessageId)).status).toBe('succeeded');

    // A tool call that waits for approval, approved.
    const server = await registerRemoteServer(api.t.baseUrl, api.workspaceId, api.key, mail.url);
    ids.mailer = await createAgentWithView(api.t.baseUrl, api.workspaceId, api.key, server.viewId, { name: 'mailer' });
    openAI.server.enqueue({ steps: [{ type: 'tool-call', name: 'send_email', args: { to: 'ada@example.com' } }] }, textScenario(['Sent.']));
    const run = await api.createConversation('Mail Ada', { agent: ids.mailer });
    const { frames } = await api.events(run.conversationId, run.agentMessageId, { stop: (received) => received.some((frame) => frame.data?.type === 'tool_approve_execution') });
    ids.actionId = payloads(frames).find((payload) => payload.type === 'tool_approve_execution').actionId;
    const path = api.path(`/${run.conversationId}/messages/${run.agentMessageId}/validate-action`);
    expect((await call(api.t.baseUrl, 'POST', path, { key: api.key, body: { actionId: ids.actionId, approved: 'approved' } })).status).toBe(200);
    expect((await api.settled(run.conversationId, run.agentMessageId)).status).toBe('succeeded');
  });
  afterAll(async () => {
    await api.t.close();
    await mail.close();
  });

  /** Every entry of the trail, page by page (`limit` per page), following the cursors. */
  async function walk(query: string, limit: number): Promise<any[]> {
    const entries: any[] = [];
    let cursor: string | null = null;
    do {
      const page = await audit([query, `limit=${limit}`, cursor ? `cursor=${cursor}` : ''].filter(Boolean).join('&'));
      expect(page.status).toBe(200);
      expect(page.body.entries.length).toBeLessThanOrEqual(limit);
      entries.push(...page.body.entries);
      cursor = page.body.nextCursor;
    } while (cursor !== null);
    return entries;
  }

  it('lists each kind of fact, oldest first, with what it is about', async () => {
    // The tool approval is projected with the run's settling; wait until the trail has it answered.
    await until(async () => (await audit('kind=tool_call.approval')).body.entries?.[0]?.details?.answer === 'approved', 10_000);
    const { status, body } = await audit();
    expect(status).toBe(200);
    const entries: any[] = body.entries;
    const positions = entries.map((entry) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const kinds = new Set(entries.map((entry) => entry.kind));
    for (const kind of [
      'member.added',
      'sign_in',
      'user_token.created',
      'user_token.revoked',
      'member.role_changed',
      'api_key.created',
      'api_key.revoked',
      'agent_configuration.created',
      'agent_run.documents_read',
      'tool_call.approval',
    ]) {
      expect(kinds).toContain(kind);
    }
    const find = (kind: string) => entries.find((entry) => entry.kind === kind);
    expect(find('sign_in')).toMatchObject({ scope: 'user', actorId: ada.userId, details: { method: 'password' } });
    expect(find('user_token.revoked')).toMatchObject({ actorId: ada.userId, details: { tokenId: ids.tokenId } });
    expect(find('member.role_changed')).toMatchObject({ scope: 'workspace', actorId: expect.any(String), details: { userId: bob.userId, role: 'builder' } });
    expect(find('api_key.revoked')).toMatchObject({ details: { keyId: ids.keyId } });
    expect(entries.filter((entry) => entry.kind === 'agent_configuration.created').map((entry) => entry.details.agentConfigurationId)).toEqual([ids.searchAgent, ids.mailer]);
    expect(find('tool_call.approval')).toMatchObject({ details: { actionId: ids.actionId, toolName: 'send_email', inputs: { to: 'ada@example.com' }, answer: 'approved' } });
    expect(find('agent_run.documents_read')).toMatchObject({
      actorId: ids.searchAgent,
      details: { messageId: ids.documentsMessage, documents: [expect.objectContaining({ toolName: 'search_data_sources', documentId: 'leave', dataSourceId: ids.dsId, title: 'Leave policy' })] },
    });
    // Nothing of the other workspace: its key is not in this trail.
    const otherKeys = (await call(api.t.baseUrl, 'GET', `/api/w/${otherWorkspace.workspaceId}/audit?kind=api_key.created`, { key: otherWorkspace.apiKey })).body.entries;
    expect(otherKeys.length).toBeGreaterThan(0);
    const keyIds = new Set(entries.filter((entry) => entry.kind === 'api_key.created').map((entry) => entry.details.keyId));
    for (const other of otherKeys) expect(keyIds.has(other.details.keyId)).toBe(false);
    // …and bob's and ada's sign-ins are not in the other workspace's trail.
    expect((await call(api.t.baseUrl, 'GET', `/api/w/${otherWorkspace.workspaceId}/audit?kind=sign_in`, { key: otherWorkspace.apiKey })).body.entries).toEqual([]);
  });

  it('filters by actor, kind and time, and pages with a cursor', async () => {
    const all = (await audit()).body.entries as any[];
    expect(await walk('', 2)).toEqual(all);
    const byAda = (await audit(`actor=${ada.userId}`)).body.entries as any[];
    expect(byAda.length).toBeGreaterThan(0);
    expect(byAda.every((entry) => entry.actorId === ada.userId)).toBe(true);
    const signIns = (await audit('kind=sign_in')).body.entries as any[];
    expect(signIns.map((entry) => entry.actorId).sort()).toEqual([ada.userId, bob.userId].sort());
    expect(await walk('kind=sign_in', 1)).toEqual(signIns);
    const middle = all[Math.floor(all.length / 2)];
    const from = (await audit(`from=${middle.at}`)).body.entries as any[];
    expect(from.length).toBeGreaterThan(0);
    expect(from.every((entry) => entry.at >= middle.at)).toBe(true);
    expect(from).toEqual(all.filter((entry) => entry.at >= middle.at));
    const to = (await audit(`to=${middle.at}`)).body.entries as any[];
    expect(to).toEqual(all.filter((entry) => entry.at <= middle.at));
  });

  it('reads the same trail after the read models are rebuilt from the log', async () => {
    const before = await walk('', 500);
    expect(before.length).toBeGreaterThan(10);
    await rebuildReadModels(api.t.app.get<EventStore>(EVENT_STORE), api.t.app.get<ReadStore>(READ_STORE), ALL_PROJECTIONS, { switchGraceMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await walk('', 500)).toEqual(before);
  });

  it('refuses non-admins (403) and bad filters (400)', async () => {
    expect((await audit('', null, browserHeaders(bob, false))).status).toBe(403);
    const userKey = await api.t.createKey(api.workspaceId, 'user');
    expect((await audit('', userKey)).status).toBe(403);
    expect((await call(api.t.baseUrl, 'GET', `${w()}/audit/export`, { key: userKey })).status).toBe(403);
    expect((await audit('', null, browserHeaders(ada, false))).status).toBe(200);
    for (const query of ['kind=nope', 'limit=0', 'limit=501', 'from=yesterday', 'cursor=abc']) {
      const answer = await audit(query);
      expect({ query, status: answer.status, type: answer.body.error?.type }).toEqual({ query, status: 400, type: 'invalid_request_error' });
    }
  });

  it('exports a hash chain the CLI verifies, and finds a changed, inserted or removed line', async () => {
    const response = await fetch(`${api.t.baseUrl}${w()}/audit/export`, { headers: { authorization: `Bearer ${api.key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/jsonl');
    const lines = (await response.text()).trimEnd().split('\n');
    const parsed = lines.map((line) => JSON.parse(line));
    // The export is itself in the trail, as its last entry; the trailer counts the entries.
    expect(parsed.at(-2).entry).toMatchObject({ kind: 'audit.exported', actorId: expect.any(String) });
    expect(parsed.at(-1).end).toEqual({ count: lines.length - 1 });
    expect((await audit('kind=audit.exported')).body.entries).toHaveLength(1);

    expect(await verify(lines)).toEqual({ code: 0, verdict: { valid: true, entries: lines.length - 1, lastHash: parsed.at(-1).hash } });
    const changed = [...lines];
    changed[2] = JSON.stringify({ ...parsed[2], entry: { ...parsed[2].entry, actorId: 'someone-else' } });
    expect(await verify(changed)).toMatchObject({ code: 1, verdict: { valid: false, line: 3 } });
    const inserted = [...lines.slice(0, 2), lines[1] ?? '', ...lines.slice(2)];
    expect(await verify(inserted)).toMatchObject({ code: 1, verdict: { valid: false, line: 3 } });
    expect(await verify([...lines.slice(0, 3), ...lines.slice(4)])).toMatchObject({ code: 1, verdict: { valid: false, line: 4 } });
    expect(await verify(lines.slice(1))).toMatchObject({ code: 1, verdict: { valid: false, line: 1 } });
    expect(await verify([...lines.slice(0, -2), lines.at(-1) ?? ''])).toMatchObject({ code: 1, verdict: { valid: false, line: lines.length - 1 } });
    expect(await verify(lines.slice(0, -1))).toMatchObject({ code: 1, verdict: { valid: false, line: lines.length, reason: expect.stringContaining('trailer') } });
  });
});
