import { DustAPI } from '@dust-tt/client';
import { browserHeaders } from './support/people';
import { createUserToken, invite, joinByInvitation, type InvitedPerson } from './support/invitations';
import { errorTypeOf, officialClient, unwrapResult } from './support/official-client';
import { call, startTestApp, type TestApp } from './support/test-app';

const silent = { info: () => undefined, error: () => undefined, warn: () => undefined, debug: () => undefined } as unknown as Console;
const context = { username: 'someone', timezone: 'Europe/Paris', fullName: 'Someone Else', email: 'someone@elsewhere.test', profilePictureUrl: null, origin: 'api' as const };
const hello = { content: 'Hello @dust', mentions: [{ configurationId: 'dust' }], context };

/**
 * People through the official client: the user (personal access token) calls, `me()`, the member
 * emails and verified domains, and acting as a member with an admin key. Accounts and tokens are
 * made over HTTP, as a person does: an invitation's link, then a token from the signed-in session.
 */
describe('the official client as a person', () => {
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;
  let grace: InvitedPerson;
  let token: string;
  let asGrace: DustAPI;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace('Main'));
    grace = await joinByInvitation(t.baseUrl, workspaceId, adminKey, 'grace@example.com', 'builder');
    token = await createUserToken(t.baseUrl, grace.session);
    asGrace = officialClient(t.baseUrl, workspaceId, token);
  });
  afterAll(() => t.close());

  it('me(): a token shows its user and every workspace of theirs; a bound key its own workspace only; a key with no user is refused', async () => {
    const other = await t.createWorkspace('Other');
    const accepted = await call(t.baseUrl, 'POST', '/api/auth/invitations/accept', {
      body: { token: await invite(t.baseUrl, other.workspaceId, { key: other.apiKey }, 'grace@example.com', 'admin') },
      headers: browserHeaders(grace.session),
    });
    expect(accepted.status).toBe(200);

    const me = unwrapResult(await asGrace.me());
    expect(me).toMatchObject({ sId: grace.userId, email: 'grace@example.com', username: 'grace', firstName: 'grace', provider: 'email' });
    expect(me.workspaces.map((w) => [w.sId, w.name, w.role])).toEqual([
      [workspaceId, 'Main', 'builder'],
      [other.workspaceId, 'Other', 'admin'],
    ]);

    const boundKey = await t.createKey(workspaceId, 'builder', 'grace@example.com');
    const viaKey = unwrapResult(await officialClient(t.baseUrl, workspaceId, boundKey).me());
    expect(viaKey).toMatchObject({ sId: grace.userId, email: 'grace@example.com' });
    expect(viaKey.workspaces.map((w) => w.sId)).toEqual([workspaceId]);

    // A member made for a key, without an account, is shown from their membership.
    const legacyKey = await t.createKey(workspaceId, 'user', 'ada.lovelace@example.com');
    const legacy = unwrapResult(await officialClient(t.baseUrl, workspaceId, legacyKey).me());
    expect(legacy).toMatchObject({ email: 'ada.lovelace@example.com', username: 'ada.lovelace', provider: null, image: null });
    expect(legacy.workspaces.map((w) => [w.sId, w.role])).toEqual([[workspaceId, 'user']]);

    expect(errorTypeOf(await officialClient(t.baseUrl, workspaceId, adminKey).me())).toBe('user_not_found');
    expect(errorTypeOf(await officialClient(t.baseUrl, workspaceId, 'pat-0000000000000000000000000000000000000000').me())).toBe('invalid_oauth_token_error');
  });

  it('getActiveMemberEmailsInWorkspace() and getWorkspaceVerifiedDomains()', async () => {
    const { workspaceId: wId, apiKey } = await t.createWorkspace('Emails');
    await joinByInvitation(t.baseUrl, wId, apiKey, 'hedy@example.com');
    await joinByInvitation(t.baseUrl, wId, apiKey, 'katherine@example.com', 'admin');
    for (const key of [apiKey, await t.createKey(wId, 'user')]) {
      const client = officialClient(t.baseUrl, wId, key);
      expect(unwrapResult(await client.getActiveMemberEmailsInWorkspace())).toEqual(['hedy@example.com', 'katherine@example.com']);
      expect(unwrapResult(await client.getWorkspaceVerifiedDomains())).toEqual([]);
    }
    const verified = await call(t.baseUrl, 'POST', `/api/w/${wId}/verified_domains`, { key: apiKey, body: { domain: 'Example.com' } });
    expect(verified.status).toBe(200);
    expect(unwrapResult(await officialClient(t.baseUrl, wId, apiKey).getWorkspaceVerifiedDomains())).toEqual([{ domain: 'example.com', domainAutoJoinEnabled: true }]);
    // A member's token, in their own workspace only.
    expect(unwrapResult(await asGrace.getActiveMemberEmailsInWorkspace())).toContain('grace@example.com');
    expect(errorTypeOf(await officialClient(t.baseUrl, wId, token).getActiveMemberEmailsInWorkspace())).toBe('workspace_not_found');
  });

  it('with a personal access token, the user-only calls act as that user; a key with no user keeps being refused', async () => {
    const created = unwrapResult(await asGrace.createConversation({ title: 'Mine', visibility: 'unlisted', message: hello }));
    expect(created.message).toMatchObject({ user: { sId: grace.userId, email: 'grace@example.com' } });
    // On the public family the body's context stands, as on the real service.
    expect(created.message?.context).toMatchObject({ username: 'someone', fullName: 'Someone Else' });
    const admins = officialClient(t.baseUrl, workspaceId, adminKey);
    unwrapResult(await admins.createConversation({ title: 'Not hers', visibility: 'unlisted', message: hello }));

    const listed = unwrapResult(await asGrace.getConversations());
    expect(listed.map((c) => c.sId)).toEqual([created.conversation.sId]);
    const unbound = officialClient(t.baseUrl, workspaceId, await t.createKey(workspaceId, 'builder'));
    expect(errorTypeOf(await unbound.getConversations())).toBe('user_not_found');

    const agentMessage = created.conversation.content.flat().find((m) => m.type === 'agent_message');
    const feedback = { thumbDirection: 'up', feedbackContent: 'Helpful', isConversationShared: false };
    unwrapResult(await asGrace.postFeedback(created.conversation.sId, agentMessage!.sId, feedback));
    const feedbacks = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/assistant/conversations/${created.conversation.sId}/feedbacks`, { key: token });
    expect(feedbacks.body.feedbacks).toEqual([expect.objectContaining({ messageId: agentMessage!.sId, thumbDirection: 'up', content: 'Helpful' })]);
    expect(errorTypeOf(await unbound.postFeedback(created.conversation.sId, agentMessage!.sId, feedback))).toBe('user_not_found');

    const registered = unwrapResult(await asGrace.registerMCPServer({ serverName: 'grace tools' }));
    expect(registered.serverId).toBe('mcp-client-side:grace_tools');
    // As on the real service, a workspace key cannot register one (403).
    expect(errorTypeOf(await unbound.registerMCPServer({ serverName: 'key tools' }))).toBe('invalid_request_error');
  });

  it('a signed-in person posting on the private family is named by their account, whatever the body says', async () => {
    const base = `/api/w/${workspaceId}/assistant/conversations`;
    for (const credentials of [{ headers: browserHeaders(grace.session) }, { key: token }]) {
      const posted = await call(t.baseUrl, 'POST', base, { ...credentials, body: { title: 'From the web app', message: hello } });
      expect(posted.status).toBe(200);
      expect(posted.body.message.user).toMatchObject({ sId: grace.userId, email: 'grace@example.com' });
      expect(posted.body.message.context).toMatchObject({ username: 'grace', fullName: 'grace', email: 'grace@example.com', timezone: 'Europe/Paris' });
    }
  });

  it('x-api-user-email: an admin key acts as the member; another key is refused, and an unknown address is not found', async () => {
    const actingAs = (key: string, email: string) => new DustAPI({ url: t.baseUrl }, { workspaceId, apiKey: key, extraHeaders: { 'x-api-user-email': email } }, silent);
    const created = unwrapResult(await actingAs(adminKey, 'Grace@Example.com').createConversation({ title: 'As Grace', visibility: 'unlisted', message: hello }));
    expect(created.message).toMatchObject({ user: { sId: grace.userId } });
    expect(unwrapResult(await asGrace.getConversations()).map((c) => c.sId)).toContain(created.conversation.sId);

    expect(errorTypeOf(await actingAs(await t.createKey(workspaceId, 'builder'), 'grace@example.com').getConversations())).toBe('workspace_auth_error');
    expect(errorTypeOf(await actingAs(await t.createKey(workspaceId, 'admin', 'grace@example.com'), 'grace@example.com').getConversations())).toBe('workspace_auth_error');
    expect(errorTypeOf(await actingAs(adminKey, 'nobody@example.com').getConversations())).toBe('workspace_user_not_found');
    const refused = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/assistant/conversations`, { key: token, headers: { 'x-api-user-email': 'grace@example.com' } });
    // A token is its user already: the header is a key's.
    expect(refused.status).toBe(200);
  });
});
