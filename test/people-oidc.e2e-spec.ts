import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, startOidcProvider, type AtTheProvider, type TestOidcProvider, type Visit } from './support/oidc-provider';
import { memberId } from './support/members';
import { acceptAsNewAccount, createUserToken, invite } from './support/invitations';
import { browserHeaders, parseSetCookie, SESSION_COOKIE } from './support/people';
import { freePort, runCli } from './support/server-process';
import { call, startTestApp, type TestApp } from './support/test-app';

// Single sign-on against a real OpenID Connect provider started here (oidc-provider, its
// development login and consent pages), driven over HTTP by a browser that follows redirects and
// keeps cookies: start, the provider, the callback, then the private family with the session cookie.

jest.setTimeout(60_000);

const CALLBACK = '/api/auth/oidc/callback';
const FLOW_COOKIE = 'dust_oidc_flow';

describe('single sign-on with an OpenID Connect provider', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let publicUrl: string;
  let workspaceId: string;
  let adminKey: string;
  let oidcEnv: Record<string, string>;

  beforeAll(async () => {
    publicUrl = `http://127.0.0.1:${await freePort()}`;
    provider = await startOidcProvider(`${publicUrl}${CALLBACK}`);
    provider.people.set('grace', { email: 'Grace@Elsewhere.test', email_verified: true, given_name: 'Grace', family_name: 'Hopper' });
    provider.people.set('ada', { email: 'ada@acme.test', email_verified: true, name: 'Ada Lovelace', picture: 'https://img.acme.test/ada.png' });
    provider.people.set('mallory', { email: 'mallory@acme.test', email_verified: false, name: 'Mallory' });
    provider.people.set('nobody', { email_verified: true, name: 'No Address' });
    oidcEnv = { OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_LABEL: 'Acme SSO' };
    // AUTH_SECRET left unset: the api makes one in its data directory.
    t = await startTestApp({ ...oidcEnv, PUBLIC_URL: publicUrl, PORT: new URL(publicUrl).port });
    ({ workspaceId, apiKey: adminKey } = await t.createWorkspace('Acme'));
  });

  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** A new browser signs on at the provider as `person` (`beforeCallback` may change the answer's address); the api's callback answer. */
  async function signOn(person: AtTheProvider, beforeCallback: (url: URL, browser: Browser) => URL = (url) => url) {
    const browser = new Browser();
    const start = new URL(`${t.baseUrl}/api/auth/oidc/start`);
    const callback = await browser.goThrough(start, person, new URL(`${publicUrl}${CALLBACK}`), (url) => beforeCallback(url, browser));
    return { browser, callback };
  }

  /** The session cookie the callback set, and the CSRF token its session answers (as a page reads it). */
  async function signedIn(callback: Visit) {
    expect(callback.status).toBe(302);
    const line = callback.setCookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    if (!line) throw new Error(`no session cookie: ${callback.status} ${callback.text}`);
    const cookie = `${SESSION_COOKIE}=${parseSetCookie(line).value}`;
    const session = await call(t.baseUrl, 'GET', '/api/auth/session', { headers: { cookie } });
    expect(session.status).toBe(200);
    return { cookie, line, csrfToken: session.body.csrfToken as string, session: session.body };
  }

  it('tells a sign-in page what to offer', async () => {
    expect((await call(t.baseUrl, 'GET', '/api/auth/providers')).body).toEqual({ password: true, oidc: { label: 'Acme SSO' } });
  });

  it('signs a member on (PKCE, state, nonce), lets them use the private family with the cookie, and refuses them after sign-out', async () => {
    // A member made for a key before accounts existed: the account the sign-on makes is that member.
    const graceKey = await t.createKey(workspaceId, 'builder', 'grace@elsewhere.test');

    const browser = new Browser();
    const start = await browser.visit(new URL(`${t.baseUrl}/api/auth/oidc/start?returnTo=${encodeURIComponent('/w/abc/conversations?tab=all')}`));
    expect(start.status).toBe(302);
    const authorization = new URL(start.location ?? '');
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: `${publicUrl}${CALLBACK}`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const flowLine = start.setCookies.find((cookie) => cookie.startsWith(`${FLOW_COOKIE}=`)) ?? '';
    const flow = parseSetCookie(flowLine);
    expect(Object.fromEntries(flow.attributes)).toEqual({ 'max-age': '600', path: '/api/auth/oidc', httponly: true, samesite: 'Lax' });
    // Sealed: neither the state nor the verifier reads in it.
    expect(flow.value).not.toContain(authorization.searchParams.get('state'));

    const callback = await browser.goThrough(authorization, { login: 'grace' }, new URL(`${publicUrl}${CALLBACK}`));
    expect(callback.location).toBe('/w/abc/conversations?tab=all');
    expect(callback.setCookies).toContainEqual(expect.stringMatching(new RegExp(`^${FLOW_COOKIE}=;.*Max-Age=0`)));
    const { cookie, line, csrfToken, session } = await signedIn(callback);
    expect(Object.fromEntries(parseSetCookie(line).attributes)).toMatchObject({ path: '/', httponly: true, samesite: 'Lax' });
    expect(session.user).toMatchObject({ email: 'grace@elsewhere.test', firstName: 'Grace', lastName: 'Hopper', provider: 'oidc' });
    expect(session.workspaces).toEqual([expect.objectContaining({ sId: workspaceId, role: 'builder' })]);
    expect(await memberId(t.baseUrl, workspaceId, graceKey)).toBe(session.user.sId);

    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: { cookie } })).status).toBe(200);
    const listed = await call(t.baseUrl, 'GET', '/api/auth/sessions', { headers: { cookie } });
    expect(listed.body.sessions).toEqual([expect.objectContaining({ method: 'oidc' })]);

    expect((await call(t.baseUrl, 'POST', '/api/auth/sign-out', { headers: { cookie, 'x-csrf-token': csrfToken } })).status).toBe(204);
    const after = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.body.error.type).toBe('not_authenticated');

    // Signing on again finds the same account by its verified address.
    const again = await signedIn((await signOn({ login: 'grace' })).callback);
    expect(again.session.user.sId).toBe(session.user.sId);
  });

  it('joins a person of a verified domain as a user, and refuses them at once when their membership is revoked', async () => {
    const verified = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/verified_domains`, { key: adminKey, body: { domain: 'ACME.test' } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified_domains: [{ domain: 'acme.test', domainAutoJoinEnabled: true }] });

    const { callback } = await signOn({ login: 'ada' });
    expect(callback.location).toBe('/');
    const ada = await signedIn(callback);
    expect(ada.session.user).toMatchObject({ email: 'ada@acme.test', firstName: 'Ada', lastName: 'Lovelace', image: 'https://img.acme.test/ada.png' });
    expect(ada.session.workspaces).toEqual([expect.objectContaining({ sId: workspaceId, role: 'user' })]);
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: { cookie: ada.cookie } })).status).toBe(200);
    // Only admins set the domains, and only host names.
    const byUser = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/verified_domains`, { headers: { cookie: ada.cookie, 'x-csrf-token': ada.csrfToken }, body: { domain: 'evil.test' } });
    expect({ status: byUser.status, type: byUser.body.error?.type }).toEqual({ status: 403, type: 'workspace_auth_error' });
    const notAHost = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/verified_domains`, { key: adminKey, body: { domain: 'acme.test/x' } });
    expect({ status: notAHost.status, type: notAHost.body.error?.type }).toEqual({ status: 400, type: 'invalid_request_error' });

    const revoked = await call(t.baseUrl, 'DELETE', `/api/w/${workspaceId}/members/${ada.session.user.sId}`, { key: adminKey });
    expect(revoked.status).toBe(204);
    const refused = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: { cookie: ada.cookie } });
    expect(refused.status).toBe(404);
    expect(refused.body.error.type).toBe('workspace_not_found');

    // Signing on again does not bring back by the domain someone an admin removed.
    const back = await signedIn((await signOn({ login: 'ada' })).callback);
    expect(back.session.workspaces).toEqual([]);
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: { cookie: back.cookie } })).status).toBe(404);

    const removed = await call(t.baseUrl, 'DELETE', `/api/w/${workspaceId}/verified_domains/acme.test`, { key: adminKey });
    expect(removed.body).toEqual({ verified_domains: [] });
  });

  it('refuses an address the provider does not vouch for, or no address, and makes no account', async () => {
    await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/verified_domains`, { key: adminKey, body: { domain: 'acme.test' } });
    const unverified = (await signOn({ login: 'mallory' })).callback;
    expect(unverified.status).toBe(401);
    expect(JSON.parse(unverified.text).error).toEqual({ type: 'sign_in_failed', message: expect.stringContaining('verified') });
    expect(unverified.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);

    const noAddress = (await signOn({ login: 'nobody' })).callback;
    expect(noAddress.status).toBe(401);
    expect(JSON.parse(noAddress.text).error.type).toBe('sign_in_failed');

    const emails = await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/members/emails`, { key: adminKey });
    expect(emails.body.emails).not.toContain('mallory@acme.test');
    const { users } = await runCli<{ users: { email: string }[] }>(t.dataDir, ['user', 'list']);
    expect(users.map((user) => user.email).sort()).toEqual(['ada@acme.test', 'grace@elsewhere.test']);
    await call(t.baseUrl, 'DELETE', `/api/w/${workspaceId}/verified_domains/acme.test`, { key: adminKey });
  });

  it('refuses an answer that is not for the flow this browser began: another state, a changed or missing flow cookie, a cancelled sign-in', async () => {
    const otherState = (await signOn({ login: 'grace' }, (url) => withParam(url, 'state', 'another-state'))).callback;
    expect(otherState.status).toBe(400);
    expect(JSON.parse(otherState.text).error.type).toBe('invalid_request_error');

    const tampered = (
      await signOn({ login: 'grace' }, (url, browser) => {
        const sealed = browser.cookie('127.0.0.1', FLOW_COOKIE) ?? '';
        browser.setCookie('127.0.0.1', FLOW_COOKIE, `${sealed.slice(0, -3)}${sealed.endsWith('AAA') ? 'BBB' : 'AAA'}`);
        return url;
      })
    ).callback;
    expect(tampered.status).toBe(400);
    expect(JSON.parse(tampered.text).error.type).toBe('invalid_request_error');

    // Another browser (no flow cookie) landing on a real answer: a login planted in someone else's browser.
    let planted: URL | null = null;
    await signOn({ login: 'grace' }, (url) => {
      planted = url;
      return new URL('/api/auth/oidc/callback?state=x', url);
    });
    const elsewhere = await new Browser().visit(planted ?? new URL(t.baseUrl));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);

    const cancelled = (await signOn({ login: 'grace', cancel: true })).callback;
    expect(cancelled.status).toBe(401);
    expect(JSON.parse(cancelled.text).error).toEqual({ type: 'sign_in_failed', message: expect.stringContaining('access_denied') });
  });

  it('sends people back only to a path of this site', async () => {
    for (const returnTo of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'relative']) {
      const answer = await call(t.baseUrl, 'GET', `/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`);
      expect({ returnTo, status: answer.status, type: answer.body.error?.type }).toEqual({ returnTo, status: 400, type: 'invalid_request_error' });
    }
  });

  it('keeps the secret it made in its data directory; a replica given it as AUTH_SECRET finishes a flow begun here, one with another secret refuses it', async () => {
    const file = join(t.dataDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, 'utf8').trim();
    // Both answer for the same public address (behind one load balancer): the callback may reach either.
    const replica = await startTestApp({ ...oidcEnv, PUBLIC_URL: publicUrl, AUTH_SECRET: secret });
    const stranger = await startTestApp({ ...oidcEnv, PUBLIC_URL: publicUrl, AUTH_SECRET: 'another-secret-of-at-least-32-characters' });
    try {
      const toReplica = (await signOn({ login: 'grace' }, (url) => new URL(`${url.pathname}${url.search}`, replica.baseUrl))).callback;
      expect(toReplica.status).toBe(302);
      expect(toReplica.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
      const toStranger = (await signOn({ login: 'grace' }, (url) => new URL(`${url.pathname}${url.search}`, stranger.baseUrl))).callback;
      expect(toStranger.status).toBe(400);
    } finally {
      await replica.close();
      await stranger.close();
    }
  });

  it('answers 503 while the provider cannot be reached, and discovers it again once it can', async () => {
    const downPort = await freePort();
    const down = await startTestApp({ ...oidcEnv, OIDC_ISSUER_URL: `http://127.0.0.1:${downPort}` });
    let late: TestOidcProvider | null = null;
    try {
      const answer = await call(down.baseUrl, 'GET', '/api/auth/oidc/start');
      expect({ status: answer.status, type: answer.body.error?.type }).toEqual({ status: 503, type: 'service_unavailable' });
      expect(answer.headers.get('set-cookie')).toBeNull();
      late = await startOidcProvider(`${down.config.publicUrl}${CALLBACK}`, downPort);
      const started = await new Browser().visit(new URL(`${down.baseUrl}/api/auth/oidc/start`));
      expect(started.status).toBe(302);
      expect(started.location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${downPort}/`));
    } finally {
      await down.close();
      await late?.close();
    }
  });

  it('answers 404 where single sign-on is not configured', async () => {
    const plain = await startTestApp();
    try {
      expect((await call(plain.baseUrl, 'GET', '/api/auth/providers')).body).toEqual({ password: true, oidc: null });
      for (const path of ['/api/auth/oidc/start', `${CALLBACK}?code=x&state=y`]) {
        const answer = await call(plain.baseUrl, 'GET', path);
        expect({ path, status: answer.status, type: answer.body.error?.type }).toEqual({ path, status: 404, type: 'not_found' });
      }
    } finally {
      await plain.close();
    }
  });

  it("an account made from an invitation by whoever held its link becomes the address's prover's at their first sign-on: the password, sessions and tokens set before end", async () => {
    provider.people.set('linus', { email: 'linus@elsewhere.test', email_verified: true, name: 'Linus' });
    // The inviting admin sees the link (mail is not sent here) and accepts it first, with a password of their own.
    const token = await invite(t.baseUrl, workspaceId, { key: adminKey }, 'linus@elsewhere.test');
    const planted = await acceptAsNewAccount(t.baseUrl, token, 'Not Linus', 'a password linus never chose');
    const plantedToken = await createUserToken(t.baseUrl, planted);
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: browserHeaders(planted) })).status).toBe(200);
    const before = await call(t.baseUrl, 'GET', '/api/v1/me', { key: plantedToken });
    expect(before.body.user).toMatchObject({ sId: planted.userId, email: 'linus@elsewhere.test' });

    // Linus signs on: the provider proves the address, and the account is his.
    const linus = await signedIn((await signOn({ login: 'linus' })).callback);
    expect(linus.session.user.sId).toBe(planted.userId);
    expect(linus.session.workspaces).toEqual([expect.objectContaining({ sId: workspaceId })]);
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: { cookie: linus.cookie } })).status).toBe(200);
    // What the link's holder set works no more: their session, their token, their password.
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: browserHeaders(planted) })).status).toBe(401);
    expect((await call(t.baseUrl, 'GET', '/api/v1/me', { key: plantedToken })).status).toBe(401);
    const withPlanted = await call(t.baseUrl, 'POST', '/api/auth/sign-in', { body: { email: 'linus@elsewhere.test', password: 'a password linus never chose' } });
    expect({ status: withPlanted.status, type: withPlanted.body.error?.type }).toEqual({ status: 401, type: 'sign_in_failed' });
    // Signing on again ends nothing more: his own session stays.
    await signedIn((await signOn({ login: 'linus' })).callback);
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: { cookie: linus.cookie } })).status).toBe(200);
  });
});

function withParam(url: URL, name: string, value: string): URL {
  const changed = new URL(url);
  changed.searchParams.set(name, value);
  return changed;
}
