import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOMY_SIGN_IN_BUDGETS } from '../support/people';
import { freePort, runCli, startServer, stopServer } from '../support/server-process';
import { browserSuite, describeInBrowser, expectPage, pathOf } from './support/browser-suite';
import { signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// One-time links land on the web app: the first start's (the first admin sets a password there) and
// a password reset's. The token rides in the fragment, which the page posts and then forgets.

/** Types a new password twice on a link's page and sends it. */
async function setPassword(page: Page, password: string, repeated = password): Promise<void> {
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password', { exact: true }).fill(repeated);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
}

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describeInBrowser("the first start's sign-in link", () => {
  const browser = browserSuite();
  const dataDir = mkdtempSync(join(tmpdir(), 'wcs-browser-first-start-'));
  let server: ChildProcess | undefined;
  let baseUrl = '';
  let signInLink = '';
  let workspaceId = '';

  beforeAll(async () => {
    const port = await freePort();
    const started = await startServer(dataDir, port, { ADMIN_EMAIL: 'admin@example.com', BOOTSTRAP_WORKSPACE: 'true', ...ROOMY_SIGN_IN_BUDGETS });
    server = started.child;
    baseUrl = `http://127.0.0.1:${port}`;
    // The JSON line of the first start comes once the key and the link work.
    const deadline = Date.now() + 30_000;
    let line: string | undefined;
    while (!(line = started.stdout().split('\n').find((candidate) => candidate.includes('"firstAdmin"'))) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!line) throw new Error(`no first-start line: ${started.stdout()}`);
    const printed = JSON.parse(line);
    signInLink = printed.firstAdmin.signInLink;
    workspaceId = printed.defaultWorkspace.workspaceId;
  });

  afterAll(async () => {
    if (server) await stopServer(server, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  browser.test('lands the admin on a page that sets their password, then in the default workspace; the link works once', async ({ page, anotherBrowser }) => {
    // Opened as printed (http://localhost:<port>/sign-in#token=…).
    await page.goto(signInLink);
    await expectPage(page, 'Choose a password');
    expect(new URL(page.url()).hash).toBe('');
    await setPassword(page, 'the first admin chose this');
    await expectPage(page, 'Default workspace');
    expect(pathOf(page)).toBe(`/w/${workspaceId}`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expectPage(page, 'Sign in');
    await signInThroughPage(page, { email: 'admin@example.com', password: 'the first admin chose this' });
    await expectPage(page, 'Default workspace');

    // Someone else, later, with the same link: used up.
    const again = await anotherBrowser();
    await again.goto(signInLink);
    await expectPage(again, 'Choose a password');
    await setPassword(again, 'someone else tries this');
    expect(await alertText(again)).toMatch(/not valid any more/);
    // The page offers the way in for someone who has a password already.
    await again.getByRole('button', { name: /sign in with it/ }).click();
    await expectPage(again, 'Sign in');
  });

  browser.test('opens the same page at the address the api listens on', async ({ page }) => {
    const token = new URL(signInLink).hash;
    await page.goto(`${baseUrl}/sign-in${token}`);
    await expectPage(page, 'Choose a password');
    await page.getByRole('button', { name: /sign in with it/ }).click();
    await expectPage(page, 'Sign in');
  });
});

describeInBrowser('a password reset link', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;

  beforeAll(async () => {
    app = await startWebApp();
  });

  afterAll(() => app?.close());

  browser.test('sets a new password after two refusals said why; the old one is refused from then on', async ({ page, anotherBrowser }) => {
    const { passwordLink } = await runCli(app.t.dataDir, ['user', 'password-link', '--email', app.person.email]);
    const link = new URL(passwordLink);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(`${app.baseUrl}${link.pathname}${link.hash}`);
    await expectPage(page, 'Set a new password');
    expect(new URL(page.url()).hash).toBe('');

    await setPassword(page, 'a new password', 'another new password');
    expect(await alertText(page)).toMatch(/differ/);
    await setPassword(page, 'short');
    expect(await alertText(page)).toMatch(/at least 10 characters/);
    await setPassword(page, 'a brand new password');
    await expectPage(page, WORKSPACE_NAME);

    const later = await anotherBrowser();
    await later.goto(`${app.baseUrl}/sign-in`);
    await signInThroughPage(later, app.person);
    expect(await alertText(later)).toMatch(/password is not right/);
    await later.getByLabel('Password').fill('a brand new password');
    await later.getByRole('button', { name: 'Sign in' }).click();
    await expectPage(later, WORKSPACE_NAME);
  });

  browser.test('without a token the page says where links come from', async ({ page }) => {
    await page.goto(`${app.baseUrl}/reset-password`);
    await expectPage(page, 'Set a new password');
    await page.getByText(/Ask an administrator for a new link/).waitFor();
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expectPage(page, 'Sign in');
  });
});
