import { browserHeaders, parseSetCookie, sessionSetCookie, signIn } from './support/people';
import { acceptAsNewAccount, createUserToken, invite, joinByInvitation } from './support/invitations';
import { call, startTestApp, type TestApp } from './support/test-app';

const PUBLIC_URL = 'https://conversations.example.test';

/** Members and invitations over HTTP: admins invite, change roles and end memberships; people accept. */
describe('members and invitations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL, AGENT_RUNNER_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  const members = (workspaceId: string) => `/api/w/${workspaceId}/members`;
  const invitations = (workspaceId: string) => `/api/w/${workspaceId}/invitations`;
  const accept = (body: unknown, headers: Record<string, string> = {}) => call(t.baseUrl, 'POST', '/api/auth/invitations/accept', { body, headers });

  it('an admin invites an address; the person creates their account from the link, is signed in, and sees the members', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const invited = await call(t.baseUrl, 'POST', invitations(workspaceId), { key: apiKey, body: { email: 'Grace@Example.com', role: 'builder' } });
    expect(invited.status).toBe(200);
    expect(invited.body.url).toMatch(new RegExp(`^${PUBLIC_URL}/invitations#token=[A-Za-z0-9_-]{43}$`));
    expect(invited.body.invitation).toEqual({
      invitationId: expect.stringMatching(/^inv_/),
      email: 'grace@example.com',
      role: 'builder',
      invitedBy: null,
      createdAt: expect.any(Number),
      expiresAt: invited.body.invitation.createdAt + 7 * 86_400_000,
    });
    // The list never shows a link again.
    const listed = await call(t.baseUrl, 'GET', invitations(workspaceId), { key: apiKey });
    expect(listed.body).toEqual({ invitations: [invited.body.invitation] });
    const token = new URL(invited.body.url).hash.slice('#token='.length);

    const accepted = await accept({ token, firstName: 'Grace', lastName: 'Hopper', password: 'a long enough password' });
    expect(accepted.status).toBe(200);
    const cookie = parseSetCookie(sessionSetCookie(accepted.headers)!);
    expect(cookie.attributes.get('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(accepted.body.workspace).toEqual({ id: expect.any(Number), sId: workspaceId, name: 'Test workspace', role: 'builder' });
    expect(accepted.body.session).toMatchObject({
      user: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', fullName: 'Grace Hopper', provider: 'email' },
      workspaces: [{ sId: workspaceId, role: 'builder' }],
      csrfToken: expect.any(String),
    });
    const session = { secret: cookie.value, csrfToken: accepted.body.session.csrfToken };

    const seen = await call(t.baseUrl, 'GET', members(workspaceId), { headers: browserHeaders(session, false) });
    expect(seen.status).toBe(200);
    expect(seen.body.members).toEqual([
      {
        sId: accepted.body.session.user.sId,
        email: 'grace@example.com',
        username: 'grace',
        firstName: 'Grace',
        lastName: 'Hopper',
        fullName: 'Grace Hopper',
        image: null,
        role: 'builder',
        joinedAt: expect.any(Number),
      },
    ]);
    // The password set from the link signs in; the link is used up.
    await signIn(t.baseUrl, 'grace@example.com', 'a long enough password');
    expect((await call(t.baseUrl, 'GET', invitations(workspaceId), { key: apiKey })).body).toEqual({ invitations: [] });
    const again = await accept({ token, firstName: 'Grace', password: 'a long enough password' });
    expect(again.status).toBe(404);
    expect(again.body.error.type).toBe('invitation_not_found');
  });

  it('refuses bad invitations and acceptances with a clear 4xx, and creates nothing', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const userKey = await t.createKey(workspaceId, 'user');
    const builderKey = await t.createKey(workspaceId, 'builder');
    for (const key of [userKey, builderKey]) {
      const refused = await call(t.baseUrl, 'POST', invitations(workspaceId), { key, body: { email: 'x@example.com', role: 'user' } });
      expect({ status: refused.status, type: refused.body.error.type }).toEqual({ status: 403, type: 'workspace_auth_error' });
      expect((await call(t.baseUrl, 'GET', invitations(workspaceId), { key })).status).toBe(403);
    }
    for (const body of [{ email: 'not an address', role: 'user' }, { email: 'x@example.com', role: 'owner' }, { email: 'x@example.com' }, { role: 'user' }]) {
      const invalid = await call(t.baseUrl, 'POST', invitations(workspaceId), { key: apiKey, body });
      expect({ body, status: invalid.status, type: invalid.body.error.type }).toEqual({ body, status: 400, type: 'invalid_request_error' });
    }
    const member = await joinByInvitation(t.baseUrl, workspaceId, apiKey, 'ada@example.com');
    const twice = await call(t.baseUrl, 'POST', invitations(workspaceId), { key: apiKey, body: { email: 'ADA@example.com', role: 'admin' } });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toContain('already a member');

    const token = await invite(t.baseUrl, workspaceId, { key: apiKey }, 'linus@example.com');
    const refusals: [unknown, Record<string, string>, number, string][] = [
      [{ token: 'no-such-token', firstName: 'L', password: 'a long enough password' }, {}, 404, 'invitation_not_found'],
      [{ token }, {}, 401, 'not_authenticated'],
      [{ token, firstName: 'Linus' }, {}, 400, 'invalid_request_error'],
      [{ token, password: 'a long enough password' }, {}, 400, 'invalid_request_error'],
      [{ token, firstName: '   ', password: 'a long enough password' }, {}, 400, 'invalid_request_error'],
      [{ token, firstName: 'Linus', password: 'short' }, {}, 400, 'invalid_request_error'],
      [{ firstName: 'Linus', password: 'a long enough password' }, {}, 400, 'invalid_request_error'],
      // A signed-in caller's write without the session's CSRF token.
      [{ token }, browserHeaders(member.session, false), 403, 'csrf_token_invalid'],
    ];
    for (const [body, headers, status, type] of refusals) {
      const refused = await accept(body, headers);
      expect({ body, status: refused.status, type: refused.body.error?.type }).toEqual({ body, status, type });
    }
    // An address that has an account already is its owner's: the link does not take it over.
    const other = await t.createWorkspace('Other');
    const taken = await invite(t.baseUrl, other.workspaceId, { key: other.apiKey }, 'ada@example.com');
    const takeover = await accept({ token: taken, firstName: 'Mallory', password: 'a long enough password' });
    expect(takeover.status).toBe(400);
    expect(takeover.body.error.message).toContain('sign in');
    await signIn(t.baseUrl, 'ada@example.com', member.password);
    // The invitation is still open: Ada may accept it signed in.
    expect((await call(t.baseUrl, 'GET', invitations(other.workspaceId), { key: other.apiKey })).body.invitations).toHaveLength(1);

    const withdrawn = (await call(t.baseUrl, 'GET', invitations(workspaceId), { key: apiKey })).body.invitations[0].invitationId;
    expect((await call(t.baseUrl, 'DELETE', `${invitations(workspaceId)}/${withdrawn}`, { key: apiKey })).status).toBe(204);
    const used = await accept({ token, firstName: 'Linus', password: 'a long enough password' });
    expect({ status: used.status, type: used.body.error.type }).toEqual({ status: 404, type: 'invitation_not_found' });
    const unknown = await call(t.baseUrl, 'DELETE', `${invitations(workspaceId)}/${withdrawn}`, { key: apiKey });
    expect({ status: unknown.status, type: unknown.body.error.type }).toEqual({ status: 404, type: 'invitation_not_found' });
    expect((await call(t.baseUrl, 'GET', members(workspaceId), { key: apiKey })).body.members.map((m: any) => m.email)).toEqual(['ada@example.com']);
  });

  it('someone signed in accepts with the token alone, for their own address only', async () => {
    const first = await t.createWorkspace('First');
    const second = await t.createWorkspace('Second');
    const grace = await joinByInvitation(t.baseUrl, first.workspaceId, first.apiKey, 'katherine@example.com');

    const forSomeoneElse = await invite(t.baseUrl, second.workspaceId, { key: second.apiKey }, 'linus@example.com');
    const refused = await accept({ token: forSomeoneElse }, browserHeaders(grace.session));
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('another email address');

    const forGrace = await invite(t.baseUrl, second.workspaceId, { key: second.apiKey }, 'katherine@example.com', 'admin');
    const accepted = await accept({ token: forGrace }, browserHeaders(grace.session));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ workspace: { id: expect.any(Number), sId: second.workspaceId, name: 'Second', role: 'admin' }, session: null });
    expect(sessionSetCookie(accepted.headers)).toBeNull();
    const session = await call(t.baseUrl, 'GET', '/api/auth/session', { headers: browserHeaders(grace.session, false) });
    expect(session.body.workspaces.map((w: any) => [w.sId, w.role])).toEqual([
      [first.workspaceId, 'user'],
      [second.workspaceId, 'admin'],
    ]);
    // Her session reaches the new workspace at once, as an admin.
    expect((await call(t.baseUrl, 'GET', invitations(second.workspaceId), { headers: browserHeaders(grace.session, false) })).status).toBe(200);

    // A personal access token may accept too; an API key may not (it belongs to one workspace).
    const third = await t.createWorkspace('Third');
    const token = await createUserToken(t.baseUrl, grace.session);
    const byToken = await call(t.baseUrl, 'POST', '/api/auth/invitations/accept', { key: token, body: { token: await invite(t.baseUrl, third.workspaceId, { key: third.apiKey }, 'katherine@example.com') } });
    expect(byToken.status).toBe(200);
    expect(byToken.body.workspace.sId).toBe(third.workspaceId);
    const boundKey = await t.createKey(first.workspaceId, 'user', 'katherine@example.com');
    const fourth = await t.createWorkspace('Fourth');
    const byKey = await call(t.baseUrl, 'POST', '/api/auth/invitations/accept', { key: boundKey, body: { token: await invite(t.baseUrl, fourth.workspaceId, { key: fourth.apiKey }, 'katherine@example.com') } });
    expect({ status: byKey.status, type: byKey.body.error.type }).toEqual({ status: 403, type: 'workspace_auth_error' });
    const badBearer = await call(t.baseUrl, 'POST', '/api/auth/invitations/accept', { key: 'pat-0000000000000000000000000000000000000000', body: { token: forGrace } });
    expect({ status: badBearer.status, type: badBearer.body.error.type }).toEqual({ status: 401, type: 'invalid_oauth_token_error' });
  });

  it('admins change roles at once; the last admin can be neither demoted nor removed; others are refused', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const admin = await joinByInvitation(t.baseUrl, workspaceId, apiKey, 'dorothy@example.com', 'admin');
    const grace = await joinByInvitation(t.baseUrl, workspaceId, apiKey, 'barbara@example.com');
    const asAdmin = browserHeaders(admin.session);
    const member = (userId: string) => `${members(workspaceId)}/${userId}`;

    const demoteLast = await call(t.baseUrl, 'PATCH', member(admin.userId), { headers: asAdmin, body: { role: 'user' } });
    expect(demoteLast.status).toBe(400);
    expect(demoteLast.body.error.message).toContain('at least one admin');
    const removeLast = await call(t.baseUrl, 'DELETE', member(admin.userId), { headers: asAdmin });
    expect(removeLast.status).toBe(400);
    expect(removeLast.body.error.message).toContain('at least one admin');

    // Grace, a user, may list the members but change nothing.
    expect((await call(t.baseUrl, 'GET', members(workspaceId), { headers: browserHeaders(grace.session, false) })).status).toBe(200);
    const byUser = await call(t.baseUrl, 'PATCH', member(grace.userId), { headers: browserHeaders(grace.session), body: { role: 'admin' } });
    expect({ status: byUser.status, type: byUser.body.error.type }).toEqual({ status: 403, type: 'workspace_auth_error' });
    expect((await call(t.baseUrl, 'DELETE', member(admin.userId), { headers: browserHeaders(grace.session) })).status).toBe(403);
    // The session's CSRF token is required on a write, whatever the role.
    expect((await call(t.baseUrl, 'PATCH', member(grace.userId), { headers: browserHeaders(admin.session, false), body: { role: 'admin' } })).status).toBe(403);

    const promoted = await call(t.baseUrl, 'PATCH', member(grace.userId), { headers: asAdmin, body: { role: 'admin' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ sId: grace.userId, email: 'barbara@example.com', role: 'admin' });
    // Her session has the role on its next request.
    expect((await call(t.baseUrl, 'GET', invitations(workspaceId), { headers: browserHeaders(grace.session, false) })).status).toBe(200);
    const demoted = await call(t.baseUrl, 'PATCH', member(admin.userId), { headers: asAdmin, body: { role: 'builder' } });
    expect(demoted.body.member.role).toBe('builder');
    expect((await call(t.baseUrl, 'GET', invitations(workspaceId), { headers: browserHeaders(admin.session, false) })).status).toBe(403);

    for (const body of [{ role: 'owner' }, {}, { role: null }]) {
      const invalid = await call(t.baseUrl, 'PATCH', member(grace.userId), { key: apiKey, body });
      expect({ body, status: invalid.status, type: invalid.body.error.type }).toEqual({ body, status: 400, type: 'invalid_request_error' });
    }
    for (const method of ['PATCH', 'DELETE']) {
      const unknown = await call(t.baseUrl, method, member('nobody'), { key: apiKey, body: method === 'PATCH' ? { role: 'user' } : undefined });
      expect({ method, status: unknown.status, type: unknown.body.error.type }).toEqual({ method, status: 404, type: 'workspace_user_not_found' });
    }
  });

  it('ending a membership refuses the person\'s session and tokens in that workspace at once, and only there', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const elsewhere = await t.createWorkspace('Elsewhere');
    const grace = await joinByInvitation(t.baseUrl, workspaceId, apiKey, 'margaret@example.com');
    const token = await createUserToken(t.baseUrl, grace.session);
    await acceptElsewhere(elsewhere.workspaceId, elsewhere.apiKey, grace);
    expect((await call(t.baseUrl, 'GET', members(workspaceId), { headers: browserHeaders(grace.session, false) })).status).toBe(200);
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { key: token })).status).toBe(200);

    expect((await call(t.baseUrl, 'DELETE', `${members(workspaceId)}/${grace.userId}`, { key: apiKey })).status).toBe(204);
    // The guard reads the membership on every request: the very next ones are refused, as if the workspace did not exist.
    for (const [what, res] of [
      ['session', await call(t.baseUrl, 'GET', members(workspaceId), { headers: browserHeaders(grace.session, false) })],
      ['token, public family', await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { key: token })],
      ['token, private family', await call(t.baseUrl, 'GET', members(workspaceId), { key: token })],
    ] as const) {
      expect({ what, status: res.status, type: res.body.error?.type }).toEqual({ what, status: 404, type: 'workspace_not_found' });
    }
    // Her account, her other membership and her credentials themselves are untouched.
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${elsewhere.workspaceId}/spaces`, { key: token })).status).toBe(200);
    const session = await call(t.baseUrl, 'GET', '/api/auth/session', { headers: browserHeaders(grace.session, false) });
    expect(session.body.workspaces.map((w: any) => w.sId)).toEqual([elsewhere.workspaceId]);
    expect((await call(t.baseUrl, 'GET', members(workspaceId), { key: apiKey })).body.members).toEqual([]);
    const twice = await call(t.baseUrl, 'DELETE', `${members(workspaceId)}/${grace.userId}`, { key: apiKey });
    expect({ status: twice.status, type: twice.body.error.type }).toEqual({ status: 404, type: 'workspace_user_not_found' });
  });

  async function acceptElsewhere(workspaceId: string, adminKey: string, person: { email: string; session: { secret: string; csrfToken: string } }): Promise<void> {
    const token = await invite(t.baseUrl, workspaceId, { key: adminKey }, person.email);
    const accepted = await accept({ token }, browserHeaders(person.session));
    expect(accepted.status).toBe(200);
  }

  it('a new account from an invitation signs in again with its password, and the invitation closes with the new member', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const token = await invite(t.baseUrl, workspaceId, { key: apiKey }, 'hedy@example.com', 'admin');
    const session = await acceptAsNewAccount(t.baseUrl, token, 'Hedy', 'frequency hopping');
    const listed = await call(t.baseUrl, 'GET', members(workspaceId), { headers: browserHeaders(session, false) });
    expect(listed.body.members).toEqual([expect.objectContaining({ email: 'hedy@example.com', firstName: 'Hedy', lastName: null, role: 'admin' })]);
    const again = await signIn(t.baseUrl, 'hedy@example.com', 'frequency hopping');
    expect(again.userId).toBe(session.userId);
  });
});
