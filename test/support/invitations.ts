import { call } from './test-app';
import { browserHeaders, linkToken, parseSetCookie, sessionSetCookie, type BrowserSession } from './people';

/** Someone who joined a workspace from an invitation, with a new account: signed in, and their password. */
export interface InvitedPerson {
  readonly email: string;
  readonly password: string;
  readonly userId: string;
  readonly session: BrowserSession;
}

/** Invites `email` with `role` (as the admin `credentials` say: a key, or a session's headers); answers the link's token. */
export async function invite(baseUrl: string, workspaceId: string, admin: { key?: string; headers?: Record<string, string> }, email: string, role = 'user'): Promise<string> {
  const invited = await call(baseUrl, 'POST', `/api/w/${workspaceId}/invitations`, { ...admin, body: { email, role } });
  if (invited.status !== 200) throw new Error(`invite ${email}: ${invited.status} ${JSON.stringify(invited.body)}`);
  return linkToken(invited.body.url);
}

/** Accepts an invitation's token with a new account, as the page behind the link does; throws unless it signs the person in. */
export async function acceptAsNewAccount(baseUrl: string, token: string, firstName: string, password: string): Promise<BrowserSession> {
  const accepted = await call(baseUrl, 'POST', '/api/auth/invitations/accept', { body: { token, firstName, password } });
  const setCookie = sessionSetCookie(accepted.headers);
  if (accepted.status !== 200 || setCookie === null) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  const { session } = accepted.body;
  return { secret: parseSetCookie(setCookie).value, csrfToken: session.csrfToken, userId: session.user.sId, sessionId: session.sessionId, setCookie };
}

/** An admin invites `email`, who creates their account from the link and is signed in. */
export async function joinByInvitation(baseUrl: string, workspaceId: string, adminKey: string, email: string, role = 'user'): Promise<InvitedPerson> {
  const password = `pw-${email}-correct horse`;
  const token = await invite(baseUrl, workspaceId, { key: adminKey }, email, role);
  const session = await acceptAsNewAccount(baseUrl, token, email.split('@')[0]!, password);
  return { email, password, userId: session.userId, session };
}

/** Creates a personal access token with a signed-in session, as the account page does; answers its secret. */
export async function createUserToken(baseUrl: string, session: Pick<BrowserSession, 'secret' | 'csrfToken'>, name = 'tests'): Promise<string> {
  const created = await call(baseUrl, 'POST', '/api/user/tokens', {
    body: { name },
    headers: browserHeaders(session),
  });
  if (created.status !== 200) throw new Error(`create token: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.token;
}
