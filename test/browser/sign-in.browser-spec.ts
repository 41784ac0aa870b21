import type { Page } from 'playwright-core';
import { browserHeaders, createAccount, SESSION_COOKIE } from '../support/people';
import { runCli } from '../support/server-process';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectPage, pathOf } from './support/browser-suite';
import { signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// A person signs in to the web app and out again, in headless Chromium, through the pages alone.

describeInBrowser('signing in and out in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;

  beforeAll(async () => {
    app = await startWebApp();
  });

  afterAll(() => app?.close());

  browser.test('a person signs in with their password, lands in their workspace, signs out and is refused afterwards', async ({ page, context }) => {
    const { workspaceId } = app.workspace;
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, app.person);

    await expectPage(page, WORKSPACE_NAME);
    expect(pathOf(page)).toBe(`/w/${workspaceId}`);
    await page.getByRole('navigation', { name: 'Conversations' }).getByText('No conversations yet.').waitFor();
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expectPage(page, 'New conversation');
    expect(pathOf(page)).toBe(`/w/${workspaceId}/new`);

    const cookie = (await context.cookies()).find((candidate) => candidate.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The page holds no secret of the session: the cookie is out of its reach.
    expect(await page.evaluate<string>('document.cookie')).not.toContain(SESSION_COOKIE);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPage(page, 'Sign in');
    expect(pathOf(page)).toBe('/sign-in');
    expect((await context.cookies()).some((candidate) => candidate.name === SESSION_COOKIE)).toBe(false);

    // Refused afterwards: the page's own request, the workspace's address, and the old cookie replayed.
    expect(await page.evaluate(() => fetch('/api/auth/session').then((answer) => answer.status))).toBe(401);
    await page.goto(`${app.baseUrl}/w/${workspaceId}`);
    await expectPage(page, 'Sign in');
    expect(pathOf(page)).toBe(`/sign-in?returnTo=${encodeURIComponent(`/w/${workspaceId}`)}`);
    const replayed = await call(app.baseUrl, 'GET', `/api/w/${workspaceId}/spaces`, { headers: browserHeaders({ secret: cookie!.value, csrfToken: 'unused' }, false) });
    expect(replayed.status).toBe(401);
  });

  browser.test('a wrong password shows why, opens nothing, and the right one then works', async ({ page, context }) => {
    await page.goto(`${app.baseUrl}/sign-in`);
    await signInThroughPage(page, { email: app.person.email, password: 'not the password' });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/password is not right/i);
    expect(pathOf(page)).toBe('/sign-in');
    expect((await context.cookies()).some((candidate) => candidate.name === SESSION_COOKIE)).toBe(false);

    await page.getByLabel('Password').fill(app.person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPage(page, WORKSPACE_NAME);
  });

  browser.test('signing in from a page of the app comes back to that page', async ({ page }) => {
    const target = `/w/${app.workspace.workspaceId}/new`;
    await page.goto(`${app.baseUrl}${target}`);
    await signInThroughPage(page, app.person);
    await expectPage(page, 'New conversation');
    expect(pathOf(page)).toBe(target);
  });

  browser.test('a returnTo that leaves the site is ignored', async ({ page }) => {
    await page.goto(`${app.baseUrl}/sign-in?returnTo=${encodeURIComponent('//example.com/x')}`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    expect(new URL(page.url()).origin).toBe(app.baseUrl);
  });

  browser.test('the keyboard alone signs in and out (Tab, typing, Enter)', async ({ page }) => {
    await page.goto(`${app.baseUrl}/sign-in`);
    await expectPage(page, 'Sign in');
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Email');
    await page.keyboard.type(app.person.email);
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Password');
    await page.keyboard.type(app.person.password);
    await page.keyboard.press('Enter');
    await expectPage(page, WORKSPACE_NAME);

    // The focus moves along the header to Sign out: every control on the way is reachable.
    const reached: string[] = [];
    for (let presses = 0; presses < 10 && reached.at(-1) !== 'Sign out'; presses += 1) {
      await page.keyboard.press('Tab');
      reached.push((await page.locator(':focus').innerText()).trim());
    }
    expect(reached).toContain('Sign out');
    await page.keyboard.press('Enter');
    await expectPage(page, 'Sign in');
  });

  browser.test('a person in several workspaces picks one, and can switch', async ({ page }) => {
    const other = await app.t.createWorkspace('Second team');
    const bea = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'bea@example.com', { name: 'Bea', password: 'bea chose this one' });
    await runCli(app.t.dataDir, ['member', 'add', '--workspace', other.workspaceId, '--email', bea.email, '--role', 'builder']);

    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, bea);
    await expectPage(page, 'Choose a workspace');
    expect(pathOf(page)).toBe('/');
    await page.getByRole('link', { name: /Second team/ }).click();
    await expectPage(page, 'Second team');
    expect(pathOf(page)).toBe(`/w/${other.workspaceId}`);

    await page.getByRole('link', { name: 'Switch workspace' }).click();
    await expectPage(page, 'Choose a workspace');
    await page.getByRole('link', { name: new RegExp(WORKSPACE_NAME) }).click();
    await expectPage(page, WORKSPACE_NAME);
  });

  browser.test("a workspace that is not the person's reads as not found", async ({ page }) => {
    const stranger = await app.t.createWorkspace('Not theirs');
    await page.goto(`${app.baseUrl}/w/${stranger.workspaceId}`);
    await signInThroughPage(page, app.person);
    await expectPage(page, 'Page not found');
    await page.getByRole('link', { name: 'Go to your workspace' }).click();
    await expectPage(page, WORKSPACE_NAME);
  });
});

describeInBrowser('single sign-on on the sign-in page', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;

  beforeAll(async () => {
    app = await startWebApp({ OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'workspace', OIDC_CLIENT_SECRET: 'client-secret-value', OIDC_LABEL: 'Acme ID' });
  });

  afterAll(() => app?.close());

  browser.test('offers the configured provider, starting its flow with the way back', async ({ page }) => {
    await page.goto(`${app.baseUrl}/sign-in?returnTo=${encodeURIComponent('/w/x/new')}`);
    await expectPage(page, 'Sign in');
    const button = page.getByRole('link', { name: 'Sign in with Acme ID' });
    await button.waitFor();
    expect(await button.getAttribute('href')).toBe(`/api/auth/oidc/start?returnTo=${encodeURIComponent('/w/x/new')}`);
  });
});

/** The label of the field that has the focus (Playwright finds it with the :focus selector; null for no field). */
async function focusedLabel(page: Page): Promise<string | null> {
  const focused = page.locator('input:focus');
  if ((await focused.count()) === 0) return null;
  const id = await focused.getAttribute('id');
  return id === null ? null : page.locator(`label[for="${id}"]`).innerText();
}
