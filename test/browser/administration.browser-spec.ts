import type { Page } from 'playwright-core';
import { createAccount, type Account } from '../support/people';
import { call } from '../support/test-app';
import { browserSuite, describeInBrowser, expectAccessible, expectPage, scrollsSideways } from './support/browser-suite';
import { joinFromInvitation, signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// The workspace's administration in the web app: an admin invites someone and manages their
// membership, creates and revokes API keys, chooses the allowed providers and the regional setting,
// adds and removes verified domains, and reads the server's status; other roles are told it is for admins.

describeInBrowser('administration in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;
  let member: Account;

  beforeAll(async () => {
    // Two providers configured (never called here), so the allow-list has something to choose from.
    app = await startWebApp({ OPENAI_API_KEY: 'sk-unused-openai', ANTHROPIC_API_KEY: 'sk-ant-unused' });
    member = await createAccount(app.t.dataDir, app.workspace.workspaceId, 'linus@example.com', { role: 'user', name: 'Linus', password: 'kernels and more kernels' });
  });
  afterAll(() => app?.close());

  /** Signs in as `account` and opens Administration from the workspace's header. */
  async function openAdministration(page: Page, account: Account = app.person): Promise<void> {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, account);
    await expectPage(page, WORKSPACE_NAME);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Administration' }).click();
    await expectPage(page, 'Members');
  }

  const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name });

  browser.test(
    'an admin invites someone, who joins from the link; the admin changes their role and removes them, and cannot demote the last admin',
    async ({ page, anotherBrowser }) => {
      await openAdministration(page);
      await page.getByLabel('Email address').fill('grace@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('builder');
      await page.getByRole('button', { name: 'Invite' }).click();
      const linkBox = page.getByLabel('Invitation link for grace@example.com');
      const link = await linkBox.inputValue();
      expect(link).toMatch(/\/invitations#token=/);
      await page.getByText('This link is shown once').waitFor();
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByText('Copied.').waitFor();
      // A string: the test's own types know no DOM.
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
      const invitation = page.getByRole('list', { name: 'Open invitations' }).getByRole('listitem', { name: 'grace@example.com' });
      expect(await invitation.innerText()).toContain('As builder');

      await joinFromInvitation(await anotherBrowser(), app, link, 'Grace', 'compilers all the way');

      // The link is used: after a reload the invitation is no longer open, and Grace is a member.
      await page.reload();
      await expectPage(page, 'Members');
      await page.getByText('No invitation is waiting.').waitFor();
      const row = page.getByRole('listitem', { name: 'Grace' });
      expect(await row.getByRole('combobox', { name: 'Role of Grace' }).inputValue()).toBe('builder');
      await row.getByRole('combobox', { name: 'Role of Grace' }).selectOption('user');
      await row.getByRole('button', { name: 'Change role of Grace' }).click();
      await page.reload();
      await expectPage(page, 'Members');
      expect(await page.getByRole('combobox', { name: 'Role of Grace' }).inputValue()).toBe('user');

      // Ada is the only admin: the api refuses, and the page says so in its words.
      await page.getByRole('combobox', { name: 'Role of Ada' }).selectOption('builder');
      await page.getByRole('button', { name: 'Change role of Ada' }).click();
      await page.getByRole('alert').getByText('The workspace must keep at least one admin').waitFor();
      expect(await page.getByRole('combobox', { name: 'Role of Ada' }).inputValue()).toBe('admin');

      await page.getByRole('button', { name: 'Remove Grace' }).click();
      await page.getByRole('group', { name: 'Remove Grace from the workspace?' }).getByRole('button', { name: 'Yes, remove' }).click();
      await page.getByRole('listitem', { name: 'Grace' }).waitFor({ state: 'detached' });
      const members = await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}/members`, { key: app.workspace.apiKey });
      expect(members.body.members.map((each: { email: string }) => each.email)).not.toContain('grace@example.com');
    },
    { permissions: ['clipboard-read', 'clipboard-write'] },
  );

  browser.test('an admin creates a key, sees it listed, revokes it, and the key is refused at once', async ({ page }) => {
    await openAdministration(page);
    await section(page, 'API keys').click();
    await expectPage(page, 'API keys');
    await page.getByLabel('Role of the new key').selectOption('user');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByLabel('Key secret').inputValue();
    expect(secret).toMatch(/^sk-[0-9a-f]{32}$/);
    await page.getByText('This key is shown once').waitFor();
    const spaces = `/api/v1/w/${app.workspace.workspaceId}/spaces`;
    expect((await call(app.baseUrl, 'GET', spaces, { key: secret })).status).toBe(200);

    const name = `${secret.slice(0, 9)}…`;
    const row = page.getByRole('list', { name: 'API keys' }).getByRole('listitem', { name });
    expect(await row.innerText()).toContain('user');
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await call(app.baseUrl, 'GET', spaces, { key: secret })).status).toBe(401);
  });

  browser.test('a member with the user role sees no Administration, and the path tells them it is for admins', async ({ page }) => {
    await page.goto(`${app.baseUrl}/`);
    await signInThroughPage(page, member);
    await expectPage(page, WORKSPACE_NAME);
    const header = page.getByRole('navigation', { name: 'Workspace' });
    await header.getByRole('link', { name: 'Agents' }).waitFor();
    expect(await header.getByRole('link', { name: 'Administration' }).count()).toBe(0);
    await page.goto(`${app.baseUrl}/w/${app.workspace.workspaceId}/admin/keys`);
    await expectPage(page, 'Admins only');
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
  });

  browser.test('an admin creates and revokes a key with the keyboard alone', async ({ page }) => {
    await openAdministration(page);
    await section(page, 'API keys').focus();
    await page.keyboard.press('Enter');
    await expectPage(page, 'API keys');
    await page.getByLabel('Role of the new key').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const secret = await page.getByLabel('Key secret').inputValue();
    const name = `${secret.slice(0, 9)}…`;
    await page.getByRole('button', { name: `Revoke ${name}` }).focus();
    await page.keyboard.press('Enter');
    // The focus moved to the question's answer.
    await page.keyboard.press('Enter');
    await page.getByRole('listitem', { name }).waitFor({ state: 'detached' });
    expect((await call(app.baseUrl, 'GET', `/api/v1/w/${app.workspace.workspaceId}/spaces`, { key: secret })).status).toBe(401);
  });

  browser.test(
    'on a phone in the dark the members, keys and status fit the width and keep their contrast',
    async ({ page }) => {
      await openAdministration(page);
      expect(await scrollsSideways(page)).toBe(false);
      await section(page, 'API keys').click();
      await expectPage(page, 'API keys');
      expect(await scrollsSideways(page)).toBe(false);
      await section(page, 'Status').click();
      await expectPage(page, 'Status');
      await page.getByText('Ready', { exact: true }).waitFor();
      const facts = await page.getByRole('region', { name: 'Readiness' }).innerText();
      expect(facts).toContain('Failed events');
      expect(facts).toContain('Projector lag');
      expect(await page.getByRole('region', { name: 'Service' }).innerText()).toMatch(/Version\s+\d+\.\d+\.\d+/);
      const providers = await page.getByRole('region', { name: 'Configured providers' }).innerText();
      expect(providers).toContain('openai');
      expect(providers).toContain('anthropic');
      expect(await page.getByRole('region', { name: 'Search' }).innerText()).toContain('No: words only');
      // The cost ledger's picture: tokens per day over 30 days (nothing has run here), with its words.
      const usage = page.getByRole('region', { name: 'Token use and cost' });
      await usage.getByText('No model calls over the last 30 days.').waitFor();
      expect(await usage.getByRole('img', { name: 'Tokens per day' }).count()).toBe(1);
      expect(await scrollsSideways(page)).toBe(false);
      await expectAccessible(page);
      for (const [name, heading] of [
        ['Providers', 'Providers'],
        ['Sign-in', 'Sign-in'],
      ] as const) {
        await section(page, name).click();
        await expectPage(page, heading);
        await page.getByRole('button', { name: /^Save |^Add domain$/ }).first().waitFor();
        expect(await scrollsSideways(page)).toBe(false);
        await expectAccessible(page);
      }
    },
    { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, colorScheme: 'dark' },
  );

  const workspaceSettings = async () => (await call(app.baseUrl, 'GET', `/api/w/${app.workspace.workspaceId}`, { key: app.workspace.apiKey })).body.workspace;

  browser.test('an admin leaves a provider out and allows every provider again, and keeps the workspace to regional models', async ({ page }) => {
    await openAdministration(page);
    await section(page, 'Providers').click();
    await expectPage(page, 'Providers');
    await page.getByText('Every provider of this deployment is allowed now.').waitFor();
    const openai = page.getByRole('checkbox', { name: /^openai/ });
    await openai.uncheck();
    await page.getByRole('button', { name: 'Save allowed providers' }).click();
    await page.getByText('Allowed providers: saved.').waitFor();
    await page.getByText('Allowed now: anthropic.').waitFor();
    expect((await workspaceSettings()).whiteListedProviders).toEqual(['anthropic']);
    await expectAccessible(page);

    await openai.check();
    await page.getByRole('button', { name: 'Save allowed providers' }).click();
    await page.getByText('Every provider of this deployment is allowed now.').waitFor();
    expect((await workspaceSettings()).whiteListedProviders).toBeNull();

    await page.getByRole('checkbox', { name: /^Regional models only/ }).check();
    await page.getByRole('button', { name: 'Save regional setting' }).click();
    await page.getByText('Regional setting: saved.').waitFor();
    expect((await workspaceSettings()).regionalModelsOnly).toBe(true);
  });

  browser.test('an admin adds a verified domain and removes it with the keyboard alone; Sign-in says no single sign-on is configured', async ({ page }) => {
    await openAdministration(page);
    await section(page, 'Sign-in').focus();
    await page.keyboard.press('Enter');
    await expectPage(page, 'Sign-in');
    expect(await page.getByRole('region', { name: 'Single sign-on' }).innerText()).toContain('Not configured');
    await page.getByLabel('Domain', { exact: true }).focus();
    await page.keyboard.type('acme.example');
    await page.keyboard.press('Enter');
    const listed = page.getByRole('list', { name: 'Verified domains' }).getByRole('listitem', { name: 'acme.example' });
    await listed.waitFor();
    const domains = async () => (await call(app.baseUrl, 'GET', `/api/v1/w/${app.workspace.workspaceId}/verified_domains`, { key: app.workspace.apiKey })).body.verified_domains;
    expect((await domains()).map((each: { domain: string }) => each.domain)).toEqual(['acme.example']);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Remove acme.example' }).focus();
    await page.keyboard.press('Enter');
    // The focus moved to the question's answer.
    await page.keyboard.press('Enter');
    await listed.waitFor({ state: 'detached' });
    expect(await domains()).toEqual([]);
  });
});
