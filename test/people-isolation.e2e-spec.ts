import { browserHeaders, createAccount, createToken, expectError, NEW_CONVERSATION, readSpaces, ROOMY_SIGN_IN_BUDGETS, signIn, type BrowserSession } from './support/people';
import { runCli } from './support/server-process';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * A person's session or token reaches only the workspaces they are a member of, and a membership
 * ended ends their access there with the next request. Accounts are made with the CLI.
 */

/** The refusals asked for here would spend the address's budget of failed authentications (30 a minute), whose 429 is the rate-limit spec's. */
const NO_FAILURE_BUDGET = { RATE_LIMIT_AUTH_FAILURES: 'off' };

describe('people: workspace isolation', () => {
  let t: TestApp;
  let a: { workspaceId: string; apiKey: string };
  let b: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    t = await startTestApp({ ...ROOMY_SIGN_IN_BUDGETS, ...NO_FAILURE_BUDGET });
    a = await t.createWorkspace('Workspace A');
    b = await t.createWorkspace('Workspace B');
  }, 60_000);
  afterAll(() => t.close());

  it('a member of A reaches B neither with a session nor with a token, in either family, as if B did not exist', async () => {
    const grace = await createAccount(t.dataDir, a.workspaceId, 'grace@a.test');
    const judyAccount = await createAccount(t.dataDir, a.workspaceId, 'judy@a.test');
    const judy = await signIn(t.baseUrl, judyAccount.email, judyAccount.password);
    const session = await signIn(t.baseUrl, grace.email, grace.password);
    const { token } = await createToken(t.baseUrl, session, 'isolation');
    const ofB = await call(t.baseUrl, 'POST', `/api/v1/w/${b.workspaceId}/assistant/conversations`, { key: b.apiKey, body: NEW_CONVERSATION });
    expect(ofB.status).toBe(200);

    // Served in A, the control.
    expect((await readSpaces(t.baseUrl, a.workspaceId, { session })).status).toBe(200);
    expect((await readSpaces(t.baseUrl, a.workspaceId, { token }, 'public')).status).toBe(200);
    const nowhere = await readSpaces(t.baseUrl, 'w_does_not_exist', { token }, 'public');
    expectError(nowhere, 404, 'workspace_not_found');

    const refusals = [
      await readSpaces(t.baseUrl, b.workspaceId, { session }),
      await readSpaces(t.baseUrl, b.workspaceId, { token }),
      await readSpaces(t.baseUrl, b.workspaceId, { token }, 'public'),
      await call(t.baseUrl, 'POST', `/api/w/${b.workspaceId}/assistant/conversations`, { headers: browserHeaders(session), body: NEW_CONVERSATION }),
      await call(t.baseUrl, 'POST', `/api/v1/w/${b.workspaceId}/assistant/conversations`, { key: token, body: NEW_CONVERSATION }),
      await call(t.baseUrl, 'GET', `/api/w/${b.workspaceId}/assistant/conversations/${ofB.body.conversation.sId}`, { headers: browserHeaders(session) }),
      await call(t.baseUrl, 'GET', `/api/v1/w/${b.workspaceId}/assistant/conversations/${ofB.body.conversation.sId}`, { key: token }),
    ];
    // The same answer as for a workspace that does not exist: B's existence is not told either.
    for (const refused of refusals) expect({ status: refused.status, body: refused.body }).toEqual({ status: 404, body: nowhere.body });
    // B's conversation under A's id is not found either.
    expectError(await call(t.baseUrl, 'GET', `/api/v1/w/${a.workspaceId}/assistant/conversations/${ofB.body.conversation.sId}`, { key: token }), 404, 'conversation_not_found');
    expectError(await call(t.baseUrl, 'GET', `/api/w/${a.workspaceId}/assistant/conversations/${ofB.body.conversation.sId}`, { headers: browserHeaders(session) }), 404, 'conversation_not_found');
    // Only an admin key acts as another member: a member's token naming another member's address is refused or acts as its own member.
    const asJudy = await call(t.baseUrl, 'POST', `/api/v1/w/${a.workspaceId}/assistant/conversations`, { key: token, body: NEW_CONVERSATION, headers: { 'x-api-user-email': 'judy@a.test' } });
    expect(asJudy.status === 200 ? asJudy.body.message.user.sId : 'refused').not.toBe(judy.userId);
  });

  it("a key bound to a member reaches the account's tokens and sessions not at all: it cannot mint a token that would reach the member's other workspaces", async () => {
    const kim = await createAccount(t.dataDir, a.workspaceId, 'kim@a.test');
    await runCli(t.dataDir, ['member', 'add', '--workspace', b.workspaceId, '--email', kim.email, '--role', 'user']);
    const boundKey = await t.createKey(a.workspaceId, 'builder', kim.email);
    const session = await signIn(t.baseUrl, kim.email, kim.password);
    const { tokenId } = await createToken(t.baseUrl, session, 'laptop');
    const { sessionId } = session;

    // The key works in its workspace and answers /me there, the control.
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${a.workspaceId}/spaces`, { key: boundKey })).status).toBe(200);
    expect((await call(t.baseUrl, 'GET', '/api/v1/me', { key: boundKey })).status).toBe(200);
    const refusals = [
      await call(t.baseUrl, 'POST', '/api/user/tokens', { key: boundKey, body: { name: 'escape' } }),
      await call(t.baseUrl, 'GET', '/api/user/tokens', { key: boundKey }),
      await call(t.baseUrl, 'DELETE', `/api/user/tokens/${tokenId}`, { key: boundKey }),
      await call(t.baseUrl, 'GET', '/api/auth/sessions', { key: boundKey }),
      await call(t.baseUrl, 'POST', `/api/auth/sessions/${sessionId}/revoke`, { key: boundKey }),
      await call(t.baseUrl, 'POST', '/api/auth/sign-out-everywhere', { key: boundKey }),
    ];
    for (const refused of refusals) expectError(refused, 403, 'workspace_auth_error');
    // Nothing was done: the session still opens B, and the token still lists one token.
    expect((await readSpaces(t.baseUrl, b.workspaceId, { session })).status).toBe(200);
    const tokens = await call(t.baseUrl, 'GET', '/api/user/tokens', { headers: browserHeaders(session) });
    expect(tokens.body.tokens.map((token: { tokenId: string }) => token.tokenId)).toEqual([tokenId]);

    // Signed in, the person ends another of their sessions by its id: refused by its next request.
    const laptop = await signIn(t.baseUrl, kim.email, kim.password);
    const listed = await call(t.baseUrl, 'GET', '/api/auth/sessions', { headers: browserHeaders(session) });
    expect(listed.body.sessions.map((each: { sessionId: string; current: boolean }) => [each.sessionId, each.current])).toEqual(
      expect.arrayContaining([[laptop.sessionId, false], [sessionId, true]]),
    );
    expect((await call(t.baseUrl, 'POST', `/api/auth/sessions/${laptop.sessionId}/revoke`, { headers: browserHeaders(session) })).status).toBe(204);
    expectError(await readSpaces(t.baseUrl, a.workspaceId, { session: laptop }), 401, 'not_authenticated');
    expect((await readSpaces(t.baseUrl, a.workspaceId, { session })).status).toBe(200);
  });

  it('a removed member\'s sessions and tokens are refused in that workspace by the next request (404), and still served in another', async () => {
    const check = async (session: BrowserSession, token: string, workspaceId: string) => [
      (await readSpaces(t.baseUrl, workspaceId, { session })).status,
      (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/assistant/conversations`, { headers: browserHeaders(session), body: NEW_CONVERSATION })).status,
      (await readSpaces(t.baseUrl, workspaceId, { token })).status,
      (await readSpaces(t.baseUrl, workspaceId, { token }, 'public')).status,
    ];
    // One removed by an admin over HTTP, one by an operator with the CLI.
    for (const [email, remove] of [
      ['hal@a.test', (userId: string) => call(t.baseUrl, 'DELETE', `/api/w/${a.workspaceId}/members/${userId}`, { key: a.apiKey })],
      ['ivy@a.test', () => runCli(t.dataDir, ['member', 'remove', '--workspace', a.workspaceId, '--email', 'ivy@a.test']).then(() => ({ status: 200, body: null }))],
    ] as const) {
      const account = await createAccount(t.dataDir, a.workspaceId, email);
      await runCli(t.dataDir, ['member', 'add', '--workspace', b.workspaceId, '--email', email, '--role', 'user']);
      const session = await signIn(t.baseUrl, account.email, account.password);
      const { token } = await createToken(t.baseUrl, session, 'before removal');
      expect(await check(session, token, a.workspaceId)).toEqual([200, 200, 200, 200]);

      const removed = await remove(session.userId);
      expect(removed.status).toBeLessThan(300);
      const refused = await readSpaces(t.baseUrl, a.workspaceId, { session });
      expectError(refused, 404, 'workspace_not_found');
      expect(await check(session, token, a.workspaceId)).toEqual([404, 404, 404, 404]);
      expect(await check(session, token, b.workspaceId)).toEqual([200, 200, 200, 200]);
    }
  }, 60_000);
});
