import { invite } from '../support/invitations';
import { browserSuite, describeInBrowser, expectPage, pathOf } from './support/browser-suite';
import { createAccountFromInvitation, signInThroughPage, startWebApp, WORKSPACE_NAME, type WebAppUnderTest } from './support/web-app';

// An invitation link lands on the web app: a newcomer creates their account there and lands in the
// workspace; someone with an account signs in first and accepts it as themselves.

describeInBrowser('invitation links in a browser', () => {
  const browser = browserSuite();
  let app: WebAppUnderTest;

  beforeAll(async () => {
    app = await startWebApp();
  });
  afterAll(() => app?.close());

  /** The link an admin of the workspace would send `email`, on this server. */
  async function invitationLink(email: string, workspace: { workspaceId: string; apiKey: string } = app.workspace): Promise<string> {
    const token = await invite(app.baseUrl, workspace.workspaceId, { key: workspace.apiKey }, email);
    return `${app.baseUrl}/invitations#token=${encodeURIComponent(token)}`;
  }

  browser.test('a newcomer creates an account from the link and lands in the workspace; the link works once', async ({ page, anotherBrowser }) => {
    const link = await invitationLink('grace@example.com');
    await page.goto(link);
    await expectPage(page, 'Join a workspace');
    // The token leaves the address bar at once.
    expect(page.url()).not.toContain('token');
    await createAccountFromInvitation(page, 'Grace', 'compilers all the way');
    await expectPage(page, WORKSPACE_NAME);
    expect(pathOf(page)).toBe(`/w/${app.workspace.workspaceId}`);
    await page.getByRole('button', { name: 'New conversation' }).waitFor();

    const again = await anotherBrowser();
    await again.goto(link);
    await expectPage(again, 'Join a workspace');
    await createAccountFromInvitation(again, 'Mallory', 'another long password');
    await again.getByRole('alert').waitFor();
    expect(pathOf(again)).toBe('/invitations');
  });

  browser.test('someone with an account signs in first, comes back to the link and joins as themselves', async ({ page }) => {
    const other = await app.t.createWorkspace('Other team');
    const link = await invitationLink(app.person.email, other);
    await page.goto(link);
    await expectPage(page, 'Join a workspace');
    await page.getByRole('link', { name: 'Sign in first' }).click();
    await signInThroughPage(page, app.person);
    await expectPage(page, 'Join a workspace');
    await page.getByText(`You are signed in as ${app.person.email}`).waitFor();
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await expectPage(page, 'Other team');
    expect(pathOf(page)).toBe(`/w/${other.workspaceId}`);
  });

  browser.test('a link for another address is refused for the signed-in person, who can sign out and create the invited account', async ({ page }) => {
    const link = await invitationLink('linus@example.com');
    // Into the workspace itself: by now the person belongs to two, and the start page would ask which.
    await page.goto(`${app.baseUrl}/w/${app.workspace.workspaceId}`);
    await signInThroughPage(page, app.person);
    await expectPage(page, WORKSPACE_NAME);
    await page.goto(link);
    await expectPage(page, 'Join a workspace');
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.getByRole('alert').waitFor();
    expect(pathOf(page)).toBe('/invitations');
    await page.getByRole('button', { name: 'Sign out to use another account' }).click();
    await createAccountFromInvitation(page, 'Linus', 'kernels and more kernels');
    await expectPage(page, WORKSPACE_NAME);
  });

  browser.test('the page without a link says where links come from', async ({ page }) => {
    await page.goto(`${app.baseUrl}/invitations`);
    await expectPage(page, 'Join a workspace');
    await page.getByText('This page opens from an invitation link').waitFor();
  });
});
